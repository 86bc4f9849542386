import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, between, eq, lt, sql } from 'drizzle-orm';
import { londonDate } from '@hcm/contract/engine';
import { branches } from '@hcm/server/schema';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import type { BurReview, CqmAnswer, HdsAnswer, RecruitmentReport } from '../../contract/kpis/api.js';
import { DEFINITIONS_VERSION } from '../../contract/kpis/definitions.js';
import { emptyValues } from '../../contract/registers.js';
import { hdsFigures, totalVisits, type VisitFact } from '../../contract/kpis/formulas.js';
import { visitsRead } from './read-models.js';
import { kpiBranchReviews } from './tables.js';
import { clock } from '@hcm/contract/time';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// The KPI API over the demo agency: permissions and branch scope, the SQL's sums against the formulas applied
// visit by visit, the recruitment funnel against the workforce area's own dashboard, and saved reports and
// reviews (422 per field, 409 on a stale version or a second review of a month).

let t: TestApp;
let office: TestClient; // Camden only, kpis.view without kpis.edit
let manager: TestClient; // every branch, kpis.edit
let admin: TestClient;
let branchIds: Record<string, number>;

const today = londonDate();
const monthStart = `${today.slice(0, 7)}-01`;

before(async () => {
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
  manager = await loginAs(t.app, 'manager');
  admin = await loginAs(t.app, 'admin');
  const rows = await t.database.db.select({ id: branches.id, code: branches.code }).from(branches);
  branchIds = Object.fromEntries(rows.map((row) => [row.code, row.id]));
});
after(() => t.close());

test('deny by default: a user without kpis.view gets 403; kpis.edit is needed to save', async () => {
  const roleId = await createRole(t.database.db, 'kpi-less', ['clients.view']);
  const nobody = await loginAs(t.app, await createUser(t.database.db, { email: 'no.kpis@homecare.test', roleId }));
  for (const url of ['/api/v1/kpis/hds', '/api/v1/kpis/cqm', '/api/v1/kpis/recruitment/reports', '/api/v1/kpis/bur']) {
    assert.equal((await nobody.get(url)).statusCode, 403, url);
  }
  const post = await office.post('/api/v1/kpis/bur', { branch_id: branchIds.CAM, month: today.slice(0, 7), status: 'draft' });
  assert.equal(post.statusCode, 403, 'office staff may read KPIs, not save them');
});

test('HDS: the SQL sums agree with the formulas applied visit by visit (Camden, last month to today)', async () => {
  const from = new Date(Date.parse(`${monthStart}T00:00:00Z`) - 20 * 86_400_000).toISOString().slice(0, 10);
  const answer = await admin.get(`/api/v1/kpis/hds?from=${from}&to=${today}&branch_id=${branchIds.CAM}&group=month`);
  assert.equal(answer.statusCode, 200, answer.body);
  const data = answer.json().data as HdsAnswer;
  assert.ok(data.rows.length > 0, 'the demo has delivered Camden visits');
  assert.ok(data.rows.every((row) => row.branch_id === branchIds.CAM));

  const raw = await t.database.db
    .select()
    .from(visitsRead)
    .where(and(eq(visitsRead.branch_id, branchIds.CAM!), between(visitsRead.visit_date, from, today), lt(visitsRead.planned_end, clock.now())));
  const minutes = (a: Date | null, b: Date | null) => (a && b ? (b.getTime() - a.getTime()) / 60_000 : null);
  const facts: VisitFact[] = raw.map((visit) => ({
    planned_minutes: minutes(visit.planned_start, visit.planned_end)!,
    status: visit.status as VisitFact['status'],
    cancel_reason: visit.cancel_reason,
    late_minutes: visit.actual_start ? minutes(visit.planned_start, visit.actual_start) : null,
    actual_minutes: minutes(visit.actual_start, visit.actual_end),
    confirmed: visit.confirmation === 'confirmed' || visit.confirmation === 'auto-confirmed',
  }));
  const expected = hdsFigures(totalVisits(facts));
  assert.deepEqual(data.totals, expected);
  assert.ok(expected.commissioned_hours > 0 && expected.delivery_percent !== null && expected.delivery_percent > 50, `delivery ${expected.delivery_percent} %`);
  // The demo's Camden past holds a client cancellation (commissioned, lost) and a missed visit.
  assert.ok(data.totals.lost_client_hours > 0 || data.totals.lost_missed_hours > 0);
});

