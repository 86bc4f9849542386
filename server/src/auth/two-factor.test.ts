import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SESSION_COOKIE } from '@hcm/contract';
import { eq, sql } from 'drizzle-orm';
import { authAttempts, roles, sessions, users } from '../db/schema.js';
import { anonymousClient, createRole, createUser, createTestApp, loginAs, type TestApp, type TestClient } from '../testing.js';
import { sessionIdOf } from './sessions.js';
import { totpCode, totpStep } from './totp.js';
import { generateRecoveryCodes, RECOVERY_ALPHABET } from './two-factor.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const INVALID_CODE = 'The provided two factor authentication code was invalid.';
const INVALID_RECOVERY_CODE = 'The provided two factor recovery code was invalid.';

type Account = { email: string; password: string };

async function newUser(name: string, roleId: number | null = null): Promise<Account> {
  return createUser(t.database.db, { email: `${name}@homecare.test`, roleId });
}

async function confirmPassword(client: TestClient, password: string) {
  const response = await client.post('/user/confirm-password', { password });
  assert.equal(response.statusCode, 200, response.body);
}

/** Turns 2FA on as the profile does; resolves to the secret, the step used to confirm it and the recovery codes. */
async function enable(client: TestClient, account: Account) {
  await confirmPassword(client, account.password);
  assert.equal((await client.post('/user/two-factor-authentication')).statusCode, 200);
  const secret = (await client.get('/user/two-factor-secret-key')).json().data.secretKey as string;
  const step = totpStep();
  const confirmed = await client.post('/user/confirmed-two-factor-authentication', { code: totpCode(secret, step) });
  assert.equal(confirmed.statusCode, 200, confirmed.body);
  return { secret, step, recoveryCodes: confirmed.json().data.recovery_codes as string[] };
}

/** Password step of a login for a user with 2FA: a pending session, not logged in. */
async function startLogin(account: Account): Promise<TestClient> {
  const client = await anonymousClient(t.app);
  const response = await client.post('/login', account);
  assert.equal(response.statusCode, 200);
  assert.deepEqual(response.json().data, { two_factor: true });
  return client;
}

test('managing 2FA needs a signed-in user (401) and a recent password confirmation (423)', async () => {
  const anonymous = await anonymousClient(t.app);
  for (const [method, url] of [
    ['GET', '/user/two-factor-authentication'],
    ['POST', '/user/two-factor-authentication'],
    ['DELETE', '/user/two-factor-authentication'],
    ['GET', '/user/two-factor-qr-code'],
    ['GET', '/user/two-factor-secret-key'],
    ['POST', '/user/confirmed-two-factor-authentication'],
    ['GET', '/user/two-factor-recovery-codes'],
    ['POST', '/user/two-factor-recovery-codes'],
    ['POST', '/user/confirm-password'],
    ['GET', '/user/confirmed-password-status'],
  ] as const) {
    const response = await anonymous.request(method, url, method === 'GET' ? {} : { payload: {} });
    assert.equal(response.statusCode, 401, `${method} ${url}`);
  }

  const account = await newUser('unconfirmed');
  const client = await loginAs(t.app, account);
  assert.deepEqual((await client.get('/user/confirmed-password-status')).json().data, { confirmed: false });
  const start = await client.post('/user/two-factor-authentication');
  assert.equal(start.statusCode, 423);
  assert.equal(start.json().message, 'Password confirmation required.');

  const wrong = await client.post('/user/confirm-password', { password: 'not my password' });
  assert.equal(wrong.statusCode, 422);
  assert.deepEqual(wrong.json().errors, { password: ['The provided password was incorrect.'] });
  await confirmPassword(client, account.password);
  assert.deepEqual((await client.get('/user/confirmed-password-status')).json().data, { confirmed: true });
  assert.equal((await client.post('/user/two-factor-authentication')).statusCode, 200);

  // The confirmation lasts 15 minutes.
  const id = sessionIdOf(client.cookies.get(SESSION_COOKIE)!);
  await t.database.db.update(sessions).set({ password_confirmed_at: new Date(Date.now() - 16 * 60_000) }).where(eq(sessions.id, id));
  assert.equal((await client.get('/user/two-factor-secret-key')).statusCode, 423);
});

