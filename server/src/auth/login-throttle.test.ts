import { AREA_MODULES } from '../area-modules.js';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { authAttempts } from '../db/schema.js';
import { DEMO_USERS } from '../db/seed.js';
import { anonymousClient, createTestApp, createUser, TestClient, type TestApp } from '../testing.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const BAD_CREDENTIALS = {
  status: false,
  message: 'These credentials do not match our records.',
  data: null,
  errors: { email: ['These credentials do not match our records.'] },
};

async function attemptsOf(email: string) {
  return t.database.db
    .select()
    .from(authAttempts)
    .where(and(eq(authAttempts.kind, 'login'), eq(authAttempts.email, email)))
    .orderBy(authAttempts.id);
}

/** Moves every logged attempt of this email back in time, as if the minute had passed. */
async function age(email: string, seconds: number) {
  await t.database.db
    .update(authAttempts)
    .set({ at: sql`${authAttempts.at} - make_interval(secs => ${seconds})` })
    .where(eq(authAttempts.email, email));
}

async function failTimes(client: TestClient, email: string, times: number) {
  for (let i = 0; i < times; i++) {
    const response = await client.post('/login', { email, password: 'not the password at all' });
    assert.equal(response.statusCode, 422, `failure ${i + 1}`);
    assert.deepEqual(response.json(), BAD_CREDENTIALS);
  }
}

test('five failures within a minute lock the email + IP: 429 with Retry-After, even for the right password', async () => {
  const user = await createUser(t.database.db, { email: 'locked@homecare.test', roleId: null });
  const client = await anonymousClient(t.app);
  await failTimes(client, user.email, 5);

  const locked = await client.post('/login', user);
  assert.equal(locked.statusCode, 429);
  const retryAfter = Number(locked.headers['retry-after']);
  assert.ok(retryAfter >= 55 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  const body = locked.json();
  assert.equal(body.status, false);
  assert.match(body.message, new RegExp(`^Too many attempts\\. Please try again in ${retryAfter} seconds\\.$`));
  assert.deepEqual(body.errors, { email: [body.message] });

  // The lock is counted in the database, so it also holds for a second API process over the same data.
  const other = await buildApp({
    modules: AREA_MODULES,
    db: t.database.db,
    databaseKind: t.database.kind,
    webOrigins: [],
    cookieSecure: false,
    sessionIdleMinutes: 120,
    sessionAbsoluteHours: 12,
  });
  try {
    const elsewhere = await anonymousClient(other);
    assert.equal((await elsewhere.post('/login', user)).statusCode, 429);
  } finally {
    await other.close();
  }

  // A minute after the first failure it is let through again.
  await age(user.email, 61);
  assert.equal((await client.post('/login', user)).statusCode, 200);
});

test('an unknown email is throttled with exactly the same answers', async () => {
  const client = await anonymousClient(t.app);
  await failTimes(client, 'nobody-at-all@homecare.test', 5);
  const locked = await client.post('/login', { email: 'nobody-at-all@homecare.test', password: 'whatever it is' });
  assert.equal(locked.statusCode, 429);
  assert.ok(Number(locked.headers['retry-after']) > 0);
});

test('the key is the lower-cased email: changing its case does not reset the count; another email is not affected', async () => {
  const user = await createUser(t.database.db, { email: 'casey@homecare.test', roleId: null });
  const client = await anonymousClient(t.app);
  await failTimes(client, 'CASEY@HomeCare.test', 3);
  await failTimes(client, ' casey@homecare.TEST ', 2);
  assert.equal((await client.post('/login', user)).statusCode, 429);
  assert.equal((await client.post('/login', DEMO_USERS.office)).statusCode, 200);
});

test('answers to throttled requests are logged but not counted, so hammering does not extend the lock', async () => {
  const user = await createUser(t.database.db, { email: 'hammer@homecare.test', roleId: null });
  const client = await anonymousClient(t.app);
  await failTimes(client, user.email, 5);
  for (let i = 0; i < 3; i++) assert.equal((await client.post('/login', user)).statusCode, 429);
  const rows = await attemptsOf(user.email);
  assert.deepEqual(
    rows.map((row) => row.reason),
    ['bad_credentials', 'bad_credentials', 'bad_credentials', 'bad_credentials', 'bad_credentials', 'throttled', 'throttled', 'throttled'],
  );
  await age(user.email, 61);
  assert.equal((await client.post('/login', user)).statusCode, 200);
});

test('a successful login clears the count (as Laravel clears its limiter)', async () => {
  const user = await createUser(t.database.db, { email: 'cleared@homecare.test', roleId: null });
  const client = await anonymousClient(t.app);
  await failTimes(client, user.email, 4);
  assert.equal((await client.post('/login', user)).statusCode, 200);
  const again = await anonymousClient(t.app);
  await failTimes(again, user.email, 4);
  assert.equal((await again.post('/login', user)).statusCode, 200);
});

test('every attempt is logged: success or failure, reason, user, IP and user agent', async () => {
  const user = await createUser(t.database.db, { email: 'logged@homecare.test', roleId: null });
  const disabled = await createUser(t.database.db, { email: 'logged-disabled@homecare.test', roleId: null, disabled: true });
  const client = await anonymousClient(t.app);
  const headers = { 'user-agent': 'Journey/1.0 (test)' };
  await client.post('/login', { email: user.email, password: 'wrong password here' }, { headers });
  await client.post('/login', user, { headers });
  await client.post('/login', disabled, { headers });
  await client.post('/login', { email: 'logged-nobody@homecare.test', password: 'x' }, { headers });

  const rows = [...(await attemptsOf(user.email)), ...(await attemptsOf(disabled.email)), ...(await attemptsOf('logged-nobody@homecare.test'))];
  assert.deepEqual(
    rows.map((row) => [row.email, row.success, row.reason, row.user_id !== null, row.ip, row.user_agent, row.throttle_key]),
    [
      [user.email, false, 'bad_credentials', true, '127.0.0.1', 'Journey/1.0 (test)', 'logged@homecare.test|127.0.0.1'],
      [user.email, true, null, true, '127.0.0.1', 'Journey/1.0 (test)', 'logged@homecare.test|127.0.0.1'],
      [disabled.email, false, 'disabled', true, '127.0.0.1', 'Journey/1.0 (test)', 'logged-disabled@homecare.test|127.0.0.1'],
      ['logged-nobody@homecare.test', false, 'unknown_email', false, '127.0.0.1', 'Journey/1.0 (test)', 'logged-nobody@homecare.test|127.0.0.1'],
    ],
  );
});

test('the limit comes from the settings (LOGIN_THROTTLE_PER_MINUTE)', async () => {
  const user = await createUser(t.database.db, { email: 'strict@homecare.test', roleId: null });
  const options = { db: t.database.db, databaseKind: t.database.kind, webOrigins: [], cookieSecure: false, sessionIdleMinutes: 120, sessionAbsoluteHours: 12 };
  const strict = await buildApp({
    modules: AREA_MODULES, ...options, loginThrottlePerMinute: 2 });
  try {
    const client = await anonymousClient(strict);
    for (let i = 0; i < 2; i++) assert.equal((await client.post('/login', { email: user.email, password: 'wrong one' })).statusCode, 422);
    assert.equal((await client.post('/login', user)).statusCode, 429);
  } finally {
    await strict.close();
  }
  // The same two failures are under the default limit of 5.
  assert.equal((await (await anonymousClient(t.app)).post('/login', user)).statusCode, 200);
});
