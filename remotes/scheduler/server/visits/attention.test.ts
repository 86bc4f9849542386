import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { addDays } from '@hcm/contract/time';
import { auditLog } from '@hcm/server/schema';
import type { AreaModule } from '@hcm/server/platform';
import { AREA_MODULES, branchIdOf, createTestApp, fixClock, loginAs, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import type { NeedsAttentionCount, NeedsAttentionRow } from '../../contract/attention.js';
import type { VisitLogRow, VisitRow } from '../../contract/visits.js';
import { plainSources } from '../rules/testing.js';
import { apiSources } from '../sources/api-sources.js';
import { visitAttention } from '../tables.js';
import { flagVisits } from './attention.js';
import { attentionRoutes } from './attention-routes.js';
import { deliverBesideVisitEvents, visitsOfCarer } from './deliveries-for-tests.js';
import { visitRoutes } from './routes.js';

// Issues 27 and 29, "Needs attention": a carer taken off by leave is flagged on each visit with the carer and the
// leave in words, a half day's visits warned; an assignment through the rules clears the flag; a planner dismisses
// one with a reason (422 without, logged and audited); the list and its count are the user's branches' only, and
// refused without the visits' permissions. Assignments here run the real rules over plain facts (everyone
// available and trained), so the carer a test puts on is refused only for what the rota itself says (overlaps).

fixClock(WEEKDAY_MORNING); // Wednesday 25 November 2026, 10:00
const TOMORROW = '2026-11-26';

const modules: AreaModule[] = AREA_MODULES.map((module) =>
  module.name === 'scheduler'
    ? {
        ...module,
        async routes(app, context) {
          const sourcesFor = (instance: typeof app, request: Parameters<typeof apiSources>[1]) => {
            const api = apiSources(instance, request);
            return { ...api, ...plainSources(api) };
          };
          await app.register(async (scope) => visitRoutes(scope, context, { sourcesFor }));
          await app.register(async (scope) => attentionRoutes(scope, context));
        },
      }
    : module,
);

let t: TestApp;
let manager: TestClient;
let office: TestClient;
before(async () => {
  t = await createTestApp({ modules });
  manager = await loginAs(t.app, 'manager');
  office = await loginAs(t.app, 'office');
});
after(() => t.close());

/** Requests leave as the manager and approves it; null when refused (no working day in it). */
async function approvedLeave(carerId: number, values: Record<string, unknown>): Promise<number | null> {
  const reasons = (await manager.get('/api/v1/holiday-reasons?page_size=100')).json().data.data as { id: number; code: string }[];
  const made = await manager.post(`/api/v1/carers/${carerId}/holidays`, { reason_id: reasons.find((reason) => reason.code === 'AL')!.id, ...values });
  if (made.statusCode === 422) return null;
  assert.equal(made.statusCode, 201, made.body);
  const id = made.json().data.holiday.id as number;
  assert.equal((await manager.post(`/api/v1/carers/${carerId}/holidays/${id}/approve`, { note: '' })).statusCode, 200);
  return id;
}

const listOf = async (client: TestClient, query = '') => {
  const answer = await client.get(`/api/v1/visits/needs-attention?page_size=100${query}`);
  assert.equal(answer.statusCode, 200, answer.body);
  return answer.json().data.data as NeedsAttentionRow[];
};

/** Visits flagged by the first test, for the next. */
const flagged: { visit: VisitRow; carerId: number }[] = [];

test('issue 27: approved leave takes the carer off and flags each visit, naming the carer and the leave; a half day’s visits are warned', async () => {
  const camden = await branchIdOf(t.database.db, 'CAM');
  const rota = (await office.get(`/api/v1/visits?from=${TOMORROW}&to=${addDays(TOMORROW, 1)}&status=assigned&branch_id=${camden}&page_size=100`)).json().data.data as VisitRow[];
  const carer = rota.find((visit) => visit.carers_needed === 1)!.carers[0]!;
  const before = await visitsOfCarer(office, carer.carer_id, TOMORROW, addDays(TOMORROW, 1));
  assert.ok(before.length > 0);
  assert.ok(await approvedLeave(carer.carer_id, { from_date: TOMORROW, to_date: addDays(TOMORROW, 1) }));
  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);

  const rows = await listOf(office, `&to=${addDays(TOMORROW, 1)}`);
  for (const visit of before) {
    const row = rows.find((item) => item.visit_id === visit.id);
    assert.ok(row, `visit ${visit.id} needs attention`);
    assert.equal(row.kind, 'taken-off');
    // A visit flagged already (a double-up left without its second carer when generated) keeps that reason first.
    assert.ok(row.reason.endsWith(`${carer.name} taken off: on approved leave 26–27 Nov 2026`), row.reason);
    assert.ok(!row.carer_names.includes(carer.name));
  }
  // Soonest first, and the visit's own answer carries the flag (the timeline marks its bar from it).
  assert.deepEqual(rows.map((row) => `${row.date} ${row.start_time}`), [...rows.map((row) => `${row.date} ${row.start_time}`)].sort());
  const visit = (await office.get(`/api/v1/visits/${before[0]!.id}`)).json().data as VisitRow;
  assert.ok(visit.attention?.reason.endsWith(`${carer.name} taken off: on approved leave 26–27 Nov 2026`), visit.attention?.reason);
  flagged.push(...before.filter((row) => row.carers_needed === 1).map((row) => ({ visit: row, carerId: carer.carer_id })));
  const count = (await office.get('/api/v1/visits/needs-attention/count')).json().data as NeedsAttentionCount;
  assert.ok(count.count >= before.length);

  // A half day (the first of a leave): the visits stay with the carer, warned.
  const monday = '2026-11-30';
  const mondays = (await office.get(`/api/v1/visits?from=${monday}&to=${monday}&status=assigned&branch_id=${camden}&page_size=100`)).json().data.data as VisitRow[];
  let halfDay: { id: number; name: string } | null = null;
  for (const onRota of new Set(mondays.flatMap((row) => row.carers.map((item) => `${item.carer_id}|${item.name}`)))) {
    const [id, name] = onRota.split('|');
    if (Number(id) === carer.carer_id) continue;
    if (await approvedLeave(Number(id), { from_date: monday, to_date: monday, half_day_start: true })) {
      halfDay = { id: Number(id), name: name! };
      break;
    }
  }
  assert.ok(halfDay, 'someone works on Monday');
  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  const kept = await visitsOfCarer(office, halfDay.id, monday, monday);
  assert.ok(kept.length > 0, 'their Monday visits stay theirs');
  const warned = (await listOf(office, `&from=${monday}&to=${monday}&kind=warning`)).filter((row) => kept.some((visit) => visit.id === row.visit_id));
  assert.equal(warned.length, kept.length);
  assert.ok(warned.every((row) => row.reason === `${halfDay!.name} is on approved leave for half of 30 Nov 2026: check this visit is within the hours they work.`));
});

