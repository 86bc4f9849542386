import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { londonDate, londonInstant } from '@hcm/contract/engine';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '@hcm/server/platform';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import type { AssessmentAlertRow, LogbookNoteRow, LogbookWeekRow, ReablementRow } from '../../../contract/index.js';
import { clientColumns, clientsTable } from '../../columns.js';
import { careNotes } from '../../daily/tables.js';
import { clientDocuments, clientDocumentVersions } from '../../tables.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// What the records say is due: assessment alerts (overdue, due within N days, never done where needed, awaiting
// sign-off; the 12-month rule), care notes awaiting the office's audit (flags, by week, the audit given once) and
// reablement packages (days left, overdue), each filtered, sorted, paged and within the viewer's branches.

let t: TestApp;
const db = () => t.database.db;
let admin: TestClient; // every branch
let office: TestClient; // Camden only
let albert: number; // Bristol, active, no assessments in the demo
let desmond: number; // Camden
const DAY = 86_400_000;
const day = (offset: number) => londonDate(new Date(Date.now() + offset * DAY));

async function clientByNhs(nhs: string): Promise<number> {
  const [row] = await db().select({ id: clientColumns.id }).from(clientsTable).where(eq(clientColumns.nhs_number, nhs));
  return Number(row!.id);
}

async function branchOf(clientId: number): Promise<number> {
  const [row] = await db().select({ branch_id: clientColumns.branch_id }).from(clientsTable).where(eq(clientColumns.id, clientId));
  return Number(row!.branch_id);
}

async function addDocument(ownerId: number, kind: string, options: { reviewDate?: string | null; updatedDaysAgo?: number; content?: Record<string, unknown>; signed?: boolean } = {}) {
  const updated = new Date(Date.now() - (options.updatedDaysAgo ?? 0) * DAY);
  const [document] = await db()
    .insert(clientDocuments)
    .values({ owner_id: ownerId, kind, status: 'active', version: 1, review_date: options.reviewDate ?? null, created_at: updated, updated_at: updated, ...(options.signed ? { signed_off_version: 1, signed_off_at: updated, signed_off_name: 'M', signed_off_role: 'Registered manager' } : {}) })
    .returning({ id: clientDocuments.id });
  await db().insert(clientDocumentVersions).values({ document_id: document!.id, version: 1, status: 'active', content: options.content ?? {}, saved_at: updated });
  return document!.id;
}

