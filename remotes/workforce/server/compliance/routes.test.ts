import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, mailOutbox, userBranches, users } from '@hcm/server/platform';
import { anonymousClient, createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import type { CarerCompliance, CompliancePicture, FileAlertRow, ReferenceRequestRow } from '../../contract/compliance.js';
import type { Page } from '@hcm/contract';
import { carerDocuments, carerDocumentVersions, carersTable } from '../people/people-tables.js';
import { carerColumns } from '../people/visibility.js';
import { referenceRequests } from './tables.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// The compliance API over the demo agency: the picture of a carer, recording checks (422 per field, 404 for
// another branch's carer, audited, compliance recomputed), the rota's read model, the file alerts, and a
// reference asked for by email and answered on the referee's page without an account.

let t: TestApp;
let office: TestClient; // Camden only, no disclosures
let manager: TestClient; // every branch, disclosures
const ids = new Map<string, number>();

before(async () => {
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
  manager = await loginAs(t.app, 'manager');
  const rows = await t.database.db.select({ id: carerColumns.id, email: carerColumns.email }).from(carersTable);
  for (const row of rows) ids.set(String(row.email).split('@')[0]!, Number(row.id));
});
after(() => t.close());

const id = (key: string) => ids.get(key)!;
const data = <T>(response: { json(): unknown }) => (response.json() as { data: T }).data;

test('the demo: Patrick Doyle lapsed on the Update Service and cannot be rostered; Priya Nair is capped at 20 hours', async () => {
  const patrick = data<CompliancePicture>(await office.get(`/api/v1/carers/${id('patrick.doyle')}/compliance`));
  assert.equal(patrick.compliance.rosterable, false);
  assert.equal(patrick.compliance.checks.find((check) => check.key === 'dbs-update-service')?.state, 'expired');
  assert.match(patrick.compliance.blocked_because.join(' '), /Update Service/);
  const priya = data<CompliancePicture>(await manager.get(`/api/v1/carers/${id('priya.nair')}/compliance`));
  assert.equal(priya.compliance.weekly_hours_cap, 20);
  assert.equal(priya.right_to_work[0]!.visa_type, 'student');
  const tendai = data<CompliancePicture>(await manager.get(`/api/v1/carers/${id('tendai.moyo')}/compliance`));
  assert.equal(tendai.compliance.checks.find((check) => check.key === 'right-to-work')?.expires_on, '2026-12-14');
});

test('a disclosure is withheld from whoever may not read disclosures, and its reading is audited', async () => {
  const esther = id('esther.boateng');
  const seen = data<CompliancePicture>(await manager.get(`/api/v1/carers/${esther}/compliance`));
  assert.match(seen.dbs[0]!.disclosure_text ?? '', /caution/);
  const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'carer-compliance'), eq(auditLog.record_id, esther))).orderBy(desc(auditLog.id)).limit(1);
  assert.deepEqual(entry?.after, { view: 'dbs-disclosures' });
  // Office staff of Bristol (not the demo office user, who is Camden only) without the disclosures permission.
  const roleId = await createRole(t.database.db, 'compliance-clerk', ['carers.view', 'carers.edit']);
  const login = await createUser(t.database.db, { email: 'clerk@homecare.test', roleId });
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'clerk@homecare.test'));
  await t.database.db.insert(userBranches).values({ user_id: user!.id, branch_id: 3 });
  const clerk = await loginAs(t.app, login);
  const withheld = data<CompliancePicture>(await clerk.get(`/api/v1/carers/${esther}/compliance`));
  assert.equal(withheld.dbs[0]!.disclosure_text, null);
  assert.equal(withheld.dbs[0]!.disclosure_withheld, true);
  assert.ok(!JSON.stringify(withheld).includes('caution'));
});