test('enabling: QR code and secret while setting up, confirmed by a code; secret encrypted, recovery codes hashed and shown once', async () => {
  const account = await newUser('enabler');
  const client = await loginAs(t.app, account);
  await confirmPassword(client, account.password);
  assert.equal((await client.post('/user/two-factor-authentication')).statusCode, 200);
  assert.deepEqual((await client.get('/user/two-factor-authentication')).json().data, {
    enabled: false,
    pending: true,
    required: false,
    recovery_codes_left: 0,
  });

  const qr = (await client.get('/user/two-factor-qr-code')).json().data as { svg: string; url: string };
  const secret = (await client.get('/user/two-factor-secret-key')).json().data.secretKey as string;
  assert.match(secret, /^[A-Z2-7]{32}$/);
  assert.match(qr.svg, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.equal(qr.url, `otpauth://totp/Home%20Care:enabler%40homecare.test?secret=${secret}&issuer=Home+Care&algorithm=SHA1&digits=6&period=30`);

  // Not yet in force: logging in still needs only the password.
  assert.deepEqual((await (await anonymousClient(t.app)).post('/login', account)).json().data, { two_factor: false });

  const wrong = await client.post('/user/confirmed-two-factor-authentication', { code: '000000' === totpCode(secret, totpStep()) ? '111111' : '000000' });
  assert.equal(wrong.statusCode, 422);
  assert.deepEqual(wrong.json().errors, { code: [INVALID_CODE] });
  const malformed = await client.post('/user/confirmed-two-factor-authentication', { code: '12ab' });
  assert.equal(malformed.statusCode, 422);
  assert.deepEqual(malformed.json().errors, { code: ['The code is 6 digits.'] });

  const confirmed = await client.post('/user/confirmed-two-factor-authentication', { code: totpCode(secret, totpStep()) });
  assert.equal(confirmed.statusCode, 200);
  const codes = confirmed.json().data.recovery_codes as string[];
  assert.equal(codes.length, 8);
  assert.equal(new Set(codes).size, 8);
  for (const code of codes) assert.match(code, /^[a-z2-9]{6}(-[a-z2-9]{6}){3}$/);

  const [row] = await t.database.db.select().from(users).where(eq(users.email, account.email));
  assert.ok(row!.two_factor_confirmed_at);
  assert.ok(row!.two_factor_secret && !row!.two_factor_secret.includes(secret), 'the secret is stored encrypted');
  assert.equal(row!.two_factor_recovery_codes!.length, 8);
  assert.ok(row!.two_factor_recovery_codes!.every((hash) => /^[0-9a-f]{64}$/.test(hash) && !codes.includes(hash)));

  // Shown once: neither the codes nor the secret can be read back afterwards.
  const again = await client.get('/user/two-factor-recovery-codes');
  assert.equal(again.statusCode, 404);
  assert.match(again.json().message, /shown only once/);
  assert.equal((await client.get('/user/two-factor-secret-key')).statusCode, 404);
  assert.equal((await client.get('/user/two-factor-qr-code')).statusCode, 404);
  assert.equal((await client.post('/user/two-factor-authentication')).statusCode, 409);
  assert.deepEqual((await client.get('/user/two-factor-authentication')).json().data, {
    enabled: true,
    pending: false,
    required: false,
    recovery_codes_left: 8,
  });
});

test('login with 2FA: a pending session (rotated, not signed in) until a code completes it under a new session id', async () => {
  const account = await newUser('challenged');
  const { secret, step } = await enable(await loginAs(t.app, account), account);

  const client = await anonymousClient(t.app);
  const anonymousToken = client.cookies.get(SESSION_COOKIE);
  const login = await client.post('/login', account);
  assert.deepEqual(login.json(), { status: true, message: 'Enter the code from your authenticator app.', data: { two_factor: true }, errors: null });
  const pendingToken = client.cookies.get(SESSION_COOKIE)!;
  assert.notEqual(pendingToken, anonymousToken);
  const [pending] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(pendingToken)));
  assert.equal(pending!.user_id, null);
  assert.equal(pending!.pending_challenge, 'two_factor');
  assert.ok(pending!.pending_user_id);

  // The pending session is not signed in: every /api/v1 route answers 401.
  assert.equal((await client.get('/api/v1/user')).statusCode, 401);
  assert.equal((await client.get('/api/v1/branches')).statusCode, 401);
  assert.equal((await client.get('/user/two-factor-authentication')).statusCode, 401);

  const wrong = await client.post('/two-factor-challenge', { code: totpCode(secret, step - 5) });
  assert.equal(wrong.statusCode, 422);
  assert.deepEqual(wrong.json(), { status: false, message: INVALID_CODE, data: null, errors: { code: [INVALID_CODE] } });

  const right = await client.post('/two-factor-challenge', { code: totpCode(secret, step + 1) });
  assert.equal(right.statusCode, 200);
  assert.deepEqual(right.json().data, { two_factor: false });
  assert.notEqual(client.cookies.get(SESSION_COOKIE), pendingToken);
  assert.equal((await client.get('/api/v1/user')).json().data.data.email, account.email);
  assert.equal((await t.database.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(pendingToken)))).length, 0);
});

