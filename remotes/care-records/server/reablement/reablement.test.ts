import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { londonDate } from '@hcm/contract/engine';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '@hcm/server/platform';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import type { ReablementDashboard, ReablementProgramme, ReablementRow } from '../../contract/index.js';
import { clientColumns, clientsTable } from '../columns.js';
import { twelveMonthsBefore } from './service.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// The reablement dashboard over the demo's programmes (hand-counted from live-events/reviews/demo.ts: Camden has
// Thomas in week 6 ending in 4 days, Desmond 8 days overdue and Irene starting in 2 days (documents demo); Leeds has Siobhan in week 2; Bristol has
// Gwendolyn, independent 58 days ago, and Patricia, reduced package 118 days ago; Peggy's 2024 and Desmond's
// February 2025 programmes ended more than 12 months ago), its branch scope, permissions and audit, and a week
// saved into the document through the engine (new version, 422 per field, 409 naming who saved).

let t: TestApp;
const db = () => t.database.db;
let admin: TestClient;
let office: TestClient; // Camden only
const DAY = 86_400_000;
const day = (offset: number) => londonDate(new Date(Date.now() + offset * DAY));

async function clientNamed(firstName: string): Promise<{ id: number; branch: number }> {
  const [row] = await db().select({ id: clientColumns.id, branch: clientColumns.branch_id }).from(clientsTable).where(eq(clientColumns.first_name, firstName));
  return { id: Number(row!.id), branch: Number(row!.branch) };
}

async function dashboard(client: TestClient, query = ''): Promise<ReablementDashboard> {
  const response = await client.get(`/api/v1/reablement/dashboard${query}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as ReablementDashboard;
}

before(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  office = await loginAs(t.app, 'office');
});
after(() => t.close());

test('twelve months back from a day', () => {
  assert.equal(twelveMonthsBefore('2026-11-24'), '2025-11-25');
  assert.equal(twelveMonthsBefore('2028-02-29'), '2027-03-02');
});

test('dashboard: figures, outcomes of the last 12 months, weeks, overdue first, states, paging', async () => {
  const all = await dashboard(admin);
  assert.deepEqual({ open: all.summary.open, overdue: all.summary.overdue, ended: all.summary.ended }, { open: 3, overdue: 1, ended: 2 });
  const counted = Object.fromEntries(all.summary.outcomes.map((outcome) => [outcome.value, [outcome.count, outcome.percent]]));
  assert.deepEqual(counted, { independent: [1, 50], reduced: [1, 50], same: [0, 0], increased: [0, 0], readmitted: [0, 0], residential: [0, 0] });
  // In progress (overdue included): the overdue one first, then soonest to end.
  assert.deepEqual(
    all.data.map((row) => [row.client_name.split(' ')[0], row.state, row.week, row.days_left]),
    [
      ['Desmond', 'overdue', 6, -8],
      ['Thomas', 'open', 6, 4],
      ['Siobhan', 'open', 2, 32],
      ['Irene', 'open', 1, 44],
    ],
  );
  const thomas = all.data[1]!;
  assert.deepEqual([thomas.goals_achieved, thomas.goals, thomas.last_review_week, thomas.last_review_date], [1, 2, 5, day(-4)]);
  assert.equal(thomas.branch_name, 'Camden Domiciliary');

  const ended = await dashboard(admin, '?state=ended');
  assert.equal(ended.total, 4, 'two this year, Peggy 2024 and Desmond 2025');
  assert.equal(ended.data[0]!.outcome_label, 'Independent: no ongoing care');
  assert.equal((await dashboard(admin, '?state=overdue')).total, 1);
  const paged = await dashboard(admin, '?state=all&page_size=2&page=2');
  assert.equal(paged.total, 8);
  assert.equal(paged.data.length, 2);
  assert.equal((await admin.get('/api/v1/reablement/dashboard?state=maybe')).statusCode, 422);
  assert.equal((await admin.get('/api/v1/reablement/dashboard?branch_id=abc')).statusCode, 422);
});

test('dashboard: branch scope, the branch filter, clients.view and the audit of who looked', async () => {
  const camden = await dashboard(office, '?state=all');
  assert.deepEqual({ open: camden.summary.open, overdue: camden.summary.overdue, ended: camden.summary.ended }, { open: 2, overdue: 1, ended: 0 });
  assert.ok(camden.data.every((row) => row.branch_name === 'Camden Domiciliary'));
  const bristol = (await clientNamed('Gwendolyn')).branch;
  const inBristol = await dashboard(admin, `?branch_id=${bristol}&state=all`);
  assert.deepEqual([inBristol.summary.open, inBristol.summary.overdue, inBristol.summary.ended, inBristol.total], [0, 0, 2, 2]);
  // Office asking for Bristol sees nothing, not Bristol's programmes.
  assert.equal((await dashboard(office, `?branch_id=${bristol}&state=all`)).total, 0);

  const desmond = await clientNamed('Desmond');
  const [viewed] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'clients'), eq(auditLog.record_id, desmond.id), eq(auditLog.action, 'view'), sql`${auditLog.after} ->> 'view' = 'reablement/dashboard'`));
  assert.ok(Number(viewed!.n) >= 1, 'the dashboard is a view of each client it names');

  const roleId = await createRole(db(), 'reablement_nobody', []);
  const nobody = await loginAs(t.app, await createUser(db(), { email: 'reablement-nobody@homecare.test', roleId }));
  assert.equal((await nobody.get('/api/v1/reablement/dashboard')).statusCode, 403);
  assert.equal((await nobody.get(`/api/v1/reablement/clients/${desmond.id}`)).statusCode, 403);
});

test("a client's week: saved as a new version through the engine, 422 per field, 409 naming who saved, shown by the live events", async () => {
  const siobhan = await clientNamed('Siobhan');
  // Leeds is not office's branch: as if the client did not exist.
  assert.equal((await office.get(`/api/v1/reablement/clients/${siobhan.id}`)).statusCode, 404);
  const read = await admin.get(`/api/v1/reablement/clients/${siobhan.id}`);
  assert.equal(read.statusCode, 200, read.body);
  const programme = read.json().data as ReablementProgramme;
  assert.equal(programme.current_week, 2);
  assert.equal(programme.goals.length, 2);
  assert.deepEqual(programme.weeks.map((week) => [week.week, week.visits, week.equipment]), [[1, 14, ['Perching stool']]]);
  assert.ok(programme.equipment_choices.includes('Sock aid'));

  const week = {
    base_version: programme.version,
    date: day(0),
    progress: 'Bathed twice with the board and a carer nearby; cooked beans on toast.',
    goals: [
      { progress: 'achieved', note: 'Bathes with the board, carer in the next room.' },
      { progress: 'progressing', note: '' },
    ],
    visits: 12,
    support_hours: '6.5',
    therapist_notes: 'Confident on the board.',
    equipment: ['Perching stool', 'Kitchen trolley'],
    next_steps: 'Drop the evening call next week if cooking goes well.',
  };
  const invalid = await admin.put(`/api/v1/reablement/clients/${siobhan.id}/weeks/2`, { ...week, date: '', goals: [{ progress: 'maybe', note: '' }], visits: 500 });
  assert.equal(invalid.statusCode, 422);
  assert.deepEqual(Object.keys(invalid.json().errors).sort(), ['date', 'goals.0.progress', 'visits']);
  assert.equal((await admin.put(`/api/v1/reablement/clients/${siobhan.id}/weeks/6`, { ...week, outcome: 'reduced' })).json().errors.ended_on[0], 'Ended on is required when the programme has ended.');
  assert.equal((await admin.put(`/api/v1/reablement/clients/${siobhan.id}/weeks/7`, week)).statusCode, 404);

  const roleId = await createRole(db(), 'reablement_reader', ['clients.view']);
  const reader = await loginAs(t.app, await createUser(db(), { email: 'reablement-reader@homecare.test', roleId }));
  assert.equal((await reader.put(`/api/v1/reablement/clients/${siobhan.id}/weeks/2`, week)).statusCode, 403);

  const saved = await admin.put(`/api/v1/reablement/clients/${siobhan.id}/weeks/2`, week);
  assert.equal(saved.statusCode, 200, saved.body);
  const after = saved.json().data as ReablementProgramme;
  assert.equal(after.version, programme.version + 1);
  const second = after.weeks.find((row) => row.week === 2)!;
  assert.deepEqual([second.visits, second.support_hours, second.equipment, second.goals.map((goal) => goal.progress)], [12, 6.5, ['Perching stool', 'Kitchen trolley'], ['achieved', 'progressing']]);
  assert.deepEqual([after.goals[0]!.status, after.goals[0]!.week_achieved], ['achieved', 2]);
  // The engine's own view of the document has the week, and the live list shows it as the latest review.
  const versions = await admin.get(`/api/v1/clients/${siobhan.id}/documents/reablement/${after.document_id}/versions`);
  assert.equal(versions.json().data[0].version, after.version);
  const live = (await admin.get(`/api/v1/live-events/re-ablement?client_id=${siobhan.id}`)).json().data as { data: ReablementRow[] };
  assert.match(live.data[0]!.latest_progress, /^Week 2/);
  assert.equal(live.data[0]!.goals_achieved, 1);

  // A save from the version first opened: 409, naming who saved since; nothing changes.
  const stale = await office.put(`/api/v1/reablement/clients/${siobhan.id}/weeks/2`, week);
  assert.equal(stale.statusCode, 404, 'office cannot reach a Leeds client at all');
  const conflict = await admin.put(`/api/v1/reablement/clients/${siobhan.id}/weeks/2`, { ...week, progress: 'Typed on another screen.' });
  assert.equal(conflict.statusCode, 409);
  assert.match(conflict.json().message, /saved this Reablement after you opened it \(version \d+\)/);
  assert.match(conflict.json().message, /^Amira Admin saved/, 'names the admin who saved');
  const unchanged = (await admin.get(`/api/v1/reablement/clients/${siobhan.id}`)).json().data as ReablementProgramme;
  assert.equal(unchanged.version, after.version);
});