test('assigning a carer through the rules clears the flag; a dismissal needs a reason and is logged and audited', async () => {
  assert.ok(flagged.length >= 1, 'flagged visits from the first test');
  const { visit, carerId } = flagged[0]!;
  const camden = await branchIdOf(t.database.db, 'CAM');
  const carers = ((await office.get(`/api/v1/carers/rota?branch_id=${camden}`)).json().data as { id: number; status: string }[]).filter((row) => row.status === 'active' && row.id !== carerId);
  // The first carer the rules allow (free then): the same check as the drag's preview.
  let allowed: number | null = null;
  for (const candidate of carers) {
    const findings = (await office.post(`/api/v1/visits/${visit.id}/check`, { carer_id: candidate.id })).json().data as { severity: string }[];
    if (!findings.some((finding) => finding.severity === 'hard')) {
      allowed = candidate.id;
      break;
    }
  }
  assert.ok(allowed, 'a carer free then');
  const current = (await office.get(`/api/v1/visits/${visit.id}`)).json().data as VisitRow;
  const assigned = await office.post(`/api/v1/visits/${visit.id}/assign`, { carer_id: allowed, version: current.version });
  assert.equal(assigned.statusCode, 200, assigned.body);
  assert.equal(((await office.get(`/api/v1/visits/${visit.id}`)).json().data as VisitRow).attention, null);
  assert.ok(!(await listOf(office)).some((row) => row.visit_id === visit.id), 'no longer needing attention');

  // Dismissing: a reason is needed (422 on the field), then it goes, logged and audited; not twice.
  const other = flagged[1] ?? null;
  const target = other?.visit.id ?? (await listOf(office))[0]!.visit_id;
  const reasonBefore = (await listOf(office)).find((row) => row.visit_id === target)!.reason;
  const empty = await office.post(`/api/v1/visits/${target}/attention/dismiss`, { reason: '  ' });
  assert.equal(empty.statusCode, 422);
  assert.match(empty.json().errors.reason[0], /Say why/);
  const finance = await loginAs(t.app, 'finance');
  assert.equal((await finance.post(`/api/v1/visits/${target}/attention/dismiss`, { reason: 'Not mine' })).statusCode, 403);
  const dismissed = await office.post(`/api/v1/visits/${target}/attention/dismiss`, { reason: 'Covered by the family this week' });
  assert.equal(dismissed.statusCode, 200, dismissed.body);
  assert.ok(!(await listOf(office)).some((row) => row.visit_id === target));
  const logs = (await office.get(`/api/v1/visits/${target}/logs`)).json().data as VisitLogRow[];
  const log = logs.find((row) => row.action === 'attention-dismissed')!;
  assert.equal(log.reason, 'Covered by the family this week');
  assert.equal(log.summary, `No longer needs attention: ${reasonBefore}`);
  const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'visits'), eq(auditLog.record_id, target)));
  assert.ok(audited.some((entry) => (entry.after as { action?: string } | null)?.action === 'attention-dismissed'));
  assert.equal((await office.post(`/api/v1/visits/${target}/attention/dismiss`, { reason: 'Again' })).statusCode, 409);
});

