import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { branchIdOf, createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import type { DashboardAnswer, DashboardChart, DashboardRow } from '../../contract/dashboards.js';
import { CLIENT_ROWS_AUDIT } from './routes.js';

// The dashboards over a few visits inserted in a week of March 2031 (Monday 3rd – Sunday 9th, GMT) that no demo
// row reaches, each figure worked out by hand:
//   Camden  A completed, planned 09:00–10:00, actual 09:05–10:05 → on time, 1 h
//           B completed, planned 11:00–11:45, actual 11:30–12:00 → late (30 min), 0.5 h
//           C missed, planned 14:00–15:00 → 0 h delivered, 1 h planned
//           D cancelled, planned 16:00–17:00 → 0 h
//   Leeds   E completed, planned 09:00–11:00, actual 09:00–11:00 → on time, 2 h
//   Camden, week before: F completed 08:00–09:00, on time, 1 h
// Carer 1 (Camden) did A and B; a Camden carer left on 5 March 2031, "Moved away".

type Envelope<T> = { data: T; errors: Record<string, string[]> | null };
const data = <T>(response: { json(): unknown }) => (response.json() as Envelope<T>).data;
const WEEK = 'from=2031-03-03&to=2031-03-09';
const point = (chart: DashboardChart | undefined, series: string, key: string) => chart?.series.find((s) => s.key === series)?.points.find((p) => p.key === key)?.value;

describe('client and carer dashboards', () => {
  let t: TestApp;
  let admin: TestClient;
  let office: TestClient;
  let finance: TestClient;
  let camden: number;
  let leeds: number;
  let carerId: number;
  let leaverId: number;
  let camdenClient: number;
  let leedsClient: number;
  let visit: (branch: number, client: number, day: string, start: string, end: string, status: string, actual?: [string, string]) => Promise<number>;
  let lateVisit: number;

  before(async () => {
    t = await createTestApp();
    const db = t.database.db;
    camden = await branchIdOf(db, 'CAM');
    leeds = await branchIdOf(db, 'LDS-SL');
    const one = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
    camdenClient = Number((await one(sql`select id from clients where branch_id = ${camden} and deleted_at is null order by id limit 1`))['id']);
    leedsClient = Number((await one(sql`select id from clients where branch_id = ${leeds} and deleted_at is null order by id limit 1`))['id']);
    const carers = ((await db.execute(sql`select id from carers where branch_id = ${camden} and deleted_at is null order by id limit 2`)) as unknown as { rows: { id: number }[] }).rows;
    carerId = Number(carers[0]!.id);
    leaverId = Number(carers[1]!.id);
    visit = async (branch, client, day, start, end, status, actual) =>
      Number(
        (
          await one(sql`insert into visits (branch_id, client_id, visit_date, planned_start, planned_end, status, actual_start, actual_end)
            values (${branch}, ${client}, ${day}, ${`${day}T${start}:00Z`}, ${`${day}T${end}:00Z`}, ${status}, ${actual ? `${day}T${actual[0]}:00Z` : null}, ${actual ? `${day}T${actual[1]}:00Z` : null}) returning id`)
        )['id'],
      );
    const a = await visit(camden, camdenClient, '2031-03-04', '09:00', '10:00', 'completed', ['09:05', '10:05']);
    lateVisit = await visit(camden, camdenClient, '2031-03-04', '11:00', '11:45', 'completed', ['11:30', '12:00']);
    await visit(camden, camdenClient, '2031-03-05', '14:00', '15:00', 'missed');
    await visit(camden, camdenClient, '2031-03-06', '16:00', '17:00', 'cancelled');
    await visit(leeds, leedsClient, '2031-03-04', '09:00', '11:00', 'completed', ['09:00', '11:00']);
    await visit(camden, camdenClient, '2031-02-25', '08:00', '09:00', 'completed', ['08:00', '09:00']);
    await db.execute(sql`insert into visit_carers (visit_id, position, carer_id) values (${a}, 1, ${carerId}), (${lateVisit}, 1, ${carerId})`);
    await db.execute(sql`update carers set status = 'leaver', leaving_date = '2031-03-05', leaving_reason = 'Moved away' where id = ${Number(carers[1]!.id)}`);
    admin = await loginAs(t.app, 'admin');
    office = await loginAs(t.app, 'office');
    finance = await loginAs(t.app, 'finance');
  });
  after(() => t.close());

  it('counts the week’s visits by outcome and hours by funder, within the viewer’s branches', async () => {
    const all = data<DashboardAnswer>(await admin.get(`/api/v1/dashboards/client/weekly-pie-charts?${WEEK}`));
    const outcomes = all.charts.find((chart) => chart.id === 'outcomes');
    assert.deepEqual(outcomes?.series[0]?.points.map((p) => [p.key, p.value]), [['on-time', 2], ['late', 1], ['missed', 1], ['cancelled', 1], ['to-come', 0]]);
    assert.equal(point(all.charts.find((chart) => chart.id === 'funders'), 'hours', 'none'), 3.5);
    const camdenOnly = data<DashboardAnswer>(await office.get(`/api/v1/dashboards/client/weekly-pie-charts?${WEEK}`));
    assert.deepEqual(camdenOnly.charts[0]?.series[0]?.points.map((p) => p.value), [1, 1, 1, 1, 0]);
    const leedsOnly = data<DashboardAnswer>(await admin.get(`/api/v1/dashboards/client/weekly-pie-charts?${WEEK}&branch_id=${leeds}`));
    assert.deepEqual(leedsOnly.charts[0]?.series[0]?.points.map((p) => p.value), [1, 0, 0, 0, 0]);
  });

  it('compares each branch with the week before', async () => {
    const answer = data<DashboardAnswer>(await admin.get(`/api/v1/dashboards/client/weekly-branch-comparison?${WEEK}`));
    const chart = (id: string) => answer.charts.find((c) => c.id === id);
    assert.equal(point(chart('hours'), 'this', String(camden)), 1.5);
    assert.equal(point(chart('hours'), 'last', String(camden)), 1);
    assert.equal(point(chart('hours'), 'this', String(leeds)), 2);
    assert.equal(point(chart('visits'), 'this', String(camden)), 3);
    assert.equal(point(chart('late'), 'this', String(camden)), 50);
    assert.equal(point(chart('missed'), 'this', String(camden)), 1);
    const weekly = data<DashboardAnswer>(await admin.get(`/api/v1/dashboards/client/line-chart-per-branch?${WEEK}`));
    assert.equal(point(weekly.charts[0], String(camden), '2031-03-03'), 1.5);
    assert.equal(point(weekly.charts[0], String(camden), '2031-02-24'), 1);
  });

  it('lists the visits behind a bar, pages them and audits the read of client data', async () => {
    const before = Number(((await t.database.db.execute(sql`select count(*) as n from audit_log where resource = ${CLIENT_ROWS_AUDIT}`)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
    const response = await office.get(`/api/v1/dashboards/client/weekly-pie-charts/rows?${WEEK}&chart=outcomes&series=visits&key=late`);
    assert.equal(response.statusCode, 200);
    const page = data<{ data: DashboardRow[]; total: number }>(response);
    assert.equal(page.total, 1);
    assert.equal(page.data[0]?.id, lateVisit);
    assert.equal(page.data[0]?.link, `/app/visits/${lateVisit}`);
    assert.match(page.data[0]!.detail, /Completed, planned 11:00–11:45, started 11:30/);
    const after = Number(((await t.database.db.execute(sql`select count(*) as n from audit_log where resource = ${CLIENT_ROWS_AUDIT}`)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
    assert.equal(after, before + 1);
    const paged = data<{ data: DashboardRow[]; total: number; last_page: number }>(
      await admin.get(`/api/v1/dashboards/client/weekly-branch-comparison/rows?${WEEK}&chart=visits&series=this&key=${camden}&page_size=2&page=2`),
    );
    assert.equal(paged.total, 3);
    assert.equal(paged.last_page, 2);
    assert.equal(paged.data.length, 1);
  });

  it('gives carers’ hours, late visits and leaving reasons', async () => {
    const performance = data<DashboardAnswer>(await admin.get(`/api/v1/dashboards/carer/performance?${WEEK}`));
    assert.equal(point(performance.charts[0], 'delivered', String(carerId)), 1.5);
    assert.equal(point(performance.charts[0], 'planned', String(carerId)), 1.8); // 1 h + 45 min, to one decimal
    assert.equal(point(performance.charts[1], 'late', String(carerId)), 1);
    const ended = data<DashboardAnswer>(await admin.get('/api/v1/dashboards/carer/end?from=2031-03-01&to=2031-03-31'));
    assert.deepEqual(ended.charts[0]?.series[0]?.points, [{ key: 'Moved away', label: 'Moved away', value: 1 }]);
    const rows = data<{ data: DashboardRow[] }>(await admin.get('/api/v1/dashboards/carer/end/rows?from=2031-03-01&to=2031-03-31&chart=reasons&series=period&key=Moved%20away'));
    assert.match(rows.data[0]!.detail, /left 05\/03\/2031 \(Moved away\)/);
  });

  it('ranks clients and carers by planned hours (ties by id), counts late and missed visits, and sums weeks per branch', async () => {
    // The WEEK: Camden's client planned 1 + 0.75 + 1 = 2.75 h (→ 2.8), delivered 1 + 0.5 = 1.5 h, 1 late (B), 1 missed (C);
    // Leeds' client planned and delivered 2 h, none late or missed (so not in the second chart).
    const week = data<DashboardAnswer>(await admin.get(`/api/v1/dashboards/client/client-performance?${WEEK}`));
    const pairs = (chart: DashboardChart | undefined) => chart?.series.map((s) => [s.key, s.points.map((p) => [p.key, p.value])]);
    assert.deepEqual(pairs(week.charts[0]), [
      ['planned', [[String(camdenClient), 2.8], [String(leedsClient), 2]]],
      ['delivered', [[String(camdenClient), 1.5], [String(leedsClient), 2]]],
    ]);
    assert.deepEqual(pairs(week.charts[1]), [['late', [[String(camdenClient), 1]]], ['missed', [[String(camdenClient), 1]]]]);
    // Week of Monday 17 March 2031: Camden's client completed 10:00–11:00 without actual times (delivered as planned,
    // not late; carer 1) and 10:00–11:00 started 10:20 (late, 1 h; the leaver); Leeds' client only a cancelled visit
    // (planned 0 h, still listed). The two carers tie on 1 h: the lower id first.
    const v1 = await visit(camden, camdenClient, '2031-03-18', '10:00', '11:00', 'completed');
    const v2 = await visit(camden, camdenClient, '2031-03-19', '10:00', '11:00', 'completed', ['10:20', '11:20']);
    await visit(leeds, leedsClient, '2031-03-18', '09:00', '10:00', 'cancelled');
    await t.database.db.execute(sql`insert into visit_carers (visit_id, position, carer_id) values (${v1}, 1, ${carerId}), (${v2}, 1, ${leaverId})`);
    const LATER = 'from=2031-03-17&to=2031-03-23';
    const clients = data<DashboardAnswer>(await admin.get(`/api/v1/dashboards/client/client-performance?${LATER}`));
    assert.deepEqual(pairs(clients.charts[0]), [
      ['planned', [[String(camdenClient), 2], [String(leedsClient), 0]]],
      ['delivered', [[String(camdenClient), 2], [String(leedsClient), 0]]],
    ]);
    assert.deepEqual(pairs(clients.charts[1]), [['late', [[String(camdenClient), 1]]], ['missed', [[String(camdenClient), 0]]]]);
    const carers = data<DashboardAnswer>(await admin.get(`/api/v1/dashboards/carer/performance?${LATER}`));
    const [first, second] = [Math.min(carerId, leaverId), Math.max(carerId, leaverId)].map(String);
    assert.deepEqual(pairs(carers.charts[0]), [
      ['planned', [[first, 1], [second, 1]]],
      ['delivered', [[first, 1], [second, 1]]],
    ]);
    assert.deepEqual(pairs(carers.charts[1]), [['late', [[String(leaverId), 1]]], ['missed', [[String(leaverId), 0]]]]);
    // Office (Camden only) sees Camden's client alone.
    const camdenOnly = data<DashboardAnswer>(await office.get(`/api/v1/dashboards/client/client-performance?${LATER}`));
    assert.deepEqual(camdenOnly.charts[0]?.series[0]?.points.map((p) => p.key), [String(camdenClient)]);
    // 12 weeks to 23 March: the week of the 17th is 2 h in Camden and 0 in Leeds (cancelled only); 3 March still 1.5 / 2.
    const weekly = data<DashboardAnswer>(await admin.get(`/api/v1/dashboards/client/line-chart-per-branch?${LATER}`));
    assert.equal(point(weekly.charts[0], String(camden), '2031-03-17'), 2);
    assert.equal(point(weekly.charts[0], String(leeds), '2031-03-17'), 0);
    assert.equal(point(weekly.charts[0], String(camden), '2031-03-03'), 1.5);
    assert.equal(point(weekly.charts[0], String(leeds), '2031-03-03'), 2);
    assert.equal(point(weekly.charts[0], String(camden), '2031-03-10'), 0);
    assert.deepEqual(weekly.charts[0]?.series[0]?.points.map((p) => p.key).slice(-3), ['2031-03-03', '2031-03-10', '2031-03-17']);
  });

  it('refuses without kpis.view, another branch, bad input and unknown pages', async () => {
    assert.equal((await finance.get(`/api/v1/dashboards/client/weekly-pie-charts?${WEEK}`)).statusCode, 403);
    const other = await office.get(`/api/v1/dashboards/client/weekly-pie-charts?${WEEK}&branch_id=${leeds}`);
    assert.equal(other.statusCode, 422);
    assert.deepEqual(Object.keys((other.json() as Envelope<null>).errors ?? {}), ['branch_id']);
    const backwards = await admin.get('/api/v1/dashboards/client/start?from=2031-03-09&to=2031-03-01');
    assert.deepEqual(Object.keys((backwards.json() as Envelope<null>).errors ?? {}), ['to']);
    const badKey = await admin.get(`/api/v1/dashboards/client/weekly-pie-charts/rows?${WEEK}&chart=outcomes&series=visits&key=sideways`);
    assert.equal(badKey.statusCode, 422);
    assert.equal((await admin.get('/api/v1/dashboards/client/nothing')).statusCode, 404);
    // Every page answers with the demo's data (defaults: this week, four weeks, 12 months).
    for (const [kind, pages] of Object.entries({ client: ['client-performance', 'growth-chart-per-branch', 'start', 'end'], carer: ['growth-chart-per-branch', 'start', 'competency-stats', 'spot-check-stats'] })) {
      for (const page of pages) assert.equal((await admin.get(`/api/v1/dashboards/${kind}/${page}`)).statusCode, 200, `${kind}/${page}`);
    }
  });
});
