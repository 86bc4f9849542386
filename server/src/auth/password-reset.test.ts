import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { COMMON_PASSWORD_MESSAGE, PASSWORD_RESET_DONE, RESET_LINK_SENT, RESET_TOKEN_INVALID, WRONG_CURRENT_PASSWORD } from '@hcm/contract/schemas';
import { and, desc, eq } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { authAttempts, mailOutbox, passwordResetTokens, sessions, users } from '../db/schema.js';
import { anonymousClient, createTestApp, createUser, loginAs, type TestApp } from '../testing.js';
import { FORGOT_PER_IP_PER_MINUTE, resetLink, resetTokenHash } from './password-reset.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());
// Every request here comes from one IP: start each test with a clean per-IP count.
beforeEach(async () => {
  await t.database.db.delete(authAttempts);
});

const SAME_ANSWER = { status: true, message: RESET_LINK_SENT, data: null, errors: null };
const NEW_PASSWORD = 'Violet-Harbour-Lantern-7';
let counter = 0;

/** A fresh user of its own for each test, so cool-downs and sessions do not leak between tests. */
async function freshUser(fields: { disabled?: boolean } = {}) {
  counter += 1;
  return createUser(t.database.db, { email: `reset${counter}@homecare.test`, roleId: null, ...fields });
}

async function mailsTo(email: string) {
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email)).orderBy(desc(mailOutbox.id));
}

/** Asks for a link and returns the token the email carries. */
async function requestToken(email: string): Promise<string> {
  const client = await anonymousClient(t.app);
  const response = await client.post('/forgot-password', { email });
  assert.equal(response.statusCode, 200);
  const [mail] = await mailsTo(email);
  assert.ok(mail, `no email to ${email}`);
  const match = /\/reset-password\/([A-Za-z0-9_-]+)\?email=/.exec(mail.text_body);
  assert.ok(match, mail.text_body);
  return match[1]!;
}

const resetBody = (token: string, email: string, password = NEW_PASSWORD, confirmation = password) => ({
  token,
  email,
  password,
  password_confirmation: confirmation,
});

test('forgot-password: the same answer for an account, an unknown email and a disabled account; only the account gets mail', async () => {
  const user = await freshUser();
  const disabled = await freshUser({ disabled: true });
  const client = await anonymousClient(t.app);
  for (const email of [user.email, 'nobody@homecare.test', disabled.email, user.email.toUpperCase()]) {
    const response = await client.post('/forgot-password', { email });
    assert.equal(response.statusCode, 200, email);
    assert.deepEqual(response.json(), SAME_ANSWER);
  }
  assert.equal((await mailsTo(user.email)).length, 1); // the upper-cased repeat fell in the cool-down
  assert.equal((await mailsTo('nobody@homecare.test')).length, 0);
  assert.equal((await mailsTo(disabled.email)).length, 0);
});

test('forgot-password: the link goes to APP_URL, carries 32 random bytes, and only their sha256 is stored', async () => {
  const user = await freshUser();
  const token = await requestToken(user.email);
  assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  const [mail] = await mailsTo(user.email);
  assert.ok(mail!.text_body.includes(`http://localhost:8080/reset-password/${token}?email=${encodeURIComponent(user.email)}`));
  assert.equal(mail!.subject, 'Reset your password');
  const rows = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.token_hash, resetTokenHash(token)));
  assert.equal(rows.length, 1);
  assert.equal((await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.token_hash, token))).length, 0);
  const minutes = (rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime()) / 60_000;
  assert.equal(minutes, 60);
  assert.equal(resetLink('https://care.example/', 'abc', 'a+b@x.test'), 'https://care.example/reset-password/abc?email=a%2Bb%40x.test');
  assert.equal(loadConfig({ APP_URL: 'https://care.example' }).appUrl, 'https://care.example');
});

test('forgot-password: one email a minute per account; a later one withdraws the earlier link', async () => {
  const user = await freshUser();
  const first = await requestToken(user.email);
  const client = await anonymousClient(t.app);
  const again = await client.post('/forgot-password', { email: user.email });
  assert.deepEqual(again.json(), SAME_ANSWER);
  assert.equal((await mailsTo(user.email)).length, 1);

  // A minute later a new link is sent, and the first one no longer works.
  await t.database.db
    .update(passwordResetTokens)
    .set({ created_at: new Date(Date.now() - 61_000) })
    .where(eq(passwordResetTokens.token_hash, resetTokenHash(first)));
  const second = await requestToken(user.email);
  assert.notEqual(second, first);
  assert.equal((await mailsTo(user.email)).length, 2);
  const old = await client.post('/reset-password', resetBody(first, user.email));
  assert.equal(old.statusCode, 422);
  assert.deepEqual(old.json().errors, { email: [RESET_TOKEN_INVALID] });
  assert.equal((await client.post('/reset-password', resetBody(second, user.email))).statusCode, 200);
});

