import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SESSION_COOKIE } from '@hcm/contract';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { auditLog, authAttempts, sessionIdOf, sessions } from '@hcm/server/platform';
import { healthProfessionalLinks } from '../tables.js';
import { healthProfessionalColumns, healthProfessionalsTable } from '../columns.js';
import { createTestApp, loginAs, TestClient, type TestApp } from '@hcm/server/testing';
import { insertClient, insertProfessional, pdfText, share } from './test-fixtures.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const db = () => t.database.db;
const STRONG = 'Granite-Heron-Lantern-42';

/** A professional with a link made by the office user; answers the token. */
async function linkFor(professionalId: number, body: Record<string, unknown> = {}): Promise<{ token: string; linkId: number }> {
  const office = await loginAs(t.app, 'office');
  const answer = await office.post(`/api/v1/health-professionals/${professionalId}/links`, body);
  assert.equal(answer.statusCode, 201, answer.body);
  const { url, link } = answer.json().data as { url: string; link: { id: number } };
  return { token: url.split('/').pop()!, linkId: link.id };
}

async function visitor(): Promise<TestClient> {
  const client = new TestClient(t.app);
  await client.get('/csrf-cookie');
  return client;
}

async function signedInByLink(professionalId: number): Promise<TestClient> {
  const { token } = await linkFor(professionalId);
  const client = await visitor();
  const answer = await client.post('/health-professionals/links/exchange', { id: professionalId, token });
  assert.equal(answer.statusCode, 200, answer.body);
  return client;
}

test('a link is exchanged for a new session; it keeps working until it expires or is revoked', async () => {
  const professional = await insertProfessional(db());
  const { token, linkId } = await linkFor(professional.id);
  const client = await visitor();
  const anonymousToken = client.cookies.get(SESSION_COOKIE)!;

  const answer = await client.post('/health-professionals/links/exchange', { id: professional.id, token });
  assert.equal(answer.statusCode, 200);
  const body = answer.json();
  assert.equal(body.data.data.id, professional.id);
  assert.equal(body.data.replace_url, `/health-professionals/${professional.id}/dashboard`);

  // Rotated: the anonymous session is gone, the new one belongs to the professional and to no user.
  const sessionToken = client.cookies.get(SESSION_COOKIE)!;
  assert.notEqual(sessionToken, anonymousToken);
  assert.equal((await db().select().from(sessions).where(eq(sessions.id, sessionIdOf(anonymousToken)))).length, 0);
  const [session] = await db().select().from(sessions).where(eq(sessions.id, sessionIdOf(sessionToken)));
  assert.equal(session!.health_professional_id, professional.id);
  assert.equal(session!.user_id, null);

  const [used] = await db().select().from(healthProfessionalLinks).where(eq(healthProfessionalLinks.id, linkId));
  assert.ok(used!.first_used_at && used!.last_used_at);

  // Later requests carry the session, not the token.
  const me = await client.get('/health-professionals/me');
  assert.equal(me.statusCode, 200);
  assert.equal(me.json().data.data.email, professional.email);
  assert.equal(me.json().data.data.has_password, false);

  // A second use (another device) still works while the link is live, and moves last_used_at.
  const second = await visitor();
  assert.equal((await second.post('/health-professionals/links/exchange', { id: professional.id, token })).statusCode, 200);
  const [again] = await db().select().from(healthProfessionalLinks).where(eq(healthProfessionalLinks.id, linkId));
  assert.equal(again!.first_used_at!.getTime(), used!.first_used_at!.getTime());
  assert.ok(again!.last_used_at!.getTime() >= used!.last_used_at!.getTime());
});

