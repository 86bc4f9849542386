import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, mailOutbox, sessions } from '@hcm/server/platform';
import { clientShares, healthProfessionalLinks } from '../tables.js';
import { createRole, createTestApp, createUser, loginAs, TestClient, type TestApp } from '@hcm/server/testing';
import { linkTokenHash } from './links.js';
import { insertClient, insertProfessional } from './test-fixtures.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const db = () => t.database.db;

test('sharing: only clients of the user’s branches can be shared, listed or unshared', async () => {
  const office = await loginAs(t.app, 'office'); // branch CAM only
  const professional = await insertProfessional(db());
  const camden = await insertClient(db(), { branchCode: 'CAM' });
  const leeds = await insertClient(db(), { branchCode: 'LDS-SL' });
  const base = `/api/v1/health-professionals/${professional.id}/shares`;

  const candidates = (await office.get(`${base}/candidates`)).json().data as { id: number }[];
  assert.ok(candidates.some((client) => client.id === camden.id));
  assert.ok(!candidates.some((client) => client.id === leeds.id), 'another branch’s client is not offered');

  const refused = await office.post(base, { client_id: leeds.id });
  assert.equal(refused.statusCode, 422);
  assert.deepEqual(refused.json().errors, { client_id: ['Choose one of your clients.'] });

  const invalid = await office.post(base, { client_id: 'x' });
  assert.equal(invalid.statusCode, 422);
  assert.ok(invalid.json().errors.client_id);

  const shared = await office.post(base, { client_id: camden.id });
  assert.equal(shared.statusCode, 201);
  assert.deepEqual(
    (shared.json().data as { client_id: number }[]).map((row) => row.client_id),
    [camden.id],
  );
  // Sharing again changes nothing.
  assert.equal((await office.post(base, { client_id: camden.id })).statusCode, 200);

  // A Leeds share made by someone else is not shown to a Camden user, nor can they remove it.
  await db().insert(clientShares).values({ health_professional_id: professional.id, client_id: leeds.id });
  const listed = (await office.get(base)).json().data as { client_id: number; name: string; shared_by: string | null }[];
  assert.deepEqual(listed.map((row) => row.client_id), [camden.id]);
  assert.equal(listed[0]!.name, camden.name);
  assert.equal(listed[0]!.shared_by, 'Oliver Office');
  assert.equal((await office.delete(`${base}/${leeds.id}`)).statusCode, 404);

  const admin = await loginAs(t.app, 'admin');
  assert.equal(((await admin.get(base)).json().data as unknown[]).length, 2, 'a super admin sees every branch');

  const removed = await office.delete(`${base}/${camden.id}`);
  assert.equal(removed.statusCode, 200);
  assert.deepEqual(removed.json().data, []);
  assert.equal((await office.delete(`${base}/${camden.id}`)).statusCode, 404);

  const audit = await db()
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'client-shares'), eq(auditLog.record_id, camden.id)));
  assert.deepEqual(audit.map((row) => row.action).sort(), ['create', 'delete']);
});

test('an unknown professional answers 404', async () => {
  const office = await loginAs(t.app, 'office');
  assert.equal((await office.get('/api/v1/health-professionals/999999/shares')).statusCode, 404);
  assert.equal((await office.post('/api/v1/health-professionals/999999/links', {})).statusCode, 404);
});

