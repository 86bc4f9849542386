import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import { CARER_ROLE } from '@hcm/contract/schemas';
import { londonDate } from '@hcm/contract/engine';
import { roles, userBranches, users } from '@hcm/server/schema';
import { AREA_MODULES, branchIdOf, createRole, createUser, deviceSignIn, loginAs, userIdOf, type DeviceClient, type TestApp, type TestClient } from '@hcm/server/testing';
import { createTestApp, fixClock } from '@hcm/server/testing';
import { hashPassword, type AreaServerContext } from '@hcm/server/platform';
import type { CarerClients, CarerDeviceRow, CheckAnswer, ConfirmationRow, DeviceVisit, LiveVisitRow } from '../../../contract/live-device.js';
import type { LatLon } from '../../../contract/postcodes.js';
import type { VisitTask } from '../../../contract/visits.js';
import { normalisePostcode } from '../../../contract/postcodes.js';
import { carersRead, clientsRead } from '../../read-models.js';
import { visitCarers, visitLogs, visits } from '../../tables.js';
import { loadPlaces } from '../../travel/travel.js';
import { branchLiveSettings, visitChecks } from '../tables.js';
import { visitRoutes } from '../../visits/routes.js';
import { deviceRoutes } from './routes.js';

// Visits are planned hours before and after now, on today's rota: a weekday mid-morning, so they fall on one day
// (at 01:50 the visit of five hours ago is yesterday's).
fixClock('2026-11-25T10:00:00Z');

// The carers' device API over the composed app: the scheduler's module is its device and office routes alone,
// with the client's facts (care-records' device care sheet) stubbed to a known home, and a recording chat server.

type Envelope<T> = { data: T; errors: Record<string, string[]> | null; message: string };
const data = <T>(response: { json(): unknown }) => (response.json() as Envelope<T>).data;

const pushes: { userId: number; topic: string }[] = [];
const chat: AreaServerContext['chat'] = {
  toUser: (userId, _channel, payload) => void pushes.push({ userId, topic: (payload as { topic: string }).topic }),
  disconnectSession: () => {},
  onlineUserIds: async () => [],
  close: async () => {},
};

const MINUTE = 60_000;
let keySeq = 0;
const newKey = () => `test-key-${Date.now()}-${++keySeq}`;

