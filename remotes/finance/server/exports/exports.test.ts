import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inflateRawSync } from 'node:zlib';
import { inArray } from 'drizzle-orm';
import { clock } from '@hcm/contract/time';
import { AREA_MODULES, branchIdOf, createTestApp, loginAs, userIdOf, waitFor, type TestApp, type TestClient } from '@hcm/server/testing';
import type { ExportJobView } from '../../contract/reports.js';
import { seedLedgerFixture } from '../reports/ledger-fixture.js';
import { withReportsOnly } from '../reports/test-module.js';
import { csvOf, pounds, postalAddress } from './formats.js';
import { failInterruptedExports, parseCsv } from './jobs.js';
import { exportJobs } from './tables.js';
import { columnLetters, xlsxOf } from './xlsx.js';

// Each export kind over the hand-made ledger of ../reports/ledger-fixture.ts (and the demo's people), run as a
// job to done; the XLSX read back from its ZIP parts.

type Envelope<T> = { status: boolean; message: string; data: T; errors: Record<string, string[]> | null };
const data = <T>(response: { json(): unknown }) => (response.json() as Envelope<T>).data;

/** The files of a ZIP archive (stored or deflated), read from its central directory. */
function unzip(bytes: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, 'no end of central directory');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  for (let index = 0; index < count; index += 1) {
    assert.equal(bytes.readUInt32LE(at), 0x02014b50);
    const method = bytes.readUInt16LE(at + 10);
    const packedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const packed = bytes.subarray(start, start + packedSize);
    files.set(name, (method === 8 ? inflateRawSync(packed) : packed).toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

/** A worksheet's cells by reference (inline strings and values), as a spreadsheet would read them. */
function cellsOf(sheet: string): Map<string, string> {
  const cells = new Map<string, string>();
  for (const match of sheet.matchAll(/<c r="([A-Z]+\d+)"[^>]*>(?:<is><t[^>]*>([^<]*)<\/t><\/is>|<v>([^<]*)<\/v>)<\/c>/g)) {
    cells.set(match[1]!, (match[2] ?? match[3] ?? '').replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'));
  }
  return cells;
}

describe('finance exports', () => {
  let t: TestApp;
  let finance: TestClient;
  let admin: TestClient;
  let office: TestClient;
  let camden: number;

  /** Starts an export and polls it to the end; answers the finished job and its file. */
  async function run(who: TestClient, body: Record<string, unknown>): Promise<{ job: ExportJobView; file: Buffer; type: string; disposition: string }> {
    const started = await who.post('/api/v1/finance/exports', body);
    assert.equal(started.statusCode, 202, started.body);
    const { id } = data<ExportJobView>(started);
    let job = data<ExportJobView>(started);
    await waitFor(
      async () => {
        if (job.status !== 'queued' && job.status !== 'running') return true;
        job = data<ExportJobView>(await who.get(`/api/v1/finance/exports/${id}`));
        return false;
      },
      'the export job finishing',
      { everyMs: 25 },
    );
    assert.equal(job.status, 'done', job.error);
    assert.equal(job.progress, job.total);
    const response = await who.get(`/api/v1/finance/exports/${id}/file`);
    assert.equal(response.statusCode, 200);
    return { job, file: response.rawPayload, type: String(response.headers['content-type']), disposition: String(response.headers['content-disposition']) };
  }

  before(async () => {
    t = await createTestApp({ modules: withReportsOnly(AREA_MODULES) });
    camden = await branchIdOf(t.database.db, 'CAM');
    await seedLedgerFixture(t.database.db, camden, await branchIdOf(t.database.db, 'LDS-SL'));
    finance = await loginAs(t.app, 'finance');
    admin = await loginAs(t.app, 'admin');
    office = await loginAs(t.app, 'office');
  });
  after(async () => t?.close());

  it('exports the period’s invoices, credit notes and payments as CSV, formulas defused', async () => {
    const { job, file, type, disposition } = await run(finance, { kind: 'finance', format: 'csv', from: '2031-03-01', to: '2031-03-31' });
    assert.equal(type, 'text/csv; charset=utf-8');
    assert.equal(disposition, 'attachment; filename="finance-2031-03-01-to-2031-03-31.csv"');
    assert.equal(job.total, 5);
    const [header, ...rows] = parseCsv(file.toString('utf8'));
    assert.deepEqual(header, ['Type', 'Number', 'Date', 'Due date', 'Branch', 'Payer', 'Invoice credited', 'Amount (£)', 'Credited (£)', 'Paid or allocated (£)', 'Outstanding or unallocated (£)', 'Status', 'Reference or reason']);
    assert.deepEqual(rows[0], ['Invoice', 'INV-2030-31-900001', '2031-03-02', '2031-04-01', 'Camden Domiciliary', 'London Borough of Camden', '', '100.00', '0.00', '0.00', '100.00', 'sent', '']);
    assert.deepEqual(rows.map((row) => row[0]), ['Invoice', 'Invoice', 'Credit note', 'Payment', 'Payment']);
    assert.deepEqual(rows[2]!.slice(1, 8), ['CN-2030-31-900001', '2031-03-05', '', 'Camden Domiciliary', 'London Borough of Camden', 'INV-2030-31-900001', '15.00']);
  });

  it('exports sales invoices in Xero’s import format: a row per line, credit notes negative, dd/mm/yyyy, VAT exempt', async () => {
    const { file } = await run(finance, { kind: 'xero', format: 'csv', from: '2031-03-01', to: '2031-03-31' });
    const text = file.toString('utf8');
    assert.ok(!text.startsWith('\uFEFF'));
    const [header, ...rows] = parseCsv(text);
    assert.deepEqual(header, [
      '*ContactName', 'EmailAddress', 'POAddressLine1', 'POAddressLine2', 'POAddressLine3', 'POAddressLine4', 'POCity', 'PORegion', 'POPostalCode', 'POCountry',
      '*InvoiceNumber', 'Reference', '*InvoiceDate', '*DueDate', 'Description', '*Quantity', '*UnitAmount', '*AccountCode', '*TaxType', 'Currency',
    ]);
    assert.equal(rows.length, 4 + 1 + 1);
    assert.deepEqual(rows[0], [
      'London Borough of Camden', 'accounts@example.test', `'=HYPERLINK("http://evil.test")`, 'Crowndale Centre', '', '', 'London', '', 'NW1 1BD', 'United Kingdom',
      'INV-2030-31-900001', 'Care 01/02/2031 to 28/02/2031', '02/03/2031', '01/04/2031', '03/02/2031 Alice Able: Weekday hourly, 60 min', '1', '30.00', '200', 'Exempt Income', 'GBP',
    ]);
    // The address line that looked like a formula is quoted with an apostrophe in the file itself.
    assert.match(text, /,"'=HYPERLINK\(""http:\/\/evil.test""\)",/);
    const credit = rows.at(-1)!;
    assert.deepEqual([credit[10], credit[11], credit[12], credit[15], credit[16]], ['CN-2030-31-900001', 'Credit for INV-2030-31-900001: Visit cancelled in time', '05/03/2031', '-1', '15.00']);
  });

  it('exports sales invoices as Sage 50 audit trail transactions (SI, SC; T2)', async () => {
    const { file } = await run(finance, { kind: 'sage', format: 'csv', from: '2031-03-01', to: '2031-04-30' });
    const [header, ...rows] = parseCsv(file.toString('utf8'));
    assert.deepEqual(header, ['Type', 'Account Reference', 'Nominal A/C Ref', 'Department Code', 'Date', 'Reference', 'Details', 'Net Amount', 'Tax Code', 'Tax Amount']);
    assert.deepEqual(rows[0], ['SI', 'F7', '4000', String(camden), '02/03/2031', 'INV-2030-31-900001', 'London Borough of Camden: care 01/02/2031 to 28/02/2031', '100.00', 'T2', '0.00']);
    assert.deepEqual(rows.map((row) => `${row[0]} ${row[1]} ${row[7]}`), ['SI F7 100.00', 'SI C103 20.00', 'SI F8 70.00', 'SC F7 15.00']);
  });

  it('writes an XLSX that reads back: a sheet per kind, money as numbers', async () => {
    const { file, type, disposition } = await run(finance, { kind: 'finance', format: 'xlsx', from: '2031-03-01', to: '2031-03-31' });
    assert.equal(type, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.match(disposition, /finance-2031-03-01-to-2031-03-31\.xlsx/);
    const parts = unzip(file);
    assert.ok(parts.has('[Content_Types].xml') && parts.has('_rels/.rels') && parts.has('xl/workbook.xml') && parts.has('xl/styles.xml'));
    assert.match(parts.get('xl/workbook.xml')!, /<sheet name="Invoices" sheetId="1" r:id="rId1"\/><sheet name="Credit notes" sheetId="2" r:id="rId2"\/><sheet name="Payments"/);
    const invoicesSheet = cellsOf(parts.get('xl/worksheets/sheet1.xml')!);
    assert.equal(invoicesSheet.get('A1'), 'Type');
    assert.equal(invoicesSheet.get('B2'), 'INV-2030-31-900001');
    assert.equal(invoicesSheet.get('H2'), '100.00');
    // 2 March 2031 as Excel's serial day.
    assert.equal(invoicesSheet.get('C2'), String((Date.UTC(2031, 2, 2) - Date.UTC(1899, 11, 30)) / 86_400_000));
    assert.equal(cellsOf(parts.get('xl/worksheets/sheet3.xml')!).get('H3'), '20.00');
  });

  it('exports people through their area’s API with the asker’s rights, and refuses those without them', async () => {
    const { file, job } = await run(admin, { kind: 'carers', format: 'csv' });
    const [header, ...rows] = parseCsv(file.toString('utf8'));
    assert.equal(header!.at(-1), 'ID');
    assert.ok(header!.includes('Last name'), header!.join());
    assert.equal(rows.length, job.total);
    assert.ok(rows.length > 0);
    const clients = await run(admin, { kind: 'clients', format: 'xlsx' });
    assert.ok(unzip(clients.file).get('xl/worksheets/sheet1.xml')!.includes('<row r="2">'));

    // The finance officer may run exports but may not see office employees: workforce's API says so, and the job says why.
    const started = await finance.post('/api/v1/finance/exports', { kind: 'employees', format: 'csv' });
    let refused = data<ExportJobView>(started);
    await waitFor(
      async () => {
        if (refused.status !== 'queued' && refused.status !== 'running') return true;
        refused = data<ExportJobView>(await finance.get(`/api/v1/finance/exports/${refused.id}`));
        return false;
      },
      'the refused export job finishing',
      { everyMs: 25 },
    );
    assert.equal(refused.status, 'failed');
    assert.equal(refused.error, 'You may not export employees.');
    assert.equal((await finance.get(`/api/v1/finance/exports/${refused.id}/file`)).statusCode, 409);
  });

  it('lists the asker’s exports, hides others’, refuses bad input and users without export.run', async () => {
    const mine = data<ExportJobView[]>(await finance.get('/api/v1/finance/exports'));
    assert.ok(mine.length >= 4);
    assert.ok(mine.every((job) => ['finance', 'xero', 'sage', 'employees'].includes(job.kind)));
    const adminJob = data<ExportJobView[]>(await admin.get('/api/v1/finance/exports'))[0]!;
    // An all-branches export is its creator's alone.
    assert.equal((await finance.get(`/api/v1/finance/exports/${adminJob.id}`)).statusCode, 404);

    const missing = await finance.post('/api/v1/finance/exports', { kind: 'xero', format: 'csv' });
    assert.equal(missing.statusCode, 422);
    assert.deepEqual((missing.json() as Envelope<null>).errors, { from: ['From is required for a finance export.'], to: ['To is required for a finance export.'] });
    const badKind = await finance.post('/api/v1/finance/exports', { kind: 'payroll', format: 'pdf' });
    assert.deepEqual(Object.keys((badKind.json() as Envelope<null>).errors ?? {}).sort(), ['format', 'kind']);
    assert.equal((await office.post('/api/v1/finance/exports', { kind: 'clients', format: 'csv' })).statusCode, 403);
    assert.equal((await office.get('/api/v1/finance/exports')).statusCode, 403);
  });

  it('an export left running by a process that stopped ends as failed, visibly; one still beating is left alone', async () => {
    const userId = await userIdOf(t.database.db, 'finance@homecare.test');
    const at = clock.now();
    const [stopped, alive] = await t.database.db
      .insert(exportJobs)
      .values([
        { kind: 'finance', format: 'csv', status: 'running', created_by: userId, heartbeat_at: new Date(at.getTime() - 2 * 60_000) },
        { kind: 'finance', format: 'csv', status: 'running', created_by: userId, heartbeat_at: new Date(at.getTime() - 10_000) },
      ])
      .returning({ id: exportJobs.id });
    assert.equal(await failInterruptedExports(t.database.db, at), 1);
    const seen = data<ExportJobView>(await finance.get(`/api/v1/finance/exports/${stopped!.id}`));
    assert.equal(seen.status, 'failed');
    assert.equal(seen.error, 'The export was interrupted: the server stopped while it ran. Start it again.');
    assert.equal(data<ExportJobView>(await finance.get(`/api/v1/finance/exports/${alive!.id}`)).status, 'running');
    await t.database.db.delete(exportJobs).where(inArray(exportJobs.id, [stopped!.id, alive!.id]));
  });

  it('writes cells safely', () => {
    assert.equal(pounds(-5), '-0.05');
    assert.equal(pounds(123_456), '1234.56');
    const csv = csvOf({ columns: [{ header: 'Name', kind: 'text' }, { header: 'Paid', kind: 'money' }], rows: [['@SUM(A1)', 1050], ['Smith, J', -250]] }, { bom: false });
    assert.equal(csv, `Name,Paid\r\n"'@SUM(A1)",10.50\r\n"Smith, J",-2.50\r\n`);
    assert.deepEqual(parseCsv(csv), [['Name', 'Paid'], ["'@SUM(A1)", '10.50'], ['Smith, J', '-2.50']]);
    assert.deepEqual(postalAddress('Crowndale Centre\n218 Eversholt Street\nLondon NW1 1BD'), { lines: ['Crowndale Centre', '218 Eversholt Street'], city: 'London', postcode: 'NW1 1BD' });
    assert.deepEqual([columnLetters(0), columnLetters(25), columnLetters(26), columnLetters(701)], ['A', 'Z', 'AA', 'ZZ']);
    const parts = unzip(xlsxOf([{ name: 'A/B: <test>', table: { columns: [{ header: 'T', kind: 'text' }], rows: [['<b>&"x"']] } }]));
    assert.match(parts.get('xl/workbook.xml')!, /<sheet name="A B {2}&lt;test&gt;"/);
    assert.equal(cellsOf(parts.get('xl/worksheets/sheet1.xml')!).get('A2'), '<b>&"x"');
  });
});