test('links: 32 random bytes shown once as a URL, stored as sha256, default 30 days, never listed with the token', async () => {
  const office = await loginAs(t.app, 'office');
  const professional = await insertProfessional(db());
  const base = `/api/v1/health-professionals/${professional.id}/links`;
  const started = Date.now();
  const created = await office.post(base, {});
  const answered = Date.now();
  assert.equal(created.statusCode, 201);
  const { url, link, emailed } = created.json().data as { url: string; link: { id: number; expires_at: string; status: string }; emailed: boolean };
  assert.equal(emailed, false);
  const match = new RegExp(`^http://localhost:8080/health-professionals/${professional.id}/([A-Za-z0-9_-]{43})$`).exec(url);
  assert.ok(match, url);
  const token = match[1]!;
  assert.equal(link.status, 'active');
  const createdAt = new Date(link.expires_at).getTime() - 30 * 86_400_000;
  assert.ok(createdAt >= started && createdAt <= answered, `expires 30 days after it was made: ${link.expires_at}`);

  const [stored] = await db().select().from(healthProfessionalLinks).where(eq(healthProfessionalLinks.id, link.id));
  assert.equal(stored!.token_hash, linkTokenHash(token));
  assert.notEqual(stored!.token_hash, token);
  assert.equal(stored!.created_by !== null, true);

  const listed = await office.get(base);
  assert.equal(listed.statusCode, 200);
  assert.ok(!listed.body.includes(token), 'the list never shows the token');
  assert.ok(!listed.body.includes(stored!.token_hash), 'nor its hash');
  assert.equal((listed.json().data as { id: number; created_by: string }[])[0]!.created_by, 'Oliver Office');
});

test('links: expiry is 1 to 90 days; send_email puts the URL in the outbox', async () => {
  const office = await loginAs(t.app, 'office');
  const professional = await insertProfessional(db());
  const base = `/api/v1/health-professionals/${professional.id}/links`;
  for (const bad of [0, 91, 2.5, 'soon']) {
    const answer = await office.post(base, { expires_in_days: bad });
    assert.equal(answer.statusCode, 422, String(bad));
    assert.deepEqual(answer.json().errors, { expires_in_days: ['Choose between 1 and 90 days.'] });
  }
  const started = Date.now();
  const sent = await office.post(base, { expires_in_days: '7', send_email: true });
  const answered = Date.now();
  assert.equal(sent.statusCode, 201);
  const { url, link } = sent.json().data as { url: string; link: { expires_at: string } };
  const sentAt = new Date(link.expires_at).getTime() - 7 * 86_400_000;
  assert.ok(sentAt >= started && sentAt <= answered, `expires 7 days after it was made: ${link.expires_at}`);
  const mail = await db().select().from(mailOutbox).where(eq(mailOutbox.to_address, professional.email));
  assert.equal(mail.length, 1);
  assert.ok(mail[0]!.text_body.includes(url));
});

test('links: an inactive professional gets none', async () => {
  const office = await loginAs(t.app, 'office');
  const professional = await insertProfessional(db(), { active: false });
  const answer = await office.post(`/api/v1/health-professionals/${professional.id}/links`, {});
  assert.equal(answer.statusCode, 422);
  assert.equal((await db().select().from(healthProfessionalLinks).where(eq(healthProfessionalLinks.health_professional_id, professional.id))).length, 0);
});

test('revoking a link marks it revoked, refuses it afterwards and ends the professional’s sessions', async () => {
  const office = await loginAs(t.app, 'office');
  const professional = await insertProfessional(db());
  const base = `/api/v1/health-professionals/${professional.id}/links`;
  const { url, link } = (await office.post(base, {})).json().data as { url: string; link: { id: number } };
  const token = url.split('/').pop()!;

  const visitor = new TestClient(t.app);
  await visitor.get('/csrf-cookie');
  assert.equal((await visitor.post('/health-professionals/links/exchange', { id: professional.id, token })).statusCode, 200);
  assert.equal((await visitor.get('/health-professionals/me')).statusCode, 200);

  const revoked = await office.post(`${base}/${link.id}/revoke`);
  assert.equal(revoked.statusCode, 200);
  assert.equal(revoked.json().data.status, 'revoked');
  assert.equal((await visitor.get('/health-professionals/me')).statusCode, 401, 'the session from the link has ended');
  assert.equal((await db().select().from(sessions).where(eq(sessions.health_professional_id, professional.id))).length, 0);

  const again = new TestClient(t.app);
  await again.get('/csrf-cookie');
  const refused = await again.post('/health-professionals/links/exchange', { id: professional.id, token });
  assert.equal(refused.statusCode, 422);
  assert.equal((await office.post(`${base}/99999/revoke`)).statusCode, 404);
});

