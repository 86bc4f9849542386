import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { SESSION_COOKIE } from '@hcm/contract';
import { desc, eq } from 'drizzle-orm';
import { authAttempts, knownDevices, mailOutbox, oneTimeCodes, users } from '../db/schema.js';
import { globalSettings as settingsTable } from './global-settings.js';
import { anonymousClient, createUser, createTestApp, loginAs, TestClient, type TestApp } from '../testing.js';
import { DEVICE_COOKIE, OTP_NEW_DEVICE_SETTING } from './devices.js';
import { sessionIdOf } from './sessions.js';

let t: TestApp;
let seededValue: unknown;
before(async () => {
  t = await createTestApp();
  [seededValue] = await t.database.db.select().from(settingsTable).where(eq(settingsTable.key, OTP_NEW_DEVICE_SETTING));
});
after(() => t.close());

async function setOtp(on: boolean) {
  await t.database.db.update(settingsTable).set({ value: on ? 'true' : 'false' }).where(eq(settingsTable.key, OTP_NEW_DEVICE_SETTING));
}
beforeEach(() => setOtp(true));

/** The code in the latest email to this address. */
async function emailedCode(email: string): Promise<string> {
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email)).orderBy(desc(mailOutbox.id)).limit(1);
  assert.ok(mail, `no email to ${email}`);
  assert.equal(mail.subject, 'Your sign-in code');
  return /\b(\d{6})\b/.exec(mail.text_body)![1]!;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function startOtp(account: { email: string; password: string }, client?: TestClient) {
  const browser = client ?? (await anonymousClient(t.app));
  const response = await browser.post('/login', account);
  assert.equal(response.statusCode, 200, response.body);
  const data = response.json().data as { two_factor: boolean; otp: boolean; gist: string };
  assert.equal(data.otp, true);
  return { client: browser, gist: data.gist, code: await emailedCode(account.email) };
}

test('the setting is seeded off; with it off nobody is asked for a code', async () => {
  const row = seededValue as { value: string } | undefined;
  assert.equal(row?.value, 'false');
  await setOtp(false);
  const account = await createUser(t.database.db, { email: 'otp-off@homecare.test', roleId: null });
  const response = await (await anonymousClient(t.app)).post('/login', account);
  assert.deepEqual(response.json().data, { two_factor: false });
});

test('a new device gets an emailed code: a pending session until the code is entered, then a known device', async () => {
  const account = await createUser(t.database.db, { email: 'otp-new@homecare.test', roleId: null });
  const client = await anonymousClient(t.app);
  const started = Date.now();
  const login = await client.post('/login', account);
  const answered = Date.now();
  assert.equal(login.statusCode, 200);
  const data = login.json().data;
  assert.deepEqual(Object.keys(data).sort(), ['gist', 'otp', 'two_factor']);
  assert.equal(data.two_factor, false);
  assert.match(data.gist, /^[A-Za-z0-9_-]{32}$/);
  const code = await emailedCode(account.email);
  assert.match(code, /^\d{6}$/);

  // Stored hashed, bound to the pending session; the pending session is not signed in.
  const pendingToken = client.cookies.get(SESSION_COOKIE)!;
  const [row] = await t.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.gist, data.gist));
  assert.equal(row!.session_id, sessionIdOf(pendingToken));
  assert.notEqual(row!.code_hash, code);
  assert.ok(!row!.code_hash.includes(code));
  const expires = row!.expires_at.getTime() - 10 * 60_000;
  assert.ok(expires >= started && expires <= answered, 'the code is valid 10 minutes from the login');
  assert.equal((await client.get('/api/v1/user')).statusCode, 401);

  const wrong = await client.post('/otp-verify-challenge', { gist: data.gist, code: otherCode(code) });
  assert.equal(wrong.statusCode, 422);
  assert.deepEqual(wrong.json().errors, { code: ['The code is not correct.'] });

  const right = await client.post('/otp-verify-challenge', { gist: data.gist, code });
  assert.equal(right.statusCode, 200);
  assert.deepEqual(right.json().data, { two_factor: false });
  assert.notEqual(client.cookies.get(SESSION_COOKIE), pendingToken);
  assert.equal((await client.get('/api/v1/user')).json().data.data.email, account.email);
  assert.ok(client.cookies.get(DEVICE_COOKIE));

  // The same browser is now known: the next login needs the password only. Another browser is asked again.
  await client.post('/logout');
  await client.get('/csrf-cookie');
  assert.deepEqual((await client.post('/login', account)).json().data, { two_factor: false });
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  assert.equal((await t.database.db.select().from(knownDevices).where(eq(knownDevices.user_id, user!.id))).length, 1);
  await startOtp(account);
});