test('an expired link, a wrong token, another professional’s id and an inactive professional are refused alike', async () => {
  const professional = await insertProfessional(db());
  const other = await insertProfessional(db());
  const { token, linkId } = await linkFor(professional.id);
  const client = await visitor();
  const refused = async (payload: unknown) => {
    const answer = await client.post('/health-professionals/links/exchange', payload);
    assert.equal(answer.statusCode, 422, JSON.stringify(payload));
    assert.match(answer.json().message, /not valid/);
    assert.ok(answer.json().errors.token);
  };
  await refused({ id: professional.id, token: `${token.slice(0, -2)}xx` });
  await refused({ id: other.id, token });
  await refused({ id: professional.id });

  await db().update(healthProfessionalLinks).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(healthProfessionalLinks.id, linkId));
  await refused({ id: professional.id, token });
  await db().update(healthProfessionalLinks).set({ expires_at: new Date(Date.now() + 86_400_000) }).where(eq(healthProfessionalLinks.id, linkId));

  await db().update(healthProfessionalsTable).set({ active: false } as never).where(eq(healthProfessionalColumns.id, professional.id));
  await refused({ id: professional.id, token });
  await db().update(healthProfessionalsTable).set({ active: true } as never).where(eq(healthProfessionalColumns.id, professional.id));
  assert.equal((await client.post('/health-professionals/links/exchange', { id: professional.id, token })).statusCode, 200);
});

test('a professional made inactive loses their session at the next request (401)', async () => {
  const professional = await insertProfessional(db());
  const client = await signedInByLink(professional.id);
  assert.equal((await client.get('/health-professionals/clients')).statusCode, 200);
  await db().update(healthProfessionalsTable).set({ active: false } as never).where(eq(healthProfessionalColumns.id, professional.id));
  assert.equal((await client.get('/health-professionals/clients')).statusCode, 401);
  assert.equal((await client.get('/health-professionals/me')).statusCode, 401);
});

test('without a professional’s session the portal answers 401, and a professional’s session gets 401 from /api/v1', async () => {
  const anonymous = await visitor();
  for (const url of ['/health-professionals/me', '/health-professionals/clients', '/health-professionals/clients/1/pdf/care-plan']) {
    assert.equal((await anonymous.get(url)).statusCode, 401, url);
  }
  const staff = await loginAs(t.app, 'admin');
  assert.equal((await staff.get('/health-professionals/clients')).statusCode, 401, 'a staff session is not a professional’s');

  const professional = await insertProfessional(db());
  const client = await signedInByLink(professional.id);
  for (const url of ['/api/v1/user', '/api/v1/clients', '/api/v1/health-professionals', `/api/v1/health-professionals/${professional.id}/links`]) {
    assert.equal((await client.get(url)).statusCode, 401, url);
  }
});

test('only shared clients are shown, with care needs, medications and contacts; every view is audited', async () => {
  const professional = await insertProfessional(db());
  const sharedClient = await insertClient(db(), { branchCode: 'CAM', care_needs: 'Two carers for transfers.' });
  const notShared = await insertClient(db(), { branchCode: 'CAM' });
  await share(db(), professional.id, sharedClient.id);
  const client = await signedInByLink(professional.id);

  const answer = await client.get('/health-professionals/clients');
  assert.equal(answer.statusCode, 200);
  const clients = answer.json().data as { id: number; care_needs: string; medications: { name: string; dose: string }[]; contacts: { name: string; next_of_kin: boolean }[] }[];
  assert.deepEqual(clients.map((row) => row.id), [sharedClient.id]);
  assert.equal(clients[0]!.care_needs, 'Two carers for transfers.');
  assert.match(clients[0]!.medications[0]!.name, /^Metformin \d+ 500 mg$/);
  assert.equal(clients[0]!.medications[0]!.dose, '1 tablet');
  assert.equal(clients[0]!.contacts[0]!.next_of_kin, true);
  assert.ok(!answer.body.includes(notShared.name));

  const views = await db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'clients'), eq(auditLog.record_id, sharedClient.id), eq(auditLog.action, 'view')));
  assert.equal(views.length, 1);
  assert.equal(views[0]!.health_professional_id, professional.id);
  assert.equal(views[0]!.user_id, null);

  assert.equal((await client.get(`/health-professionals/clients/${notShared.id}/pdf/care-plan`)).statusCode, 404);
  assert.equal((await client.get(`/health-professionals/clients/${sharedClient.id}/pdf/letter`)).statusCode, 404);
  assert.equal((await client.get(`/health-professionals/clients/abc/pdf/care-plan`)).statusCode, 404);
});