test('the staff routes answer 403 without health-professionals.share and 401 without a user', async () => {
  const roleId = await createRole(db(), 'hp_viewer', ['health-professionals.view', 'health-professionals.edit', 'clients.view']);
  const viewer = await loginAs(t.app, await createUser(db(), { email: 'viewer@homecare.test', roleId }));
  const professional = await insertProfessional(db());
  const camden = await insertClient(db(), { branchCode: 'CAM' });
  const base = `/api/v1/health-professionals/${professional.id}`;
  for (const [method, url] of [
    ['GET', `${base}/shares`],
    ['GET', `${base}/shares/candidates`],
    ['POST', `${base}/shares`],
    ['DELETE', `${base}/shares/${camden.id}`],
    ['GET', `${base}/links`],
    ['POST', `${base}/links`],
    ['POST', `${base}/links/1/revoke`],
  ] as const) {
    const answer = await viewer.request(method, url, method === 'POST' ? { payload: { client_id: camden.id } } : {});
    assert.equal(answer.statusCode, 403, `${method} ${url}`);
    const anonymous = await t.app.inject({ method, url });
    assert.ok([401, 419].includes(anonymous.statusCode), `${method} ${url} anonymous: ${anonymous.statusCode}`);
  }
  assert.equal((await db().select().from(clientShares).where(eq(clientShares.health_professional_id, professional.id))).length, 0);
});

test('links reach every client shared with the professional, so a user of other branches may not make, list or revoke them (finding 1)', async () => {
  const office = await loginAs(t.app, 'office'); // branch CAM only
  const admin = await loginAs(t.app, 'admin');
  const professional = await insertProfessional(db());
  const camden = await insertClient(db(), { branchCode: 'CAM' });
  const leeds = await insertClient(db(), { branchCode: 'LDS-SL' });
  const base = `/api/v1/health-professionals/${professional.id}`;
  await office.post(`${base}/shares`, { client_id: camden.id });

  // While only Camden's client is shared, the Camden user manages the links.
  const own = await office.post(`${base}/links`, {});
  assert.equal(own.statusCode, 201);

  // A Leeds client shared by someone else: a link would now open Leeds records, so the Camden user is refused.
  await admin.post(`${base}/shares`, { client_id: leeds.id });
  const attempt = await office.post(`${base}/links`, {});
  assert.equal(attempt.statusCode, 403);
  assert.match(attempt.json().message, /branches other than yours/);
  assert.equal((await office.get(`${base}/links`)).statusCode, 403);
  const adminLink = (await admin.post(`${base}/links`, {})).json().data as { link: { id: number }; url: string };
  assert.equal((await office.post(`${base}/links/${adminLink.link.id}/revoke`, {})).statusCode, 403);
  const still = await db().select().from(healthProfessionalLinks).where(eq(healthProfessionalLinks.id, adminLink.link.id));
  assert.equal(still[0]!.revoked_at, null, 'the refused revoke changed nothing');

  // The exchange the probe made: no token reaches the Camden user, so the Leeds client stays out of their reach.
  const created = await db().select().from(healthProfessionalLinks).where(eq(healthProfessionalLinks.health_professional_id, professional.id));
  assert.equal(created.length, 2, 'only the Camden-only link and the admin’s link exist');

  // The super admin still does everything; once the Leeds share is gone, the Camden user may again.
  assert.equal((await admin.get(`${base}/links`)).statusCode, 200);
  assert.equal((await admin.delete(`${base}/shares/${leeds.id}`)).statusCode, 200);
  assert.equal((await office.get(`${base}/links`)).statusCode, 200);
});
