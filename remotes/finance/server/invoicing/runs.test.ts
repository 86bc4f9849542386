import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { createTestApp, loginAs, type TestApp, type TestClient, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import { londonDate } from '@hcm/contract/engine';
import type { InvoiceRow, PostedRun, RunPreview, UnclaimedVisit } from '../../contract/invoicing.js';
import { addDays } from './preview.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// Invoice runs through the API on the demo: preview → generate with gap-free numbers, the same period again
// (409), two people at once (one posts), a missing rate (422, nothing posted), reset (void, visits free again,
// next numbers), a sent invoice's run (409), unclaimed and billed visits, and who may do what.

let t: TestApp;
let finance: TestClient;
let office: TestClient;
const today = londonDate();
const FROM = addDays(today, -14);
const TO = addDays(today, -1);

type Funder = { id: number; name: string; branch_id: number; visits: number };
let funders: Funder[] = [];

const body = (funder: Funder, overrides: Record<string, unknown> = {}) => ({
  branch_id: funder.branch_id,
  payer_kind: 'funder',
  funder_code_id: funder.id,
  period_from: FROM,
  period_to: TO,
  ...overrides,
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return Number((await rows<{ n: number | string }>(query))[0]!.n);
}

before(async () => {
  t = await createTestApp();
  finance = await loginAs(t.app, 'finance');
  office = await loginAs(t.app, 'office');
  // The demo's funders (not private) with chargeable unclaimed visits in the fortnight, busiest first.
  const response = await finance.get(`/api/v1/finance/unclaimed?from=${FROM}&to=${TO}&page_size=100&page=1`);
  assert.equal(response.statusCode, 200, response.body);
  const pages = response.json().data.last_page as number;
  const found: UnclaimedVisit[] = response.json().data.data;
  for (let page = 2; page <= pages; page++) found.push(...(await finance.get(`/api/v1/finance/unclaimed?from=${FROM}&to=${TO}&page_size=100&page=${page}`)).json().data.data);
  const types = new Map((await rows<{ id: number; funder_type: string }>(sql`select id, funder_type from funder_codes`)).map((row) => [row.id, row.funder_type]));
  const byKey = new Map<string, Funder>();
  for (const row of found) {
    if (row.funder_code_id === null || row.amount_pence === null || types.get(row.funder_code_id) === 'private') continue;
    const key = `${row.funder_code_id}|${row.branch_id}`;
    const entry = byKey.get(key) ?? { id: row.funder_code_id, name: row.funder, branch_id: row.branch_id, visits: 0 };
    entry.visits++;
    byKey.set(key, entry);
  }
  funders = [...byKey.values()].sort((a, b) => b.visits - a.visits);
  assert.ok(funders.length >= 2, `the demo has two funders with unclaimed visits (found ${funders.length})`);
});

after(() => t?.close());

test('preview lists the invoice with its lines, then generate posts it with gap-free numbers; the same period again is refused', async () => {
  const funder = funders[0]!;
  const preview = await finance.post('/api/v1/finance/invoice-runs/preview', body(funder));
  assert.equal(preview.statusCode, 200, preview.body);
  const previewed: RunPreview = preview.json().data;
  assert.equal(previewed.invoices.length, 1);
  assert.equal(previewed.invoices[0]!.payer_name, funder.name);
  assert.ok(previewed.invoices[0]!.lines.length > 0);
  assert.equal(previewed.totals.total_pence, previewed.invoices[0]!.lines.reduce((sum, line) => sum + line.amount_pence, 0));
  // Previewing writes nothing.
  assert.equal(await count(sql`select count(*) as n from finance_invoice_runs`), 0);

  const posted = await finance.post('/api/v1/finance/invoice-runs', body(funder));
  assert.equal(posted.statusCode, 201, posted.body);
  const run: PostedRun = posted.json().data;
  assert.equal(run.status, 'posted');
  assert.equal(run.total_pence, previewed.totals.total_pence);
  assert.deepEqual(run.invoices.map((invoice) => invoice.number), [`INV-2026-27-000001`]);
  assert.equal(run.invoices[0]!.outstanding_pence, previewed.totals.total_pence);
  const lines = await count(sql`select count(*) as n from finance_invoice_lines l join finance_invoices i on i.id = l.invoice_id where i.run_id = ${run.id} and l.state = 'live'`);
  assert.equal(lines, previewed.invoices[0]!.lines.length);
  assert.equal(await count(sql`select count(*) as n from finance_changes where entity = 'invoice-run' and entity_id = ${run.id} and action = 'generated'`), 1);
  // Each posted line keeps what it was charged as (the printed Rate column) and the band pricing used, as previewed.
  const kept = await finance.get(`/api/v1/finance/invoices/${run.invoices[0]!.id}`);
  const keptLines = (kept.json().data as { lines: { visit_id: number; charged_as: string; band_minutes: number | null }[] }).lines;
  const previewedLines = new Map(previewed.invoices[0]!.lines.map((line) => [line.visit_id, line]));
  assert.ok(keptLines.every((line) => line.charged_as !== ''), 'every line says what it was charged as');
  for (const line of keptLines) {
    assert.deepEqual([line.charged_as, line.band_minutes], [previewedLines.get(line.visit_id)!.charged_as, previewedLines.get(line.visit_id)!.band_minutes]);
  }

  const again = await finance.post('/api/v1/finance/invoice-runs', body(funder));
  assert.equal(again.statusCode, 409);
  assert.match(again.json().message, new RegExp(`already posted: run ${run.id}, by .+ on `));

  // Its visits are billed and no longer unclaimed.
  const visitIds = previewed.invoices[0]!.lines.map((line) => line.visit_id);
  const billed = await finance.get(`/api/v1/finance/billed-visits?ids=${visitIds.slice(0, 3).join(',')}`);
  assert.deepEqual(billed.json().data.map((row: { invoice_number: string }) => row.invoice_number), visitIds.slice(0, 3).map(() => 'INV-2026-27-000001'));
  const unclaimed = await finance.get(`/api/v1/finance/unclaimed?from=${FROM}&to=${TO}&branch_id=${funder.branch_id}&funder_code_id=${funder.id}`);
  assert.equal(unclaimed.json().data.total, 0);
  // A second preview of the period finds nothing left to invoice.
  const empty: RunPreview = (await finance.post('/api/v1/finance/invoice-runs/preview', body(funder))).json().data;
  assert.equal(empty.invoices.length, 0);
});

test('two people generating the same period at once: one posts, the other is told; one run\'s invoices exist', async () => {
  const funder = funders[1]!;
  const [first, second] = await Promise.all([finance.post('/api/v1/finance/invoice-runs', body(funder)), finance.post('/api/v1/finance/invoice-runs', body(funder))]);
  assert.deepEqual([first.statusCode, second.statusCode].sort(), [201, 409]);
  const refused = first.statusCode === 409 ? first : second;
  assert.match(refused.json().message, /already posted|another invoice meanwhile|same time/);
  const runs = await count(sql`select count(*) as n from finance_invoice_runs where funder_code_id = ${funder.id} and branch_id = ${funder.branch_id}`);
  assert.equal(runs, 1);
  const invoiceRuns = await count(sql`select count(distinct run_id) as n from finance_invoices where funder_code_id = ${funder.id} and branch_id = ${funder.branch_id}`);
  assert.equal(invoiceRuns, 1);
  // Numbers stay gap-free across the runs of the year.
  const sequences = (await rows<{ sequence: number }>(sql`select sequence from finance_invoices where fiscal_year = '2026-27' order by sequence`)).map((row) => Number(row.sequence));
  assert.deepEqual(sequences, sequences.map((_, index) => index + 1));
});

test('a missing rate refuses the run with 422 listing it, and nothing is posted', async () => {
  const funder = funders[2] ?? funders[0]!;
  const period = { period_from: addDays(today, -30), period_to: addDays(today, -15) };
  const cards = await rows<{ id: number; valid_from: string }>(sql`select id, valid_from::text as valid_from from rate_cards where funder_code_id = ${funder.id}`);
  const before = await count(sql`select count(*) as n from finance_invoice_runs`);
  await t.database.db.execute(sql`update rate_cards set valid_from = '2099-01-01' where funder_code_id = ${funder.id}`);
  try {
    const preview: RunPreview = (await finance.post('/api/v1/finance/invoice-runs/preview', body(funder, period))).json().data;
    const response = await finance.post('/api/v1/finance/invoice-runs', body(funder, period));
    if (!preview.missing_rates.length) return assert.equal(response.statusCode, 422); // no visit then: nothing to invoice
    assert.equal(response.statusCode, 422, response.body);
    assert.match(response.json().message, /Nothing was posted: \d+ rates? (is|are) missing/);
    assert.equal(response.json().errors.missing_rates.length, preview.missing_rates.length);
    assert.match(response.json().errors.missing_rates[0], new RegExp(`${funder.name}, (weekday|weekend|bank-holiday) at \\d\\d:\\d\\d`));
    assert.equal(await count(sql`select count(*) as n from finance_invoice_runs`), before);
  } finally {
    for (const card of cards) await t.database.db.execute(sql`update rate_cards set valid_from = ${card.valid_from} where id = ${card.id}`);
  }
});

test('reset voids the run (numbers kept), frees its visits, and a new run takes the next numbers; a sent invoice\'s run cannot be reset', async () => {
  const funder = funders[0]!;
  const [run] = (await finance.get(`/api/v1/finance/invoice-runs?funder_code_id=${funder.id}&branch_id=${funder.branch_id}&status=posted`)).json().data.data as PostedRun[];
  assert.ok(run);
  // The list says whether the reset would be accepted, by the reset's own rule: the screens offer it only then.
  assert.equal(run.resettable, true);
  const noReason = await finance.post(`/api/v1/finance/invoice-runs/${run.id}/reset`, { reason: '' });
  assert.equal(noReason.statusCode, 422);
  const reset = await finance.post(`/api/v1/finance/invoice-runs/${run.id}/reset`, { reason: 'Wrong period generated' });
  assert.equal(reset.statusCode, 200, reset.body);
  assert.equal(reset.json().data.status, 'reset');
  assert.ok(reset.json().data.invoices.every((invoice: InvoiceRow) => invoice.status === 'void'));
  const oldNumbers = reset.json().data.invoices.map((invoice: InvoiceRow) => invoice.number);
  assert.equal(await count(sql`select count(*) as n from finance_invoice_lines l join finance_invoices i on i.id = l.invoice_id where i.run_id = ${run.id} and l.state = 'live'`), 0);
  const unclaimed = await finance.get(`/api/v1/finance/unclaimed?from=${FROM}&to=${TO}&branch_id=${funder.branch_id}&funder_code_id=${funder.id}`);
  assert.ok(unclaimed.json().data.total > 0);
  assert.equal((await finance.post(`/api/v1/finance/invoice-runs/${run.id}/reset`, { reason: 'Again' })).statusCode, 409);

  const highest = await count(sql`select max(sequence) as n from finance_invoices where fiscal_year = '2026-27'`);
  const reposted = await finance.post('/api/v1/finance/invoice-runs', body(funder));
  assert.equal(reposted.statusCode, 201, reposted.body);
  const fresh: PostedRun = reposted.json().data;
  assert.deepEqual(fresh.invoices.map((invoice) => invoice.number), [`INV-2026-27-${String(highest + 1).padStart(6, '0')}`]);
  assert.ok(!oldNumbers.includes(fresh.invoices[0]!.number));

  // Sent: the payer has it, so the run can only be corrected by a credit note.
  const invoiceId = fresh.invoices[0]!.id;
  await t.database.db.execute(sql`update finance_invoices set payer_email = 'accounts@council.example' where id = ${invoiceId}`);
  const sent = await finance.post(`/api/v1/finance/invoices/${invoiceId}/send`, {});
  assert.equal(sent.statusCode, 200, sent.body);
  assert.equal(sent.json().data.status, 'sent');
  assert.equal(await count(sql`select count(*) as n from mail_outbox where to_address = 'accounts@council.example' and subject like ${`Invoice ${fresh.invoices[0]!.number}%`}`), 1);
  const refused = await finance.post(`/api/v1/finance/invoice-runs/${fresh.id}/reset`, { reason: 'Too late' });
  assert.equal(refused.statusCode, 409);
  assert.match(refused.json().message, new RegExp(`${fresh.invoices[0]!.number} was sent`));
  const listed = (await finance.get(`/api/v1/finance/invoice-runs?funder_code_id=${funder.id}&branch_id=${funder.branch_id}&page_size=100`)).json().data.data as PostedRun[];
  assert.equal(listed.find((row) => row.id === fresh.id)?.resettable, false, 'a run with a sent invoice is not offered for reset');
  assert.equal(listed.find((row) => row.id === run.id)?.resettable, false, 'a run already reset is not offered again');
  assert.equal((await finance.get(`/api/v1/finance/invoice-runs/${fresh.id}`)).json().data.resettable, false);

  const detail = await finance.get(`/api/v1/finance/invoices/${invoiceId}`);
  assert.equal(detail.statusCode, 200);
  assert.ok(detail.json().data.lines.length > 0);
  assert.deepEqual(detail.json().data.credit_notes, []);
});

test('raised invoices: filtered by status and number, sorted and paged by the API', async () => {
  const all = (await finance.get('/api/v1/finance/invoices?sort=number&mode=asc&page_size=100')).json().data;
  assert.ok(all.total >= 3);
  const numbers = all.data.map((invoice: InvoiceRow) => invoice.number);
  assert.deepEqual(numbers, [...numbers].sort());
  const voids = (await finance.get('/api/v1/finance/invoices?status=void')).json().data;
  assert.ok(voids.data.every((invoice: InvoiceRow) => invoice.status === 'void' && invoice.outstanding_pence === 0));
  const search = (await finance.get('/api/v1/finance/invoices?search=000001')).json().data;
  assert.deepEqual(search.data.map((invoice: InvoiceRow) => invoice.number), ['INV-2026-27-000001']);
  const page = (await finance.get('/api/v1/finance/invoices?page_size=1&page=2')).json().data;
  assert.equal(page.data.length, 1);
  assert.equal(page.last_page, all.total);
  assert.equal((await finance.get('/api/v1/finance/invoices?status=lost')).statusCode, 422);
});

test('the next period follows the last posted run', async () => {
  const funder = funders[1]!;
  const response = await finance.get(`/api/v1/finance/invoice-runs/next-period?branch_id=${funder.branch_id}&funder_code_id=${funder.id}`);
  assert.equal(response.statusCode, 200, response.body);
  const next = response.json().data;
  assert.equal(next.last_period_to, TO);
  if (next.frequency !== 'ad-hoc') assert.equal(next.period_from, today);
});

test('who may: the office has no finance (403); bad input is answered by field', async () => {
  const funder = funders[0]!;
  assert.equal((await office.post('/api/v1/finance/invoice-runs/preview', body(funder))).statusCode, 403);
  assert.equal((await office.post('/api/v1/finance/invoice-runs', body(funder))).statusCode, 403);
  assert.equal((await office.get('/api/v1/finance/invoices')).statusCode, 403);
  assert.equal((await office.get('/api/v1/finance/unclaimed')).statusCode, 403);
  const bad = await finance.post('/api/v1/finance/invoice-runs/preview', { branch_id: funder.branch_id, payer_kind: 'funder', period_from: TO, period_to: FROM });
  assert.equal(bad.statusCode, 422);
  assert.ok(bad.json().errors.funder_code_id);
  assert.ok(bad.json().errors.period_to);
  assert.equal((await finance.get('/api/v1/finance/billed-visits?ids=1,x')).statusCode, 422);
});