test('branch scope: office staff see Camden only and may not ask for another branch (422)', async () => {
  const hds = (await office.get(`/api/v1/kpis/hds?from=${monthStart}&to=${today}`)).json().data as HdsAnswer;
  assert.ok(hds.rows.every((row) => row.branch_id === branchIds.CAM));
  const cqm = (await office.get(`/api/v1/kpis/cqm?from=${monthStart}&to=${today}`)).json().data as CqmAnswer;
  assert.deepEqual(cqm.rows.map((row) => row.branch_id), [branchIds.CAM]);
  const other = await office.get(`/api/v1/kpis/cqm?branch_id=${branchIds.BRN}`);
  assert.equal(other.statusCode, 422);
  assert.ok(other.json().errors.branch_id);
  const bad = await office.get('/api/v1/kpis/hds?from=2026-13-01&to=2026-01-01');
  assert.equal(bad.statusCode, 422);
  assert.ok(bad.json().errors.from);
  const reviews = (await office.get('/api/v1/kpis/bur?page_size=100')).json().data as { data: BurReview[] };
  assert.ok(reviews.data.length > 0 && reviews.data.every((row) => row.branch_id === branchIds.CAM));
});

test('CQM: a row per branch and an all-branches row, figures in range, definitions version', async () => {
  const answer = await manager.get(`/api/v1/kpis/cqm?from=${monthStart}&to=${today}`);
  assert.equal(answer.statusCode, 200, answer.body);
  const data = answer.json().data as CqmAnswer;
  assert.equal(data.definitions_version, DEFINITIONS_VERSION);
  assert.equal(data.rows.length, 4);
  assert.equal(data.rows.at(-1)?.branch_name, 'All branches');
  for (const row of data.rows) {
    for (const key of ['punctuality_percent', 'mar_compliance_percent', 'training_compliance_percent', 'supervision_compliance_percent'] as const) {
      const value = row.figures[key];
      assert.ok(value === null || (value >= 0 && value <= 100), `${row.branch_name} ${key} ${value}`);
    }
  }
  const all = data.rows.at(-1)!.figures;
  assert.equal(all.missed_visits, data.rows.slice(0, -1).reduce((sum, row) => sum + row.figures.missed_visits, 0));
});

test("CQM counts incidents, safeguarding concerns and complaints from the agency's registers", async () => {
  const camden = async () => ((await manager.get(`/api/v1/kpis/cqm?from=${monthStart}&to=${today}&branch_id=${branchIds.CAM}`)).json().data as CqmAnswer).rows[0]!.figures;
  const before = await camden();
  const counted = (await t.database.db.execute(sql`select count(*)::int as count from qa_records where kind = 'complaints' and branch_id = ${branchIds.CAM} and occurred_on between ${monthStart} and ${today}`)) as unknown as { rows: { count: number }[] };
  const count = Number(counted.rows[0]!.count);
  assert.equal(before.complaints, count, 'the register, not what families told carers');
  const logged = await manager.post('/api/v1/quality-assurance/complaints', { ...emptyValues('complaints', branchIds.CAM), occurred_on: today, reported_by: 'Office', summary: 'Calls late three mornings running', complainant_name: 'Mrs Patel' });
  assert.equal(logged.statusCode, 201, logged.body);
  const fall = await manager.post('/api/v1/quality-assurance/incident-and-accidents', {
    ...emptyValues('incident-and-accidents', branchIds.CAM),
    occurred_on: today,
    reported_by: 'Amara Okafor',
    summary: 'Slipped in the bathroom; bruised arm.',
    incident_type: 'fall',
    injury_severity: 'minor',
  });
  assert.equal(fall.statusCode, 201, fall.body);
  const after = await camden();
  assert.equal(after.complaints, before.complaints + 1);
  assert.equal(after.incidents, before.incidents + 1);
  assert.equal(after.safeguarding_concerns, before.safeguarding_concerns);
});

