import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { auditLog, userBranches } from '@hcm/server/schema';
import { AREA_MODULES, branchIdOf, createRole, createTestApp, createUser, loginAs, userIdOf, type TestApp, type TestClient, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import { runTimeValue, type AreaServerContext } from '@hcm/server/platform';
import { BAR_ATTENTION, BAR_CARERS, BAR_DOUBLE_UP, BAR_MEDICATION, gapsOf, readBars, readDays, type AssignmentRefusal, type AssignmentResult, type CarerTimeline, type ClientTimeline, type GlobalSchedule } from '../../contract/timeline.js';
import type { BackofficeRow } from '../../contract/visit-actions.js';
import type { RuleFinding, VisitConflict, VisitLogRow, VisitRow } from '../../contract/visits.js';
import type { PlannedVisit } from '../rules/check.js';
import { carerAvailabilityDaysRead, carersRead, clientsRead } from '../read-models.js';
import { visitAttention, visitCarers, visits as visitsTable } from '../tables.js';
import { BACKOFFICE_COUNTED, visitRoutes } from './routes.js';
import { fewClientsMatching, loadVisitPage } from './service.js';
import { recordInProcessCalls } from '../in-process-calls.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// The visits' API over the composed app (the demo's visits run to mid-December 2026: these tests plan in 2027), with the assignment rules stubbed (a test names the findings a carer
// gets) and a recording chat server (who is online, what was pushed).

type Envelope<T> = { status: boolean; message: string; data: T; errors: Record<string, string[]> | null };
type Page<T> = { data: T[]; total: number; last_page?: number; more?: boolean };
const body = <T>(response: { json(): unknown }) => response.json() as Envelope<T>;

const pushes: { userId: number; channel: string; payload: { area: string; topic: string; data: { branch_id: number; ids: number[]; by_user_id: number | null } } }[] = [];
let online: number[] = [];
const chat: AreaServerContext['chat'] = {
  toUser: (userId, channel, payload) => void pushes.push({ userId, channel, payload: payload as (typeof pushes)[number]['payload'] }),
  disconnectSession: () => {},
  onlineUserIds: async () => online,
  close: async () => {},
};
/** The findings the stubbed rules give each carer (none by default). */
const findingsFor = new Map<number, RuleFinding[]>();
const checked: { visit: PlannedVisit; carerId: number }[] = [];

describe('visits', () => {
  let t: TestApp;
  let office: TestClient;
  let manager: TestClient;
  let leedsPlanner: TestClient;
  let camden: number;
  let leeds: number;
  let officeId: number;
  let leedsPlannerId: number;
  let camdenClient: number;
  let leedsClient: number;
  let carers: { id: number; name: string }[];

  const add = async (who: TestClient, values: Record<string, unknown>) => {
    const response = await who.post('/api/v1/visits', { client_id: camdenClient, date: '2026-11-25', start_time: '08:00', end_time: '08:45', carers_needed: 1, ...values });
    assert.equal(response.statusCode, 201, response.body);
    return body<VisitRow>(response).data;
  };

  before(async () => {
    const modules = AREA_MODULES.map((module) =>
      module.name === 'scheduler' ? { ...module, routes: (app: Parameters<typeof visitRoutes>[0], context: Parameters<typeof visitRoutes>[1]) => visitRoutes(app, { ...context, chat }, { checkAssignment: stubRules }) } : module,
    );
    t = await createTestApp({ modules });
    const db = t.database.db;
    camden = await branchIdOf(db, 'CAM');
    leeds = await branchIdOf(db, 'LDS-SL');
    office = await loginAs(t.app, 'office');
    manager = await loginAs(t.app, 'manager');
    officeId = await userIdOf(db, 'office@homecare.test');
    const planner = await createUser(db, { email: 'leeds@visits.test', roleId: await createRole(db, 'leeds_visits_planner', ['visits.view', 'scheduler.view', 'scheduler.edit', 'visits.edit']) });
    leedsPlannerId = await userIdOf(db, planner.email);
    await db.insert(userBranches).values({ user_id: leedsPlannerId, branch_id: leeds });
    leedsPlanner = await loginAs(t.app, planner);
    const clients = body<{ id: number; branch_id: number; status: string }[]>(await manager.get('/api/v1/clients/rota-profiles?content=0')).data;
    camdenClient = clients.find((client) => client.branch_id === camden && client.status === 'active')!.id;
    leedsClient = clients.find((client) => client.branch_id === leeds && client.status === 'active')!.id;
    carers = body<{ id: number; name: string; status: string }[]>(await office.get(`/api/v1/carers/rota?branch_id=${camden}`)).data.filter((carer) => carer.status === 'active');
    assert.ok(carers.length >= 3);
  });
  after(() => t.close());

  async function stubRules(_db: unknown, _sources: unknown, visit: PlannedVisit, carerId: number): Promise<RuleFinding[]> {
    checked.push({ visit, carerId });
    return findingsFor.get(carerId) ?? [];
  }

  it('adds a visit by hand: unassigned, locked, logged; bad input is 422 by field; another branch’s client is refused', async () => {
    const visit = await add(office, { tasks: [{ key: 'meds', label: 'Morning tablets', kind: 'medication' }] });
    assert.equal(visit.status, 'unassigned');
    assert.equal(visit.source, 'manual');
    assert.equal(visit.branch_id, camden);
    assert.equal(visit.start_time, '08:00');
    assert.equal(visit.end_time, '08:45');
    assert.equal(visit.duration_minutes, 45);
    assert.equal(visit.requires_medication, true);
    assert.equal(visit.planned_start, '2026-11-25T08:00:00.000Z');
    const logs = body<VisitLogRow[]>(await office.get(`/api/v1/visits/${visit.id}/logs`)).data;
    assert.deepEqual(logs.map((log) => log.action), ['created']);
    assert.equal(logs[0]!.user_name, 'Oliver Office');

    const bad = await office.post('/api/v1/visits', { client_id: camdenClient, date: '2026-11-25', start_time: '08:00', end_time: '08:02', carers_needed: 3 });
    assert.equal(bad.statusCode, 422);
    assert.ok(body(bad).errors!.end_time);
    assert.ok(body(bad).errors!.carers_needed);
    const elsewhere = await office.post('/api/v1/visits', { client_id: leedsClient, date: '2026-11-25', start_time: '08:00', end_time: '09:00', carers_needed: 1 });
    assert.equal(elsewhere.statusCode, 422);
    assert.ok(body(elsewhere).errors!.client_id);
  });

  it('lists with filters, and a Leeds-only planner never sees Camden’s visits', async () => {
    const single = await add(office, { date: '2027-03-01' });
    const double = await add(office, { date: '2027-03-02', carers_needed: 2, tasks: [{ key: 'meds', label: 'Tablets', kind: 'medication' }] });
    const leedsVisit = await add(manager, { client_id: leedsClient, date: '2027-03-01' });
    const ids = (query: string, who = office) => who.get(`/api/v1/visits?${query}`).then((response) => body<Page<VisitRow>>(response).data.data.map((row) => row.id));
    assert.deepEqual(await ids('from=2027-03-01&to=2027-03-02'), [single.id, double.id]);
    assert.deepEqual(await ids('from=2027-03-01&to=2027-03-02&carers_needed=2'), [double.id]);
    assert.deepEqual(await ids('from=2027-03-01&to=2027-03-02&medication=1'), [double.id]);
    assert.deepEqual(await ids('from=2027-03-01&to=2027-03-02&unassigned=1&status=unassigned'), [single.id, double.id]);
    assert.deepEqual(await ids('from=2027-03-01&to=2027-03-02&sort=date&mode=desc'), [double.id, single.id]);
    const page = body<Page<VisitRow>>(await office.get('/api/v1/visits?from=2027-03-01&to=2027-03-02&page_size=1')).data;
    assert.equal(page.total, 2);
    assert.equal(page.data.length, 1);
    assert.equal((await office.get('/api/v1/visits?from=yesterday')).statusCode, 422);
    // Leeds sees Leeds only; Camden's visit is not theirs to open.
    assert.deepEqual(await ids('from=2027-03-01&to=2027-03-02', leedsPlanner), [leedsVisit.id]);
    assert.equal((await leedsPlanner.get(`/api/v1/visits/${single.id}`)).statusCode, 404);
    assert.deepEqual(await ids('from=2027-03-01&to=2027-03-02&branch_id=' + leeds), []);
  });

  it('a list of several branches pages their visits in planned order, ties by id, either way, across days; by status; or by branch', async () => {
    const made: VisitRow[] = [];
    for (const [who, client_id, date, start_time, end_time] of [
      [office, camdenClient, '2027-06-08', '09:00', '09:30'],
      [leedsPlanner, leedsClient, '2027-06-08', '08:00', '08:30'],
      [leedsPlanner, leedsClient, '2027-06-08', '09:00', '09:45'],
      [office, camdenClient, '2027-06-08', '07:00', '07:30'],
      [leedsPlanner, leedsClient, '2027-06-08', '23:30', '23:50'],
      [office, camdenClient, '2027-06-09', '00:10', '00:40'],
      [office, camdenClient, '2027-06-08', '10:30', '11:00'],
    ] as const) {
      made.push(await add(who, { client_id, date, start_time, end_time }));
    }
    const inOrder = (direction: 1 | -1, of = made) => [...of].sort((a, b) => direction * a.planned_start.localeCompare(b.planned_start) || a.id - b.id).map((visit) => visit.id);
    // The manager sees every branch (one walk of the period); a planner of both branches, or one branch asked for,
    // has each branch's visits read in order and merged.
    const bothPlanner = await createUser(t.database.db, { email: 'both@visits.test', roleId: await createRole(t.database.db, 'both_branches_planner', ['visits.view', 'scheduler.view']) });
    const bothPlannerId = await userIdOf(t.database.db, bothPlanner.email);
    await t.database.db.insert(userBranches).values([camden, leeds].map((branch_id) => ({ user_id: bothPlannerId, branch_id })));
    const both = await loginAs(t.app, bothPlanner);
    for (const [who, asked, of] of [
      [manager, '', made],
      [both, '', made],
      [both, `&branch_id=${leeds}`, made.filter((visit) => visit.branch_id === leeds)],
    ] as const) {
      for (const [mode, direction] of [['asc', 1], ['desc', -1]] as const) {
        const pages = [];
        for (const page of [1, 2, 3, 4]) pages.push(body<Page<VisitRow>>(await who.get(`/api/v1/visits?from=2027-06-08&to=2027-06-09&page=${page}&page_size=2&mode=${mode}${asked}`)).data);
        assert.deepEqual(pages.flatMap((page) => page.data.map((row) => row.id)), inOrder(direction, of), `${mode}${asked}`);
        assert.deepEqual(pages.map((page) => page.total), [of.length, of.length, of.length, of.length]);
      }
    }
    // Sorted by status, then planned start (ties by id): each branch's visits of each status merged, either way.
    const camdenMade = made.filter((visit) => visit.branch_id === camden);
    const leedsMade = made.filter((visit) => visit.branch_id === leeds);
    const statusOf = new Map(made.map((visit) => [visit.id, visit.status]));
    for (const visit of camdenMade.slice(0, 2)) {
      const response = await office.post(`/api/v1/visits/${visit.id}/assign`, { carer_id: carers[0]!.id, version: visit.version });
      statusOf.set(visit.id, body<AssignmentResult>(response).data.visit.status);
    }
    const leedsCancelled = await leedsPlanner.post(`/api/v1/visits/${leedsMade[1]!.id}/cancel`, { version: leedsMade[1]!.version, reason: 'client-hospital', chargeable: false });
    statusOf.set(leedsMade[1]!.id, body<AssignmentResult>(leedsCancelled).data.visit.status);
    assert.deepEqual([...new Set(statusOf.values())].sort(), ['assigned', 'cancelled', 'unassigned']);
    const byStatus = (direction: 1 | -1, of: readonly VisitRow[]) =>
      [...of].sort((a, b) => direction * statusOf.get(a.id)!.localeCompare(statusOf.get(b.id)!) || a.planned_start.localeCompare(b.planned_start) || a.id - b.id).map((visit) => visit.id);
    for (const [who, asked, of] of [
      [manager, '', made],
      [both, '', made],
      [both, `&branch_id=${leeds}`, leedsMade],
    ] as const) {
      for (const [mode, direction] of [['asc', 1], ['desc', -1]] as const) {
        const pages = [];
        for (const page of [1, 2, 3, 4]) pages.push(body<Page<VisitRow>>(await who.get(`/api/v1/visits?from=2027-06-08&to=2027-06-09&sort=status&page=${page}&page_size=2&mode=${mode}${asked}`)).data);
        assert.deepEqual(pages.flatMap((page) => page.data.map((row) => row.id)), byStatus(direction, of), `status ${mode}${asked}`);
        assert.deepEqual(pages.flatMap((page) => page.data.map((row) => row.status)), byStatus(direction, of).map((id) => statusOf.get(id)));
      }
    }
    // Sorted by branch, then planned start: each branch's visits together.
    const byBranch = body<Page<VisitRow>>(await manager.get('/api/v1/visits?from=2027-06-08&to=2027-06-09&sort=branch&page_size=10')).data.data;
    const branchOrder = [...made].sort((a, b) => a.branch_id - b.branch_id || a.planned_start.localeCompare(b.planned_start) || a.id - b.id).map((visit) => visit.id);
    assert.deepEqual(byBranch.map((row) => row.id), branchOrder);
  });

  it('issue 29: the list pages in planned order (ties by id), counts exactly, names from one read, searches in SQL; its edges of the day are kept', async () => {
    // Two days of a far week: the first day's first minutes and the second day's last, and three visits at the same time.
    const made: VisitRow[] = [];
    for (const [date, start, end] of [
      ['2027-05-04', '00:05', '00:35'],
      ['2027-05-04', '09:00', '09:30'],
      ['2027-05-04', '09:00', '09:45'],
      ['2027-05-04', '09:00', '10:00'],
      ['2027-05-04', '07:30', '08:00'],
      ['2027-05-05', '23:20', '23:55'],
      ['2027-05-05', '12:00', '12:30'],
    ] as const) {
      made.push(await add(office, { date, start_time: start, end_time: end }));
    }
    // A visit of the day before and the day after is not in the period, however close.
    await add(office, { date: '2027-05-03', start_time: '23:50', end_time: '23:59' });
    await add(office, { date: '2027-05-06', start_time: '00:01', end_time: '00:30' });
    const order = [...made].sort((a, b) => a.planned_start.localeCompare(b.planned_start) || a.id - b.id).map((visit) => visit.id);
    const pageOf = async (page: number, extra = '') => body<Page<VisitRow>>(await office.get(`/api/v1/visits?from=2027-05-04&to=2027-05-05&page=${page}&page_size=3${extra}`)).data;
    // A page asks no other area: its names are one read of the published read models (count the in-process calls).
    const { asked, stop } = recordInProcessCalls(t);
    let pages: Page<VisitRow>[];
    try {
      pages = [await pageOf(1), await pageOf(2), await pageOf(3)];
      assert.deepEqual(asked.filter((url) => !url.startsWith('/api/v1/visits?')), []);
      // (A visit's own page still names its client through care-records' API: the count sees such calls.)
      await office.get(`/api/v1/visits/${made[0]!.id}`);
      assert.ok(asked.some((url) => url.includes('/clients/rota-profiles')), asked.join(' '));
    } finally {
      stop();
    }
    assert.deepEqual(pages.flatMap((page) => page.data.map((row) => row.id)), order);
    assert.deepEqual(pages.map((page) => [page.total, page.last_page, page.data.length]), [[7, 3, 3], [7, 3, 3], [7, 3, 1]]);
    assert.deepEqual((await pageOf(4)).data, []);
    const backwards = [await pageOf(1, '&mode=desc'), await pageOf(2, '&mode=desc'), await pageOf(3, '&mode=desc')];
    assert.deepEqual(backwards.flatMap((page) => page.data.map((row) => row.id)), [...made].sort((a, b) => b.planned_start.localeCompare(a.planned_start) || a.id - b.id).map((visit) => visit.id));
    // Every row named (clients and carers from the read models, the branch): as /visits/:id names it.
    const first = pages[0]!.data[0]!;
    const alone = body<VisitRow>(await office.get(`/api/v1/visits/${first.id}`)).data;
    assert.deepEqual({ ...first, attention: first.attention ?? null }, { ...alone, attention: alone.attention ?? null });
    // A search by the client's name or postcode, case aside, in SQL.
    const [surname] = first.client_name.split(' ').slice(-1);
    // Its matches are found once, then paged in planned order and counted.
    const searched = body<Page<VisitRow>>(await office.get(`/api/v1/visits?from=2027-05-04&to=2027-05-05&q=${encodeURIComponent(surname!.toUpperCase())}&page_size=3&page=2`)).data;
    assert.deepEqual([searched.total, searched.data.map((row) => row.id)], [7, order.slice(3, 6)]);
    assert.equal(body<Page<VisitRow>>(await office.get('/api/v1/visits?from=2027-05-04&to=2027-05-05&q=nobody%25by%5Fthat')).data.total, 0);
    // By a carer's name: the visits they are on (one here), and by a visit's number, that visit.
    const [carer] = await t.database.db.select().from(carersRead).where(and(eq(carersRead.branch_id, first.branch_id), sql`${carersRead.deleted_at} is null`)).limit(1);
    await t.database.db.insert(visitCarers).values({ visit_id: made[4]!.id, carer_id: carer!.id, position: 1 });
    const byCarer = body<Page<VisitRow>>(await office.get(`/api/v1/visits?from=2027-05-04&to=2027-05-05&q=${encodeURIComponent(`${carer!.first_name} ${carer!.last_name}`)}`)).data;
    assert.deepEqual([byCarer.total, byCarer.data.map((row) => row.id)], [1, [made[4]!.id]]);
    const byNumber = body<Page<VisitRow>>(await office.get(`/api/v1/visits?from=2027-05-04&to=2027-05-05&q=${made[2]!.id}`)).data;
    assert.ok(byNumber.data.some((row) => row.id === made[2]!.id));
    // Who a search finds is asked first: a few clients and no carer, and their visits are read from the clients' index
    // (the surname above); a carer, or one client more than that, and the search walks the period (the carer above).
    const like = (text: string) => runTimeValue(`%${text.toLowerCase()}%`);
    const named = (
      await t.database.db
        .select({ id: clientsRead.id })
        .from(clientsRead)
        .where(sql`${clientsRead.deleted_at} is null and (lower(${clientsRead.first_name} || ' ' || ${clientsRead.last_name}) like ${like(surname!)} or lower(${clientsRead.postcode}) like ${like(surname!)})`)
    ).map((row) => row.id);
    assert.ok(named.length > 0);
    assert.deepEqual((await fewClientsMatching(t.database.db, 'all', like(surname!), named.length))?.sort((a, b) => a - b), named.sort((a, b) => a - b));
    assert.equal(await fewClientsMatching(t.database.db, 'all', like(surname!), named.length - 1), null, 'one client too many');
    assert.equal(await fewClientsMatching(t.database.db, 'all', like(carer!.last_name), 100), null, 'a carer found');
    assert.deepEqual(await fewClientsMatching(t.database.db, [first.branch_id], like('nobody by that name'), 100), []);
    // The list counts up to VISITS_COUNTED (a manager's week at a large agency is 56,000 visits): below it exactly, with no
    // more; at a smaller ceiling, as the list would answer beyond 10,000 (the demo has fewer visits), the ceiling and more.
    assert.equal((await pageOf(1)).more, false);
    const period = and(sql`${visitsTable.visit_date} between '2027-05-04' and '2027-05-05'`, sql`${visitsTable.branch_id} = ${first.branch_id}`);
    const counted = async (countUpTo: number) => {
      const { total, more, stored } = await loadVisitPage(t.database.db, 'all', period, { order: [sql`${visitsTable.planned_start}`, sql`${visitsTable.id}`], limit: 3, offset: 0, countUpTo });
      return [total, more, stored.length];
    };
    assert.deepEqual(await counted(10_000), [7, false, 3]);
    assert.deepEqual(await counted(7), [7, false, 3]);
    assert.deepEqual(await counted(5), [5, true, 3]);
    // The history counts exactly below its cap, and says there is no more.
    const history = body<Page<VisitLogRow> & { more: boolean }>(await office.get(`/api/v1/visits/logs?visit_id=${first.id}`)).data;
    assert.deepEqual([history.total, history.more], [1, false]);
  });

  it('a hard finding refuses an assignment with its reason; a soft one is a warning kept in the log', async () => {
    const visit = await add(office, { date: '2026-12-03' });
    const [refused, warned] = carers;
    findingsFor.set(refused!.id, [{ rule: 'compliance', severity: 'hard', carer_id: refused!.id, message: 'The DBS check has lapsed.' }]);
    findingsFor.set(warned!.id, [{ rule: 'continuity', severity: 'soft', carer_id: warned!.id, message: 'New to this client.' }]);
    const no = await office.post(`/api/v1/visits/${visit.id}/assign`, { carer_id: refused!.id, version: visit.version });
    assert.equal(no.statusCode, 422);
    assert.deepEqual(body(no).errors!.carer_id, ['The DBS check has lapsed.']);
    assert.equal(body<AssignmentRefusal>(no).data.findings[0]!.rule, 'compliance');
    assert.equal(body<VisitRow>(await office.get(`/api/v1/visits/${visit.id}`)).data.version, visit.version, 'nothing saved');

    const yes = await office.post(`/api/v1/visits/${visit.id}/assign`, { carer_id: warned!.id, version: visit.version });
    assert.equal(yes.statusCode, 200, yes.body);
    const result = body<AssignmentResult>(yes).data;
    assert.equal(result.visit.status, 'assigned');
    assert.deepEqual(result.visit.carers.map((carer) => carer.carer_id), [warned!.id]);
    assert.equal(result.warnings[0]!.message, 'New to this client.');
    const [log] = body<VisitLogRow[]>(await office.get(`/api/v1/visits/${visit.id}/logs`)).data;
    assert.equal(log!.action, 'assigned');
    assert.equal(log!.warnings[0]!.rule, 'continuity');
    assert.deepEqual(log!.after!.carer_ids, [warned!.id]);
    findingsFor.clear();
  });

  it('a double-up is assigned only with its second carer, and unassigned again when one comes off', async () => {
    let visit = await add(office, { date: '2026-12-04', carers_needed: 2 });
    const [first, second] = carers;
    let response = await office.post(`/api/v1/visits/${visit.id}/assign`, { carer_id: first!.id, version: visit.version });
    visit = body<AssignmentResult>(response).data.visit;
    assert.equal(visit.status, 'unassigned');
    assert.equal(visit.carers.length, 1);
    response = await office.post(`/api/v1/visits/${visit.id}/assign`, { carer_id: second!.id, version: visit.version });
    visit = body<AssignmentResult>(response).data.visit;
    assert.equal(visit.status, 'assigned');
    assert.deepEqual(visit.carers.map((carer) => [carer.carer_id, carer.position]), [[first!.id, 1], [second!.id, 2]]);
    // The rules saw the first carer already on the visit when checking the second.
    assert.deepEqual(checked.at(-1)!.visit.carer_ids, [first!.id]);
    const same = await office.post(`/api/v1/visits/${visit.id}/assign`, { carer_id: first!.id, version: visit.version });
    assert.equal(same.statusCode, 422);
    response = await office.post(`/api/v1/visits/${visit.id}/unassign`, { carer_id: first!.id, version: visit.version });
    visit = body<AssignmentResult>(response).data.visit;
    assert.equal(visit.status, 'unassigned');
    assert.deepEqual(visit.carers.map((carer) => [carer.carer_id, carer.position]), [[second!.id, 1]]);
  });

  it('a write with a stale version is a 409 naming what changed, with the visit as it is now', async () => {
    const visit = await add(office, { date: '2026-12-05' });
    const assigned = await office.post(`/api/v1/visits/${visit.id}/assign`, { carer_id: carers[0]!.id, version: visit.version });
    assert.equal(assigned.statusCode, 200);
    const stale = await manager.put(`/api/v1/visits/${visit.id}`, { client_id: camdenClient, date: '2026-12-05', start_time: '09:00', end_time: '09:30', carers_needed: 1, version: visit.version });
    assert.equal(stale.statusCode, 409, stale.body);
    const conflict = body<VisitConflict>(stale).data;
    assert.deepEqual(conflict.changed, ['carer_ids', 'status']);
    assert.equal(conflict.current.version, visit.version + 1);
    assert.match(body(stale).message, /carer_ids/);
    // With the current version the edit goes through and locks the visit.
    const fresh = await manager.put(`/api/v1/visits/${visit.id}`, { client_id: camdenClient, date: '2026-12-05', start_time: '09:00', end_time: '09:30', carers_needed: 1, version: conflict.current.version });
    assert.equal(fresh.statusCode, 200, fresh.body);
    const saved = body<AssignmentResult>(fresh).data.visit;
    assert.equal(saved.start_time, '09:00');
    assert.equal(saved.locked, true);
    assert.equal(saved.status, 'assigned');
  });

  it('moves a visit to another time and carer, re-checking the rules for the carers it will have; cancels and reinstates', async () => {
    let visit = await add(office, { date: '2026-12-07' });
    visit = body<AssignmentResult>(await office.post(`/api/v1/visits/${visit.id}/assign`, { carer_id: carers[0]!.id, version: visit.version })).data.visit;
    findingsFor.set(carers[2]!.id, [{ rule: 'overlap', severity: 'hard', carer_id: carers[2]!.id, message: 'Already at another visit then.' }]);
    const refused = await office.post(`/api/v1/visits/${visit.id}/move`, { version: visit.version, from_carer_id: carers[0]!.id, to_carer_id: carers[2]!.id });
    assert.equal(refused.statusCode, 422);
    assert.deepEqual(body(refused).errors!.to_carer_id, ['Already at another visit then.']);
    findingsFor.clear();
    const moved = await office.post(`/api/v1/visits/${visit.id}/move`, { version: visit.version, date: '2026-12-08', start_time: '10:00', end_time: '10:30', from_carer_id: carers[0]!.id, to_carer_id: carers[1]!.id });
    assert.equal(moved.statusCode, 200, moved.body);
    visit = body<AssignmentResult>(moved).data.visit;
    assert.equal(visit.date, '2026-12-08');
    assert.equal(visit.start_time, '10:00');
    assert.deepEqual(visit.carers.map((carer) => carer.carer_id), [carers[1]!.id]);
    assert.equal(checked.at(-1)!.visit.date, '2026-12-08');
    const preview = await office.post(`/api/v1/visits/${visit.id}/check`, { carer_id: carers[2]!.id, start_time: '11:00', end_time: '11:30' });
    assert.equal(preview.statusCode, 200);
    assert.equal(body<VisitRow>(await office.get(`/api/v1/visits/${visit.id}`)).data.version, visit.version, 'a check saves nothing');

    const cancelled = body<AssignmentResult>(await office.post(`/api/v1/visits/${visit.id}/cancel`, { version: visit.version, reason: 'client-hospital', chargeable: true })).data.visit;
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(cancelled.cancel_reason, 'client-hospital');
    assert.deepEqual(cancelled.carers, []);
    const reinstated = body<AssignmentResult>(await office.post(`/api/v1/visits/${visit.id}/reinstate`, { version: cancelled.version })).data.visit;
    assert.equal(reinstated.status, 'unassigned');
    assert.equal(reinstated.cancel_reason, null);
    const actions = body<Page<VisitLogRow>>(await office.get(`/api/v1/visits/logs?visit_id=${visit.id}`)).data.data.map((log) => log.action);
    assert.deepEqual(actions, ['reinstated', 'cancelled', 'moved', 'assigned', 'created']);
  });

  it('back-office corrections need visits.correct and a reason, and are logged and audited', async () => {
    const past = await add(office, { date: '2026-11-20' });
    assert.equal((await office.get('/api/v1/visits/backoffice')).statusCode, 403);
    const list = body<Page<BackofficeRow>>(await manager.get('/api/v1/visits/backoffice?issue=not-started')).data.data;
    assert.equal(list.find((row) => row.id === past.id)?.issue_label, 'Past and never started');
    assert.equal((await office.post(`/api/v1/visits/${past.id}/correct`, { version: past.version, reason: 'Rang the client', status: 'completed' })).statusCode, 403);
    const noReason = await manager.post(`/api/v1/visits/${past.id}/correct`, { version: past.version, status: 'completed', actual_start: '08:05', actual_end: '08:50' });
    assert.equal(noReason.statusCode, 422);
    assert.ok(body(noReason).errors!.reason);
    const corrected = await manager.post(`/api/v1/visits/${past.id}/correct`, { version: past.version, reason: 'Carer forgot to log out; client confirmed', status: 'completed', actual_start: '08:05', actual_end: '08:50' });
    assert.equal(corrected.statusCode, 200, corrected.body);
    const saved = body<AssignmentResult>(corrected).data.visit;
    assert.equal(saved.status, 'completed');
    assert.equal(saved.actual_start, '08:05');
    assert.equal(saved.actual_end, '08:50');
    const [log] = body<VisitLogRow[]>(await manager.get(`/api/v1/visits/${past.id}/logs`)).data;
    assert.equal(log!.action, 'corrected');
    assert.equal(log!.reason, 'Carer forgot to log out; client confirmed');
    assert.equal(log!.before!.status, 'unassigned');
    assert.equal(log!.after!.status, 'completed');
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'visits'), eq(auditLog.record_id, past.id)));
    assert.ok(audit.some((entry) => (entry.after as { action?: string }).action === 'corrected'));
    const future = await add(office, { date: '2026-12-20' });
    assert.equal((await manager.post(`/api/v1/visits/${future.id}/correct`, { version: future.version, reason: 'x', status: 'missed' })).statusCode, 422);
  });

  it('the back office counts its queue up to BACKOFFICE_COUNTED: beyond, "more than" that, and a filter counts exactly', async () => {
    const missed = await add(office, { date: '2026-10-01' });
    await manager.post(`/api/v1/visits/${missed.id}/correct`, { version: missed.version, reason: 'Nobody came', status: 'missed' });
    const queue = async (query = '') => body<Page<BackofficeRow> & { more: boolean }>(await manager.get(`/api/v1/visits/backoffice?page_size=25${query}`)).data;
    const before = await queue();
    assert.equal(before.more, false);
    assert.ok(before.total < BACKOFFICE_COUNTED);
    // As many missed visits again as the ceiling: copies of that one 400 days earlier, a day of no other visit (removed
    // at the end).
    const columns = Object.values(getTableColumns(visitsTable))
      .map((column) => column.name)
      .filter((name) => name !== 'id');
    const copied = sql.raw(columns.map((name) => `"${name}"`).join(', '));
    const copy = sql.raw(columns.map((name) => (name === 'visit_date' ? `"visit_date" - 400` : name === 'planned_start' || name === 'planned_end' ? `"${name}" - interval '400 days'` : `"${name}"`)).join(', '));
    const [{ last } = { last: 0 }] = await t.database.db.select({ last: sql<number>`max(${visitsTable.id})::int` }).from(visitsTable);
    await t.database.db.execute(sql`insert into ${visitsTable} (${copied}) select ${copy} from ${visitsTable}, generate_series(1, ${BACKOFFICE_COUNTED}) where ${visitsTable.id} = ${missed.id}`);
    try {
      const full = await queue();
      assert.deepEqual([full.total, full.more, full.last_page, full.data.length], [BACKOFFICE_COUNTED, true, BACKOFFICE_COUNTED / 25, 25]);
      assert.equal(full.data[0]!.issue, before.data[0]!.issue, 'the newest first, as before');
      // Narrowed to a day, by issue: counted exactly again; the copies' day holds exactly the ceiling, no more.
      const day = await queue('&from=2026-10-01&to=2026-10-01&issue=missed');
      assert.deepEqual([day.total, day.more, day.data.map((row) => row.id)], [1, false, [missed.id]]);
      const copies = await queue('&from=2025-08-27&to=2025-08-27');
      assert.deepEqual([copies.total, copies.more], [BACKOFFICE_COUNTED, false]);
    } finally {
      await t.database.db.execute(sql`delete from ${visitsTable} where ${visitsTable.id} > ${last}`);
    }
  });

  it('a correction refuses an end at or before the start unless it finished after midnight, and over 12 hours unless confirmed', async () => {
    const visit = await add(office, { date: '2026-11-19', start_time: '10:00', end_time: '10:30' });
    const correct = (version: number, values: Record<string, unknown>) => manager.post(`/api/v1/visits/${visit.id}/correct`, { version, reason: 'Carer forgot to log out', status: 'completed', ...values });
    const stored = async () => (await t.database.db.select().from(visitsTable).where(eq(visitsTable.id, visit.id)))[0]!;
    const refusedOn = (response: Awaited<ReturnType<typeof correct>>, field: string, message: RegExp) => {
      assert.equal(response.statusCode, 422, response.body);
      assert.match(body(response).errors![field]![0]!, message);
    };

    // 10:00 to 09:50 is a slip, not a 24-hour visit: refused on the end, nothing saved.
    refusedOn(await correct(visit.version, { actual_start: '10:00', actual_end: '09:50' }), 'actual_end', /The end is before the start/);
    refusedOn(await correct(visit.version, { actual_start: '10:00', actual_end: '10:00' }), 'actual_end', /The end is before the start/);
    assert.equal((await stored()).actual_end, null);
    // Only the end given: checked against the visit's start (here the planned 10:00, it never started).
    refusedOn(await correct(visit.version, { actual_end: '09:50' }), 'actual_end', /The end is before the start/);
    // "Finished after midnight" needs an end, and an end after the start on the same day is not after midnight.
    refusedOn(await correct(visit.version, { actual_start: '10:00', overnight: true }), 'actual_end', /Give the actual end after midnight/);
    refusedOn(await correct(visit.version, { actual_start: '22:30', actual_end: '23:00', overnight: true }), 'overnight', /untick “Finished after midnight”/);

    // A night visit: 22:30 to 00:30, finished after midnight, ends on the next day (2 hours).
    const night = await correct(visit.version, { actual_start: '22:30', actual_end: '00:30', overnight: true });
    assert.equal(night.statusCode, 200, night.body);
    let saved = body<AssignmentResult>(night).data.visit;
    assert.deepEqual([saved.actual_start, saved.actual_end], ['22:30', '00:30']);
    let row = await stored();
    assert.equal(row.actual_start!.toISOString(), '2026-11-19T22:30:00.000Z');
    assert.equal(row.actual_end!.toISOString(), '2026-11-20T00:30:00.000Z', 'the end is on the next day');
    // Moving only the start keeps the stored end: 09:00 (the visit's day) to 00:30 the next day is 15.5 hours.
    refusedOn(await correct(saved.version, { actual_start: '09:00' }), 'actual_end', /would last 15 h 30 min, more than 12 hours/);

    // Over 12 hours: refused on the end, with the confirmation asked for, until confirmed.
    const long = await correct(saved.version, { actual_start: '08:00', actual_end: '21:00' });
    refusedOn(long, 'actual_end', /would last 13 h, more than 12 hours/);
    refusedOn(long, 'confirm_long', /Tick to confirm/);
    const overnightLong = await correct(saved.version, { actual_start: '20:00', actual_end: '09:00', overnight: true });
    refusedOn(overnightLong, 'actual_end', /13 h, more than 12 hours/);
    assert.equal((await stored()).version, saved.version, 'nothing saved');
    const confirmed = await correct(saved.version, { actual_start: '08:00', actual_end: '21:00', confirm_long: true });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    saved = body<AssignmentResult>(confirmed).data.visit;
    row = await stored();
    assert.equal(row.actual_end!.getTime() - row.actual_start!.getTime(), 13 * 3_600_000);
    // Exactly 12 hours needs no confirmation.
    assert.equal((await correct(saved.version, { actual_start: '08:00', actual_end: '20:00' })).statusCode, 200);
  });

  it('the week timeline: the branch’s active carers with their days and visits, and the unassigned lane', async () => {
    let visit = await add(office, { date: '2027-03-11', start_time: '12:00', end_time: '12:30' });
    visit = body<AssignmentResult>(await office.post(`/api/v1/visits/${visit.id}/assign`, { carer_id: carers[1]!.id, version: visit.version })).data.visit;
    const later = await add(office, { date: '2027-03-11', start_time: '13:00', end_time: '13:30' });
    await office.post(`/api/v1/visits/${later.id}/assign`, { carer_id: carers[1]!.id, version: later.version });
    const waiting = await add(office, { date: '2027-03-12', start_time: '07:00', end_time: '07:30' });
    const response = await office.get(`/api/v1/scheduler/timeline?view=week&date=2027-03-11&branch_id=${camden}`);
    assert.equal(response.statusCode, 200, response.body);
    const timeline = body<CarerTimeline>(response).data;
    assert.equal(timeline.from, '2027-03-08');
    assert.equal(timeline.to, '2027-03-14');
    assert.ok(timeline.carers.length >= 3);
    for (const row of timeline.carers) {
      assert.equal(row.days.length, 7);
      assert.equal(row.branch_id, camden);
      assert.equal(typeof row.rosterable, 'boolean');
    }
    const lane = timeline.carers.find((row) => row.carer_id === carers[1]!.id)!;
    const laneVisits = readBars(timeline, lane.bars);
    assert.deepEqual(laneVisits.filter((row) => row.date === '2027-03-11').map((row) => row.id), [visit.id, later.id]);
    // Both at the same client's home: no travel (0, or unknown while the place has no coordinates), 30 minutes idle.
    const gap = gapsOf(laneVisits).find((candidate) => candidate.from_visit_id === visit.id)!;
    assert.equal(gap.to_visit_id, later.id);
    assert.ok(gap.travel_minutes === null || gap.travel_minutes === 0);
    assert.equal(gap.idle_minutes, 30);
    assert.equal(gap.too_short, false);
    assert.ok(lane.planned_minutes >= 60);
    assert.ok(readBars(timeline, timeline.unassigned).some((row) => row.id === waiting.id));
    assert.ok(!readBars(timeline, timeline.unassigned).some((row) => row.id === visit.id));
    assert.equal((await office.get('/api/v1/scheduler/timeline?view=year')).statusCode, 422);

    const clients = body<ClientTimeline>(await office.get(`/api/v1/scheduler/client-timeline?view=bi-weekly&date=2027-03-11&client_id=${camdenClient}`)).data;
    assert.equal(clients.to, '2027-03-21');
    assert.equal(clients.clients.length, 1);
    assert.ok(clients.clients[0]!.visits.some((row) => row.id === waiting.id));
    const global = body<GlobalSchedule>(await manager.get('/api/v1/scheduler/global-schedule?view=week&date=2027-03-11')).data;
    assert.equal(global.branches.length, 3);
    const thursday = global.branches.find((branch) => branch.branch_id === camden)!.days.find((day) => day.date === '2027-03-11')!;
    assert.ok(thursday.visits >= 2);
    assert.ok(thursday.carers_working >= 1);
    // Every figure of every branch's day, worked out again from the stored visits and their carers one by one.
    const stored = await t.database.db
      .select({ id: visitsTable.id, branch_id: visitsTable.branch_id, date: sql<string>`${visitsTable.visit_date}::text`, status: visitsTable.status, needed: visitsTable.carers_needed, start: visitsTable.planned_start, end: visitsTable.planned_end, carers: sql<number[]>`array(select carer_id from visit_carers where visit_id = ${visitsTable.id})` })
      .from(visitsTable)
      .where(sql`${visitsTable.visit_date} between ${global.from} and ${global.to}`);
    for (const branch of global.branches) {
      for (const day of branch.days) {
        const those = stored.filter((row) => row.branch_id === branch.branch_id && row.date === day.date);
        const live = those.filter((row) => row.status !== 'cancelled');
        assert.deepEqual(day, {
          date: day.date,
          visits: live.length,
          unassigned: those.filter((row) => (row.status === 'unassigned' || row.status === 'assigned') && row.carers.length < row.needed).length,
          cancelled: those.length - live.length,
          planned_minutes: Math.round(live.reduce((sum, row) => sum + (row.end.getTime() - row.start.getTime()) / 60_000, 0)),
          carers_working: new Set(live.flatMap((row) => row.carers)).size,
        }, `${branch.branch} ${day.date}`);
      }
    }
  });

  it('issue 29: the timeline reads carers’ days from workforce’s read model within its horizon, and asks workforce’s route only beyond it', async () => {
    const [held] = await t.database.db.select({ first: sql<string>`min(${carerAvailabilityDaysRead.date})::text` }).from(carerAvailabilityDaysRead);
    const inside = new Date(`${held!.first}T00:00:00Z`);
    inside.setUTCDate(inside.getUTCDate() + 7);
    const date = inside.toISOString().slice(0, 10);
    const { asked, stop } = recordInProcessCalls(t);
    let timeline: CarerTimeline;
    let beyond: CarerTimeline;
    try {
      timeline = body<CarerTimeline>(await office.get(`/api/v1/scheduler/timeline?view=week&date=${date}&branch_id=${camden}`)).data;
      assert.deepEqual(asked.filter((url) => url.includes('/carers/availability')), []);
      beyond = body<CarerTimeline>(await office.get(`/api/v1/scheduler/timeline?view=week&date=2027-06-09&branch_id=${camden}`)).data;
      assert.ok(asked.some((url) => url.includes('/carers/availability')), asked.join(' '));
    } finally {
      stop();
    }
    assert.equal(beyond.carers.length, timeline.carers.length);
    // The same days as workforce's own route answers for that week.
    const ids = timeline.carers.map((row) => row.carer_id);
    const route = body<{ carer_id: number; days: { date: string; status: string; windows: unknown[] }[] }[]>(await office.get(`/api/v1/carers/availability?ids=${ids.join(',')}&from=${timeline.from}&to=${timeline.to}`)).data;
    assert.equal(route.length, ids.length);
    for (const row of route) {
      const lane = timeline.carers.find((candidate) => candidate.carer_id === row.carer_id)!;
      assert.deepEqual(readDays(timeline, lane.days), row.days.map(({ date: day, status, windows }) => ({ date: day, status, windows })));
    }
    assert.ok(timeline.carers.some((row) => readDays(timeline, row.days).some((day) => day.status === 'available')));
    // Each kind of day is sent once: the rows name them by index.
    assert.equal(new Set(timeline.day_kinds.map((kind) => JSON.stringify(kind))).size, timeline.day_kinds.length);
  });

  it('issue 29: the timeline sends what a bar draws, no more: times, client, status, flags, version, travel and lateness; details on demand', async () => {
    // Carer 3's Tuesday: an hour at the client from 09:00, then 09:40 there again (planned inside the first), a
    // double-up with medication at 14:00 flagged as needing attention.
    let first = await add(office, { date: '2027-04-06', start_time: '09:00', end_time: '10:00' });
    first = body<AssignmentResult>(await office.post(`/api/v1/visits/${first.id}/assign`, { carer_id: carers[2]!.id, version: first.version })).data.visit;
    let second = await add(office, { date: '2027-04-06', start_time: '09:40', end_time: '10:10' });
    second = body<AssignmentResult>(await office.post(`/api/v1/visits/${second.id}/assign`, { carer_id: carers[2]!.id, version: second.version })).data.visit;
    let double = await add(office, { date: '2027-04-06', start_time: '14:00', end_time: '14:45', carers_needed: 2, tasks: [{ key: 'meds', label: 'Prompt medication', kind: 'medication' }] });
    double = body<AssignmentResult>(await office.post(`/api/v1/visits/${double.id}/assign`, { carer_id: carers[2]!.id, version: double.version })).data.visit;
    await t.database.db.insert(visitAttention).values({ visit_id: double.id, kind: 'taken-off', reason: 'Aisha Bello taken off: on approved leave' });

    const response = await office.get(`/api/v1/scheduler/timeline?view=week&date=2027-04-06&branch_id=${camden}`);
    assert.equal(response.statusCode, 200, response.body);
    const timeline = body<CarerTimeline>(response).data;
    const lane = timeline.carers.find((row) => row.carer_id === carers[2]!.id)!;
    // As sent: each bar a short array of numbers (TimelineBarTuple), day 1 = Tuesday, times in minutes of the UK day.
    const [a, b, c] = lane.bars;
    assert.deepEqual(a, [first.id, camdenClient, 1, 9 * 60, 10 * 60, 1, BAR_CARERS, first.version]);
    assert.deepEqual(b!.slice(0, 8), [second.id, camdenClient, 1, 9 * 60 + 40, 10 * 60 + 10, 1, BAR_CARERS, second.version]);
    assert.deepEqual(c!.slice(0, 8), [double.id, camdenClient, 1, 14 * 60, 14 * 60 + 45, 0, BAR_DOUBLE_UP + BAR_CARERS + BAR_MEDICATION + BAR_ATTENTION, double.version]);
    assert.equal(timeline.clients[camdenClient], first.client_name);
    assert.equal(timeline.attention[double.id], 'Aisha Bello taken off: on approved leave');
    // Read: the carer's day run in order (rules/day.ts) arrives at the 09:40 visit at 10:00 at the earliest (the
    // same home: no travel), 20 minutes late, beyond the punctuality window; the first visit is on time.
    const [one, two, three] = readBars(timeline, lane.bars);
    assert.equal(one!.late_by_minutes, null);
    assert.ok(two!.late_by_minutes !== null && two!.late_by_minutes >= 20, `late by ${two!.late_by_minutes}`);
    assert.deepEqual([three!.carers_needed, three!.carer_count, three!.requires_medication, three!.attention?.reason, three!.start_time, three!.end_time, three!.date], [2, 1, true, 'Aisha Bello taken off: on approved leave', '14:00', '14:45', '2027-04-06']);
    assert.equal(gapsOf([one!, two!]).at(0)!.too_short, true);
    // The double-up with one carer waits in the unassigned lane too.
    assert.ok(readBars(timeline, timeline.unassigned).some((visit) => visit.id === double.id));
    // No more than the bars draw: no tasks, notes, codes or carers' names per visit; every bar a few numbers.
    for (const row of [...timeline.carers.flatMap((carer) => carer.bars), ...timeline.unassigned]) {
      assert.ok(row.length >= 8 && row.length <= 10 && row.every((value) => value === null || typeof value === 'number'), JSON.stringify(row));
    }
    for (const word of ['"tasks"', '"notes"', '"funder_code"', '"planned_start"', 'Prompt medication']) assert.ok(!response.body.includes(word), `the answer carries ${word}`);
    // The details are the visit's own route.
    const details = body<VisitRow>(await office.get(`/api/v1/visits/${double.id}`)).data;
    assert.deepEqual(details.tasks.map((task) => task.label), ['Prompt medication']);
  });

  it('pushes a change to the branch’s online planners only', async () => {
    online = [officeId, leedsPlannerId];
    pushes.length = 0;
    const visit = await add(office, { date: '2026-12-10' });
    assert.deepEqual(pushes.map((push) => push.userId), [officeId]);
    assert.equal(pushes[0]!.channel, `user:${officeId}:area`);
    assert.deepEqual(pushes[0]!.payload, { area: 'scheduler', topic: 'visits', data: { branch_id: camden, ids: [visit.id], by_user_id: officeId } });
    pushes.length = 0;
    await add(manager, { client_id: leedsClient, date: '2026-12-10' });
    assert.deepEqual(pushes.map((push) => push.userId), [leedsPlannerId]);
    online = [];
  });
});