test('recording a DBS check: 422 per field, 404 for another branch, audited, and the carer recomputed', async () => {
  const aisha = id('aisha.bello');
  const bad = await office.post(`/api/v1/carers/${aisha}/compliance/dbs`, { certificate_number: '1234', level: 'enhanced-barred', issue_date: '2030-01-01', barred_list_checked: true, update_service: true, update_service_id: '' });
  assert.equal(bad.statusCode, 422);
  const errors = (bad.json() as { errors: Record<string, string[]> }).errors;
  assert.match(errors.certificate_number![0]!, /12 digits/);
  assert.match(errors.issue_date![0]!, /future/);

  const bristol = await office.post(`/api/v1/carers/${id('megan.hughes')}/compliance/dbs`, { certificate_number: '001122334455', level: 'enhanced-barred', issue_date: '2026-11-01', barred_list_checked: true });
  assert.equal(bristol.statusCode, 404, 'a Bristol carer is not the Camden office’s to see');

  // Patrick's lapsed Update Service check, done today: rosterable again.
  const patrick = id('patrick.doyle');
  const before = data<CompliancePicture>(await office.get(`/api/v1/carers/${patrick}/compliance`));
  assert.equal(before.compliance.rosterable, false);
  const checked = await office.post(`/api/v1/carers/${patrick}/compliance/dbs/${before.dbs[0]!.id}/update-checks`, { checked_on: '2026-11-24', result: 'no-new-information', checked_by: 'Oliver Office' });
  assert.equal(checked.statusCode, 201, checked.body);
  const after = data<CompliancePicture>(checked);
  assert.equal(after.compliance.rosterable, true);
  assert.equal(after.compliance.checks.find((check) => check.key === 'dbs-update-service')?.expires_on, '2027-11-24');
  const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'carer-compliance'), eq(auditLog.record_id, patrick), eq(auditLog.action, 'create')));
  assert.equal((entry?.after as { result?: string }).result, 'no-new-information');
  assert.ok(entry?.user_id, 'the office user is the actor');

  const created = await office.post(`/api/v1/carers/${aisha}/compliance/dbs`, { certificate_number: '0011 2233 4455', level: 'enhanced-barred', issue_date: '2026-11-20', barred_list_checked: true, disclosure: false, update_service: true, update_service_id: 'C000123456' });
  assert.equal(created.statusCode, 201, created.body);
  assert.equal(data<CompliancePicture>(created).dbs[0]!.certificate_number, '001122334455');
});

test('right to work: a student visa needs its hours limit; British passports need no end date', async () => {
  const carer = id('tom.fletcher');
  const student = await office.post(`/api/v1/carers/${carer}/compliance/right-to-work`, { document_type: 'brp-evisa', visa_type: 'student', checked_on: '2026-11-20', expires_on: '2027-09-30', weekly_hours_cap: '' });
  assert.equal(student.statusCode, 422);
  assert.ok((student.json() as { errors: Record<string, string[]> }).errors.weekly_hours_cap);
  const british = await office.post(`/api/v1/carers/${carer}/compliance/right-to-work`, { document_type: 'british-irish-passport', visa_type: 'none', checked_on: '2026-11-20', expires_on: '2030-01-01' });
  assert.equal(british.statusCode, 422);
  assert.ok((british.json() as { errors: Record<string, string[]> }).errors.expires_on);
  const ok = await office.post(`/api/v1/carers/${carer}/compliance/right-to-work`, { document_type: 'brp-evisa', visa_type: 'student', checked_on: '2026-11-20', expires_on: '2027-09-30', weekly_hours_cap: '20', follow_up_on: '' });
  assert.equal(ok.statusCode, 201, ok.body);
  assert.equal(data<CompliancePicture>(ok).compliance.weekly_hours_cap, 20);
  const rows = data<CompliancePicture>(ok).right_to_work;
  const corrected = await office.put(`/api/v1/carers/${carer}/compliance/right-to-work/${rows[0]!.id}`, { document_type: 'brp-evisa', visa_type: 'student', checked_on: '2026-11-20', expires_on: '2027-09-30', weekly_hours_cap: 15 });
  assert.equal(corrected.statusCode, 200, corrected.body);
  assert.equal(data<CompliancePicture>(corrected).compliance.weekly_hours_cap, 15);
});

test('the rota reads compliance by ids, only for the carers it may see', async () => {
  const answer = await office.get(`/api/v1/carers/compliance?ids=${id('aisha.bello')},${id('megan.hughes')}`);
  assert.equal(answer.statusCode, 200);
  const rows = data<CarerCompliance[]>(answer);
  assert.deepEqual(rows.map((row) => row.carer_id), [id('aisha.bello')]);
  assert.equal((await office.get('/api/v1/carers/compliance?ids=1,x')).statusCode, 422);
  // What a rota keeps of the checks: those whose lapse blocks rostering and that have a last day, the rest as before.
  const blocking = data<CarerCompliance[]>(await office.get(`/api/v1/carers/compliance?ids=${id('aisha.bello')}&checks=blocking`));
  const [every] = rows;
  assert.ok(every!.checks.some((check) => !check.blocks_rostering || !check.expires_on), 'the demo carer has checks a rota does not need');
  // (checked_at aside: a read may work a carer's compliance out again.)
  const withoutStamp = ({ checked_at: _at, ...rest }: CarerCompliance) => rest;
  assert.deepEqual(blocking.map(withoutStamp), [withoutStamp({ ...every!, checks: every!.checks.filter((check) => check.blocks_rostering && check.expires_on) })]);
  assert.ok(blocking[0]!.checks.length > 0, 'and some it does');
  const unknown = await office.get(`/api/v1/carers/compliance?ids=${id('aisha.bello')}&checks=some`);
  assert.deepEqual([unknown.statusCode, Object.keys(unknown.json().errors)], [422, ['checks']]);
  const nobody = await loginAs(t.app, await createUser(t.database.db, { email: 'nobody@homecare.test', roleId: await createRole(t.database.db, 'no-rights', []) }));
  assert.equal((await nobody.get(`/api/v1/carers/compliance?ids=${id('aisha.bello')}`)).statusCode, 403);
});