test('forgot-password: an IP may ask 10 times a minute, then 429 with Retry-After', async () => {
  const client = await anonymousClient(t.app);
  for (let i = 0; i < FORGOT_PER_IP_PER_MINUTE; i += 1) {
    assert.equal((await client.post('/forgot-password', { email: `flood${i}@homecare.test` })).statusCode, 200);
  }
  const refused = await client.post('/forgot-password', { email: 'flood-last@homecare.test' });
  assert.equal(refused.statusCode, 429);
  const wait = Number(refused.headers['retry-after']);
  assert.ok(wait >= 1 && wait <= 60, String(wait));
  assert.match(refused.json().message, /Too many attempts/);
  // Every request is logged, the refused one as throttled.
  const logged = await t.database.db.select().from(authAttempts).where(eq(authAttempts.kind, 'forgot_password'));
  assert.equal(logged.length, FORGOT_PER_IP_PER_MINUTE + 1);
  assert.equal(logged.filter((row) => row.reason === 'throttled').length, 1);
});

test('forgot-password: a missing or malformed email is a 422 on the field', async () => {
  const client = await anonymousClient(t.app);
  const response = await client.post('/forgot-password', { email: 'not an email' });
  assert.equal(response.statusCode, 422);
  assert.ok(response.json().errors.email);
});

test('reset-password: 422 by field for a short password, a different confirmation and a common password', async () => {
  const user = await freshUser();
  const token = await requestToken(user.email);
  const client = await anonymousClient(t.app);

  const short = await client.post('/reset-password', resetBody(token, user.email, 'short', 'other'));
  assert.equal(short.statusCode, 422);
  assert.deepEqual(short.json().errors, {
    password: ['Password must be at least 12 characters.'],
    password_confirmation: ['The two passwords do not match.'],
  });

  const mismatch = await client.post('/reset-password', resetBody(token, user.email, NEW_PASSWORD, `${NEW_PASSWORD}x`));
  assert.equal(mismatch.statusCode, 422);
  assert.deepEqual(mismatch.json().errors, { password_confirmation: ['The two passwords do not match.'] });

  const common = await client.post('/reset-password', resetBody(token, user.email, 'password1234!'));
  assert.equal(common.statusCode, 422);
  assert.deepEqual(common.json().errors, { password: [COMMON_PASSWORD_MESSAGE] });

  // None of these used the token up.
  assert.equal((await client.post('/reset-password', resetBody(token, user.email))).statusCode, 200);
});

test('reset-password: a wrong token, another account\'s email, or an expired token is refused on errors.email', async () => {
  const user = await freshUser();
  const other = await freshUser();
  const token = await requestToken(user.email);
  const client = await anonymousClient(t.app);
  const invalid = { status: false, message: RESET_TOKEN_INVALID, data: null, errors: { email: [RESET_TOKEN_INVALID] } };

  const wrong = await client.post('/reset-password', resetBody('x'.repeat(43), user.email));
  assert.equal(wrong.statusCode, 422);
  assert.deepEqual(wrong.json(), invalid);
  assert.deepEqual((await client.post('/reset-password', resetBody(token, other.email))).json(), invalid);

  await t.database.db
    .update(passwordResetTokens)
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where(eq(passwordResetTokens.token_hash, resetTokenHash(token)));
  assert.deepEqual((await client.post('/reset-password', resetBody(token, user.email))).json(), invalid);
  // The password is unchanged.
  assert.equal((await (await anonymousClient(t.app)).post('/login', user)).statusCode, 200);
});