test('a code cannot be replayed: the step just used (or an earlier one) is refused, a later one works', async () => {
  const account = await newUser('replayer');
  const { secret, step } = await enable(await loginAs(t.app, account), account);
  // The code that confirmed the setup cannot then sign in.
  const first = await startLogin(account);
  const reused = await first.post('/two-factor-challenge', { code: totpCode(secret, step) });
  assert.equal(reused.statusCode, 422);
  assert.deepEqual(reused.json().errors, { code: [INVALID_CODE] });
  assert.equal((await first.post('/two-factor-challenge', { code: totpCode(secret, step + 1) })).statusCode, 200);

  const second = await startLogin(account);
  assert.equal((await second.post('/two-factor-challenge', { code: totpCode(secret, step + 1) })).statusCode, 422);
  const [replayed] = await t.database.db
    .select({ reason: authAttempts.reason })
    .from(authAttempts)
    .where(eq(authAttempts.kind, 'two_factor'))
    .orderBy(sql`${authAttempts.id} desc`)
    .limit(1);
  assert.equal(replayed!.reason, 'replayed_code');
});

test('a recovery code signs in once; regenerating replaces them all', async () => {
  const account = await newUser('recovering');
  const owner = await loginAs(t.app, account);
  const { recoveryCodes } = await enable(owner, account);

  const first = await startLogin(account);
  const used = await first.post('/two-factor-challenge', { recovery_code: `  ${recoveryCodes[0]!.toUpperCase()} ` });
  assert.equal(used.statusCode, 200, used.body);
  assert.equal((await first.get('/api/v1/user')).statusCode, 200);

  const second = await startLogin(account);
  const again = await second.post('/two-factor-challenge', { recovery_code: recoveryCodes[0] });
  assert.equal(again.statusCode, 422);
  assert.deepEqual(again.json().errors, { recovery_code: [INVALID_RECOVERY_CODE] });
  assert.equal((await owner.get('/user/two-factor-authentication')).json().data.recovery_codes_left, 7);

  // Regenerating needs the password confirmed (it was, a moment ago), gives 8 new codes, and the old ones die.
  const regenerated = await owner.post('/user/two-factor-recovery-codes');
  assert.equal(regenerated.statusCode, 200);
  const fresh = regenerated.json().data.recovery_codes as string[];
  assert.equal(fresh.length, 8);
  assert.ok(!fresh.some((code) => recoveryCodes.includes(code)));
  assert.equal((await second.post('/two-factor-challenge', { recovery_code: recoveryCodes[1] })).statusCode, 422);
  assert.equal((await second.post('/two-factor-challenge', { recovery_code: fresh[0] })).statusCode, 200);
});