test('file alerts list what lapsed, is missing or falls due, soonest first, filtered by window and check', async () => {
  const all = data<Page<FileAlertRow>>(await manager.get('/api/v1/carers/file-alerts?page_size=200'));
  assert.ok(all.total > 5);
  const dated = all.data.filter((row) => row.expires_on && row.window !== 'expired');
  assert.deepEqual(dated.map((row) => row.expires_on), [...dated.map((row) => row.expires_on)].sort(), 'soonest first');
  // Lapsed first (someone may be working on an expired check), then missing, then what falls due.
  const ranks = all.data.map((row) => (row.window === 'expired' ? 0 : row.window === 'missing' ? 1 : 2));
  assert.ok(ranks.includes(0) && ranks.includes(1) && ranks.includes(2), 'the demo has all three');
  assert.deepEqual(ranks, [...ranks].sort((a, b) => a - b), 'lapsed, then missing, then due soon');
  const lapsed = all.data.filter((row) => row.window === 'expired' && row.expires_on);
  assert.deepEqual(lapsed.map((row) => row.expires_on), [...lapsed.map((row) => row.expires_on)].sort(), 'the longest lapsed first');
  const megan = all.data.find((row) => row.person_id === id('megan.hughes') && row.check === 'business-insurance');
  assert.equal(megan?.window, 'expired');
  assert.equal(megan?.tab, 'references-documents');
  const expired = data<Page<FileAlertRow>>(await manager.get('/api/v1/carers/file-alerts?window=expired&check=business-insurance'));
  assert.ok(expired.data.length >= 1 && expired.data.every((row) => row.window === 'expired' && row.check === 'business-insurance'));
  const camden = data<Page<FileAlertRow>>(await office.get('/api/v1/carers/file-alerts?page_size=200'));
  assert.ok(camden.data.every((row) => row.branch_id === 1), 'only the office’s branch');
  assert.equal((await office.get('/api/v1/carers/file-alerts?window=soon')).statusCode, 422);
  const employees = await manager.get('/api/v1/employees/file-alerts');
  assert.equal(employees.statusCode, 200);
  assert.ok(data<Page<FileAlertRow>>(employees).data.every((row) => ['dbs', 'dbs-update-service', 'right-to-work'].includes(row.check)));
});

test('a health declaration clears the check only once completed: an empty draft counts for nothing', async () => {
  const maria = id('maria.santos'); // an applicant with only her application form
  const before = data<CompliancePicture>(await manager.get(`/api/v1/carers/${maria}/compliance`));
  assert.equal(before.compliance.checks.find((check) => check.key === 'health-declaration')?.state, 'missing');
  const draft = await manager.post(`/api/v1/carers/${maria}/documents/medical-history`, { status: 'draft', content: {} });
  assert.equal(draft.statusCode, 201, draft.body);
  const after = data<CompliancePicture>(await manager.get(`/api/v1/carers/${maria}/compliance`));
  const health = after.compliance.checks.find((check) => check.key === 'health-declaration');
  assert.equal(health?.state, 'missing', 'an empty draft is not a declaration');
  assert.match(health?.detail ?? '', /draft/);
  // The hiring checks read the same: "ready" still names the health declaration as missing.
  const ready = await manager.put(`/api/v1/recruitment/applicants/${maria}/stage`, { stage: 'ready', reason: '' });
  assert.equal(ready.statusCode, 409, ready.body);
  assert.match(ready.json().message, /Health declaration/);
});

// ---- References by link.