test('the care plan and MAR chart are PDFs with the client’s name, audited as views', async () => {
  const professional = await insertProfessional(db());
  const sharedClient = await insertClient(db(), { branchCode: 'CAM', first_name: 'Zoë', last_name: 'Ó Briain', care_needs: 'Needs 🙂 encouragement at meals.' });
  await share(db(), professional.id, sharedClient.id);
  const client = await signedInByLink(professional.id);

  const plan = await client.get(`/health-professionals/clients/${sharedClient.id}/pdf/care-plan`);
  assert.equal(plan.statusCode, 200);
  assert.equal(plan.headers['content-type'], 'application/pdf');
  assert.match(String(plan.headers['content-disposition']), /^inline; filename="care-plan-/);
  assert.equal(plan.headers['cache-control'], 'no-store');
  assert.equal(plan.rawPayload.subarray(0, 5).toString(), '%PDF-');
  const planText = await pdfText(plan.rawPayload);
  assert.ok(planText.includes('Zoë Ó Briain'), planText);
  assert.ok(planText.includes('Care needs'));
  assert.ok(planText.includes('Needs ? encouragement at meals.'), 'characters the font lacks are replaced, not fatal');
  assert.ok(planText.includes('Penicillin'));
  assert.equal((await PDFDocument.load(plan.rawPayload)).getTitle(), 'Care plan: Zoë Ó Briain');

  const mar = await client.get(`/health-professionals/clients/${sharedClient.id}/pdf/mar-chart?month=2026-02`);
  assert.equal(mar.statusCode, 200);
  assert.equal(mar.rawPayload.subarray(0, 5).toString(), '%PDF-');
  const marText = await pdfText(mar.rawPayload);
  for (const expected of ['MAR chart: Zoë Ó Briain, February 2026', 'Zoë Ó Briain', 'Allergies: Penicillin', 'Leeds Road Surgery', '28']) {
    assert.ok(marText.includes(expected), `${expected} in ${marText}`);
  }
  assert.ok(!marText.split('\n').includes('29'), 'February 2026 has 28 days');
  const [page] = (await PDFDocument.load(mar.rawPayload)).getPages();
  assert.ok(page!.getWidth() > page!.getHeight(), 'landscape');

  assert.equal((await client.get(`/health-professionals/clients/${sharedClient.id}/pdf/mar-chart?month=2026-13`)).statusCode, 422);

  const views = await db()
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.record_id, sharedClient.id), eq(auditLog.action, 'view'), eq(auditLog.health_professional_id, professional.id)));
  assert.deepEqual(views.map((row) => (row.after as { view: string }).view).sort(), ['care-plan', 'mar-chart']);
});

test('the care plan and MAR chart print a name in any script: Arabic set right to left, Polish, Turkish and Cyrillic kept', async () => {
  const professional = await insertProfessional(db());
  const sharedClient = await insertClient(db(), {
    branchCode: 'CAM',
    first_name: 'محمد',
    last_name: 'علي',
    care_needs: 'Speaks Arabic; his daughter Ayşe Yılmaz translates. Carers: Łucja Wójcik, Олена Коваль.',
    allergies: 'Penicillin (told by زينب الزهراء)',
  });
  await share(db(), professional.id, sharedClient.id);
  const client = await signedInByLink(professional.id);

  const plan = (await pdfText((await client.get(`/health-professionals/clients/${sharedClient.id}/pdf/care-plan`)).rawPayload)).split('\n');
  assert.ok(plan.includes('محمد علي'), plan.join('\n'));
  assert.ok(plan.includes('Speaks Arabic; his daughter Ayşe Yılmaz translates. Carers: Łucja Wójcik, Олена Коваль.'), plan.join('\n'));
  assert.ok(plan.includes('Penicillin (told by زينب الزهراء)'), plan.join('\n'));
  assert.ok(plan.includes('Care plan for محمد علي, printed 25/11/2026. Confidential: shared for the care of this person only.'), 'the footer');

  const mar = (await pdfText((await client.get(`/health-professionals/clients/${sharedClient.id}/pdf/mar-chart?month=2026-02`)).rawPayload)).split('\n');
  assert.ok(mar.includes('MAR chart: محمد علي, February 2026'), mar.join('\n'));
  assert.ok(mar.includes('Allergies: Penicillin (told by زينب الزهراء)'), mar.join('\n'));
});

