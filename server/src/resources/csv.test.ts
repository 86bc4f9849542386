import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { COMPOSED_RESOURCES as RESOURCES, COMPOSED_RESOURCE_TABLES as resourceTables } from '../area-modules.js';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient } from '../testing.js';
import { resourceCatalog } from './catalog.js';
import { csvCell, csvLine, csvText, exportCsv } from './csv.js';
import { parseListQuery } from './list-query.js';

let t: TestApp;
let office: TestClient;
before(async () => {
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
});
after(() => t.close());

/**
 * A strict RFC 4180 reader: what a spreadsheet would see. Fails on a stray quote or a bare line break.
 * `separator`: the one it splits cells on (Excel's list separator is a semicolon in many locales).
 */
function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 2;
      continue;
    }
    if (quoted) {
      if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') {
      assert.equal(cell, '', `a quote in the middle of an unquoted cell at ${i}`);
      quoted = true;
    } else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else {
      assert.ok(char !== '\n' && char !== '\r', `a bare line break outside quotes at ${i}`);
      cell += char;
    }
    i += 1;
  }
  assert.equal(cell + row.join(''), '', 'the file ends with CRLF');
  return rows;
}

async function exportOf(url: string): Promise<string[][]> {
  const response = await office.get(url);
  assert.equal(response.statusCode, 200, response.body);
  return parseCsv(response.body);
}

test('csvCell quotes commas, semicolons, quotes, tabs, CR and LF (quotes doubled) and leaves plain text alone', () => {
  assert.equal(csvCell('plain text'), 'plain text');
  assert.equal(csvCell('a,b'), '"a,b"');
  assert.equal(csvCell('a;b'), '"a;b"', 'Excel splits on semicolons where the list separator is one');
  assert.equal(csvCell('say "hi"'), '"say ""hi"""');
  assert.equal(csvCell('line\nbreak'), '"line\nbreak"');
  assert.equal(csvCell('carriage\rreturn'), '"carriage\rreturn"');
  assert.equal(csvCell('tab\there'), '"tab\there"');
  assert.equal(csvCell(''), '');
});

test('csvCell defuses text a spreadsheet would run as a formula (apostrophe, inside quotes), but not numbers', () => {
  assert.equal(csvCell('=HYPERLINK("http://evil.test")'), `"'=HYPERLINK(""http://evil.test"")"`);
  assert.equal(csvCell('+44 20 7946 0321'), `"'+44 20 7946 0321"`);
  assert.equal(csvCell('-1+1'), `"'-1+1"`);
  assert.equal(csvCell('@SUM(A1)'), `"'@SUM(A1)"`);
  assert.equal(csvCell('\t=1'), `"'\t=1"`);
  assert.equal(csvCell('\r=1'), `"'\r=1"`);
  assert.equal(csvCell('  =1+1'), `"'  =1+1"`, 'spaces a reader may trim first');
  assert.equal(csvCell('a=b'), 'a=b');
  assert.equal(csvCell('well-known e-mail'), 'well-known e-mail');
  // The numbers the export writes itself stay numbers.
  assert.equal(csvCell('-5', { text: false }), '-5');
  assert.equal(csvCell('-12', { text: false }), '-12');
  assert.equal(csvCell('24.10', { text: false }), '24.10');
});

test('csvCell quotes a cell holding any separator, so a formula after one never starts a cell of its own', () => {
  assert.equal(csvCell('a;=1+1'), '"a;=1+1"');
  assert.equal(csvCell('a,=1+1'), '"a,=1+1"');
  assert.equal(csvCell('a\t+1'), '"a\t+1"');
  assert.equal(csvCell('first line\n-1+1'), '"first line\n-1+1"');
  assert.equal(csvCell('milk; no sugar'), '"milk; no sugar"');
  // Whichever separator the reader splits on, the cell reads back whole.
  const text = 'Keys, code; =cmd|"/c calc"!A1';
  assert.deepEqual(parseCsv(csvLine([csvCell(text), '1'])), [[text, '1']]);
  assert.deepEqual(parseCsv(`${csvCell(text)};1\r\n`, ';'), [[text, '1']]);
});

test('csvText (the writer areas use for their own reports): every text cell through csvCell, numbers as they are, CRLF lines', () => {
  const text = csvText([['Name', 'Count'], ['a;=1+1', 3], ['\t=cmd', -2], [null, undefined], []]);
  assert.equal(text, `Name,Count\r\n"a;=1+1",3\r\n"'\t=cmd",-2\r\n,\r\n\r\n`);
  assert.deepEqual(parseCsv(text, ';')[1], ['a;=1+1,3'], 'read with semicolons, the formula stays inside one cell');
});

test('the export answers CSV as a download, header first: field labels in declaration order, then ID', async () => {
  const response = await office.get('/api/v1/medications/export.csv');
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['content-type'], 'text/csv; charset=utf-8');
  assert.equal(response.headers['content-disposition'], 'attachment; filename="medications.csv"');
  const rows = parseCsv(response.body);
  assert.deepEqual(rows[0], ['Name', 'Strength', 'Form', 'Route', 'Type', 'Controlled drug', 'High-risk medicine', 'Notes', 'Active', 'ID']);
  assert.equal(rows.length, 1 + 16, 'every seeded medication, no paging');
  assert.deepEqual(
    rows.slice(1, 4).map((row) => row[0]),
    ['Amlodipine', 'Chloramphenicol', 'Diprobase'],
    'in the declared sort',
  );
});