async function sendRequest(carerId: number, email = 'referee@example.org') {
  const sent = await office.post(`/api/v1/carers/${carerId}/reference-requests`, { referee_name: 'Janet Cole', referee_email: email, organisation: 'Bluebird Care', relationship: 'employer-care' });
  assert.equal(sent.statusCode, 201, sent.body);
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email)).orderBy(desc(mailOutbox.id)).limit(1);
  const link = /http:\/\/localhost:8080(\/api\/public\/references\/\d+\/[A-Za-z0-9_-]+)/.exec(mail!.text_body)?.[1];
  assert.ok(link, 'the email holds the link');
  return { request: data<ReferenceRequestRow>(sent), path: link };
}

const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };

const answer = {
  referee_name: 'Janet Cole',
  referee_job_title: 'Registered Manager',
  organisation: 'Bluebird Care',
  relationship: 'line-manager',
  employed_from: '2021-01-04',
  employed_to: '2025-12-19',
  role: 'Care assistant',
  reason_for_leaving: 'Moved house',
  would_re_employ: 'yes',
  care_work: 'yes',
  care_work_conduct: 'Reliable and kind.',
  concerns: 'no',
  reliability: 'excellent',
  punctuality: 'good',
  honesty: 'excellent',
  teamwork: 'good',
  care_and_respect: 'excellent',
  'signature.name': 'Janet Cole',
  'signature.role': 'Registered Manager',
};

test('a referee answers through the emailed link: the reference lands on the carer’s file, audited, once', async () => {
  const carerId = id('chloe.bennett');
  const { request, path } = await sendRequest(carerId);
  assert.equal(request.state, 'sent');

  const referee = await anonymousClient(t.app);
  const page = await referee.get(path);
  assert.equal(page.statusCode, 200);
  assert.match(String(page.headers['content-type']), /text\/html/);
  assert.match(page.body, /<h1>Reference for Chloe Bennett<\/h1>/);
  assert.equal(page.body.match(/<h1/g)?.length, 1);
  assert.match(page.body, /<label for="f-referee_job_title">Your job title<\/label>/);
  assert.match(String(page.headers['content-security-policy']), /style-src 'sha256-/);
  const listed = data<ReferenceRequestRow[]>(await office.get(`/api/v1/carers/${carerId}/reference-requests`));
  assert.equal(listed.find((row) => row.id === request.id)?.state, 'opened');

  // Incomplete: 422, each error beside its field, what was typed kept.
  const partial = await referee.post(path, form({ referee_name: 'Janet Cole', referee_job_title: 'Registered <Manager>', concerns: 'yes' }), { headers: FORM_HEADERS });
  assert.equal(partial.statusCode, 422);
  assert.match(partial.body, /There is a problem/);
  assert.match(partial.body, /value="Registered &lt;Manager&gt;"/, 'typed values kept (escaped)');
  assert.match(partial.body, /id="f-organisation-error"/);
  assert.match(partial.body, /value="yes" checked/);
  assert.match(partial.body, /Please give details is required/);

  // An employment that ends before it began: 422 beside "Employed until", nothing stored.
  const backwards = await referee.post(path, form({ ...answer, employed_from: '2025-12-19', employed_to: '2021-01-04' }), { headers: FORM_HEADERS });
  assert.equal(backwards.statusCode, 422);
  assert.match(backwards.body, /id="f-employed_to-error"><span class="visually-hidden">Error: <\/span>Employed until cannot be before employed from/);

  const done = await referee.post(path, form(answer), { headers: FORM_HEADERS });
  assert.equal(done.statusCode, 200, done.body);
  assert.match(done.body, /Thank you/);

  const [stored] = await t.database.db.select().from(referenceRequests).where(eq(referenceRequests.id, request.id));
  assert.ok(stored?.answered_at && stored.document_id);
  const [document] = await t.database.db.select().from(carerDocuments).where(eq(carerDocuments.id, stored.document_id));
  assert.deepEqual([document?.owner_id, document?.kind, document?.status, document?.updated_by], [carerId, 'reference', 'active', null]);
  const [version] = await t.database.db.select().from(carerDocumentVersions).where(eq(carerDocumentVersions.document_id, stored.document_id));
  assert.equal((version!.content as { care_work: boolean }).care_work, true);
  assert.equal((version!.content as { signature: { name: string } }).signature.name, 'Janet Cole');
  const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'carer-references'), eq(auditLog.record_id, carerId), eq(auditLog.action, 'create'))).orderBy(desc(auditLog.id)).limit(1);
  assert.equal(entry?.user_id, null, 'no account acted');
  assert.equal((entry?.after as { document_id: number }).document_id, stored.document_id);
  const listedAfter = data<ReferenceRequestRow[]>(await office.get(`/api/v1/carers/${carerId}/reference-requests`));
  assert.equal(listedAfter.find((row) => row.id === request.id)?.state, 'answered');
  // The office reads it through the document engine.
  assert.equal((await office.get(`/api/v1/carers/${carerId}/documents/reference/${stored.document_id}`)).statusCode, 200);

  // Used: a clear page, no carer named.
  const again = await referee.get(path);
  assert.equal(again.statusCode, 410);
  assert.doesNotMatch(again.body, /Chloe|Bennett/);
  const repost = await referee.post(path, form(answer), { headers: FORM_HEADERS });
  assert.equal(repost.statusCode, 410);
});

