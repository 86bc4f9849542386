import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { londonDate } from '@hcm/contract/engine';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '@hcm/server/platform';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import { AUDIT_LISTS, type AuditList } from '../../contract/audits.js';

// The audit lists over the demo agency's records: every list answers (and the demo fills it), due and overdue
// worked out on hand-checked rows inserted here, the settings' interval, filters and sorting, the viewer's branches
// (the office user: Camden only), 403 without audits.view, 422 on a bad filter, and the client lists audited.

let t: TestApp;
const db = () => t.database.db;
let admin: TestClient; // every branch
let office: TestClient; // Camden only
const DAY = 86_400_000;
const day = (offset: number) => londonDate(new Date(Date.now() + offset * DAY));
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function list(client: TestClient, path: string): Promise<AuditList> {
  const response = await client.get(`/api/v1/audits/${path}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as AuditList;
}

/** An active carer of the branch (by code) without a supervision in the demo. */
async function carerWithoutSupervisions(code: string): Promise<{ id: number; name: string; branch_id: number }> {
  const [row] = rowsOf<{ id: number; name: string; branch_id: number }>(
    await db().execute(sql`select c.id, c.first_name || ' ' || c.last_name as name, c.branch_id from carers c join branches b on b.id = c.branch_id
      where b.code = ${code} and c.status = 'active' and c.deleted_at is null
        and not exists (select 1 from carer_documents d where d.owner_id = c.id and d.kind = 'supervisions') order by c.id limit 1`),
  );
  assert.ok(row, `a ${code} carer without supervisions`);
  return { id: Number(row.id), name: String(row.name), branch_id: Number(row.branch_id) };
}

async function addSupervision(ownerId: number, content: Record<string, unknown>): Promise<number> {
  const [document] = rowsOf<{ id: number }>(
    await db().execute(sql`insert into carer_documents (owner_id, kind, status, version) values (${ownerId}, 'supervisions', 'active', 1) returning id`),
  );
  await db().execute(sql`insert into carer_document_versions (document_id, version, status, content) values (${document!.id}, 1, 'active', ${JSON.stringify(content)}::jsonb)`);
  return Number(document!.id);
}

before(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  office = await loginAs(t.app, 'office');
});
after(() => t.close());

test('every list answers with the demo agency\'s records, each row linking to its record tab', async () => {
  const empty: string[] = [];
  for (const spec of AUDIT_LISTS) {
    const page = await list(admin, `${spec.group}/${spec.kind}`);
    if (page.total === 0) empty.push(`${spec.group}/${spec.kind}`);
    const { overdue, due, upcoming, done } = page.summary;
    assert.equal(overdue + due + upcoming + done, page.total, `${spec.kind}: the states add up to the list`);
    assert.equal(page.summary.outcomes.reduce((sum, outcome) => sum + outcome.count, 0), page.total, `${spec.kind}: the outcomes add up to the list`);
    for (const row of page.data) assert.ok(row.tab && row.person_id > 0, spec.kind);
  }
  assert.deepEqual(empty, [], 'the demo fills every list');
});

test('due, overdue and done on hand-checked supervisions: the date set, the settings\' interval, a newer one completes the last', async () => {
  const camden = await carerWithoutSupervisions('CAM');
  const older = await addSupervision(camden.id, { supervision_date: day(-100), supervisor: 'Claire Donovan', wellbeing: 'struggling', next_supervision: day(-44) });
  const newer = await addSupervision(camden.id, { supervision_date: day(-30), supervisor: 'Claire Donovan', wellbeing: 'good', next_supervision: day(10) });

  const page = await list(admin, `carers/supervisions?q=${encodeURIComponent(camden.name)}`);
  assert.deepEqual(
    page.data.map((row) => [row.id, row.state, row.next_due, row.days_overdue, row.outcome_label]),
    [
      [newer, 'due', day(10), 0, 'Good'],
      [older, 'done', day(-44), 44, 'Struggling: support offered'],
    ],
  );
  assert.equal(page.data[0]!.record_date, day(-30));
  assert.equal(page.data[0]!.detail, 'Claire Donovan');
  assert.deepEqual([page.summary.overdue, page.summary.due, page.summary.upcoming, page.summary.done, page.summary.done_in_period], [0, 1, 0, 1, 2]);

  // No next date given: the setting's interval (8 weeks in the demo) from the supervision's own date.
  const other = await carerWithoutSupervisions('BRN');
  const interval = Number(rowsOf<{ value: string }>(await db().execute(sql`select value from settings where key = 'supervision_interval_weeks'`))[0]?.value ?? '8');
  const lone = await addSupervision(other.id, { supervision_date: day(-200), supervisor: 'Gareth Powell', wellbeing: 'ok' });
  const overdue = await list(admin, `carers/supervisions?state=overdue&q=${encodeURIComponent(other.name)}`);
  assert.deepEqual(
    overdue.data.map((row) => [row.id, row.next_due, row.days_overdue]),
    [[lone, day(-200 + interval * 7), 200 - interval * 7]],
  );

  // Filters: the outcome and the record's dates; the state filter leaves the summary whole.
  const struggling = await list(admin, `carers/supervisions?q=${encodeURIComponent(camden.name)}&outcome=struggling`);
  assert.deepEqual(struggling.data.map((row) => row.id), [older]);
  const recent = await list(admin, `carers/supervisions?q=${encodeURIComponent(camden.name)}&from=${day(-50)}&to=${day(0)}`);
  assert.deepEqual(recent.data.map((row) => row.id), [newer]);
  const dueOnly = await list(admin, `carers/supervisions?q=${encodeURIComponent(camden.name)}&state=due`);
  assert.deepEqual([dueOnly.total, dueOnly.summary.done], [1, 1]);
  const byDate = await list(admin, `carers/supervisions?q=${encodeURIComponent(camden.name)}&sort=record_date&mode=asc`);
  assert.deepEqual(byDate.data.map((row) => row.id), [older, newer]);
});

test('the viewer\'s branches: the office user (Camden) sees Camden\'s records only; another branch is a 404', async () => {
  const camden = Number(rowsOf<{ id: number }>(await db().execute(sql`select id from branches where code = 'CAM'`))[0]!.id);
  const bristol = Number(rowsOf<{ id: number }>(await db().execute(sql`select id from branches where code = 'BRN'`))[0]!.id);
  for (const spec of AUDIT_LISTS) {
    const camdens = await list(admin, `${spec.group}/${spec.kind}?branch_id=${camden}&page_size=100`);
    const mine = await list(office, `${spec.group}/${spec.kind}?page_size=100`);
    assert.ok(mine.data.every((row) => row.branch_id === camden), `${spec.kind}: Camden only`);
    assert.equal(mine.total, camdens.total, `${spec.kind}: every Camden record`);
    assert.deepEqual(mine.summary, camdens.summary, `${spec.kind}: the summary of Camden's records`);
  }
  assert.ok((await list(admin, 'carers/supervisions')).data.some((row) => row.branch_id !== camden), 'other branches exist for the super admin');
  assert.equal((await office.get(`/api/v1/audits/carers/supervisions?branch_id=${bristol}`)).statusCode, 404);
});