describe('carers’ device API', () => {
  let t: TestApp;
  let office: TestClient;
  let device: DeviceClient;
  let other: DeviceClient;
  let noRecord: DeviceClient;
  /** Carer record ids (workforce's, as visits name them), and the first carer's sign-in account and name. */
  let carerId: number;
  let otherId: number;
  let carerUserId: number;
  let carerName: string;
  let camden: number;
  let clientId: number;
  let clientPostcode: string;
  let home: LatLon;

  /** A visit of `minutes` for the carer, starting `startAgo` minutes ago. */
  async function plan(carer: number, startAgo: number, minutes = 30, tasks: VisitTask[] = [{ key: 'wash', label: 'Wash', kind: 'personal-care' }]) {
    const start = new Date(Date.now() - startAgo * MINUTE);
    const [row] = await t.database.db
      .insert(visits)
      .values({ branch_id: camden, client_id: clientId, visit_date: londonDate(start), planned_start: start, planned_end: new Date(start.getTime() + minutes * MINUTE), status: 'assigned', tasks })
      .returning();
    await t.database.db.insert(visitCarers).values({ visit_id: row!.id, position: 1, carer_id: carer });
    return row!;
  }
  const near = (metres: number): LatLon => ({ latitude: home.latitude + metres / 111_320, longitude: home.longitude });
  const at = (instant: Date) => instant.toISOString();

  before(async () => {
    const modules = AREA_MODULES.map((module) =>
      module.name === 'scheduler'
        ? {
            ...module,
            routes: async (app: Parameters<typeof deviceRoutes>[0], context: AreaServerContext) => {
              await visitRoutes(app, { ...context, chat });
              await deviceRoutes(app, { ...context, chat }, { clientFacts: async (_app, _request, id) => (id === clientId ? { name: 'Test Client', postcode: clientPostcode, allergies: 'Penicillin', key_facts: null } : null) });
            },
          }
        : module,
    );
    t = await createTestApp({ modules });
    const db = t.database.db;
    camden = await branchIdOf(db, 'CAM');
    office = await loginAs(t.app, 'office');
    const manager = await loginAs(t.app, 'manager');
    const clients = data<{ id: number; branch_id: number; status: string; postcode: string }[]>(await manager.get('/api/v1/clients/rota-profiles?content=0'));
    const client = clients.find((row) => row.branch_id === camden && row.status === 'active' && row.postcode)!;
    clientId = client.id;
    clientPostcode = client.postcode;
    home = (await loadPlaces(db, [clientPostcode])).get(normalisePostcode(clientPostcode))!;
    assert.ok(home);
    // Two of the branch's carers as workforce's rota lists them (visits name the carer record), each signing in
    // on a phone as their own account (the rota's user_id, a different number), given a known password.
    const rota = data<{ id: number; name: string; status: string; user_id: number | null }[]>(await office.get(`/api/v1/carers/rota?branch_id=${camden}`)).filter(
      (row) => row.status === 'active' && row.user_id !== null && row.user_id !== row.id,
    );
    assert.ok(rota.length >= 2);
    const phoneOf = async (row: (typeof rota)[number], password: string) => {
      const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.user_id!));
      await db.update(users).set({ password_hash: await hashPassword(password) }).where(eq(users.id, row.user_id!));
      return deviceSignIn(t.app, { email: account!.email, password });
    };
    [carerId, otherId] = [rota[0]!.id, rota[1]!.id];
    carerUserId = rota[0]!.user_id!;
    carerName = rota[0]!.name;
    device = await phoneOf(rota[0]!, 'Carer!2026device');
    other = await phoneOf(rota[1]!, 'Carer!2026other');
    // An account of the carer role that workforce has no carer record for.
    const [carerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, CARER_ROLE));
    const stray = await createUser(db, { email: 'no.record@device.test', roleId: carerRole!.id });
    await db.insert(userBranches).values({ user_id: await userIdOf(db, stray.email), branch_id: camden });
    noRecord = await deviceSignIn(t.app, stray);
  });
  after(() => t.close());

  it('a signed-in device reads its visits with the care link, and its clients from yesterday to tomorrow', async () => {
    const visit = await plan(carerId, 90);
    await plan(otherId, 90);
    const response = await device.get('/api/v1/carer-app/visits?day=today');
    assert.equal(response.statusCode, 200, response.body);
    const mine = data<DeviceVisit[]>(response);
    const row = mine.find((item) => item.id === visit.id)!;
    assert.equal(row.client_name, 'Test Client');
    assert.equal(row.allergies, 'Penicillin');
    assert.equal(row.care_url, `/api/v1/carer-app/clients/${clientId}/care`);
    assert.deepEqual(row.tasks.map((task) => task.key), ['wash']);
    assert.ok(mine.every((item) => item.id !== visit.id + 1), 'another carer’s visit is not listed');
    const clients = data<CarerClients>(await device.get('/api/v1/carer-app/clients'));
    assert.ok(clients.client_ids.includes(clientId));
    assert.ok(clients.visits.some((item) => item.id === visit.id));
    assert.equal((await device.get('/api/v1/carer-app/visits?day=someday')).statusCode, 422);
  });

  it('check-in and check-out are idempotent: a resend answers the first row (200, replayed), one row; another body is 409', async () => {
    const visit = await plan(carerId, 60);
    const body = { recorded_at: at(new Date(visit.planned_start.getTime() + 2 * MINUTE)), ...near(20), accuracy_metres: 10 };
    const key = newKey();
    const first = await device.post(`/api/v1/carer-app/visits/${visit.id}/check-in`, body, key);
    assert.equal(first.statusCode, 201, first.body);
    const again = await device.post(`/api/v1/carer-app/visits/${visit.id}/check-in`, body, key);
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(data<CheckAnswer>(again).check.id, data<CheckAnswer>(first).check.id);
    const rows = await t.database.db.select().from(visitChecks).where(eq(visitChecks.visit_id, visit.id));
    assert.equal(rows.length, 1);
    const reused = await device.post(`/api/v1/carer-app/visits/${visit.id}/check-in`, { ...body, ...near(40) }, key);
    assert.equal(reused.statusCode, 409);
    const secondCheckIn = await device.post(`/api/v1/carer-app/visits/${visit.id}/check-in`, body, newKey());
    assert.equal(secondCheckIn.statusCode, 409, 'one check-in per carer and visit');
    const [stored] = await t.database.db.select().from(visits).where(eq(visits.id, visit.id));
    assert.equal(stored!.status, 'in-progress');
    assert.equal(stored!.actual_start!.toISOString(), body.recorded_at);
    const logs = await t.database.db.select().from(visitLogs).where(and(eq(visitLogs.visit_id, visit.id), eq(visitLogs.action, 'check-in')));
    assert.equal(logs.length, 1);
    assert.equal(rows[0]!.carer_id, carerId, 'the check names the carer record');
    assert.equal(logs[0]!.user_id, carerUserId, 'the log names the signed-in account');
    const missingKey = await device.post(`/api/v1/carer-app/visits/${visit.id}/check-out`, body);
    assert.equal(missingKey.statusCode, 422);
    assert.ok((missingKey.json() as Envelope<null>).errors?.idempotency_key);
  });

  it('L4: a resend under the same key with another accuracy or another reason for no position is 409, not a replay', async () => {
    const visit = await plan(carerId, 65);
    const body = { recorded_at: at(new Date(visit.planned_start.getTime() + 2 * MINUTE)), ...near(20), accuracy_metres: 10 };
    const key = newKey();
    assert.equal((await device.post(`/api/v1/carer-app/visits/${visit.id}/check-in`, body, key)).statusCode, 201);
    const otherAccuracy = await device.post(`/api/v1/carer-app/visits/${visit.id}/check-in`, { ...body, accuracy_metres: 900 }, key);
    assert.equal(otherAccuracy.statusCode, 409, otherAccuracy.body);
    const noAccuracy = await device.post(`/api/v1/carer-app/visits/${visit.id}/check-in`, { ...body, accuracy_metres: null }, key);
    assert.equal(noAccuracy.statusCode, 409, noAccuracy.body);
    const same = await device.post(`/api/v1/carer-app/visits/${visit.id}/check-in`, body, key);
    assert.equal(same.statusCode, 200, same.body);
    assert.equal(same.headers['idempotent-replayed'], 'true');

    const outBody = { recorded_at: at(visit.planned_end), no_position_reason: 'No signal' };
    const outKey = newKey();
    assert.equal((await device.post(`/api/v1/carer-app/visits/${visit.id}/check-out`, outBody, outKey)).statusCode, 201);
    const otherReason = await device.post(`/api/v1/carer-app/visits/${visit.id}/check-out`, { ...outBody, no_position_reason: 'Phone battery flat' }, outKey);
    assert.equal(otherReason.statusCode, 409, otherReason.body);
    assert.equal((await device.post(`/api/v1/carer-app/visits/${visit.id}/check-out`, outBody, outKey)).statusCode, 200);
    const [out] = await t.database.db.select().from(visitChecks).where(and(eq(visitChecks.visit_id, visit.id), eq(visitChecks.kind, 'out')));
    assert.equal(out!.no_position_reason, 'No signal', 'the first body stands');
  });

  it('L3: a check-out before its check-in is refused (422 on recorded_at), as is a late check-in after the check-out; nothing is saved', async () => {
    const visit = await plan(carerId, 6 * 60, 30);
    const checkIn = new Date(visit.planned_start.getTime() + 2 * MINUTE);
    assert.equal((await device.post(`/api/v1/carer-app/visits/${visit.id}/check-in`, { recorded_at: at(checkIn), ...near(10) }, newKey())).statusCode, 201);
    const early = await device.post(`/api/v1/carer-app/visits/${visit.id}/check-out`, { recorded_at: at(new Date(checkIn.getTime() - 8_640 * MINUTE)), ...near(10) }, newKey());
    assert.equal(early.statusCode, 422, early.body);
    assert.ok((early.json() as Envelope<null>).errors?.recorded_at?.[0]?.includes('before the check-in'), early.body);
    const checks = await t.database.db.select().from(visitChecks).where(eq(visitChecks.visit_id, visit.id));
    assert.deepEqual(checks.map((check) => check.kind), ['in'], 'the refused check-out is not kept');
    const [stored] = await t.database.db.select().from(visits).where(eq(visits.id, visit.id));
    assert.equal(stored!.status, 'in-progress');
    assert.equal(stored!.actual_end, null);
    const right = await device.post(`/api/v1/carer-app/visits/${visit.id}/check-out`, { recorded_at: at(visit.planned_end), ...near(10) }, newKey());
    assert.equal(right.statusCode, 201, right.body);

    // Sent out of order from an offline queue: the check-out first, then a check-in later than it.
    const queued = await plan(carerId, 7 * 60, 30);
    assert.equal((await device.post(`/api/v1/carer-app/visits/${queued.id}/check-out`, { recorded_at: at(queued.planned_end), ...near(10) }, newKey())).statusCode, 201);
    const late = await device.post(`/api/v1/carer-app/visits/${queued.id}/check-in`, { recorded_at: at(new Date(queued.planned_end.getTime() + 5 * MINUTE)), ...near(10) }, newKey());
    assert.equal(late.statusCode, 422, late.body);
    assert.ok((late.json() as Envelope<null>).errors?.recorded_at?.[0]?.includes('after the check-out'), late.body);
  });

  it('an offline write sent hours later keeps its recorded_at; a punctual, on-site visit of the planned length confirms itself', async () => {
    const visit = await plan(carerId, 5 * 60, 45);
    const checkIn = new Date(visit.planned_start.getTime() + 3 * MINUTE);
    const checkOut = new Date(visit.planned_end.getTime() + 1 * MINUTE);
    assert.equal((await device.post(`/api/v1/carer-app/visits/${visit.id}/check-in`, { recorded_at: at(checkIn), ...near(30), accuracy_metres: 15 }, newKey())).statusCode, 201);
    const out = await device.post(`/api/v1/carer-app/visits/${visit.id}/check-out`, { recorded_at: at(checkOut), ...near(10), accuracy_metres: 15 }, newKey());
    assert.equal(out.statusCode, 201, out.body);
    const answer = data<CheckAnswer>(out);
    assert.equal(answer.check.recorded_at, at(checkOut));
    assert.ok(Date.parse(answer.check.received_at) - checkOut.getTime() > 3 * 60 * MINUTE, 'received hours after it happened');
    assert.equal(answer.visit.status, 'completed');
    assert.equal(answer.visit.confirmation, 'auto-confirmed');
    const [stored] = await t.database.db.select().from(visits).where(eq(visits.id, visit.id));
    assert.equal(stored!.actual_end!.toISOString(), at(checkOut));
  });

  it('a check far from the home is flagged not on site with the distance, never refused, and leaves the visit pending with the issue', async () => {
    const visit = await plan(carerId, 120, 30);
    const inAnswer = await device.post(`/api/v1/carer-app/visits/${visit.id}/check-in`, { recorded_at: at(visit.planned_start), ...near(2000), accuracy_metres: 50 }, newKey());
    assert.equal(inAnswer.statusCode, 201, inAnswer.body);
    const check = data<CheckAnswer>(inAnswer).check;
    assert.equal(check.on_site, false);
    assert.ok(check.distance_metres! > 1900 && check.distance_metres! < 2000, `distance ${check.distance_metres}`);
    const outAnswer = await device.post(`/api/v1/carer-app/visits/${visit.id}/check-out`, { recorded_at: at(visit.planned_end), ...near(5) }, newKey());
    const decided = data<CheckAnswer>(outAnswer).visit;
    assert.equal(decided.confirmation, 'pending');
    assert.ok(decided.confirmation_issues.some((issue) => issue.includes('not on site')), decided.confirmation_issues.join(' | '));
    const flagged = data<{ data: { visit_id: number; distance_metres: number }[] }>(await office.get('/api/v1/live/not-on-site'));
    assert.ok(flagged.data.some((row) => row.visit_id === visit.id && row.distance_metres === check.distance_metres));
    const detail = await office.get(`/api/v1/live/not-on-site/${visit.id}`);
    assert.equal(detail.statusCode, 200, detail.body);
    assert.equal(data<{ checks: unknown[] }>(detail).checks.length, 2);
  });

  it('a check without a position needs a reason; with one it is saved without a distance', async () => {
    const visit = await plan(carerId, 200, 30);
    const refused = await device.post(`/api/v1/carer-app/visits/${visit.id}/check-in`, { recorded_at: at(visit.planned_start) }, newKey());
    assert.equal(refused.statusCode, 422);
    assert.ok((refused.json() as Envelope<null>).errors?.no_position_reason);
    const saved = await device.post(`/api/v1/carer-app/visits/${visit.id}/check-in`, { recorded_at: at(visit.planned_start), no_position_reason: 'Location permission refused' }, newKey());
    assert.equal(saved.statusCode, 201, saved.body);
    assert.equal(data<CheckAnswer>(saved).check.distance_metres, null);
  });

  it('another carer’s visit is 404 to a device; a device token is refused on an office route', async () => {
    const visit = await plan(carerId, 30);
    const response = await other.post(`/api/v1/carer-app/visits/${visit.id}/check-in`, { recorded_at: at(visit.planned_start), ...near(5) }, newKey());
    assert.equal(response.statusCode, 404);
    assert.equal((await other.post(`/api/v1/carer-app/visits/${visit.id}/tasks`, { tasks: [{ task_key: 'wash', done: true }] }, newKey())).statusCode, 404);
    assert.equal((await device.get('/api/v1/visits/confirmations')).statusCode, 403);
    assert.equal((await device.get('/api/v1/live/visits')).statusCode, 403);
  });

  it('a device whose account has no carer record is refused (403); the office sees devices by carer record', async () => {
    const refused = await noRecord.get('/api/v1/carer-app/visits?day=today');
    assert.equal(refused.statusCode, 403);
    assert.equal((refused.json() as Envelope<null>).message, 'This account has no carer record.');
    assert.equal((await noRecord.get('/api/v1/carer-app/clients')).statusCode, 403);
    const manager = await loginAs(t.app, 'manager');
    const listed = await manager.get('/api/v1/live/carer-devices?page_size=100');
    assert.equal(listed.statusCode, 200, listed.body);
    const rows = data<{ data: CarerDeviceRow[] }>(listed).data;
    const mine = rows.find((row) => row.carer_id === carerId);
    assert.ok(mine, 'the carer’s phone is listed under the carer record');
    assert.equal(mine.carer_name, carerName);
    assert.ok(mine.devices.length >= 1);
    assert.ok(rows.every((row) => row.carer_name !== 'no.record'), 'an account without a carer record is not a carer');
  });

  it('tasks are recorded once per key, with a reason for those not done', async () => {
    const visit = await plan(carerId, 40, 30, [
      { key: 'wash', label: 'Wash', kind: 'personal-care' },
      { key: 'lunch', label: 'Lunch', kind: 'meal' },
    ]);
    const noReason = await device.post(`/api/v1/carer-app/visits/${visit.id}/tasks`, { tasks: [{ task_key: 'lunch', done: false }] }, newKey());
    assert.equal(noReason.statusCode, 422);
    const body = { tasks: [{ task_key: 'wash', done: true }, { task_key: 'lunch', done: false, reason: 'refused', note: 'Had eaten already' }] };
    const key = newKey();
    assert.equal((await device.post(`/api/v1/carer-app/visits/${visit.id}/tasks`, body, key)).statusCode, 201);
    const again = await device.post(`/api/v1/carer-app/visits/${visit.id}/tasks`, body, key);
    assert.equal(again.statusCode, 200);
    assert.equal(data<unknown[]>(again).length, 2);
  });

  it('the office sees pending visits and confirms them in bulk, with a reason; the visit answers its confirmation', async () => {
    const late = await plan(carerId, 300, 30);
    await device.post(`/api/v1/carer-app/visits/${late.id}/check-in`, { recorded_at: at(new Date(late.planned_start.getTime() + 40 * MINUTE)), ...near(10) }, newKey());
    await device.post(`/api/v1/carer-app/visits/${late.id}/check-out`, { recorded_at: at(new Date(late.planned_end.getTime() + 40 * MINUTE)), ...near(10) }, newKey());
    const queue = data<{ data: ConfirmationRow[]; total: number }>(await office.get(`/api/v1/visits/confirmations?state=pending&branch_id=${camden}`));
    const row = queue.data.find((item) => item.id === late.id)!;
    assert.ok(row.confirmation_issues.some((issue) => issue.includes('punctuality') || issue.includes('outside')), row.confirmation_issues.join(' | '));
    const pendingIds = queue.data.map((item) => item.id);
    const noReason = await office.post('/api/v1/visits/confirm', { ids: pendingIds });
    assert.equal(noReason.statusCode, 422);
    assert.ok((noReason.json() as Envelope<null>).errors?.reason);
    const confirmed = await office.post('/api/v1/visits/confirm', { ids: pendingIds, reason: 'Rang the client: the visit took place in full.' });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    const [stored] = await t.database.db.select().from(visits).where(eq(visits.id, late.id));
    assert.equal(stored!.confirmation, 'confirmed');
    assert.equal(stored!.confirmation_reason, 'Rang the client: the visit took place in full.');
    const logs = await t.database.db.select().from(visitLogs).where(and(eq(visitLogs.visit_id, late.id), eq(visitLogs.action, 'confirmed')));
    assert.equal(logs.length, 1);
    const today = data<{ data: LiveVisitRow[] }>(await office.get(`/api/v1/live/visits?date=${late.visit_date}&state=completed`));
    assert.ok(today.data.some((item) => item.id === late.id && item.confirmation === 'confirmed' && item.punctual === false));
  });

  it('today’s visits list pages a branch’s day in order with its count, the clients’ and carers’ names and each visit’s checks', async () => {
    const db = t.database.db;
    const day = londonDate();
    // What the list should say, read from the tables: the branch's visits of the day but cancelled ones.
    const expected = (await db.select().from(visits).where(and(eq(visits.branch_id, camden), eq(visits.visit_date, day))))
      .filter((visit) => visit.status !== 'cancelled')
      .sort((a, b) => a.planned_start.getTime() - b.planned_start.getTime() || a.id - b.id);
    assert.ok(expected.length > 5, 'the demo and this file plan more than a page of five today');
    const list = async (query: string) => data<{ data: LiveVisitRow[]; total: number }>(await office.get(`/api/v1/live/visits?branch_id=${camden}&${query}`));
    const first = await list('page=1&page_size=5');
    const second = await list('page=2&page_size=5');
    assert.equal(first.total, expected.length);
    assert.deepEqual([...first.data, ...second.data].map((row) => row.id), expected.slice(0, 10).map((visit) => visit.id));
    // Names as care-records and workforce publish them, each carer in position order.
    const shown = first.data[0]!;
    const [client] = await db.select().from(clientsRead).where(eq(clientsRead.id, shown.client_id));
    assert.equal(shown.client_name, `${client!.first_name} ${client!.last_name}`);
    const onVisit = await db.select().from(visitCarers).where(eq(visitCarers.visit_id, shown.id)).orderBy(visitCarers.position);
    const carerRows = onVisit.length ? await db.select().from(carersRead).where(inArray(carersRead.id, onVisit.map((row) => row.carer_id))) : [];
    assert.deepEqual(shown.carer_names, onVisit.map((row) => { const carer = carerRows.find((c) => c.id === row.carer_id)!; return `${carer.first_name} ${carer.last_name}`; }));
    assert.match(shown.start_time, /^\d\d:\d\d$/);
    // A visit with checks answers their times and flags.
    const checked = await db.select().from(visitChecks).where(inArray(visitChecks.visit_id, expected.map((visit) => visit.id)));
    const withIn = checked.find((check) => check.kind === 'in')!;
    assert.ok(withIn, 'a visit of the day has been checked in');
    const all = await list(`page_size=100`);
    const row = all.data.find((item) => item.id === withIn.visit_id)!;
    assert.equal(row.check_in_at, withIn.recorded_at.toISOString());
    // Sorted by status, latest first: statuses descending, then planned start and id within a status.
    const byStatus = await list('page_size=100&sort=status&mode=desc');
    const statusOrder = [...expected].sort((a, b) => (a.status < b.status ? 1 : a.status > b.status ? -1 : 0) || a.planned_start.getTime() - b.planned_start.getTime() || a.id - b.id);
    assert.deepEqual(byStatus.data.map((item) => item.id), statusOrder.slice(0, 100).map((visit) => visit.id));
  });

  it('live settings default, are saved per branch and refuse bad values by field', async () => {
    const defaults = data<{ is_default: boolean; on_site_distance_metres: number }>(await office.get(`/api/v1/scheduler/live-settings/${camden}`));
    assert.equal(defaults.on_site_distance_metres, 150);
    const manager = await loginAs(t.app, 'manager');
    const bad = await manager.put(`/api/v1/scheduler/live-settings/${camden}`, { punctuality_window_minutes: 500 });
    assert.equal(bad.statusCode, 422);
    const values = { punctuality_window_minutes: 20, on_site_distance_metres: 200, duration_variance_percent: 30, late_after_minutes: 10, missed_after_minutes: 45, time_critical_late_after_minutes: 5, escalate_after_minutes: 20 };
    const saved = await manager.put(`/api/v1/scheduler/live-settings/${camden}`, values);
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(data<{ on_site_distance_metres: number; is_default: boolean }>(saved).on_site_distance_metres, 200);
  });

  it('L5: the on-call person is someone of the branch who may act on its alerts; another branch’s carer, a carer, a disabled or unknown user is 422 on on_call_user_id', async () => {
    const db = t.database.db;
    const leeds = await branchIdOf(db, 'LDS-SL');
    const [carerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, CARER_ROLE));
    const coordinator = await createRole(db, 'l5_coordinator', ['visits.view', 'visits.edit']);
    const person = async (email: string, roleId: number, branchId: number, disabled = false) => {
      await createUser(db, { email, roleId, disabled });
      const id = await userIdOf(db, email);
      await db.insert(userBranches).values({ user_id: id, branch_id: branchId });
      return id;
    };
    const leedsCarer = await person('l5.leeds.carer@device.test', carerRole!.id, leeds);
    const camdenCarer = await person('l5.camden.carer@device.test', carerRole!.id, camden);
    const leedsCoordinator = await person('l5.leeds.coordinator@device.test', coordinator, leeds);
    const disabledCoordinator = await person('l5.disabled@device.test', coordinator, camden, true);
    const camdenCoordinator = await person('l5.camden.coordinator@device.test', coordinator, camden);
    const manager = await loginAs(t.app, 'manager');
    const values = { punctuality_window_minutes: 20, on_site_distance_metres: 200, duration_variance_percent: 30, late_after_minutes: 10, missed_after_minutes: 45, time_critical_late_after_minutes: 5, escalate_after_minutes: 20, on_call_phone: '' };
    for (const [who, id] of [['another branch’s carer', leedsCarer], ['a carer of the branch', camdenCarer], ['another branch’s coordinator', leedsCoordinator], ['a disabled user', disabledCoordinator], ['no such user', 2_000_000_000]] as const) {
      const refused = await manager.put(`/api/v1/scheduler/live-settings/${camden}`, { ...values, on_call_user_id: id });
      assert.equal(refused.statusCode, 422, `${who}: ${refused.body}`);
      assert.deepEqual(Object.keys((refused.json() as Envelope<null>).errors ?? {}), ['on_call_user_id'], who);
    }
    const [stored] = await db.select().from(branchLiveSettings).where(eq(branchLiveSettings.branch_id, camden));
    assert.notEqual(stored?.on_call_user_id, leedsCarer, 'nothing refused was saved');
    const saved = await manager.put(`/api/v1/scheduler/live-settings/${camden}`, { ...values, on_call_user_id: camdenCoordinator });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(data<{ on_call_user_id: number | null }>(saved).on_call_user_id, camdenCoordinator);
    const cleared = await manager.put(`/api/v1/scheduler/live-settings/${camden}`, { ...values, on_call_user_id: null });
    assert.equal(cleared.statusCode, 200, cleared.body);
  });
});