test('a reference typed in by the office: its employment cannot end before it began (422 on employed_to)', async () => {
  const carerId = id('grace.okafor');
  const content = { referee_name: 'Janet Cole', employed_from: '2024-05-01', employed_to: '2023-05-01' };
  const created = await office.post(`/api/v1/carers/${carerId}/documents/reference`, { status: 'draft', content });
  assert.equal(created.statusCode, 422, created.body);
  assert.deepEqual(created.json().errors, { employed_to: ['Employed until cannot be before employed from.'] });
  const fine = await office.post(`/api/v1/carers/${carerId}/documents/reference`, { status: 'draft', content: { ...content, employed_to: '2025-05-01' } });
  assert.equal(fine.statusCode, 201, fine.body);
  const edited = await office.put(`/api/v1/carers/${carerId}/documents/reference/${fine.json().data.id}`, { base_version: 1, status: 'draft', content });
  assert.equal(edited.statusCode, 422, 'nor when it is changed');
  assert.ok(edited.json().errors.employed_to);
});

test('a forged, unknown or expired link shows no carer data, and guessing is slowed down', async () => {
  const carerId = id('fatima.rahman');
  const { request, path } = await sendRequest(carerId, 'second@example.org');
  const referee = await anonymousClient(t.app);
  const forged = await referee.get(path.replace(/\/[^/]+$/, `/${'A'.repeat(43)}`));
  assert.equal(forged.statusCode, 404);
  assert.doesNotMatch(forged.body, /Fatima|Rahman/);
  const unknown = await referee.get(`/api/public/references/999999/${'B'.repeat(43)}`);
  assert.equal(unknown.statusCode, 404);
  // Another request's token does not open this one.
  const other = await sendRequest(id('liam.oconnor'), 'third@example.org');
  const swapped = await referee.get(`/api/public/references/${request.id}/${other.path.split('/').pop()}`);
  assert.equal(swapped.statusCode, 404);

  await t.database.db.update(referenceRequests).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(referenceRequests.id, request.id));
  const expired = await referee.get(path);
  assert.equal(expired.statusCode, 410);
  assert.match(expired.body, /expired/);
  assert.doesNotMatch(expired.body, /Fatima|Rahman/);

  // Resend: a new link, the old one worthless.
  const resent = await office.post(`/api/v1/carers/${carerId}/reference-requests/${request.id}/resend`, {});
  assert.equal(resent.statusCode, 200, resent.body);
  assert.equal(data<ReferenceRequestRow>(resent).state, 'sent');
  assert.equal((await referee.get(path)).statusCode, 404);

  // Ten failures from one address within ten minutes: 429 even for a good link.
  const guesser = await anonymousClient(t.app);
  for (let attempt = 0; attempt < 10; attempt += 1) await guesser.get(`/api/public/references/${request.id}/${'C'.repeat(42)}${attempt}`);
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, 'second@example.org')).orderBy(desc(mailOutbox.id)).limit(1);
  const fresh = /(\/api\/public\/references\/\d+\/[A-Za-z0-9_-]+)/.exec(mail!.text_body)![1]!;
  assert.equal((await guesser.get(fresh)).statusCode, 429);
});

test('reference requests: 422 per field and 404 for another branch', async () => {
  const bad = await office.post(`/api/v1/carers/${id('aisha.bello')}/reference-requests`, { referee_name: '', referee_email: 'not-an-email', relationship: 'friend' });
  assert.equal(bad.statusCode, 422);
  assert.deepEqual(Object.keys((bad.json() as { errors: Record<string, string[]> }).errors).sort(), ['referee_email', 'referee_name', 'relationship']);
  const bristol = await office.post(`/api/v1/carers/${id('megan.hughes')}/reference-requests`, { referee_name: 'A B', referee_email: 'a@example.org', relationship: 'employer' });
  assert.equal(bristol.statusCode, 404);
});
