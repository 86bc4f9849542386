import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, userBranches } from '@hcm/server/schema';
import { branchIdOf, createRole, createTestApp, createUser, loginAs, userIdOf, type TestApp } from '@hcm/server/testing';
import type { RotaProfile } from './rota-profiles.js';

// GET /api/v1/clients/rota-profiles: what the rota reads of clients (scheduler.view or clients.view).

describe('clients’ rota profiles', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('answers the user’s branches’ clients with their staff preferences, audited per client', async () => {
    const office = await loginAs(t.app, 'office');
    const response = await office.get('/api/v1/clients/rota-profiles');
    assert.equal(response.statusCode, 200, response.body);
    const rows = (response.json() as { data: RotaProfile[] }).data;
    const camden = await branchIdOf(t.database.db, 'CAM');
    assert.ok(rows.length > 0 && rows.every((row) => row.branch_id === camden));
    const margaret = rows.find((row) => row.name.startsWith('Margaret'))!;
    assert.equal(margaret.gender_preference, 'female-personal-care');
    assert.equal(margaret.continuity, 'essential');
    const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'client-rota-profile'), eq(auditLog.record_id, margaret.id), eq(auditLog.action, 'view')));
    assert.equal(audited.length, 1);
  });

  it('content=0 answers names and statuses only, unaudited; bad ids are 422', async () => {
    const office = await loginAs(t.app, 'office');
    const rows = (await office.get('/api/v1/clients/rota-profiles?content=0')).json() as { data: RotaProfile[] };
    assert.ok(rows.data.every((row) => row.gender_preference === 'none' && row.care_plan_tasks.length === 0));
    const bad = await office.get('/api/v1/clients/rota-profiles?ids=1,x');
    assert.equal(bad.statusCode, 422);
    assert.ok((bad.json() as { errors: Record<string, string[]> }).errors.ids);
  });

  it('a user with scheduler.view alone reads it; a user with neither permission is refused', async () => {
    const db = t.database.db;
    const leeds = await branchIdOf(db, 'LDS-SL');
    const planner = await createUser(db, { email: 'planner@rota-profiles.test', roleId: await createRole(db, 'rota_profiles_planner', ['scheduler.view']) });
    await db.insert(userBranches).values({ user_id: await userIdOf(db, planner.email), branch_id: leeds });
    const answer = await (await loginAs(t.app, planner)).get('/api/v1/clients/rota-profiles');
    assert.equal(answer.statusCode, 200);
    assert.ok((answer.json() as { data: RotaProfile[] }).data.every((row) => row.branch_id === leeds));
    const nobody = await createUser(db, { email: 'nobody@rota-profiles.test', roleId: await createRole(db, 'rota_profiles_nobody', ['visits.view']) });
    assert.equal((await (await loginAs(t.app, nobody)).get('/api/v1/clients/rota-profiles')).statusCode, 403);
  });
});