test('5 wrong tries a minute, then 429 with Retry-After even for the right code', async () => {
  const account = await newUser('guesser');
  const { secret, step } = await enable(await loginAs(t.app, account), account);
  const client = await startLogin(account);
  for (let i = 0; i < 5; i++) assert.equal((await client.post('/two-factor-challenge', { code: totpCode(secret, step - 10 - i) })).statusCode, 422);
  const locked = await client.post('/two-factor-challenge', { code: totpCode(secret, step + 1) });
  assert.equal(locked.statusCode, 429);
  assert.ok(Number(locked.headers['retry-after']) > 0);
  assert.match(locked.json().errors.code[0], /Too many attempts/);
});

test('a pending login expires after 10 minutes', async () => {
  const account = await newUser('slowcoach');
  const { secret, step } = await enable(await loginAs(t.app, account), account);
  const client = await startLogin(account);
  const id = sessionIdOf(client.cookies.get(SESSION_COOKIE)!);
  await t.database.db.update(sessions).set({ created_at: new Date(Date.now() - 11 * 60_000) }).where(eq(sessions.id, id));
  const late = await client.post('/two-factor-challenge', { code: totpCode(secret, step + 1) });
  assert.equal(late.statusCode, 401);
  assert.equal(late.json().message, 'Your sign-in has expired. Log in again.');
  // Without a pending login at all, the challenge answers the same.
  assert.equal((await (await anonymousClient(t.app)).post('/two-factor-challenge', { code: '123456' })).statusCode, 401);
});

test('turning 2FA off needs the password confirmed; login then needs the password only', async () => {
  const account = await newUser('switcher-off');
  const client = await loginAs(t.app, account);
  await enable(client, account);
  const id = sessionIdOf(client.cookies.get(SESSION_COOKIE)!);
  await t.database.db.update(sessions).set({ password_confirmed_at: null }).where(eq(sessions.id, id));
  assert.equal((await client.delete('/user/two-factor-authentication')).statusCode, 423);
  await confirmPassword(client, account.password);
  assert.equal((await client.delete('/user/two-factor-authentication')).statusCode, 200);
  const [row] = await t.database.db.select().from(users).where(eq(users.email, account.email));
  assert.deepEqual([row!.two_factor_secret, row!.two_factor_confirmed_at, row!.two_factor_recovery_codes], [null, null, null]);
  assert.deepEqual((await (await anonymousClient(t.app)).post('/login', account)).json().data, { two_factor: false });
});

test('while switched to another account, its 2FA cannot be changed', async () => {
  const account = await newUser('switched');
  const client = await loginAs(t.app, account);
  const [parent] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@homecare.test'));
  await t.database.db.update(sessions).set({ parent_user_id: parent!.id }).where(eq(sessions.id, sessionIdOf(client.cookies.get(SESSION_COOKIE)!)));
  assert.equal((await client.post('/user/confirm-password', { password: account.password })).statusCode, 403);
  assert.equal((await client.get('/user/two-factor-authentication')).statusCode, 403);
});