test('reset-password: sets the new password once, ends every session, does not log in, keeps 2FA, sends a notice', async () => {
  const user = await freshUser();
  const [row] = await t.database.db.select().from(users).where(eq(users.email, user.email));
  const twoFactor = { two_factor_secret: 'encrypted-secret', two_factor_confirmed_at: new Date('2026-01-01T00:00:00Z'), two_factor_recovery_codes: ['a', 'b'] };
  const signedIn = await loginAs(t.app, user);
  const alsoSignedIn = await loginAs(t.app, user);
  // Set after logging in: the test is about what the reset leaves alone, not about the 2FA login.
  await t.database.db.update(users).set(twoFactor).where(eq(users.id, row!.id));

  const token = await requestToken(user.email);
  const resetter = await anonymousClient(t.app);
  const resetStarted = Date.now();
  const response = await resetter.post('/reset-password', resetBody(token, user.email));
  const resetDone = Date.now();
  assert.equal(response.statusCode, 200);
  assert.deepEqual(response.json(), { status: true, message: PASSWORD_RESET_DONE, data: null, errors: null });

  // No login: the resetting browser is still anonymous; the old sessions are gone.
  assert.equal((await resetter.get('/api/v1/user')).statusCode, 401);
  assert.equal((await signedIn.get('/api/v1/user')).statusCode, 401);
  assert.equal((await alsoSignedIn.get('/api/v1/user')).statusCode, 401);
  assert.equal((await t.database.db.select().from(sessions).where(eq(sessions.user_id, row!.id))).length, 0);

  const [after] = await t.database.db.select().from(users).where(eq(users.id, row!.id));
  assert.ok(after!.password_hash.startsWith('$argon2id$'));
  assert.notEqual(after!.password_hash, row!.password_hash);
  const changedAt = after!.password_changed_at?.getTime() ?? 0;
  assert.ok(changedAt >= resetStarted && changedAt <= resetDone, 'password_changed_at is the time of the reset');
  assert.equal(after!.two_factor_secret, twoFactor.two_factor_secret);
  assert.deepEqual(after!.two_factor_confirmed_at, twoFactor.two_factor_confirmed_at);
  assert.deepEqual(after!.two_factor_recovery_codes, twoFactor.two_factor_recovery_codes);

  // Single use.
  const again = await resetter.post('/reset-password', resetBody(token, user.email, 'Another-Long-Passphrase-9'));
  assert.equal(again.statusCode, 422);
  assert.deepEqual(again.json().errors, { email: [RESET_TOKEN_INVALID] });
  const [used] = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.token_hash, resetTokenHash(token)));
  assert.ok(used!.used_at);

  const [notice] = await mailsTo(user.email);
  assert.equal(notice!.subject, 'Your password was changed');
  // The old password no longer works.
  await t.database.db.update(users).set({ two_factor_secret: null, two_factor_confirmed_at: null, two_factor_recovery_codes: null }).where(eq(users.id, row!.id));
  assert.equal((await (await anonymousClient(t.app)).post('/login', user)).statusCode, 422);
  assert.equal((await (await anonymousClient(t.app)).post('/login', { email: user.email, password: NEW_PASSWORD })).statusCode, 200);
});

test('reset-password: wrong tokens from one IP are throttled', async () => {
  const client = await anonymousClient(t.app);
  let last = 0;
  for (let i = 0; i < 11; i += 1) {
    last = (await client.post('/reset-password', resetBody(`wrong-token-${i}`, 'nobody@homecare.test'))).statusCode;
  }
  assert.equal(last, 429);
});

test('change password: needs a login, the right current password, and a good new one', async () => {
  const anonymous = await anonymousClient(t.app);
  assert.equal((await anonymous.put('/user/password', {})).statusCode, 401);

  const user = await freshUser();
  const client = await loginAs(t.app, user);
  const wrong = await client.put('/user/password', { current_password: 'not my password', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
  assert.equal(wrong.statusCode, 422);
  assert.deepEqual(wrong.json().errors, { current_password: [WRONG_CURRENT_PASSWORD] });

  const bad = await client.put('/user/password', { current_password: user.password, password: 'short', password_confirmation: 'other' });
  assert.equal(bad.statusCode, 422);
  assert.deepEqual(bad.json().errors, {
    password: ['New password must be at least 12 characters.'],
    password_confirmation: ['The two passwords do not match.'],
  });

  const mismatch = await client.put('/user/password', { current_password: user.password, password: NEW_PASSWORD, password_confirmation: 'different' });
  assert.deepEqual(mismatch.json().errors, { password_confirmation: ['The two passwords do not match.'] });
  // Without the CSRF header it is refused before anything else.
  assert.equal((await client.put('/user/password', {}, { csrf: false })).statusCode, 419);
});

test('change password: ends the other sessions and renews this one', async () => {
  const user = await freshUser();
  const other = await loginAs(t.app, user);
  const client = await loginAs(t.app, user);
  const oldCookies = new Map(client.cookies);

  const response = await client.put('/user/password', { current_password: user.password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
  assert.equal(response.statusCode, 200);
  assert.notDeepEqual(client.cookies, oldCookies);
  assert.equal((await client.get('/api/v1/user')).statusCode, 200);
  assert.equal((await other.get('/api/v1/user')).statusCode, 401);

  // The old session cookie is worthless now.
  const stale = await t.app.inject({
    method: 'GET',
    url: '/api/v1/user',
    headers: { cookie: [...oldCookies].map(([name, value]) => `${name}=${value}`).join('; ') },
  });
  assert.equal(stale.statusCode, 401);
  const [row] = await t.database.db.select().from(users).where(eq(users.email, user.email));
  const live = await t.database.db.select().from(sessions).where(eq(sessions.user_id, row!.id));
  assert.equal(live.length, 1);
  assert.ok(live[0]!.password_confirmed_at);
  const notices = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to_address, user.email), eq(mailOutbox.subject, 'Your password was changed')));
  assert.equal(notices.length, 1);
});
