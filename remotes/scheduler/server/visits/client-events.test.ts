import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { addDays, clock } from '@hcm/contract/time';
import { createTestApp, fixClock, loginAs, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import type { VisitLogRow, VisitRow } from '../../contract/visits.js';
import { deliverBesideVisitEvents } from './deliveries-for-tests.js';
import { visitCarers } from '../tables.js';

// A client's care pausing or stopping in care-records reaches the rota through the outbox: a hospital stay with
// visits paused cancels their visits not yet started from the admission day, not charged (so the invoice preview
// leaves them out even inside the funder's notice); the discharge brings back those after it, with their carers;
// care ended cancels every visit after the end. Logged with the reason, once however often the delivery runs.

fixClock(WEEKDAY_MORNING);
const TODAY = '2026-11-25';
const TOMORROW = addDays(TODAY, 1);
const WEEK_END = addDays(TODAY, 7);

let t: TestApp;
/** The clients the tests have taken, so each test has its own. */
const used: number[] = [];
let manager: TestClient;
let finance: TestClient;
before(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
  finance = await loginAs(t.app, 'finance');
});
after(() => t.close());

async function visitsOf(clientId: number, from: string, to: string): Promise<VisitRow[]> {
  const response = await manager.get(`/api/v1/visits?client_id=${clientId}&from=${from}&to=${to}&page_size=100`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data.data as VisitRow[];
}

type Funder = { id: number; code: string; funder_type: string };
const fundersByCode = async () => new Map(((await manager.get('/api/v1/funder-codes?page_size=100')).json().data.data as Funder[]).map((funder) => [funder.code, funder]));

/** A client with visits still to come tomorrow and after, funded by one of `codes` (their cards' notice), not yet chosen. */
async function clientWithComingVisits(codes: string[]): Promise<{ clientId: number; branchId: number; funder: Funder }> {
  const funders = await fundersByCode();
  for (const code of codes) {
    const funder = funders.get(code);
    if (!funder) continue;
    const rota = (await manager.get(`/api/v1/visits?funder_code_id=${funder.id}&from=${TOMORROW}&to=${TOMORROW}&status=assigned&page_size=100`)).json().data.data as VisitRow[];
    for (const visit of rota) {
      if (used.includes(visit.client_id)) continue;
      const coming = await visitsOf(visit.client_id, addDays(TOMORROW, 3), WEEK_END);
      if (!coming.some((row) => row.status === 'assigned')) continue;
      used.push(visit.client_id);
      return { clientId: visit.client_id, branchId: visit.branch_id, funder };
    }
  }
  throw new Error(`No demo client funded by ${codes.join(' or ')} has visits in the coming week.`);
}

const stay = (clientId: number, overrides: Record<string, unknown> = {}) => ({
  client_id: clientId,
  hospital: 'Royal Free Hospital',
  ward: '10 North',
  admitted_on: TOMORROW,
  admitted_via: 'ambulance',
  reason: 'A fall at home; taken in by ambulance.',
  expected_discharge_on: addDays(TOMORROW, 2),
  discharged_on: '',
  discharge_destination: '',
  visits_paused: true,
  reported_by: 'Daughter, by phone',
  reported_on: TODAY,
  reported_time: '09:40',
  notes: '',
  ...overrides,
});

/** The invoice run's preview for one client over tomorrow to the week's end, as finance would ask it. */
async function previewFor(client: { clientId: number; branchId: number; funder: Funder }) {
  const response = await finance.post('/api/v1/finance/invoice-runs/preview', {
    branch_id: client.branchId,
    payer_kind: client.funder.funder_type === 'private' ? 'client' : 'funder',
    funder_code_id: client.funder.id,
    client_id: client.clientId,
    period_from: TOMORROW,
    period_to: WEEK_END,
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as { invoices: { lines: { visit_id: number; cancellation: string }[] }[]; totals: { lines: number; total_pence: number } };
}

test('a hospital stay with visits paused cancels the visits from the admission, not charged; the discharge brings later ones back; once', async () => {
  // Funders whose cards charge a cancellation inside their notice (24 and 48 hours): a pause must not be one.
  const client = await clientWithComingVisits(['PRIV', 'DP']);
  const today = await visitsOf(client.clientId, TODAY, TODAY);
  const coming = (await visitsOf(client.clientId, TOMORROW, WEEK_END)).filter((visit) => visit.status === 'assigned' || visit.status === 'unassigned');
  assert.ok(coming.some((visit) => Date.parse(visit.planned_start) - clock.nowMs() < 24 * 3_600_000), 'a visit inside any card’s notice');
  assert.equal((await previewFor(client)).totals.lines, 0, 'nothing to invoice yet: the visits have not happened');

  const created = await manager.post('/api/v1/client-hospitals', stay(client.clientId));
  assert.equal(created.statusCode, 201, created.body);
  const episodeId = created.json().data.id as number;
  // Until the outbox delivers, the rota is as it was: the reaction is the scheduler's, not the record's.
  const undelivered = await visitsOf(client.clientId, TOMORROW, WEEK_END);
  assert.ok(coming.every((visit) => undelivered.find((row) => row.id === visit.id)?.status === visit.status));

  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  const paused = await visitsOf(client.clientId, TOMORROW, WEEK_END);
  for (const visit of paused.filter((row) => coming.some((was) => was.id === row.id))) {
    assert.equal(visit.status, 'cancelled', `visit ${visit.id} on ${visit.date}`);
    assert.equal(visit.cancel_reason, 'client-hospital');
    assert.equal(visit.cancel_chargeable, false);
    assert.equal(visit.cancel_detail, `In hospital since ${TOMORROW} (episode #${episodeId})`);
  }
  // Today's visits, before the admission, are untouched.
  assert.deepEqual(
    (await visitsOf(client.clientId, TODAY, TODAY)).map((visit) => [visit.id, visit.status, visit.version]),
    today.map((visit) => [visit.id, visit.status, visit.version]),
  );
  const log = ((await manager.get(`/api/v1/visits/${coming[0]!.id}/logs`)).json().data as VisitLogRow[]).find((row) => row.action === 'cancelled')!;
  assert.equal(log.summary, 'Cancelled: client in hospital, calls paused (not charged)');
  assert.equal(log.reason, `In hospital since ${TOMORROW} (episode #${episodeId})`);
  assert.equal(log.user_name, 'Maya Manager', 'as the user who recorded the stay');

  // Not invoiced, though cancelled inside the card's notice (the client did not call them off).
  const preview = await previewFor(client);
  assert.equal(preview.totals.lines, 0, JSON.stringify(preview.invoices));
  assert.equal(preview.totals.total_pence, 0);

  // Delivered once: another pass finds nothing due.
  assert.deepEqual(await deliverBesideVisitEvents(t), []);

  // Discharged two days after the admission: the visits from the day after come back as they were.
  const discharged = await manager.put(`/api/v1/client-hospitals/${episodeId}`, stay(client.clientId, { discharged_on: addDays(TOMORROW, 2), discharge_destination: 'home-same-package' }));
  assert.equal(discharged.statusCode, 200, discharged.body);
  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  const resumeOn = addDays(TOMORROW, 3);
  for (const visit of await visitsOf(client.clientId, TOMORROW, WEEK_END)) {
    const was = coming.find((row) => row.id === visit.id);
    if (!was) continue;
    if (visit.date < resumeOn) {
      assert.equal(visit.status, 'cancelled', `still in hospital on ${visit.date}`);
      continue;
    }
    assert.equal(visit.status, was.status, `visit ${visit.id} on ${visit.date} back`);
    assert.deepEqual(visit.carers, was.carers, 'with the carers it had');
    assert.equal(visit.cancel_reason, null);
    assert.equal(visit.cancel_detail, '');
  }
  const back = coming.find((visit) => visit.date >= resumeOn)!;
  const reinstated = ((await manager.get(`/api/v1/visits/${back.id}/logs`)).json().data as VisitLogRow[]).find((row) => row.action === 'reinstated')!;
  assert.equal(reinstated.summary, 'Reinstated: client home from hospital');
  assert.equal(reinstated.reason, `Discharged on ${addDays(TOMORROW, 2)} (episode #${episodeId})`);

  // Editing the discharged stay again publishes nothing: the pause is over.
  const noted = await manager.put(`/api/v1/client-hospitals/${episodeId}`, stay(client.clientId, { discharged_on: addDays(TOMORROW, 2), discharge_destination: 'home-same-package', notes: 'Review in a week.' }));
  assert.equal(noted.statusCode, 200, noted.body);
  assert.deepEqual(await deliverBesideVisitEvents(t), []);
});

test('care ended cancels every visit after the end of care, not charged; the days before keep theirs', async () => {
  const client = await clientWithComingVisits(['LBC', 'LCC', 'NHS-NCL', 'PRIV', 'DP']);
  const record = (await manager.get(`/api/v1/clients/${client.clientId}`)).json().data as Record<string, unknown>;
  const before = await visitsOf(client.clientId, TOMORROW, WEEK_END);
  const { id: _id, created_at: _created, updated_at: _updated, deleted_at: _deleted, ...fields } = record;
  const ended = await manager.put(`/api/v1/clients/${client.clientId}`, { ...fields, status: 'ended', end_date: TOMORROW });
  assert.equal(ended.statusCode, 200, ended.body);
  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);

  for (const visit of await visitsOf(client.clientId, TOMORROW, WEEK_END)) {
    const was = before.find((row) => row.id === visit.id)!;
    if (visit.date === TOMORROW || !['assigned', 'unassigned'].includes(was.status)) {
      assert.equal(visit.status, was.status, `visit ${visit.id} on ${visit.date} kept`);
      continue;
    }
    assert.equal(visit.status, 'cancelled');
    assert.equal(visit.cancel_reason, 'care-ended');
    assert.equal(visit.cancel_chargeable, false);
    assert.equal(visit.cancel_detail, `Care ended on ${TOMORROW}`);
  }
  assert.ok(before.some((visit) => visit.date > TOMORROW && visit.status === 'assigned'));
  assert.deepEqual(await deliverBesideVisitEvents(t), []);
});

test('a moved admission pauses from the new day; a withdrawn stay brings back all it paused, less a carer booked elsewhere meanwhile', async () => {
  const client = await clientWithComingVisits(['LBC', 'LCC', 'NHS-NCL', 'PRIV', 'DP']);
  // Recorded already discharged: nothing is paused.
  const past = await manager.post('/api/v1/client-hospitals', stay(client.clientId, { admitted_on: '2026-10-02', expected_discharge_on: '', discharged_on: '2026-10-05', discharge_destination: 'home-same-package' }));
  assert.equal(past.statusCode, 201, past.body);
  assert.deepEqual(await deliverBesideVisitEvents(t), []);

  const coming = (await visitsOf(client.clientId, TOMORROW, WEEK_END)).filter((visit) => visit.status === 'assigned');
  const dayAfter = addDays(TOMORROW, 1);
  const created = await manager.post('/api/v1/client-hospitals', stay(client.clientId, { admitted_on: dayAfter, expected_discharge_on: '' }));
  assert.equal(created.statusCode, 201, created.body);
  const episodeId = created.json().data.id as number;
  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  assert.ok((await visitsOf(client.clientId, TOMORROW, TOMORROW)).every((visit) => visit.status !== 'cancelled'), 'tomorrow is before the admission');

  // The ward says they went in a day earlier: tomorrow's visits are paused too.
  const moved = await manager.put(`/api/v1/client-hospitals/${episodeId}`, stay(client.clientId, { admitted_on: TOMORROW, expected_discharge_on: '' }));
  assert.equal(moved.statusCode, 200, moved.body);
  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  const paused = await visitsOf(client.clientId, TOMORROW, WEEK_END);
  assert.ok(coming.every((visit) => paused.find((row) => row.id === visit.id)?.status === 'cancelled'));

  // Meanwhile the office books the first visit's carer on another call at the same time.
  const first = coming[0]!;
  const carer = first.carers[0]!;
  const other = await manager.post('/api/v1/visits', { client_id: used[0]!, date: first.date, start_time: first.start_time, end_time: first.end_time, carers_needed: 1 });
  assert.equal(other.statusCode, 201, other.body);
  await t.database.db.insert(visitCarers).values({ visit_id: (other.json().data as VisitRow).id, carer_id: carer.carer_id, position: 1 });

  // The stay was entered in error: every visit it paused still to come is back.
  assert.equal((await manager.delete(`/api/v1/client-hospitals/${episodeId}`)).statusCode, 200);
  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  const back = await visitsOf(client.clientId, TOMORROW, WEEK_END);
  for (const was of coming) {
    const visit = back.find((row) => row.id === was.id)!;
    if (visit.id === first.id) {
      assert.ok(!visit.carers.some((row) => row.carer_id === carer.carer_id), 'the carer booked elsewhere is not put back');
      assert.equal(visit.status, visit.carers.length >= visit.carers_needed ? 'assigned' : 'unassigned');
      continue;
    }
    assert.equal(visit.status, 'assigned', `visit ${visit.id} on ${visit.date}`);
    assert.deepEqual(visit.carers, was.carers);
  }
  const log = ((await manager.get(`/api/v1/visits/${first.id}/logs`)).json().data as VisitLogRow[]).find((row) => row.action === 'reinstated')!;
  assert.equal(log.summary, 'Reinstated: client home from hospital; a carer booked elsewhere at that time taken off');
  assert.equal(log.reason, `Calls resumed (episode #${episodeId})`);
  assert.deepEqual(await deliverBesideVisitEvents(t), []);
});

test('a client who died with no end of care recorded: every visit still to come is cancelled as the client died', async () => {
  const client = await clientWithComingVisits(['LBC', 'LCC', 'NHS-NCL', 'PRIV', 'DP']);
  const record = (await manager.get(`/api/v1/clients/${client.clientId}`)).json().data as Record<string, unknown>;
  const { id: _id, created_at: _created, updated_at: _updated, deleted_at: _deleted, ...fields } = record;
  const before = await visitsOf(client.clientId, TODAY, WEEK_END);
  const died = await manager.put(`/api/v1/clients/${client.clientId}`, { ...fields, status: 'deceased', end_date: '' });
  assert.equal(died.statusCode, 200, died.body);
  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  const after = await visitsOf(client.clientId, TODAY, WEEK_END);
  for (const was of before) {
    const visit = after.find((row) => row.id === was.id)!;
    const toCome = Date.parse(was.planned_start) > clock.nowMs() && ['assigned', 'unassigned'].includes(was.status);
    assert.equal(visit.status, toCome ? 'cancelled' : was.status, `visit ${visit.id} at ${visit.planned_start}`);
    if (toCome) assert.deepEqual([visit.cancel_reason, visit.cancel_chargeable, visit.cancel_detail], ['client-died', false, 'Client died (no end date recorded)']);
  }
  assert.ok(before.some((visit) => Date.parse(visit.planned_start) > clock.nowMs() && visit.status === 'assigned'));
  assert.deepEqual(await deliverBesideVisitEvents(t), []);
});
