import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { after, before, test } from 'node:test';
import { rolePermissions } from '../db/schema.js';
import { createRole, createTestApp, createUser, loginAs, type TestApp } from '../testing.js';
import { forgetCurrentUser, setUserCacheClock } from './hooks.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

test('a new permission applies within a second (users are cached that long), or at once when forgotten', async () => {
  // The cache's clock stands still unless moved: a second passes without waiting one.
  let clock = Date.now();
  const realClock = setUserCacheClock(() => clock);
  try {
    const roleId = await createRole(t.database.db, 'cache_test', []);
    const login = await createUser(t.database.db, { email: 'cache@test.example', roleId });
    const client = await loginAs(t.app, login);
    assert.equal((await client.get('/api/v1/branches')).statusCode, 403);

    await t.database.db.insert(rolePermissions).values({ role_id: roleId, permission: 'branches.view' });
    clock += 999;
    assert.equal((await client.get('/api/v1/branches')).statusCode, 403, 'the cached user, within the second');
    clock += 1;
    assert.equal((await client.get('/api/v1/branches')).statusCode, 200, 'seen once the cached second is over');

    await t.database.db.delete(rolePermissions).where(eq(rolePermissions.role_id, roleId));
    const userId = ((await client.get('/api/v1/user')).json().data.data as { userID: number }).userID;
    forgetCurrentUser(userId);
    assert.equal((await client.get('/api/v1/branches')).statusCode, 403, 'seen at once when the cache is told');
  } finally {
    realClock();
  }
});

test('logging out ends access at once, whatever the cache holds', async () => {
  const client = await loginAs(t.app, 'office');
  assert.equal((await client.get('/api/v1/branches')).statusCode, 200);
  await client.post('/logout', {});
  assert.equal((await client.get('/api/v1/branches')).statusCode, 401);
});