test('a code is single use and only completes the login it was sent for', async () => {
  const account = await createUser(t.database.db, { email: 'otp-once@homecare.test', roleId: null });
  const { client, gist, code } = await startOtp(account);

  // Another browser with its own pending login cannot use this gist and code.
  const thief = await startOtp(account);
  const stolen = await thief.client.post('/otp-verify-challenge', { gist, code });
  assert.equal(stolen.statusCode, 422);

  assert.equal((await client.post('/otp-verify-challenge', { gist, code })).statusCode, 200);
  // Once signed in there is no pending login left to complete.
  assert.equal((await client.post('/otp-verify-challenge', { gist, code })).statusCode, 401);
  // Even within the session it was bound to, a used code is refused.
  await t.database.db.update(oneTimeCodes).set({ used_at: new Date() }).where(eq(oneTimeCodes.gist, thief.gist));
  const used = await thief.client.post('/otp-verify-challenge', { gist: thief.gist, code: thief.code });
  assert.equal(used.statusCode, 422);
  assert.deepEqual(used.json().errors, { code: ['This code has already been used. Log in again.'] });
});

test('a code expires after 10 minutes', async () => {
  const account = await createUser(t.database.db, { email: 'otp-late@homecare.test', roleId: null });
  const { client, gist, code } = await startOtp(account);
  await t.database.db.update(oneTimeCodes).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(oneTimeCodes.gist, gist));
  const late = await client.post('/otp-verify-challenge', { gist, code });
  assert.equal(late.statusCode, 422);
  assert.deepEqual(late.json().errors, { code: ['This code has expired. Send a new one.'] });
});

test('5 wrong codes lock the code, and tries are throttled (429) for the account', async () => {
  const account = await createUser(t.database.db, { email: 'otp-guess@homecare.test', roleId: null });
  const { client, gist, code } = await startOtp(account);
  for (let i = 0; i < 5; i++) {
    assert.equal((await client.post('/otp-verify-challenge', { gist, code: otherCode(String(Number(code) + i)) })).statusCode, 422);
  }
  const throttled = await client.post('/otp-verify-challenge', { gist, code });
  assert.equal(throttled.statusCode, 429);
  assert.ok(Number(throttled.headers['retry-after']) > 0);

  // A minute later the throttle lets a try through, but this code is dead: a new one must be sent.
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  await t.database.db.update(authAttempts).set({ at: new Date(Date.now() - 61_000) }).where(eq(authAttempts.user_id, user!.id));
  const locked = await client.post('/otp-verify-challenge', { gist, code });
  assert.equal(locked.statusCode, 422);
  assert.deepEqual(locked.json().errors, { code: ['Too many wrong codes. Send a new one.'] });
});

test('resend: 60 s cool-down (429 + Retry-After), then a new code under the same gist; the old code stops working', async () => {
  const account = await createUser(t.database.db, { email: 'otp-resend@homecare.test', roleId: null });
  const { client, gist, code } = await startOtp(account);
  const early = await client.post('/otp-verify-challenge/resend', { gist });
  assert.equal(early.statusCode, 429);
  const retryAfter = Number(early.headers['retry-after']);
  assert.ok(retryAfter > 50 && retryAfter <= 60, `Retry-After ${retryAfter}`);

  await t.database.db.update(oneTimeCodes).set({ sent_at: new Date(Date.now() - 61_000) }).where(eq(oneTimeCodes.gist, gist));
  const resent = await client.post('/otp-verify-challenge/resend', { gist });
  assert.equal(resent.statusCode, 200);
  assert.deepEqual(resent.json().data, { resend_after: 60 });
  const newCode = await emailedCode(account.email);
  const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, account.email));
  assert.equal(mails.length, 2);
  if (newCode !== code) assert.equal((await client.post('/otp-verify-challenge', { gist, code })).statusCode, 422);
  assert.equal((await client.post('/otp-verify-challenge', { gist, code: newCode })).statusCode, 200);

  // Another session cannot have someone else's code resent.
  const other = await startOtp(account);
  assert.equal((await client.post('/otp-verify-challenge/resend', { gist: other.gist })).statusCode, 401);
  const stranger = await anonymousClient(t.app);
  assert.equal((await stranger.post('/otp-verify-challenge/resend', { gist: other.gist })).statusCode, 401);
});

test('a user with TOTP gets the authenticator challenge, not the emailed code', async () => {
  const account = await createUser(t.database.db, { email: 'otp-totp@homecare.test', roleId: null });
  await t.database.db
    .update(users)
    .set({ two_factor_secret: 'v1.x.y.z', two_factor_confirmed_at: new Date() })
    .where(eq(users.email, account.email));
  assert.deepEqual((await (await anonymousClient(t.app)).post('/login', account)).json().data, { two_factor: true });
});

test('a bad gist or code is a 422 by field', async () => {
  const account = await createUser(t.database.db, { email: 'otp-shape@homecare.test', roleId: null });
  const { client, gist } = await startOtp(account);
  const response = await client.post('/otp-verify-challenge', { gist, code: '12' });
  assert.equal(response.statusCode, 422);
  assert.deepEqual(response.json().errors, { code: ['The code is 6 digits.'] });
  const noGist = await client.post('/otp-verify-challenge', { gist: 'x', code: '123456' });
  assert.deepEqual(noGist.json().errors, { gist: ['This sign-in link is not valid.'] });
  // Signed-in sessions and anonymous ones have no OTP login to complete.
  await setOtp(false);
  const signedIn = await loginAs(t.app, 'admin');
  assert.equal((await signedIn.post('/otp-verify-challenge', { gist, code: '123456' })).statusCode, 401);
  assert.equal((await (await anonymousClient(t.app)).post('/otp-verify-challenge', { gist, code: '123456' })).statusCode, 401);
});