async function page<Row>(client: TestClient, path: string) {
  const response = await client.get(`/api/v1/live-events/${path}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as { data: Row[]; total: number; page: number; last_page: number };
}

before(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  office = await loginAs(t.app, 'office');
  albert = await clientByNhs('999 089 0161');
  desmond = await clientByNhs('999 012 3470');
});
after(() => t.close());

test('assessment alerts: never done where required, overdue, due within N days, the 12-month rule, awaiting sign-off, filters and paging', async () => {
  const alerts = (query = '') => page<AssessmentAlertRow>(admin, `assessment-alerts?${query}&client_id=${albert}&page_size=50`);
  const neverDone = (await alerts('&alert=never-done')).data.map((row) => row.kind).sort();
  assert.deepEqual(neverDone, ['environmental-risk', 'risk-assessment'], 'an active client without assessments needs the general and home ones');

  await addDocument(albert, 'risk-assessment', { reviewDate: day(-3), updatedDaysAgo: 200, signed: true });
  await addDocument(albert, 'environmental-risk', { reviewDate: day(10), signed: true });
  // No review date, last saved 13 months ago: due 12 months after, so overdue by about a month.
  await addDocument(albert, 'falls-risk-assessment', { reviewDate: null, updatedDaysAgo: 400 });
  // A support plan with help with eating and drinking needs a nutrition (MUST) assessment.
  await addDocument(albert, 'support-plan', { content: { nutrition_support: 'some-help', mobility_support: 'independent' }, signed: true });

  const all = await alerts();
  const of = (alert: string, kind: string) => all.data.find((row) => row.alert === alert && row.kind === kind);
  assert.equal(of('overdue', 'risk-assessment')?.days_overdue, 3);
  assert.equal(of('overdue', 'risk-assessment')?.tab, 'risk-assessment');
  assert.equal(of('overdue', 'risk-assessment')?.title, 'General risk assessment');
  assert.equal(of('overdue', 'risk-assessment')?.last_reviewed, day(-200));
  assert.equal(of('due', 'environmental-risk')?.due_date, day(10));
  assert.equal(of('due', 'environmental-risk')?.days_overdue, -10);
  assert.ok(of('overdue', 'falls-risk-assessment'), '12 months after its last review');
  assert.ok((of('overdue', 'falls-risk-assessment')?.days_overdue ?? 0) > 25);
  assert.ok(of('sign-off', 'falls-risk-assessment'), 'not signed off');
  assert.equal(of('sign-off', 'risk-assessment'), undefined);
  assert.ok(of('never-done', 'nutrition'), 'the support plan requires it');
  assert.equal(of('never-done', 'risk-assessment'), undefined, 'done now');
  assert.equal(of('never-done', 'falls-risk-assessment'), undefined, 'mobility is independent');
  assert.equal(all.data[0]!.alert, 'overdue', 'overdue first');

  assert.equal((await alerts('&within=7')).data.some((row) => row.alert === 'due'), false, 'due in 10 days is outside 7');
  assert.equal((await alerts('&alert=overdue')).total, 2);
  assert.deepEqual((await alerts('&kind=falls-risk-assessment')).data.map((row) => row.alert).sort(), ['overdue', 'sign-off']);
  const sorted = await alerts('&alert=overdue&sort=days_overdue&mode=desc');
  assert.ok(sorted.data[0]!.days_overdue! >= sorted.data[1]!.days_overdue!);
  const first = await alerts('&page_size=2&page=1');
  const second = await alerts('&page_size=2&page=2');
  assert.equal(first.total, all.total);
  assert.equal(first.data.length, 2);
  assert.notDeepEqual(first.data.map((row) => row.key), second.data.map((row) => row.key));

  // Camden's office does not see a Bristol client's alerts; reads are audited as views of the client.
  assert.equal((await page<AssessmentAlertRow>(office, `assessment-alerts?client_id=${albert}`)).total, 0);
  const audited = await db().select().from(auditLog).where(and(eq(auditLog.resource, 'clients'), eq(auditLog.record_id, albert), sql`${auditLog.after} ->> 'view' = 'live-events/assessment-alerts'`));
  assert.ok(audited.length > 0);

  const bad = await admin.get('/api/v1/live-events/assessment-alerts?within=0&alert=soon');
  assert.equal(bad.statusCode, 422);
  assert.deepEqual(Object.keys(bad.json().errors).sort(), ['alert', 'within']);
});

test('log book audit: flagged notes awaiting audit, by client and week, marked audited once (409 after), permissions', async () => {
  // A day of its own (no demo notes), a Wednesday.
  const D = '2027-03-10';
  const write = (note: string, extra: Partial<typeof careNotes.$inferInsert> = {}) =>
    db()
      .insert(careNotes)
      .values({ client_id: desmond, category: 'personal-care', visit_date: D, planned_time: '08:00', written_at: new Date(londonInstant(D, '08:40')), author_name: 'Test Carer', note, ...extra })
      .returning({ id: careNotes.id })
      .then((rows) => rows[0]!.id);
  const bruise = await write('Helped with a wash. Noticed bruising on her upper arm that she could not explain to me.');
  const short = await write('All fine today.');
  const late = await write('Lunch made and eaten, tablets prompted, left her watching the racing with a cup of tea.', { planned_time: '06:00', written_at: new Date(londonInstant(D, '11:30')) });
  const concern = await write('Very breathless on the stairs this morning; rang the GP surgery who will call back.', { concern: true, escalated_to: 'Office' });
  const plain = await write('Washed and dressed, breakfast of porridge and tea, chatted about her grandson visiting.');

  const notes = (query: string) => page<LogbookNoteRow>(admin, `logbook-audit?${query}&client_id=${desmond}&from=${D}&to=${D}&page_size=50`);
  const flagsOf = async (id: number) => (await notes('')).data.find((row) => row.id === id)?.flags;
  assert.deepEqual(await flagsOf(bruise), ['safeguarding']);
  assert.deepEqual(await flagsOf(short), ['short']);
  assert.deepEqual(await flagsOf(late), ['late']);
  assert.deepEqual(await flagsOf(concern), ['concern']);
  assert.deepEqual(await flagsOf(plain), []);
  const flagged = await notes('&flag=any');
  assert.deepEqual(flagged.data.map((row) => row.id).sort(), [bruise, short, late, concern].sort());
  assert.deepEqual((await notes('&flag=safeguarding')).data.map((row) => row.id), [bruise]);
  assert.equal((await notes('')).data.at(-1)?.id, plain, 'flagged notes come first');
  const paged = await notes('&page_size=2&page=3');
  assert.equal(paged.total, 5);
  assert.equal(paged.data.length, 1);

  const weeks = await page<LogbookWeekRow>(admin, `logbook-audit/weeks?client_id=${desmond}&from=${D}&to=${D}`);
  assert.equal(weeks.data.length, 1);
  assert.equal(weeks.data[0]!.notes, 5);
  assert.equal(weeks.data[0]!.flagged, 4);
  assert.equal(weeks.data[0]!.concerns, 1);

  const refused = await office.post(`/api/v1/live-events/logbook-audit/notes/${bruise}/audit`, { outcome: 'escalated', comment: '' });
  assert.equal(refused.statusCode, 422);
  assert.deepEqual(Object.keys(refused.json().errors), ['comment']);
  const done = await office.post(`/api/v1/live-events/logbook-audit/notes/${bruise}/audit`, { outcome: 'escalated', comment: 'Body map asked for; safeguarding lead told.' });
  assert.equal(done.statusCode, 201, done.body);
  assert.equal(done.json().data.audit.outcome, 'escalated');
  const again = await office.post(`/api/v1/live-events/logbook-audit/notes/${bruise}/audit`, { outcome: 'satisfactory' });
  assert.equal(again.statusCode, 409);
  assert.equal((await notes('&flag=safeguarding')).total, 0, 'audited notes leave the list');
  assert.equal((await notes('&audited=yes')).data[0]?.audit?.comment, 'Body map asked for; safeguarding lead told.');
  const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.resource, 'care-note-audits'), eq(auditLog.action, 'create')));
  assert.ok(entry, 'the audit is in the audit trail');

  assert.equal((await admin.post('/api/v1/live-events/logbook-audit/notes/999999/audit', { outcome: 'satisfactory' })).statusCode, 404);
  const roleId = await createRole(db(), 'reviews_reader', ['clients.view']);
  const reader = await loginAs(t.app, await createUser(db(), { email: 'reviews-reader@homecare.test', roleId }));
  assert.equal((await reader.post(`/api/v1/live-events/logbook-audit/notes/${short}/audit`, { outcome: 'satisfactory' })).statusCode, 403);
});

test('reablement: packages with days left, the overdue ones without an outcome, closed ones, paging', async () => {
  const open = await page<ReablementRow>(admin, 're-ablement?page_size=50');
  const ending = open.data.find((row) => row.planned_end === day(4));
  assert.ok(ending, 'the demo package ending this week');
  assert.equal(ending.days_left, 4);
  assert.equal(ending.goals, 2);
  assert.equal(ending.goals_achieved, 1);
  assert.match(ending.latest_progress, /^Week 5/);
  assert.equal(ending.outcome_label, 'Still in progress');

  const overdue = await page<ReablementRow>(admin, 're-ablement-overdue?page_size=50');
  assert.deepEqual(overdue.data.map((row) => row.days_overdue), [8]);
  assert.equal(overdue.data.some((row) => row.planned_end === day(4)), false);

  const closed = await page<ReablementRow>(admin, 're-ablement?state=closed');
  assert.ok(closed.data.every((row) => row.outcome !== 'in-progress' && row.outcome !== ''));
  assert.ok(closed.total >= 1, "Peggy's finished package");
  const paged = await page<ReablementRow>(admin, 're-ablement?state=all&page_size=1&sort=days_left&mode=desc');
  assert.equal(paged.total, open.total + closed.total);
  assert.equal(paged.data.length, 1);
  assert.equal((await admin.get('/api/v1/live-events/re-ablement?state=maybe')).statusCode, 422);
  // Branch-scoped: the demo packages are Camden's; a Bristol-only filter has none.
  assert.equal((await page<ReablementRow>(office, 're-ablement-overdue')).total, 1);
  const bristol = await branchOf(albert);
  assert.equal((await page<ReablementRow>(admin, `re-ablement?branch_id=${bristol}`)).total, 0);
});

test('every list needs clients.view', async () => {
  const roleId = await createRole(db(), 'reviews_nothing', []);
  const nobody = await loginAs(t.app, await createUser(db(), { email: 'reviews-nothing@homecare.test', roleId }));
  for (const path of ['assessment-alerts', 'logbook-audit', 'logbook-audit/weeks', 're-ablement', 're-ablement-overdue']) {
    assert.equal((await nobody.get(`/api/v1/live-events/${path}`)).statusCode, 403, path);
  }
});
