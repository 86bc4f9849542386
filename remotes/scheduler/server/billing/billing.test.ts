import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { londonDate } from '@hcm/contract/engine';
import { branches } from '@hcm/server/schema';
import type { AreaModule } from '@hcm/server/platform';
import { AREA_MODULES, createTestApp, loginAs, type TestApp, type TestClient, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import type { BillableVisit, CarerWorkedVisits } from '../../contract/billing.js';
import { visitCarers, visits } from '../tables.js';
import { firstOfPreviousMonth } from '../templates/demo.js';
import type { BilledVisit } from './lock.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// Finance's reads of visits (GET /visits/billing, /visits/worked) over the demo's last month, and the
// invoiced-visit lock: finance's GET /finance/billed-visits is faked here (a visit is billed when the test says
// so; 404 while `financeDeployed` is false), so the scheduler's side is tested alone.

const billed = new Map<number, BilledVisit>();
let financeDeployed = true;
const modules: AreaModule[] = AREA_MODULES.map((module) =>
  module.name === 'finance'
    ? {
        ...module,
        async routes(app) {
          app.get('/finance/billed-visits', { config: { anyPermission: ['finance.view', 'visits.edit', 'visits.correct'] } }, async (request, reply) => {
            if (!financeDeployed) return reply.code(404).send({ status: false, message: 'Not found.' });
            const ids = String((request.query as { ids?: string }).ids ?? '').split(',').map(Number);
            return { status: true, message: '', data: ids.filter((id) => billed.has(id)).map((id) => billed.get(id)!) };
          });
        },
      }
    : module,
);

let t: TestApp;
let finance: TestClient;
let office: TestClient;
let manager: TestClient;
let camden: number;
const today = londonDate();
const from = firstOfPreviousMonth(today);
const to = (() => {
  const date = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
})();

before(async () => {
  t = await createTestApp({ modules });
  finance = await loginAs(t.app, 'finance');
  office = await loginAs(t.app, 'office');
  manager = await loginAs(t.app, 'manager');
  const [row] = await t.database.db.select({ id: branches.id }).from(branches).where(eq(branches.code, 'CAM'));
  camden = row!.id;
});
after(() => t.close());

test('billing: last month’s visits with carers in order, confirmation, funders and the first carer’s chargeable miles', async () => {
  const answer = await finance.get(`/api/v1/visits/billing?from=${from}&to=${to}`);
  assert.equal(answer.statusCode, 200, answer.body);
  const rows = answer.json().data as BillableVisit[];
  const stored = await t.database.db.select().from(visits).where(and(lt(visits.visit_date, today)));
  const lastMonth = stored.filter((visit) => visit.visit_date >= from && visit.visit_date <= to);
  assert.equal(rows.length, lastMonth.length, 'every visit of the period, every status, every branch for the finance officer');
  assert.ok(rows.every((row, index) => index === 0 || rows[index - 1]!.planned_start <= row.planned_start), 'in planned order');
  assert.ok(rows.filter((row) => row.status === 'completed').every((row) => row.confirmation === 'auto-confirmed' && row.actual_start && row.actual_end));
  assert.ok(rows.some((row) => row.status === 'cancelled' && row.cancel_chargeable && row.cancelled_at));
  assert.ok(new Set(rows.map((row) => row.funder_code_id)).size >= 4, 'several funders');

  const sample = rows.find((row) => row.carer_ids.length === 2) ?? rows[0]!;
  const onIt = await t.database.db.select().from(visitCarers).where(eq(visitCarers.visit_id, sample.id));
  assert.deepEqual(sample.carer_ids, onIt.sort((a, b) => a.position - b.position).map((row) => row.carer_id));
  const stored1 = stored.find((visit) => visit.id === sample.id)!;
  assert.equal(sample.planned_start, stored1.planned_start.toISOString());
  assert.equal(sample.created_at, stored1.created_at.toISOString());

  // A carer's first visit of a day has no chargeable miles; later ones mostly do (different homes).
  const firstOfDay = new Map<string, number>();
  for (const row of rows.filter((row) => row.carer_ids.length && row.status !== 'cancelled' && row.status !== 'missed')) {
    const key = `${row.carer_ids[0]}:${row.visit_date}`;
    if (!firstOfDay.has(key)) firstOfDay.set(key, row.id);
  }
  const firsts = new Set(firstOfDay.values());
  assert.ok(rows.filter((row) => firsts.has(row.id)).every((row) => row.chargeable_miles === 0));
  const later = rows.filter((row) => row.carer_ids.length && !firsts.has(row.id) && row.status === 'completed');
  // Supported-living tenants share a building (0 miles); homes elsewhere are miles apart.
  assert.ok(later.some((row) => row.chargeable_miles > 0), 'miles between homes');
  assert.ok(rows.filter((row) => row.created_at < row.planned_start).length === rows.length, 'booked before they began');
  assert.ok(rows.every((row) => Number.isFinite(row.chargeable_miles) && row.chargeable_miles >= 0));

  const camdenOnly = (await finance.get(`/api/v1/visits/billing?from=${from}&to=${to}&branch_id=${camden}`)).json().data as BillableVisit[];
  assert.ok(camdenOnly.length > 0 && camdenOnly.every((row) => row.branch_id === camden));
  const funder = camdenOnly[0]!.funder_code_id!;
  const client = camdenOnly[0]!.client_id;
  const narrowed = (await finance.get(`/api/v1/visits/billing?from=${from}&to=${to}&funder_code_id=${funder}&client_id=${client}`)).json().data as BillableVisit[];
  assert.ok(narrowed.length > 0 && narrowed.every((row) => row.funder_code_id === funder && row.client_id === client));
});

test('billing and worked refuse bad periods and ids (422 per field), and people without finance or payroll (403)', async () => {
  const tooLong = await finance.get(`/api/v1/visits/billing?from=2026-01-01&to=2026-04-04`);
  assert.equal(tooLong.statusCode, 422);
  assert.ok(tooLong.json().errors.to);
  assert.equal((await finance.get(`/api/v1/visits/billing?from=2026-01-01&to=2026-04-03`)).statusCode, 200, '93 days is allowed');
  const backwards = await finance.get(`/api/v1/visits/worked?from=2026-02-02&to=2026-02-01`);
  assert.equal(backwards.statusCode, 422);
  assert.ok(backwards.json().errors.to);
  const bad = await finance.get(`/api/v1/visits/billing?from=2026-02-30&to=x&branch_id=1,a&client_id=-1`);
  assert.deepEqual(Object.keys(bad.json().errors).sort(), ['branch_id', 'client_id', 'from', 'to']);
  assert.equal((await office.get(`/api/v1/visits/billing?from=${from}&to=${to}`)).statusCode, 403);
  assert.equal((await office.get(`/api/v1/visits/worked?from=${from}&to=${to}`)).statusCode, 403);
});

test('worked: each carer’s confirmed visits in time order, actual times, travel from the previous visit that day', async () => {
  const answer = await finance.get(`/api/v1/visits/worked?from=${from}&to=${to}&branch_id=${camden}`);
  assert.equal(answer.statusCode, 200, answer.body);
  const carers = answer.json().data as CarerWorkedVisits[];
  assert.ok(carers.length > 0);
  const ids = carers.flatMap((carer) => carer.visits.map((visit) => visit.visit_id));
  const stored = new Map((await t.database.db.select().from(visits).where(inArray(visits.id, ids))).map((visit) => [visit.id, visit]));
  for (const carer of carers) {
    carer.visits.forEach((visit, index) => {
      const row = stored.get(visit.visit_id)!;
      assert.ok(['auto-confirmed', 'confirmed'].includes(row.confirmation), 'confirmed only');
      assert.equal(row.branch_id, camden);
      assert.equal(visit.start, (row.actual_start ?? row.planned_start).toISOString());
      const previous = carer.visits[index - 1];
      if (!previous || previous.visit_date !== visit.visit_date) {
        assert.equal(visit.travel_minutes_before, null, 'the day’s first: no travel');
        assert.equal(visit.miles_before, null);
      } else {
        assert.ok(previous.start <= visit.start, 'time order');
        assert.ok(visit.travel_minutes_before === null || visit.travel_minutes_before >= 0);
      }
    });
  }
  assert.ok(carers.some((carer) => carer.visits.some((visit) => (visit.travel_minutes_before ?? 0) > 0 && (visit.miles_before ?? 0) > 0)));

  const one = carers[0]!.carer_id;
  const only = (await finance.get(`/api/v1/visits/worked?from=${from}&to=${to}&carer_ids=${one}`)).json().data as CarerWorkedVisits[];
  assert.deepEqual(only.map((carer) => carer.carer_id), [one]);
});

test('an invoiced visit refuses edits, cancelling, reinstating, corrections and bulk code changes (409) until credited', async () => {
  const [done] = await t.database.db.select().from(visits).where(and(eq(visits.branch_id, camden), eq(visits.status, 'completed'), eq(visits.visit_date, from))).limit(1);
  const [cancelled] = await t.database.db.select().from(visits).where(and(eq(visits.branch_id, camden), eq(visits.status, 'cancelled'))).limit(1);
  billed.set(done!.id, { visit_id: done!.id, invoice_id: 7, invoice_number: 'INV-2026-0007' });
  if (cancelled) billed.set(cancelled.id, { visit_id: cancelled.id, invoice_id: 7, invoice_number: 'INV-2026-0007' });

  const corrected = await manager.post(`/api/v1/visits/${done!.id}/correct`, { version: done!.version, reason: 'Carer forgot to check out', actual_end: '23:00' });
  assert.equal(corrected.statusCode, 409, corrected.body);
  assert.equal(corrected.json().message, `Visit ${done!.id} is on invoice INV-2026-0007: raise a credit note before changing it.`);
  const edited = await office.put(`/api/v1/visits/${done!.id}`, { version: done!.version });
  assert.equal(edited.statusCode, 409);
  assert.equal((await office.post(`/api/v1/visits/${done!.id}/cancel`, { version: done!.version, reason: 'other' })).statusCode, 409);
  if (cancelled) assert.equal((await office.post(`/api/v1/visits/${cancelled.id}/reinstate`, { version: cancelled.version })).statusCode, 409);

  const funders = [...new Set((await t.database.db.select({ id: visits.funder_code_id }).from(visits)).map((row) => row.id))].filter((id): id is number => id !== null);
  const move = { branch_id: camden, client_ids: [done!.client_id], from, to: from, from_funder_code_id: done!.funder_code_id, to_funder_code_id: funders.find((id) => id !== done!.funder_code_id) };
  const bulk = await manager.post('/api/v1/utility/visits/move-funder-code', move);
  assert.equal(bulk.statusCode, 409, bulk.body);
  assert.match(bulk.json().message, /INV-2026-0007/);
  const [unchanged] = await t.database.db.select().from(visits).where(eq(visits.id, done!.id));
  assert.equal(unchanged!.version, done!.version, 'nothing changed');

  // Credited (no longer billed): the correction goes through. Without finance deployed (404) nothing is billed.
  billed.delete(done!.id);
  const allowed = await manager.post(`/api/v1/visits/${done!.id}/correct`, { version: done!.version, reason: 'Carer forgot to check out', detail: '' , status: 'completed' });
  assert.equal(allowed.statusCode, 200, allowed.body);
  financeDeployed = false;
  if (cancelled) {
    const reinstated = await office.post(`/api/v1/visits/${cancelled.id}/reinstate`, { version: cancelled.version });
    assert.notEqual(reinstated.statusCode, 409, reinstated.body);
  }
  financeDeployed = true;
});