test('recruitment: Camden this year agrees with the workforce dashboard; create saves figures (201) and 422s by field', async () => {
  const from = `${today.slice(0, 4)}-01-01`;
  const preview = await admin.get(`/api/v1/kpis/recruitment/preview?from=${from}&to=${today}&branch_id=${branchIds.CAM}`);
  assert.equal(preview.statusCode, 200, preview.body);
  const dashboard = (await office.get('/api/v1/recruitment/dashboard?period=year')).json().data as { applied: number; hired: number; funnel: { stage: string; reached: number }[] };
  const figures = preview.json().data.figures as RecruitmentReport['figures'];
  const reached = (stage: string) => dashboard.funnel.find((step) => step.stage === stage)?.reached;
  assert.deepEqual([figures.applicants, figures.screened, figures.interviewed, figures.offered], [dashboard.applied, reached('screening'), reached('interview'), reached('offer')]);
  // Camden this year (the workforce test's own count): 5 applied, 4 screened, 3 interviewed, 2 offered, 1 hired, 1 rejected.
  assert.deepEqual([figures.applicants, figures.screened, figures.interviewed, figures.offered, figures.hired, figures.rejected], [5, 4, 3, 2, 1, 1]);
  assert.equal(figures.conversion_percent, 20);

  const invalid = await manager.post('/api/v1/kpis/recruitment/reports', { branch_id: '', from: '2026-05-01', to: '2026-04-01' });
  assert.equal(invalid.statusCode, 422);
  assert.deepEqual(Object.keys(invalid.json().errors).sort(), ['branch_id', 'to']);

  const created = await manager.post('/api/v1/kpis/recruitment/reports', { branch_id: branchIds.CAM, from, to: today, title: 'Test year' });
  assert.equal(created.statusCode, 201, created.body);
  const report = created.json().data as RecruitmentReport;
  assert.deepEqual(report.figures, figures);
  assert.equal(report.definitions_version, DEFINITIONS_VERSION);
  assert.equal(report.created_by_name.length > 0, true);
  const list = (await office.get('/api/v1/kpis/recruitment/reports?page_size=100')).json().data as { data: RecruitmentReport[]; total: number };
  assert.ok(list.data.some((row) => row.id === report.id));
  assert.ok(list.data.every((row) => row.branch_id === branchIds.CAM));
  const hidden = await office.get(`/api/v1/kpis/recruitment/reports/${list.data.length ? 999999 : 0}`);
  assert.equal(hidden.statusCode, 404);
});

test('BUR: figures at creation, one review a month (409), stale version 409, a final review is closed', async () => {
  const month = '2026-01';
  const body = { branch_id: branchIds.BRN, month, commentary: 'Quiet month.', actions: [{ action: 'Recruit two drivers', owner: 'Branch manager', due_on: '2026-02-28' }], status: 'draft' };
  const created = await manager.post('/api/v1/kpis/bur', body);
  assert.equal(created.statusCode, 201, created.body);
  const review = created.json().data as BurReview;
  assert.equal(review.version, 1);
  assert.equal(typeof review.figures.contracted_hours, 'number');
  assert.equal(review.figures.rostered_hours, 0, 'the demo has no visits in January');

  assert.equal((await manager.post('/api/v1/kpis/bur', body)).statusCode, 409);
  const invalid = await manager.post('/api/v1/kpis/bur', { ...body, month: '2026-13', actions: [{ action: '', owner: 'x', due_on: 'soon' }] });
  assert.equal(invalid.statusCode, 422);
  const errors = invalid.json().errors as Record<string, string[]>;
  assert.ok(errors.month && errors['actions.0.action'] && errors['actions.0.due_on'], JSON.stringify(errors));

  const edit = { version: 1, commentary: 'Quiet month: two packages ended.', actions: body.actions, status: 'draft' };
  const saved = await manager.put(`/api/v1/kpis/bur/${review.id}`, edit);
  assert.equal(saved.statusCode, 200, saved.body);
  assert.equal((saved.json().data as BurReview).version, 2);
  const stale = await manager.put(`/api/v1/kpis/bur/${review.id}`, edit);
  assert.equal(stale.statusCode, 409);
  assert.ok(stale.json().errors.version);
  assert.equal((await manager.put(`/api/v1/kpis/bur/${review.id}`, { ...edit, version: 2, status: 'final' })).statusCode, 200);
  assert.equal((await manager.put(`/api/v1/kpis/bur/${review.id}`, { ...edit, version: 3 })).statusCode, 409, 'final is closed');
  assert.equal((await office.get(`/api/v1/kpis/bur/${review.id}`)).statusCode, 404, 'Bristol is not Camden’s');
});

test('demo: each branch has saved reviews (last month final, this month draft) and recruitment reports', async () => {
  const rows = await t.database.db.select({ branch_id: kpiBranchReviews.branch_id, status: kpiBranchReviews.status }).from(kpiBranchReviews);
  for (const id of Object.values(branchIds)) {
    assert.ok(rows.some((row) => row.branch_id === id && row.status === 'final'));
    assert.ok(rows.some((row) => row.branch_id === id && row.status === 'draft'));
  }
  const list = (await admin.get('/api/v1/kpis/recruitment/reports?page_size=100')).json().data as { total: number };
  assert.ok(list.total >= 9);
});
