import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inflateRawSync } from 'node:zlib';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { clock } from '@hcm/contract/time';
import { AREA_MODULES, branchIdOf, createTestApp, loginAs, userIdOf, waitFor, type TestApp, type TestClient } from '@hcm/server/testing';
import type { ExportJobView } from '../../contract/reports.js';
import { clientFunding } from '../clients/tables.js';
import { financeChanges, invoiceRuns, invoices, payments } from '../invoicing/tables.js';
import { clientsRead } from '../read-models.js';
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
    assert.deepEqual(rows.map((row) => `${row[0]} ${row[1]} ${row[7]}`), ['SI F7 100.00', 'SI C103 20.00', 'SI F8 70.00', 'SC F7 15.00', 'SA F7 90.00', 'SA C103 20.00']);
  });

  it('exports the receipts to Sage as customer payments on account (SA): the payer’s account, the bank nominal code, outside VAT (T9)', async () => {
    const { file } = await run(finance, { kind: 'sage', format: 'csv', from: '2031-03-01', to: '2031-03-31' });
    const receipts = parseCsv(file.toString('utf8')).filter((row) => row[0] === 'SA');
    assert.deepEqual(receipts, [
      ['SA', 'F7', '1200', String(camden), '10/03/2031', 'LBC REMIT 42', 'Receipt from London Borough of Camden (bacs)', '90.00', 'T9', '0.00'],
      ['SA', 'C103', '1200', String(camden), '10/03/2031', 'CARD 1234', 'Receipt from Carol Cole (card)', '20.00', 'T9', '0.00'],
    ]);
  });

  it('names every payment’s payer by their real name: as invoiced, else the private client’s own name, never “Client #id”', async () => {
    const db = t.database.db;
    // A private client invoiced with their private funder's id on the invoice (as invoice runs post them), and a
    // demo client who has paid on account before any invoice and has no billing name.
    const [uninvoiced] = await db
      .select({ id: clientsRead.id, first: clientsRead.first_name, last: clientsRead.last_name })
      .from(clientsRead)
      .where(and(isNull(clientsRead.deleted_at), sql`not exists (select 1 from ${invoices} where ${invoices.client_id} = ${clientsRead.id})`, sql`not exists (select 1 from ${clientFunding} where ${clientFunding.client_id} = ${clientsRead.id} and ${clientFunding.billing_name} <> '')`))
      .orderBy(clientsRead.id)
      .limit(1);
    assert.ok(uninvoiced, 'a demo client with no invoice and no billing name');
    const [run0] = await db.insert(invoiceRuns).values({ branch_id: camden, payer_kind: 'client', client_id: 105, funder_code_id: 9, period_from: '2031-04-01', period_to: '2031-04-30', status: 'posted', invoice_count: 1, total_pence: 4000 }).returning({ id: invoiceRuns.id });
    await db.insert(invoices).values({
      number: 'INV-2031-32-900005', fiscal_year: '2031-32', sequence: 900_005, run_id: run0!.id, branch_id: camden, payer_kind: 'client', funder_code_id: 9, client_id: 105,
      payer_name: 'Mrs E Evans (attorney)', period_from: '2031-04-01', period_to: '2031-04-30', issue_date: '2031-05-01', due_date: '2031-05-31', subtotal_pence: 4000, total_pence: 4000, status: 'sent',
    });
    await db.insert(payments).values([
      { branch_id: camden, payer_kind: 'client', client_id: 105, received_on: '2031-05-12', amount_pence: 4000, allocated_pence: 0, method: 'cheque', reference: 'CHQ 1' },
      { branch_id: camden, payer_kind: 'client', client_id: uninvoiced!.id, received_on: '2031-05-13', amount_pence: 2500, allocated_pence: 0, method: 'bacs', reference: '' },
    ]);
    const { file } = await run(finance, { kind: 'finance', format: 'csv', from: '2031-05-01', to: '2031-05-31' });
    const paid = parseCsv(file.toString('utf8')).filter((row) => row[0] === 'Payment');
    assert.deepEqual(paid.map((row) => row[5]), ['Mrs E Evans (attorney)', `${uninvoiced!.first} ${uninvoiced!.last}`]);
    const sage = parseCsv((await run(finance, { kind: 'sage', format: 'csv', from: '2031-05-01', to: '2031-05-31' })).file.toString('utf8')).filter((row) => row[0] === 'SA');
    assert.deepEqual(sage.map((row) => [row[1], row[5], row[6]]), [
      ['C105', 'CHQ 1', 'Receipt from Mrs E Evans (attorney) (cheque)'],
      [`C${uninvoiced!.id}`, sage[1]![5], `Receipt from ${uninvoiced!.first} ${uninvoiced!.last} (bacs)`],
    ]);
    assert.match(sage[1]![5]!, /^PAY-\d+$/, 'a payment without a reference is referred to by its id');
    assert.ok(!file.toString('utf8').includes('#'), 'no payer is named by a bare id');
  });

  it('the accounting codes are settings: defaults as before, refused per field when wrong (422), used by the Xero and Sage files', async () => {
    const defaults = data<Record<string, unknown>>(await finance.get('/api/v1/finance/export-settings'));
    assert.deepEqual(defaults, { xero_sales_account: '200', sage_sales_nominal: '4000', sage_bank_nominal: '1200', sage_funder_prefix: 'F', sage_client_prefix: 'C', updated_by_name: null, updated_at: null });

    const bad = await finance.put('/api/v1/finance/export-settings', { xero_sales_account: '2 00', sage_sales_nominal: 'ABC', sage_bank_nominal: '', sage_funder_prefix: 'FUND', sage_client_prefix: 'F', extra: 1 });
    assert.equal(bad.statusCode, 422);
    const errors = (bad.json() as Envelope<null>).errors!;
    assert.deepEqual(Object.keys(errors).sort(), ['extra', 'sage_bank_nominal', 'sage_funder_prefix', 'sage_sales_nominal', 'xero_sales_account']);
    assert.deepEqual(errors.sage_sales_nominal, ['Sage sales nominal code is up to 8 digits, as in Sage’s chart of accounts.']);
    assert.deepEqual(errors.sage_funder_prefix, ['Sage account prefix for funders is 1 to 3 letters.']);
    const same = await finance.put('/api/v1/finance/export-settings', { ...defaults, sage_client_prefix: 'f', updated_by_name: undefined, updated_at: undefined });
    assert.equal(same.statusCode, 422);
    assert.deepEqual((same.json() as Envelope<null>).errors, { sage_client_prefix: ['Funders and private clients need different prefixes, or their Sage accounts would be the same.'] });
    assert.equal((await office.put('/api/v1/finance/export-settings', { xero_sales_account: '201' })).statusCode, 403);

    const codes = { xero_sales_account: '4100', sage_sales_nominal: '4010', sage_bank_nominal: '1210', sage_funder_prefix: 'la', sage_client_prefix: 'PC' };
    const saved = await finance.put('/api/v1/finance/export-settings', codes);
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual({ ...data<Record<string, unknown>>(saved), updated_at: null }, { ...codes, sage_funder_prefix: 'LA', updated_by_name: 'Farah Finance', updated_at: null });
    const [trail] = await t.database.db.select().from(financeChanges).where(eq(financeChanges.entity, 'export-settings')).orderBy(desc(financeChanges.id)).limit(1);
    assert.match(trail!.summary, /Xero sales account code 200 → 4100/);
    try {
      const xero = parseCsv((await run(finance, { kind: 'xero', format: 'csv', from: '2031-03-01', to: '2031-03-31' })).file.toString('utf8'));
      assert.ok(xero.slice(1).every((row) => row[17] === '4100'), 'every line on the Xero account code set');
      const sage = parseCsv((await run(finance, { kind: 'sage', format: 'csv', from: '2031-03-01', to: '2031-03-31' })).file.toString('utf8')).slice(1);
      assert.deepEqual(sage.map((row) => `${row[0]} ${row[1]} ${row[2]}`), ['SI LA7 4010', 'SI PC103 4010', 'SC LA7 4010', 'SA LA7 1210', 'SA PC103 1210']);
    } finally {
      const { updated_by_name: _name, updated_at: _at, ...values } = defaults;
      assert.equal((await finance.put('/api/v1/finance/export-settings', values)).statusCode, 200);
    }
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