test('choices read as their labels and booleans as Yes/No', async () => {
  const rows = await exportOf('/api/v1/medications/export.csv?search=fentanyl');
  const [fentanyl] = rows.slice(1);
  assert.deepEqual(fentanyl!.slice(0, 7), ['Fentanyl', '12 micrograms/hour', 'Patch', 'Through the skin (patch)', 'Scheduled', 'Yes', 'Yes']);
  assert.equal(fentanyl![8], 'Yes');
  const [paracetamol] = (await exportOf('/api/v1/medications/export.csv?search=paracetamol')).slice(1);
  assert.deepEqual(paracetamol!.slice(4, 7), ['Scheduled', 'No', 'No']);
});

test('money reads as pounds with two decimals, references as the referenced row\'s label, empty dates empty', async () => {
  const funders = (await office.get('/api/v1/funder-codes?search=LBC')).json().data.data as { id: number }[];
  const rows = await exportOf(`/api/v1/funder-scales/export.csv?funder_code_id=${funders[0]!.id}&sort=rate_pence&mode=asc`);
  assert.deepEqual(rows[0], ['Funder code', 'Call length', 'Day type', 'Rate (£)', 'Valid from', 'Valid to', 'ID']);
  assert.equal(rows.length, 1 + 12);
  assert.deepEqual(rows[1]!.slice(0, 6), ['London Borough of Camden', '15 minutes', 'Weekday', '8.04', '2026-04-01', '']);
  assert.deepEqual(
    rows.slice(1).map((row) => row[3]),
    ['8.04', '8.84', '12.05', '16.07', '17.68', '24.11', '24.11', '26.52', '32.14', '35.35', '36.16', '48.21'],
  );
});

test('awkward text survives the round trip: commas, quotes, line breaks; formulas are defused', async () => {
  const notes = 'Take with food, not milk.\r\nSay "stop" if dizzy;\nlast line';
  const created = await office.post('/api/v1/medications', {
    name: '=cmd|"/c calc"!A1',
    strength: '5 mg, twice',
    form: 'tablet',
    route: 'oral',
    type: 'prn',
    notes,
  });
  assert.equal(created.statusCode, 201, created.body);
  const rows = await exportOf('/api/v1/medications/export.csv?search=cmd');
  assert.equal(rows.length, 2);
  const [row] = rows.slice(1);
  assert.equal(row![0], `'=cmd|"/c calc"!A1`);
  assert.equal(row![1], '5 mg, twice');
  assert.equal(row![7], notes);
  assert.equal(row![9], String(created.json().data.id));
});

test('the export quotes a cell holding a semicolon, so it reads back as one cell', async () => {
  const created = await office.post('/api/v1/medications', { name: 'Semicolon test', form: 'tablet', route: 'oral', type: 'prn', notes: 'a;=1+1' });
  assert.equal(created.statusCode, 201, created.body);
  const response = await office.get('/api/v1/medications/export.csv?search=semicolon');
  assert.ok(response.body.includes(',"a;=1+1",'), response.body);
  assert.equal(parseCsv(response.body)[1]![7], 'a;=1+1');
  // Gone again, so the other tests count the seeded medications only.
  assert.equal((await office.delete(`/api/v1/medications/${created.json().data.id}`)).statusCode, 200);
});

test('the export applies the list\'s filters, search and sort', async () => {
  const rows = await exportOf('/api/v1/medications/export.csv?form=tablet&type=scheduled&controlled_drug=false&sort=name&mode=desc&page=2&page_size=1');
  // Paging parameters do not apply to an export: every matching row.
  assert.deepEqual(
    rows.slice(1).map((row) => row[0]),
    ['Warfarin', 'Paracetamol', 'Metformin', 'Levothyroxine'],
  );
  const none = await exportOf('/api/v1/medications/export.csv?search=nothing-like-this');
  assert.equal(none.length, 1, 'only the header');
});

test('the export reads in chunks: any chunk size gives the same file', async () => {
  const catalog = resourceCatalog(RESOURCES, resourceTables);
  const medications = catalog.get('medications')!;
  const query = parseListQuery(medications, { sort: 'form' }, 'all');
  const collect = async (chunkRows: number) => {
    let text = '';
    let pieces = 0;
    for await (const piece of exportCsv(t.database.db, catalog, medications, query, chunkRows)) {
      text += piece;
      pieces += 1;
    }
    return { text, pieces };
  };
  const whole = await collect(500);
  const small = await collect(4);
  assert.equal(small.text, whole.text);
  assert.equal(parseCsv(whole.text).length, 1 + 17);
  assert.equal(small.pieces, 1 + Math.ceil(17 / 4), 'header, then one piece per chunk');
});

test('the export needs the view permission', async () => {
  const roleId = await createRole(t.database.db, 'finance_only', ['finance.view']);
  const finance = await loginAs(t.app, await createUser(t.database.db, { email: 'csv-finance@homecare.test', roleId }));
  const response = await finance.get('/api/v1/medications/export.csv');
  assert.equal(response.statusCode, 403);
  assert.deepEqual(response.json(), { status: false, message: 'This action is unauthorized.', data: null, errors: null });
});
