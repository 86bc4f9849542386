import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { auditLog } from '@hcm/server/schema';
import type { AreaModule } from '@hcm/server/platform';
import { AREA_MODULES, branchIdOf, createTestApp, loginAs, type TestApp, type TestClient, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import type { AutoAssignAnswer, AutoAssignApplied, AutoAssignConflict } from '../../contract/autoassign.js';
import type { BranchTravelSettings } from '../../contract/postcodes.js';
import { checkAssignment } from '../rules/check.js';
import { plainSources } from '../rules/testing.js';
import { apiSources } from '../sources/api-sources.js';
import { autoAssignRoutes } from './routes.js';
import { travelRoutes } from '../travel/routes.js';
import { visitRoutes } from '../visits/routes.js';
import { visitCarers, visitLogs, visits } from '../tables.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// Auto-assign and the travel settings over the composed app and the demo agency: a proposal for a Camden week
// (nothing saved), every assignment it makes passing the assignment rules' hard ones once applied, the visits'
// logs and versions, 422s; the branches' travel settings read and saved. The other areas' facts are made plain
// (everyone available and trained: the demo's rota is staffed through the rules, so its few trained carers are busy)
// for auto-assign and for the independent check alike, so the week has visits for it to fill.

const plain = (app: Parameters<typeof apiSources>[0], request: FastifyRequest) => plainSources(apiSources(app, request));
const modules: AreaModule[] = AREA_MODULES.map((module) =>
  module.name === 'scheduler'
    ? {
        ...module,
        async routes(app, context) {
          await app.register(async (scope) => visitRoutes(scope, context));
          await app.register(async (scope) => autoAssignRoutes(scope, context, { sourcesFor: plain }));
          await app.register(async (scope) => travelRoutes(scope, context));
        },
      }
    : module,
);

type Envelope<T> = { status: boolean; message: string; data: T; errors: Record<string, string[]> | null };
const body = <T>(response: { json(): unknown }) => response.json() as Envelope<T>;
const requestOf = (client: TestClient) => ({ headers: { cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } }) as unknown as FastifyRequest;
const MONDAY = '2026-11-30';
const NEXT = '2026-12-07';

describe('auto-assign', () => {
  let t: TestApp;
  let office: TestClient;
  let manager: TestClient;
  let camden: number;
  let leeds: number;

  before(async () => {
    t = await createTestApp({ modules });
    camden = await branchIdOf(t.database.db, 'CAM');
    leeds = await branchIdOf(t.database.db, 'LDS-SL');
    office = await loginAs(t.app, 'office');
    manager = await loginAs(t.app, 'manager');
  });
  after(() => t.close());

  it('refuses a bad request field by field, and a branch not the planner’s', async () => {
    const bad = await office.post('/api/v1/scheduler/auto-assign', { branch_id: '', week_start: '2026-12-01', apply: 'yes' });
    assert.equal(bad.statusCode, 422);
    const errors = body(bad).errors!;
    assert.deepEqual(Object.keys(errors).sort(), ['apply', 'branch_id', 'week_start']);
    assert.match(errors.week_start![0]!, /Monday/);
    const elsewhere = await office.post('/api/v1/scheduler/auto-assign', { branch_id: leeds, week_start: MONDAY });
    assert.equal(elsewhere.statusCode, 422, 'the office user works in Camden only');
  });

  it('proposes without saving, then applies: every assignment keeps the hard rules', async () => {
    const db = t.database.db;
    const weekVisits = () =>
      db
        .select({ id: visits.id, version: visits.version, needed: visits.carers_needed })
        .from(visits)
        .where(and(eq(visits.branch_id, camden), gte(visits.visit_date, MONDAY), lt(visits.visit_date, '2026-12-07')));
    const beforeRows = await weekVisits();
    const beforeCarers = beforeRows.length ? await db.select().from(visitCarers).where(inArray(visitCarers.visit_id, beforeRows.map((row) => row.id))) : [];

    const proposed = await office.post('/api/v1/scheduler/auto-assign', { branch_id: camden, week_start: MONDAY });
    assert.equal(proposed.statusCode, 200, proposed.body);
    const proposal = body<AutoAssignAnswer>(proposed).data;
    assert.equal(proposal.applied, false);
    assert.equal(proposal.hard_breaks, 0);
    assert.equal(proposal.week_end, '2026-12-06');
    assert.ok(proposal.assignments.length > 0, 'the demo leaves some visits for the rota');
    assert.equal(proposal.metrics.assigned, proposal.assignments.length);
    assert.equal(typeof proposal.baseline.travel_minutes, 'number');
    for (const left of proposal.unassigned) assert.match(left.reason, /^No (carer|second carer|two carers) for /);
    const stillCarers = await db.select().from(visitCarers).where(inArray(visitCarers.visit_id, beforeRows.map((row) => row.id)));
    assert.equal(stillCarers.length, beforeCarers.length, 'a proposal saves nothing');

    const applied = await office.post('/api/v1/scheduler/auto-assign', { branch_id: camden, week_start: MONDAY, apply: true, proposal: proposal.proposal });
    assert.equal(applied.statusCode, 200, applied.body);
    const answer = body<AutoAssignApplied>(applied).data;
    assert.equal(answer.applied, true);
    const ids = [...new Set(answer.assignments.map((item) => item.visit_id))];
    const rows = await db.select().from(visits).where(inArray(visits.id, ids));
    const versions = new Map(beforeRows.map((row) => [row.id, row.version]));
    for (const row of rows) assert.equal(row.version, versions.get(row.id)! + 1, 'each visit’s version bumped once');
    const logs = await db.select().from(visitLogs).where(and(inArray(visitLogs.visit_id, ids), eq(visitLogs.action, 'auto-assigned')));
    assert.equal(logs.length, ids.length);
    assert.match(logs[0]!.summary, /^Auto-assign put .+ on the visit\.$/);
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.resource, 'visits'), inArray(auditLog.record_id, ids)));
    assert.ok(audits.length >= ids.length);

    // The assignment rules, checked independently on the saved week: no hard finding for anything auto-assign did.
    const sources = plain(t.app, requestOf(office));
    const saved = await db.select().from(visitCarers).where(inArray(visitCarers.visit_id, ids));
    for (const item of answer.assignments.slice(0, 25)) {
      const row = rows.find((visit) => visit.id === item.visit_id)!;
      const others = saved.filter((carer) => carer.visit_id === row.id && carer.carer_id !== item.carer_id).map((carer) => carer.carer_id);
      const findings = await checkAssignment(
        db,
        sources,
        { id: row.id, branch_id: row.branch_id, client_id: row.client_id, date: row.visit_date, planned_start: row.planned_start.toISOString(), planned_end: row.planned_end.toISOString(), carers_needed: row.carers_needed as 1 | 2, requires_medication: row.requires_medication, carer_ids: others },
        item.carer_id,
      );
      assert.deepEqual(findings.filter((finding) => finding.severity === 'hard'), [], `${item.carer_name} on visit ${row.id}`);
    }

    const again = body<AutoAssignAnswer>(await office.post('/api/v1/scheduler/auto-assign', { branch_id: camden, week_start: MONDAY })).data;
    assert.ok(again.assignments.length < answer.assignments.length || answer.assignments.length === 0, 'what was filled stays filled');
  });

  it('issue 29: a change between preview and apply is a 409 naming it, and nothing is saved', async () => {
    const db = t.database.db;
    const response = await office.post('/api/v1/scheduler/auto-assign', { branch_id: camden, week_start: NEXT });
    assert.equal(response.statusCode, 200, response.body);
    const preview = body<AutoAssignAnswer>(response).data;
    assert.ok(preview.proposal.assignments.length > 1, 'the demo leaves visits for the rota that week');
    // Someone cancels one of the proposal's visits in between.
    const target = preview.proposal.assignments[0]!.visit_id;
    const [visit] = await db.select().from(visits).where(eq(visits.id, target));
    const cancelled = await manager.post(`/api/v1/visits/${target}/cancel`, { version: visit!.version, reason: 'client-hospital' });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const ids = [...new Set(preview.proposal.assignments.map((item) => item.visit_id))];
    const before = await db.select().from(visitCarers).where(inArray(visitCarers.visit_id, ids));

    const applied = await office.post('/api/v1/scheduler/auto-assign', { branch_id: camden, week_start: NEXT, apply: true, proposal: preview.proposal });
    assert.equal(applied.statusCode, 409, applied.body);
    const conflict = body<AutoAssignConflict>(applied);
    const client = preview.assignments.find((item) => item.visit_id === target)!.client_name;
    assert.ok(
      conflict.data.changes.some((line) => line.startsWith(`${client}’s visit, `) && line.includes('Cancelled: Client in hospital, by ')),
      conflict.data.changes.join(' | '),
    );
    assert.match(conflict.message, /nothing was saved/);
    const after = await db.select().from(visitCarers).where(inArray(visitCarers.visit_id, ids));
    assert.equal(after.length, before.length, 'nothing saved');
  });

  it('issue 29: the same week previewed twice gives the same proposal; Apply saves exactly it and nothing else', async () => {
    const db = t.database.db;
    const preview = async () => {
      const response = await office.post('/api/v1/scheduler/auto-assign', { branch_id: camden, week_start: NEXT });
      assert.equal(response.statusCode, 200, response.body);
      return body<AutoAssignAnswer>(response).data;
    };
    const first = await preview();
    const second = await preview();
    assert.ok(first.proposal.assignments.length > 0, 'the demo leaves visits for the rota next week too');
    assert.deepEqual(second.proposal, first.proposal, 'deterministic: same rota, same proposal and fingerprint');
    assert.deepEqual(second.unassigned, first.unassigned);
    assert.match(first.proposal.fingerprint, /^[0-9a-f]{64}$/);
    assert.equal(first.metrics.assigned, first.proposal.assignments.length);
    // The preview reports lateness and the Working Time Regulations (warn by default), as counted by the checker.
    assert.deepEqual(Object.keys(first.wtr).sort(), ['break_breaches', 'carers', 'enforcement', 'rest_breaches', 'shortest_rest_minutes', 'weekly_breaches']);
    assert.equal(first.wtr.enforcement, 'warn');
    assert.deepEqual({ visits: first.late.visits, enforcement: first.late.enforcement }, { visits: 0, enforcement: 'refuse' });

    // Apply without the proposal: 422, nothing run.
    const bare = await office.post('/api/v1/scheduler/auto-assign', { branch_id: camden, week_start: NEXT, apply: true });
    assert.equal(bare.statusCode, 422);
    assert.match(body(bare).errors!.proposal![0]!, /Preview the proposal first/);

    const ids = [...new Set(first.proposal.assignments.map((item) => item.visit_id))];
    const before = await db.select().from(visitCarers).where(inArray(visitCarers.visit_id, ids));
    const applied = await office.post('/api/v1/scheduler/auto-assign', { branch_id: camden, week_start: NEXT, apply: true, proposal: first.proposal });
    assert.equal(applied.statusCode, 200, applied.body);
    const after = await db.select().from(visitCarers).where(inArray(visitCarers.visit_id, ids));
    const key = (row: { visit_id: number; carer_id: number }) => `${row.visit_id}:${row.carer_id}`;
    const added = after.filter((row) => !before.some((old) => key(old) === key(row))).map(key).sort();
    assert.deepEqual(added, first.proposal.assignments.map(key).sort(), 'exactly the proposal, no more, no less');
    assert.deepEqual(body<AutoAssignApplied>(applied).data.assignments.map((item) => key(item)).sort(), added);
    // The same proposal again: the rota it came from has moved on (its own write): 409, nothing saved twice.
    const again = await office.post('/api/v1/scheduler/auto-assign', { branch_id: camden, week_start: NEXT, apply: true, proposal: first.proposal });
    assert.equal(again.statusCode, 409, again.body);
    assert.match(body(again).message, /Auto-assign put .+ on the visit, by /);
  });

  it('the branches’ travel settings: agency defaults, a branch’s own values, 422s', async () => {
    const listed = body<BranchTravelSettings[]>(await office.get('/api/v1/scheduler/travel-settings')).data;
    assert.deepEqual(
      listed.map((row) => row.branch_id),
      [camden],
    );
    assert.deepEqual({ speed: listed[0]!.average_speed_kmh, factor: listed[0]!.road_factor_percent, own: listed[0]!.own }, { speed: 30, factor: 130, own: false });
    const bad = await office.put('/api/v1/scheduler/travel-settings', { branch_id: camden, average_speed_kmh: 'fast', road_factor_percent: 50 });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(Object.keys(body(bad).errors!).sort(), ['average_speed_kmh', 'road_factor_percent']);
    assert.equal((await office.put('/api/v1/scheduler/travel-settings', { branch_id: leeds, average_speed_kmh: 20, road_factor_percent: 140 })).statusCode, 422);
    const saved = await office.put('/api/v1/scheduler/travel-settings', { branch_id: camden, average_speed_kmh: '18', road_factor_percent: 140 });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(body<BranchTravelSettings>(saved).data, { branch_id: camden, branch: listed[0]!.branch, average_speed_kmh: 18, road_factor_percent: 140, own: true });
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'scheduler-branch-travel'), eq(auditLog.record_id, camden)));
    assert.ok(audit);
    const all = body<BranchTravelSettings[]>(await manager.get('/api/v1/scheduler/travel-settings')).data;
    assert.ok(all.length >= 3);
    assert.equal(all.find((row) => row.branch_id === leeds)?.own, false);
  });
});