test('a professional sets a password (policy checked), then signs in with it; wrong answers are all the same 422', async () => {
  const professional = await insertProfessional(db());
  const byLink = await signedInByLink(professional.id);
  const otherDevice = await signedInByLink(professional.id);

  const mismatch = await byLink.post('/health-professionals/password', { password: STRONG, password_confirmation: 'something else entirely' });
  assert.equal(mismatch.statusCode, 422);
  assert.deepEqual(mismatch.json().errors, { password_confirmation: ['The two passwords do not match.'] });
  const short = await byLink.post('/health-professionals/password', { password: 'short', password_confirmation: 'short' });
  assert.equal(short.statusCode, 422);
  assert.ok(short.json().errors.password);
  const common = await byLink.post('/health-professionals/password', { password: 'password123456', password_confirmation: 'password123456' });
  assert.equal(common.statusCode, 422);
  assert.match(common.json().errors.password[0], /too common/);

  const set = await byLink.post('/health-professionals/password', { password: STRONG, password_confirmation: STRONG });
  assert.equal(set.statusCode, 200);
  assert.equal(set.json().data.data.has_password, true);
  assert.equal((await byLink.get('/health-professionals/me')).statusCode, 200, 'this session carries on');
  assert.equal((await otherDevice.get('/health-professionals/me')).statusCode, 401, 'other sessions end');

  const expected = { status: false, message: 'These credentials do not match our records.', data: null, errors: { email: ['These credentials do not match our records.'] } };
  const noPassword = await insertProfessional(db());
  for (const credentials of [
    { email: professional.email, password: 'Wrong-password-123' },
    { email: 'nobody@surgery.example', password: STRONG },
    { email: noPassword.email, password: STRONG },
  ]) {
    const answer = await (await visitor()).post('/health-professionals/login', credentials);
    assert.equal(answer.statusCode, 422);
    assert.deepEqual(answer.json(), expected);
  }

  const login = await visitor();
  const answer = await login.post('/health-professionals/login', { email: professional.email.toUpperCase(), password: STRONG });
  assert.equal(answer.statusCode, 200);
  assert.equal(answer.json().data.data.id, professional.id, 'the professional is in data.data');
  assert.equal((await login.get('/health-professionals/me')).statusCode, 200);

  const out = await login.post('/health-professionals/logout');
  assert.equal(out.statusCode, 200);
  assert.equal((await login.get('/health-professionals/me')).statusCode, 401);
});

test('password logins are throttled at 5 failures a minute per email and IP, with Retry-After; attempts are logged', async () => {
  const professional = await insertProfessional(db());
  const client = await visitor();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    assert.equal((await client.post('/health-professionals/login', { email: professional.email, password: 'Wrong-password-123' })).statusCode, 422);
  }
  const limited = await client.post('/health-professionals/login', { email: professional.email, password: 'Wrong-password-123' });
  assert.equal(limited.statusCode, 429);
  const retryAfter = Number(limited.headers['retry-after']);
  assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
  // Another email from the same IP is not affected.
  assert.equal((await client.post('/health-professionals/login', { email: 'other@surgery.example', password: 'Wrong-password-123' })).statusCode, 422);

  const logged = await db().select().from(authAttempts).where(and(eq(authAttempts.kind, 'health_professional_login'), eq(authAttempts.email, professional.email)));
  assert.equal(logged.length, 6);
  assert.deepEqual(logged.map((row) => row.reason).sort(), ['bad_credentials', 'bad_credentials', 'bad_credentials', 'bad_credentials', 'bad_credentials', 'throttled']);
  assert.ok(logged.every((row) => row.success === false && row.ip));
});

test('link exchanges are throttled per IP after 10 failures a minute', async () => {
  const professional = await insertProfessional(db());
  const { token } = await linkFor(professional.id);
  const client = await visitor();
  const attempt = (payload: unknown) => client.post('/health-professionals/links/exchange', payload);
  // Injected requests all come from 127.0.0.1: the other tests' failures are cleared so exactly 10 count here.
  await db().delete(authAttempts).where(eq(authAttempts.throttle_key, 'link|127.0.0.1'));
  for (let n = 0; n < 10; n += 1) assert.equal((await attempt({ id: professional.id, token: `wrong-token-${n}-aaaaaaaaaaaaaaaa` })).statusCode, 422);
  const limited = await attempt({ id: professional.id, token });
  assert.equal(limited.statusCode, 429, 'even the right token waits');
  assert.ok(Number(limited.headers['retry-after']) >= 1);
});
