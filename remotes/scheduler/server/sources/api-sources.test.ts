import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { auditLog, userBranches } from '@hcm/server/schema';
import { branchIdOf, createRole, createTestApp, createUser, loginAs, userIdOf, type TestApp, type TestClient } from '@hcm/server/testing';
import { apiSources } from './api-sources.js';

// The scheduler reads carers and clients through workforce's and care-records' APIs, as the signed-in user.

/** The signed-in request the sources forward (only its headers are read). */
const requestOf = (client: TestClient) => ({ headers: { cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } }) as unknown as FastifyRequest;

describe('the scheduler’s sources (other areas’ APIs)', () => {
  let t: TestApp;
  let camden: number;
  let leeds: number;
  let planner: TestClient;
  let office: TestClient;

  before(async () => {
    t = await createTestApp();
    const db = t.database.db;
    camden = await branchIdOf(db, 'CAM');
    leeds = await branchIdOf(db, 'LDS-SL');
    // A rota planner of Leeds: the scheduler's reads only, no carers.view and no clients.view.
    const role = await createRole(db, 'rota_planner_test', ['scheduler.view']);
    const login = await createUser(db, { email: 'planner@sources.test', roleId: role });
    await db.insert(userBranches).values({ user_id: await userIdOf(db, login.email), branch_id: leeds });
    planner = await loginAs(t.app, login);
    office = await loginAs(t.app, 'office');
  });
  after(() => t.close());

  it('reads the carers of the user’s branches, with the rota’s facts', async () => {
    const sources = apiSources(t.app, requestOf(office));
    const carers = await sources.carers({ branchIds: [camden] });
    assert.ok(carers.length > 0);
    assert.ok(carers.every((carer) => carer.branch_id === camden));
    const first = carers[0]!;
    assert.equal(typeof first.name, 'string');
    assert.ok(['applicant', 'active', 'suspended', 'leaver'].includes(first.status));
    assert.equal(typeof first.drives, 'boolean');
    // Office (Camden only) asking for Leeds gets nobody.
    assert.deepEqual(await sources.carers({ branchIds: [leeds] }), []);
    // By ids: only those asked.
    const two = await sources.carers({ ids: carers.slice(0, 2).map((carer) => carer.id) });
    assert.deepEqual(two.map((carer) => carer.id).sort(), carers.slice(0, 2).map((carer) => carer.id).sort());
  });

  it('a planner with scheduler.view alone reads their branch’s carers and clients, never another branch’s', async () => {
    const sources = apiSources(t.app, requestOf(planner));
    const carers = await sources.carers({});
    assert.ok(carers.length > 0);
    assert.ok(carers.every((carer) => carer.branch_id === leeds));
    const clients = await sources.clients({});
    assert.ok(clients.length > 0);
    assert.ok(clients.every((client) => client.branch_id === leeds));
    assert.deepEqual(await sources.clients({ branchIds: [camden] }), []);
  });

  it('reads clients’ staff preferences and plan tasks, audited as views of their rota profile', async () => {
    const sources = apiSources(t.app, requestOf(office));
    const clients = await sources.clients({ branchIds: [camden] });
    const margaret = clients.find((client) => client.name.startsWith('Margaret'));
    assert.ok(margaret, 'the first demo client is in Camden');
    assert.equal(margaret.gender_preference, 'female-personal-care');
    assert.equal(margaret.continuity, 'essential');
    assert.ok(Array.isArray(margaret.care_plan_tasks));
    const db = t.database.db;
    const views = await db.select().from(auditLog).where(and(eq(auditLog.resource, 'client-rota-profile'), eq(auditLog.record_id, margaret.id)));
    assert.ok(views.length >= 1);
    // Names only: no content, no audit entry.
    const before = views.length;
    const basics = await sources.clientBasics({ ids: [margaret.id] });
    assert.deepEqual(Object.keys(basics[0]!).sort(), ['branch_id', 'id', 'name', 'postcode', 'status']);
    const again = await db.select().from(auditLog).where(and(eq(auditLog.resource, 'client-rota-profile'), eq(auditLog.record_id, margaret.id)));
    assert.equal(again.length, before);
  });

  it('reads compliance, availability over more than 62 days, training and preferences by carer', async () => {
    const sources = apiSources(t.app, requestOf(office));
    const carers = (await sources.carers({ branchIds: [camden] })).filter((carer) => carer.status === 'active');
    const ids = carers.map((carer) => carer.id);
    const compliance = await sources.compliance(ids);
    assert.equal(compliance.size, ids.length);
    for (const entry of compliance.values()) assert.ok(Array.isArray(entry.blocked_because));
    const availability = await sources.availability(ids, '2026-11-01', '2027-01-31');
    const days = availability.get(ids[0]!) ?? [];
    assert.equal(days.length, 92, 'every day of November, December and January');
    assert.equal(days[0]!.date, '2026-11-01');
    assert.equal(days.at(-1)!.date, '2027-01-31');
    const training = await sources.training(ids, []);
    assert.ok(training.size > 0);
    for (const entry of training.values()) assert.equal(typeof entry.medication_competent, 'boolean');
    const preferences = await sources.preferences(ids);
    assert.equal(preferences.size, ids.length);
    assert.deepEqual(await sources.compliance([]), new Map());
  });

  it('another area refusing answers as an error naming the address', async () => {
    const anonymous = { headers: {} } as unknown as FastifyRequest;
    await assert.rejects(() => apiSources(t.app, anonymous).carers({}), /\/api\/v1\/carers\/rota answered 401/);
  });
});