test('403 without audits.view; 404 for a list that is not declared; 422 per field on a bad filter', async () => {
  const roleId = await createRole(db(), 'audits_nothing', ['clients.view', 'carers.view']);
  const nobody = await loginAs(t.app, await createUser(db(), { email: 'audits-nothing@homecare.test', roleId }));
  assert.equal((await nobody.get('/api/v1/audits/carers/supervisions')).statusCode, 403);
  assert.equal((await nobody.get('/api/v1/audits/clients/marchart')).statusCode, 403);
  assert.equal((await nobody.get('/api/v1/audits')).statusCode, 403);
  assert.equal((await admin.get('/api/v1/audits/carers/holidays')).statusCode, 404);
  assert.equal((await admin.get('/api/v1/audits/staff/supervisions')).statusCode, 404);
  const bad = await admin.get('/api/v1/audits/carers/spot-checks?state=late&outcome=excellent&from=2026-13-01&sort=password&mode=sideways&branch_id=x');
  assert.equal(bad.statusCode, 422);
  assert.deepEqual(Object.keys(bad.json().errors).sort(), ['branch_id', 'from', 'mode', 'outcome', 'sort', 'state']);
  const backwards = await admin.get('/api/v1/audits/carers/spot-checks?from=2026-05-01&to=2026-04-01');
  assert.equal(backwards.statusCode, 422);
  assert.ok(backwards.json().errors.to);
});

test('a client list is a view of each client shown: one audit entry per client, naming the list and the records', async () => {
  const [last] = await db().select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog);
  const page = await list(office, 'clients/reviews-conducted');
  assert.ok(page.data.length > 0);
  const officeId = Number(rowsOf<{ id: number }>(await db().execute(sql`select id from users where email = 'office@homecare.test'`))[0]!.id);
  const entries = await db()
    .select({ record_id: auditLog.record_id, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.user_id, officeId), eq(auditLog.resource, 'clients'), eq(auditLog.action, 'view'), sql`${auditLog.id} > ${Number(last!.id)}`));
  const mine = entries.filter((entry) => (entry.after as { view?: string } | null)?.view === 'audits/clients/reviews-conducted');
  const clients = [...new Set(page.data.map((row) => row.person_id))].sort((a, b) => a - b);
  assert.deepEqual(mine.map((entry) => Number(entry.record_id)).sort((a, b) => a - b), clients);
  for (const entry of mine) {
    const ids = page.data.filter((row) => row.person_id === Number(entry.record_id)).map((row) => row.id);
    assert.deepEqual((entry.after as { ids: number[] }).ids, ids);
  }
  // A carers' list reads staff files' dates and outcomes only: no client entry.
  const before = (await db().select({ id: auditLog.id }).from(auditLog)).length;
  await list(office, 'carers/compliments');
  assert.equal((await db().select({ id: auditLog.id }).from(auditLog)).length, before);
});