test('the list and its count refuse a user without the visits’ permissions and show only the user’s branches', async () => {
  const finance = await loginAs(t.app, 'finance');
  assert.equal((await finance.get('/api/v1/visits/needs-attention')).statusCode, 403);
  assert.equal((await finance.get('/api/v1/visits/needs-attention/count')).statusCode, 403);

  // A Leeds visit from today on, flagged: the manager (every branch) sees it, the Camden office does not.
  const leeds = await branchIdOf(t.database.db, 'LDS-SL');
  const [leedsVisit] = (await manager.get(`/api/v1/visits?from=${TOMORROW}&to=${addDays(TOMORROW, 3)}&branch_id=${leeds}&page_size=1`)).json().data.data as VisitRow[];
  assert.ok(leedsVisit);
  await flagVisits(t.database.db, [{ visit_id: leedsVisit.id, kind: 'warning', reason: 'A Leeds warning' }], null);
  assert.ok((await listOf(manager)).some((row) => row.visit_id === leedsVisit.id));
  assert.ok(!(await listOf(office)).some((row) => row.visit_id === leedsVisit.id));
  assert.deepEqual(await listOf(office, `&branch_id=${leeds}`), [], 'another branch asked for: nothing');
  const countOf = async (client: TestClient, query = '') => ((await client.get(`/api/v1/visits/needs-attention/count${query}`)).json().data as NeedsAttentionCount).count;
  assert.equal(await countOf(manager, `?branch_id=${leeds}`), (await listOf(manager, `&branch_id=${leeds}`)).length);
  assert.equal(await countOf(office, `?branch_id=${leeds}`), 0);
  assert.equal(await countOf(office), (await listOf(office)).length);
  assert.equal((await office.get('/api/v1/visits/needs-attention?from=soon')).statusCode, 422);

  // From today on: a flag on a past visit is not listed.
  const [past] = (await manager.get(`/api/v1/visits?from=2026-11-20&to=2026-11-20&branch_id=${leeds}&page_size=1`)).json().data.data as VisitRow[];
  await flagVisits(t.database.db, [{ visit_id: past!.id, kind: 'warning', reason: 'Long ago' }], null);
  assert.ok(!(await listOf(manager)).some((row) => row.visit_id === past!.id));
  await t.database.db.delete(visitAttention).where(eq(visitAttention.visit_id, past!.id));
});