test('a role that requires 2FA: login gives a setup-only session (403 on /api/v1) until the setup is confirmed', async () => {
  const roleId = await createRole(t.database.db, 'careful_office', ['dashboard.view', 'branches.view']);
  await t.database.db.update(roles).set({ two_factor_required: true }).where(eq(roles.id, roleId));
  const account = await newUser('required', roleId);

  const client = await anonymousClient(t.app);
  const login = await client.post('/login', account);
  assert.equal(login.statusCode, 200);
  assert.deepEqual(login.json().data, { two_factor: false, two_factor_setup_required: true });
  for (const url of ['/api/v1/user', '/api/v1/branches']) {
    const refused = await client.get(url);
    assert.equal(refused.statusCode, 403, url);
    assert.deepEqual(refused.json(), { status: false, message: 'Set up two-factor authentication to continue.', data: null, errors: null });
  }
  assert.equal((await client.post('/api/v1/branches', {})).statusCode, 403);

  // The setup itself is allowed, without typing the password again (it was just typed to log in).
  assert.deepEqual((await client.get('/user/two-factor-authentication')).json().data, {
    enabled: false,
    pending: false,
    required: true,
    recovery_codes_left: 0,
  });
  assert.equal((await client.post('/user/two-factor-authentication')).statusCode, 200);
  const secret = (await client.get('/user/two-factor-secret-key')).json().data.secretKey as string;
  const setupToken = client.cookies.get(SESSION_COOKIE);
  const step = totpStep();
  assert.equal((await client.post('/user/confirmed-two-factor-authentication', { code: totpCode(secret, step) })).statusCode, 200);

  // A privilege change: a new session id, now a full one.
  assert.notEqual(client.cookies.get(SESSION_COOKIE), setupToken);
  assert.equal((await client.get('/api/v1/user')).statusCode, 200);
  assert.equal((await client.get('/api/v1/branches')).statusCode, 200);

  // The role requires it, so it cannot be turned off; the next login asks for a code.
  const off = await client.delete('/user/two-factor-authentication');
  assert.equal(off.statusCode, 403);
  assert.match(off.json().message, /requires two-factor authentication/);
  const next = await startLogin(account);
  assert.equal((await next.post('/two-factor-challenge', { code: totpCode(secret, step + 1) })).statusCode, 200);
  assert.equal((await next.get('/api/v1/user')).statusCode, 200);
});

test('each recovery code carries at least 112 random bits, as a sha256-stored lookup secret must (ASVS 6.5.2)', () => {
  const codes = generateRecoveryCodes();
  assert.equal(codes.length, 8);
  for (const code of codes) {
    const symbols = code.replaceAll('-', '');
    assert.ok([...symbols].every((char) => RECOVERY_ALPHABET.includes(char)), code);
    const bits = symbols.length * Math.log2(RECOVERY_ALPHABET.length);
    assert.ok(bits >= 112, `${code} carries only ${bits.toFixed(1)} bits`);
  }
});

test('confirming the password is a re-authentication: a new session id and CSRF token, the old ones dead, no longer life (ASVS 7.2.4)', async () => {
  const account = await newUser('reauthenticator');
  const client = await loginAs(t.app, account);
  const oldToken = client.cookies.get(SESSION_COOKIE)!;
  const oldCsrf = client.cookies.get('XSRF-TOKEN')!;
  const [before] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(oldToken)));

  await confirmPassword(client, account.password);
  const newToken = client.cookies.get(SESSION_COOKIE)!;
  assert.notEqual(newToken, oldToken);
  assert.notEqual(client.cookies.get('XSRF-TOKEN'), oldCsrf);
  assert.equal((await t.database.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(oldToken)))).length, 0);
  const [after] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(newToken)));
  assert.ok(after!.password_confirmed_at);
  assert.equal(after!.expires_at.getTime(), before!.expires_at.getTime());

  // The new session is the signed-in one and its confirmation counts; the old cookie is worthless.
  assert.deepEqual((await client.get('/user/confirmed-password-status')).json().data, { confirmed: true });
  assert.equal((await client.post('/user/two-factor-authentication')).statusCode, 200);
  const stale = await anonymousClient(t.app);
  stale.cookies.set(SESSION_COOKIE, oldToken);
  assert.equal((await stale.get('/api/v1/user')).statusCode, 401);
});
