import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AREA_MODULES, branchIdOf, createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import type { DailyDetail, DailyReport, SalesReport, SalesRow } from '../../contract/reports.js';
import { seedLedgerFixture } from './ledger-fixture.js';
import { apportion } from './sales.js';
import { withReportsOnly } from './test-module.js';

// The sales report and the daily figures over a hand-made ledger (ledger-fixture.ts, March–April 2031), each
// expected figure worked out by hand; and the expense resources' rules.

type Envelope<T> = { status: boolean; message: string; data: T; errors: Record<string, string[]> | null };
const data = <T>(response: { json(): unknown }) => (response.json() as Envelope<T>).data;
const figures = ({ key: _key, ...row }: SalesRow) => row;

describe('finance reports', () => {
  let t: TestApp;
  let finance: TestClient;
  let office: TestClient;
  let camden: number;
  let leeds: number;

  before(async () => {
    t = await createTestApp({ modules: withReportsOnly(AREA_MODULES) });
    camden = await branchIdOf(t.database.db, 'CAM');
    leeds = await branchIdOf(t.database.db, 'LDS-SL');
    await seedLedgerFixture(t.database.db, camden, leeds);
    finance = await loginAs(t.app, 'finance');
    office = await loginAs(t.app, 'office');
    const categories = data<{ data: { id: number; name: string }[] }>(await finance.get('/api/v1/expense-categories?page_size=100')).data;
    const ppe = categories.find((category) => category.name === 'PPE')!;
    const expense = await finance.post('/api/v1/expenses', {
      branch_id: camden,
      spent_on: '2031-03-10',
      category_id: ppe.id,
      supplier: 'Medisafe Supplies Ltd',
      description: 'Gloves',
      net_pence: 1000,
      vat_pence: 200,
      total_pence: 1200,
      payment_method: 'company-card',
    });
    assert.equal(expense.statusCode, 201, expense.body);
  });
  after(async () => t?.close());

  it('groups the sales by funder: invoiced less credited is net, less paid is outstanding; void invoices left out', async () => {
    const response = await finance.get('/api/v1/finance/reports/sales?from=2031-03-01&to=2031-04-30&group=funder');
    assert.equal(response.statusCode, 200, response.body);
    const report = data<SalesReport>(response);
    assert.deepEqual(report.rows.map(figures), [
      { label: 'Leeds City Council', invoice_count: 1, invoiced_pence: 7000, credited_pence: 0, net_pence: 7000, paid_pence: 0, outstanding_pence: 7000 },
      { label: 'London Borough of Camden', invoice_count: 1, invoiced_pence: 10_000, credited_pence: 1500, net_pence: 8500, paid_pence: 5000, outstanding_pence: 3500 },
      { label: 'Private clients', invoice_count: 1, invoiced_pence: 2000, credited_pence: 0, net_pence: 2000, paid_pence: 2000, outstanding_pence: 0 },
    ]);
    assert.deepEqual(report.totals, { invoice_count: 3, invoiced_pence: 19_000, credited_pence: 1500, net_pence: 17_500, paid_pence: 7000, outstanding_pence: 10_500 });
    assert.equal(report.total, 3);
  });

  it('groups by client, sharing a funder payment by each client’s net share in whole pence', async () => {
    const report = data<SalesReport>(await finance.get('/api/v1/finance/reports/sales?from=2031-03-01&to=2031-04-30&group=client&sort=net_pence&mode=desc'));
    // £50.00 paid on invoice A, nets Alice 6000 and Bob 2500 of 8500: 3529.41… and 1470.58…; the spare penny to Bob.
    assert.deepEqual(report.rows.map(figures), [
      { label: 'Dan Dale', invoice_count: 1, invoiced_pence: 7000, credited_pence: 0, net_pence: 7000, paid_pence: 0, outstanding_pence: 7000 },
      { label: 'Alice Able', invoice_count: 1, invoiced_pence: 6000, credited_pence: 0, net_pence: 6000, paid_pence: 3529, outstanding_pence: 2471 },
      { label: 'Bob Baker', invoice_count: 1, invoiced_pence: 4000, credited_pence: 1500, net_pence: 2500, paid_pence: 1471, outstanding_pence: 1029 },
      { label: 'Carol Cole', invoice_count: 1, invoiced_pence: 2000, credited_pence: 0, net_pence: 2000, paid_pence: 2000, outstanding_pence: 0 },
    ]);
    assert.equal(report.totals.paid_pence, report.rows.reduce((sum, row) => sum + row.paid_pence, 0));
  });

  it('groups by month and by branch, filters by branch and pages', async () => {
    const months = data<SalesReport>(await finance.get('/api/v1/finance/reports/sales?from=2031-03-01&to=2031-04-30&group=month'));
    assert.deepEqual(
      months.rows.map((row) => [row.key, row.label, row.invoiced_pence, row.outstanding_pence]),
      [
        ['2031-03', 'March 2031', 12_000, 3500],
        ['2031-04', 'April 2031', 7000, 7000],
      ],
    );
    const branches = data<SalesReport>(await finance.get('/api/v1/finance/reports/sales?from=2031-03-01&to=2031-04-30&group=branch&sort=invoiced_pence&mode=desc'));
    assert.deepEqual(branches.rows.map((row) => [row.invoiced_pence, row.paid_pence]), [[12_000, 7000], [7000, 0]]);
    const leedsOnly = data<SalesReport>(await finance.get(`/api/v1/finance/reports/sales?from=2031-03-01&to=2031-04-30&branch_id=${leeds}`));
    assert.deepEqual(leedsOnly.rows.map((row) => row.label), ['Leeds City Council']);
    const paged = data<SalesReport>(await finance.get('/api/v1/finance/reports/sales?from=2031-03-01&to=2031-04-30&group=client&page=2&page_size=3'));
    assert.deepEqual([paged.rows.length, paged.total, paged.last_page, paged.totals.invoiced_pence], [1, 4, 2, 19_000]);
  });

  it('downloads the sales as CSV with the totals', async () => {
    const response = await finance.get('/api/v1/finance/reports/sales.csv?from=2031-03-01&to=2031-03-31&group=funder');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-disposition']), /attachment; filename="sales-by-funder-2031-03-01-to-2031-03-31.csv"/);
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    assert.deepEqual(lines, [
      'Funder,Invoices,Invoiced (£),Credited (£),Net (£),Paid (£),Outstanding (£)',
      'London Borough of Camden,1,100.00,15.00,85.00,50.00,35.00',
      'Private clients,1,20.00,0.00,20.00,20.00,0.00',
      'Total,2,120.00,15.00,105.00,70.00,35.00',
    ]);
  });

  it('gives each day’s invoiced, credited, received and expenses, and the rows behind a day', async () => {
    const response = await finance.get(`/api/v1/finance/reports/daily?from=2031-03-01&to=2031-03-10&branch_id=${camden}`);
    assert.equal(response.statusCode, 200, response.body);
    const report = data<DailyReport>(response);
    assert.equal(report.days.length, 10);
    const nonZero = report.days.filter((day) => day.invoiced_pence || day.credited_pence || day.received_pence || day.expenses_pence);
    assert.deepEqual(nonZero, [
      { day: '2031-03-02', invoiced_pence: 12_000, credited_pence: 0, received_pence: 0, expenses_pence: 0 },
      { day: '2031-03-05', invoiced_pence: 0, credited_pence: 1500, received_pence: 0, expenses_pence: 0 },
      { day: '2031-03-10', invoiced_pence: 0, credited_pence: 0, received_pence: 11_000, expenses_pence: 1200 },
    ]);
    assert.deepEqual(report.totals, { invoiced_pence: 12_000, credited_pence: 1500, received_pence: 11_000, expenses_pence: 1200 });

    const detail = data<DailyDetail>(await finance.get('/api/v1/finance/reports/daily/2031-03-10'));
    assert.deepEqual(detail.payments.map((payment) => [payment.payer, payment.amount_pence]), [['London Borough of Camden', 9000], ['Carol Cole', 2000]]);
    assert.deepEqual(detail.expenses.map((expense) => [expense.category, expense.supplier, expense.total_pence]), [['PPE', 'Medisafe Supplies Ltd', 1200]]);
    const invoicesDay = data<DailyDetail>(await finance.get('/api/v1/finance/reports/daily/2031-03-02'));
    assert.deepEqual(invoicesDay.invoices.map((invoice) => invoice.number), ['INV-2030-31-900001', 'INV-2030-31-900002']);
    const leedsDay = data<DailyDetail>(await finance.get(`/api/v1/finance/reports/daily/2031-03-02?branch_id=${leeds}`));
    assert.deepEqual(leedsDay.invoices, []);
  });

  it('refuses bad periods with field errors and users without finance.view', async () => {
    const backwards = await finance.get('/api/v1/finance/reports/sales?from=2031-03-31&to=2031-03-01');
    assert.equal(backwards.statusCode, 422);
    assert.deepEqual((backwards.json() as Envelope<null>).errors, { to: ['To must be on or after From.'] });
    const missing = await finance.get('/api/v1/finance/reports/daily?to=2031-03-01');
    assert.equal(missing.statusCode, 422);
    assert.ok((missing.json() as Envelope<null>).errors?.['from']);
    const long = await finance.get('/api/v1/finance/reports/daily?from=2029-01-01&to=2031-03-01');
    assert.deepEqual((long.json() as Envelope<null>).errors, { to: ['A report covers at most two years.'] });
    assert.equal((await finance.get('/api/v1/finance/reports/sales?from=2031-03-01&to=2031-03-31&group=carer')).statusCode, 422);
    assert.equal((await office.get('/api/v1/finance/reports/sales?from=2031-03-01&to=2031-03-31')).statusCode, 403);
    assert.equal((await office.get('/api/v1/finance/reports/daily?from=2031-03-01&to=2031-03-31')).statusCode, 403);
    assert.equal((await office.get('/api/v1/expenses')).statusCode, 403);
  });

  it('checks an expense’s total is its net plus VAT, and seeds the demo categories and expenses', async () => {
    const [category] = data<{ data: { id: number }[] }>(await finance.get('/api/v1/expense-categories')).data;
    const wrong = await finance.post('/api/v1/expenses', {
      branch_id: camden,
      spent_on: '2031-03-11',
      category_id: category!.id,
      supplier: 'Viking Direct',
      description: 'Toner',
      net_pence: 1000,
      vat_pence: 200,
      total_pence: 1300,
      payment_method: 'company-card',
    });
    assert.equal(wrong.statusCode, 422);
    assert.deepEqual((wrong.json() as Envelope<null>).errors, { total_pence: ['The total must be the net plus the VAT.'] });
    const categories = data<{ data: { name: string; nominal_code: string }[] }>(await finance.get('/api/v1/expense-categories?page_size=100')).data;
    assert.deepEqual(
      categories.map((row) => row.name).sort(),
      ['Mileage reimbursements', 'Office', 'PPE', 'Recruitment', 'Software', 'Training', 'Vehicle'],
    );
    const demo = data<{ data: { net_pence: number; vat_pence: number; total_pence: number }[]; total: number }>(await finance.get('/api/v1/expenses?page_size=100'));
    assert.ok(demo.total > 20, `demo expenses: ${demo.total}`);
    for (const row of demo.data) assert.equal(row.total_pence, row.net_pence + row.vat_pence);
  });

  it('apportions whole pence that add up', () => {
    assert.deepEqual(apportion(5000, [6000, 2500]), [3529, 1471]);
    assert.deepEqual(apportion(100, [1, 1, 1]), [34, 33, 33]);
    assert.deepEqual(apportion(0, [5, 5]), [0, 0]);
    assert.deepEqual(apportion(10, [0, 0]), [0, 0]);
  });
});
