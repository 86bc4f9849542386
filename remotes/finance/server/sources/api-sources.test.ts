import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { and, eq, gte } from 'drizzle-orm';
import { londonDate } from '@hcm/contract/engine';
import { auditLog, userBranches } from '@hcm/server/schema';
import { branchIdOf, createRole, createTestApp, createUser, loginAs, userIdOf, type TestApp, type TestClient, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import { AreaCallError } from '@hcm/server/platform';
import { financeSources, periodSlices } from './api-sources.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// Finance reads visits, clients and carers through the scheduler's, care-records' and workforce's APIs, as the
// signed-in user: their permissions and branches apply.

/** The signed-in request the sources forward (only its headers are read). */
const requestOf = (client: TestClient) => ({ headers: { cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } }) as unknown as FastifyRequest;

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

describe('finance’s sources (other areas’ APIs)', () => {
  let t: TestApp;
  let camden: number;
  let leeds: number;
  let finance: TestClient;
  let payroll: TestClient; // payroll.view only, Camden
  let office: TestClient; // no finance
  const today = londonDate();
  const from = addDays(today, -40);

  before(async () => {
    t = await createTestApp();
    const db = t.database.db;
    camden = await branchIdOf(db, 'CAM');
    leeds = await branchIdOf(db, 'LDS-SL');
    const role = await createRole(db, 'payroll_clerk_test', ['payroll.view']);
    const login = await createUser(db, { email: 'payroll@sources.test', roleId: role });
    await db.insert(userBranches).values({ user_id: await userIdOf(db, login.email), branch_id: camden });
    payroll = await loginAs(t.app, login);
    finance = await loginAs(t.app, 'finance');
    office = await loginAs(t.app, 'office');
  });
  after(() => t.close());

  it('cuts long periods into the scheduler’s 93-day slices', () => {
    assert.deepEqual(periodSlices('2026-01-01', '2026-01-31'), [['2026-01-01', '2026-01-31']]);
    const slices = periodSlices('2026-01-01', '2026-12-31');
    assert.equal(slices.length, 4);
    assert.equal(slices[0]![1], '2026-04-03');
    assert.equal(slices[1]![0], '2026-04-04');
    assert.equal(slices.at(-1)![1], '2026-12-31');
  });

  it('reads billable visits of a period, by branch and funder, across slices', async () => {
    const sources = financeSources(t.app, requestOf(finance));
    const all = await sources.billableVisits({ from, to: today });
    assert.ok(all.length > 100);
    assert.ok(all.every((visit) => visit.visit_date >= from && visit.visit_date <= today));
    const camdenOnly = await sources.billableVisits({ from, to: today, branchIds: [camden] });
    assert.ok(camdenOnly.length > 0 && camdenOnly.length < all.length && camdenOnly.every((visit) => visit.branch_id === camden));
    const funder = camdenOnly[0]!.funder_code_id!;
    const byFunder = await sources.billableVisits({ from, to: today, funderCodeIds: [funder] });
    assert.ok(byFunder.every((visit) => visit.funder_code_id === funder));
    // A year is four requests, and the same visits as asking slice by slice.
    const year = await sources.billableVisits({ from: addDays(today, -300), to: today, branchIds: [leeds] });
    assert.ok(year.length > 0 && year.every((visit) => visit.branch_id === leeds));
    assert.deepEqual(await sources.billableVisits({ from, to: today, branchIds: [] }), [], 'no branch asked: nothing');
  });

  it('reads each carer’s worked visits in time order; payroll without finance may', async () => {
    const worked = await financeSources(t.app, requestOf(payroll)).workedVisits({ from, to: today });
    assert.ok(worked.size > 0);
    for (const visits of worked.values()) {
      assert.ok(visits.every((visit, index) => index === 0 || visits[index - 1]!.start <= visit.start));
      assert.equal(visits[0]!.travel_minutes_before, null, 'the first of the day');
    }
    const oneCarer = [...worked.keys()][0]!;
    const only = await financeSources(t.app, requestOf(payroll)).workedVisits({ from, to: today, carerIds: [oneCarer] });
    assert.deepEqual([...only.keys()], [oneCarer]);
  });

  it('reads clients’ billing details (audited) and carers’ pay details, branch-scoped', async () => {
    const sources = financeSources(t.app, requestOf(finance));
    const clients = await sources.clients({ branchIds: [camden] });
    assert.ok(clients.length > 0 && clients.every((client) => client.branch_id === camden));
    const first = clients[0]!;
    assert.ok(first.name && first.address.includes('\n') && first.postcode);
    assert.equal(typeof first.nhs_number, 'string');
    const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'clients'), eq(auditLog.record_id, first.id), eq(auditLog.action, 'view'), gte(auditLog.at, new Date(Date.now() - 60_000))));
    assert.ok(audited.some((row) => (row.after as { view?: string } | null)?.view === 'billing-profile'), 'the read is in the audit trail');

    const carers = await sources.carers({ branchIds: [camden] });
    assert.ok(carers.length > 0 && carers.every((carer) => carer.branch_id === camden));
    assert.ok(carers.some((carer) => carer.band_id !== null));
    assert.ok(carers.every((carer) => carer.payroll_number === '' && (carer.date_of_birth === null || /^\d{4}-\d{2}-\d{2}$/.test(carer.date_of_birth))));
    const byId = await sources.carers({ ids: [carers[0]!.id] });
    assert.deepEqual(byId.map((carer) => carer.id), [carers[0]!.id]);

    // Payroll sees carers of its branch only, and no clients' billing details (only where they live, for travel).
    const payrollCarers = await financeSources(t.app, requestOf(payroll)).carers({});
    assert.ok(payrollCarers.length > 0 && payrollCarers.every((carer) => carer.branch_id === camden));
    await assert.rejects(financeSources(t.app, requestOf(payroll)).clients({}), (error: unknown) => error instanceof AreaCallError && error.statusCode === 403);
    const places = await payroll.get('/api/v1/clients/billing-profiles?fields=postcode');
    assert.equal(places.statusCode, 200);
    assert.deepEqual(Object.keys((places.json().data as object[])[0]!).sort(), ['branch_id', 'id', 'postcode', 'status']);
  });

  it('the other areas refuse people without finance, payroll or export permissions, and bad ids (422)', async () => {
    assert.equal((await office.get('/api/v1/carers/pay-profiles')).statusCode, 403);
    assert.equal((await office.get('/api/v1/clients/billing-profiles')).statusCode, 403);
    await assert.rejects(financeSources(t.app, requestOf(office)).billableVisits({ from, to: today }), (error: unknown) => error instanceof AreaCallError && error.statusCode === 403);
    const bad = await finance.get('/api/v1/carers/pay-profiles?ids=1,x&branch_id=0');
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(Object.keys(bad.json().errors).sort(), ['branch_id', 'ids']);
    assert.equal((await finance.get('/api/v1/clients/billing-profiles?ids=abc')).statusCode, 422);
  });
});
