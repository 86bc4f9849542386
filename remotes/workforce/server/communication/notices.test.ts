import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from '@hcm/contract';
import { CARER_ROLE, type MyNotice, type NoticeDetail, type NoticeRow } from '@hcm/contract/schemas';
import { and, eq } from 'drizzle-orm';
import { auditLog, branches, roles, userBranches, users } from '@hcm/server/platform';
import { noticeRecipients } from '../tables.js';
import { DEMO_PEOPLE } from '../people/demo.js';

// Carers are users of the carer role: every hired carer of the demo (active or suspended) has a sign-in account.
const BRANCH_CODES = ['CAM', 'LDS-SL', 'BRN'];
const DEMO_CARERS = (DEMO_PEOPLE.carers ?? [])
  .filter((carer) => carer.status === 'active' || carer.status === 'suspended')
  .map((carer) => ({ name: `${String(carer.first_name)} ${String(carer.last_name)}`, branchCode: BRANCH_CODES[Number(carer.branch_id) - 1]! }));
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';

let t: TestApp;
let admin: TestClient;
let office: TestClient;
const branchId = new Map<string, number>();

before(async () => {
  t = await createTestApp();
  for (const row of await t.database.db.select({ id: branches.id, code: branches.code }).from(branches)) branchId.set(row.code, row.id);
  admin = await loginAs(t.app, 'admin');
  office = await loginAs(t.app, 'office');
});
after(() => t.close());

const CAM = () => branchId.get('CAM')!;
const LDS = () => branchId.get('LDS-SL')!;

async function userId(email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** A signed-in user of a new role holding `permissions`, working in the branches given by code. */
async function userWith(email: string, permissions: string[], branchCodes: string[], roleId?: number): Promise<TestClient> {
  const role = roleId ?? (await createRole(t.database.db, `role-${email}`, permissions));
  const login = await createUser(t.database.db, { email, roleId: role });
  const id = await userId(email);
  for (const code of branchCodes) await t.database.db.insert(userBranches).values({ user_id: id, branch_id: branchId.get(code)! });
  return loginAs(t.app, login);
}

async function publish(client: TestClient, fields: Record<string, unknown>) {
  return client.post('/api/v1/communication/notices', { title: 'Rota change', body: 'Please read.', audience: 'office', branch_id: CAM(), ...fields });
}

test('an admin publishes a notice to office staff of a branch: recipients fixed at publish time, the sender not among them', async () => {
  const response = await publish(admin, { title: 'Fire drill on Friday' });
  assert.equal(response.statusCode, 201);
  const [notice] = response.json().data as NoticeRow[];
  assert.equal(notice!.title, 'Fire drill on Friday');
  assert.equal(notice!.branch?.id, CAM());
  assert.equal(notice!.read_count, 0);

  const detail = (await admin.get(`/api/v1/communication/notices/${notice!.id}`)).json().data as NoticeDetail;
  const names = detail.unread.map((person) => person.name);
  assert.ok(names.includes('Oliver Office'));
  assert.ok(!names.includes('Amira Admin'), 'the sender does not receive their own notice');
  assert.ok(!names.some((name) => DEMO_CARERS.some((carer) => carer.name === name)), 'no carer gets an office notice');
  assert.equal(detail.notice.recipient_count, detail.unread.length);
  assert.deepEqual(detail.read, []);

  // The recipients were resolved when it was published: someone joining the branch later does not get it.
  await userWith('late.joiner@homecare.test', ['dashboard.view'], ['CAM']);
  const again = (await admin.get(`/api/v1/communication/notices/${notice!.id}`)).json().data as NoticeDetail;
  assert.equal(again.notice.recipient_count, detail.notice.recipient_count);

  const [entry] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'notices'), eq(auditLog.record_id, notice!.id)));
  assert.equal(entry?.action, 'create');
  assert.equal(entry?.user_id, await userId('admin@homecare.test'));
});

test('a recipient reads their notices, unread first, and marks one read once; the office list counts the read', async () => {
  const [notice] = (await publish(admin, { title: 'New parking rules' })).json().data as NoticeRow[];
  const mine = (await office.get('/api/v1/communication/my-notices')).json().data as Page<MyNotice>;
  const item = mine.data.find((row) => row.id === notice!.id);
  assert.ok(item);
  assert.equal(item.read_at, null);
  assert.equal(item.published_by, 'Amira Admin');

  const read = await office.post(`/api/v1/communication/my-notices/${notice!.id}/read`);
  assert.equal(read.statusCode, 200);
  const readAt = (read.json().data as MyNotice).read_at;
  assert.ok(readAt);
  // Marking it again keeps the first read.
  const twice = (await office.post(`/api/v1/communication/my-notices/${notice!.id}/read`)).json().data as MyNotice;
  assert.equal(twice.read_at, readAt);

  // Unread first: the older fire-drill notice now comes before the newer one just read.
  const ordered = (await office.get('/api/v1/communication/my-notices')).json().data as Page<MyNotice>;
  assert.deepEqual(ordered.data.map((row) => row.title), ['Fire drill on Friday', 'New parking rules']);
  const unreadOnly = (await office.get('/api/v1/communication/my-notices?unread=1')).json().data as Page<MyNotice>;
  assert.ok(!unreadOnly.data.some((row) => row.id === notice!.id));

  const list = (await admin.get('/api/v1/communication/notices')).json().data as Page<NoticeRow>;
  const row = list.data.find((entry) => entry.id === notice!.id)!;
  assert.equal(row.read_count, 1);
  const detail = (await admin.get(`/api/v1/communication/notices/${notice!.id}`)).json().data as NoticeDetail;
  assert.deepEqual(detail.read.map((person) => person.name), ['Oliver Office']);
  assert.ok(!detail.unread.some((person) => person.name === 'Oliver Office'));
});

test('nobody marks read a notice that was not addressed to them (404)', async () => {
  const [notice] = (await publish(admin, { audience: 'carers', title: 'For carers only' })).json().data as NoticeRow[];
  assert.equal((await office.post(`/api/v1/communication/my-notices/${notice!.id}/read`)).statusCode, 404);
  assert.equal((await office.post('/api/v1/communication/my-notices/999999/read')).statusCode, 404);
  assert.equal((await office.post('/api/v1/communication/my-notices/nope/read')).statusCode, 404);
  const [recipient] = await t.database.db
    .select()
    .from(noticeRecipients)
    .where(and(eq(noticeRecipients.notice_id, notice!.id), eq(noticeRecipients.user_id, await userId('office@homecare.test'))));
  assert.equal(recipient, undefined);
});

test('a carer (a role with no permission) reads the notices sent to carers of their branch', async () => {
  const [carerRole] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, CARER_ROLE));
  const carer = await userWith('new.carer@homecare.test', [], ['CAM'], carerRole!.id);
  const [notice] = (await publish(office, { audience: 'carers', title: 'Gloves restocked', branch_id: 'all' })).json().data as NoticeRow[];
  // The office user works in one branch of three: "all my branches" is Camden.
  assert.equal(notice!.branch?.id, CAM());
  const detail = (await office.get(`/api/v1/communication/notices/${notice!.id}`)).json().data as NoticeDetail;
  const camdenCarers = DEMO_CARERS.filter((row) => row.branchCode === 'CAM').map((row) => row.name);
  assert.deepEqual(detail.unread.map((person) => person.name).sort(), [...camdenCarers, 'new.carer'].sort());
  assert.ok(detail.unread.every((person) => person.role_label === 'Carer'));

  const mine = (await carer.get('/api/v1/communication/my-notices')).json().data as Page<MyNotice>;
  assert.deepEqual(mine.data.map((row) => row.title), ['Gloves restocked']);
  assert.equal((await carer.post(`/api/v1/communication/my-notices/${notice!.id}/read`)).statusCode, 200);
  // ...and nothing else: the office's screens are closed to them.
  assert.equal((await carer.get('/api/v1/communication/notices')).statusCode, 403);
});

test('"all my branches": every branch (null) for someone in all of them, one notice per branch otherwise', async () => {
  const everywhere = (await publish(admin, { audience: 'carers', branch_id: 'all', title: 'Pay day moves' })).json().data as NoticeRow[];
  assert.equal(everywhere.length, 1);
  assert.equal(everywhere[0]!.branch, null);
  assert.equal(everywhere[0]!.recipient_count, DEMO_CARERS.length + 1);

  const twoBranches = await userWith('two.branches@homecare.test', ['notices.send', 'notices.view'], ['CAM', 'LDS-SL']);
  const response = await publish(twoBranches, { audience: 'carers', branch_id: 'all', title: 'Training day' });
  assert.equal(response.statusCode, 201);
  const perBranch = response.json().data as NoticeRow[];
  assert.deepEqual(perBranch.map((row) => row.branch?.id).sort(), [CAM(), LDS()].sort());
  assert.equal(perBranch.find((row) => row.branch?.id === LDS())!.recipient_count, DEMO_CARERS.filter((row) => row.branchCode === 'LDS-SL').length);
});

test('staff see the notices of their branches and those for every branch, not the others (404)', async () => {
  const [leeds] = (await publish(admin, { branch_id: LDS(), title: 'Leeds only' })).json().data as NoticeRow[];
  const [everyone] = (await publish(admin, { branch_id: 'all', audience: 'everyone', title: 'Everyone everywhere' })).json().data as NoticeRow[];
  const list = (await office.get('/api/v1/communication/notices?page_size=100')).json().data as Page<NoticeRow>;
  const titles = list.data.map((row) => row.title);
  assert.ok(!titles.includes('Leeds only'));
  assert.ok(titles.includes('Everyone everywhere'));
  assert.ok(list.data.every((row) => row.branch === null || row.branch.id === CAM()));
  assert.equal((await office.get(`/api/v1/communication/notices/${leeds!.id}`)).statusCode, 404);
  assert.equal((await office.get(`/api/v1/communication/notices/${everyone!.id}`)).statusCode, 200);
  // Newest first.
  const all = (await admin.get('/api/v1/communication/notices?page_size=2')).json().data as Page<NoticeRow>;
  assert.equal(all.data[0]!.title, 'Everyone everywhere');
  assert.equal(all.page_size, 2);
});

test('publishing: 422 with per-field errors from the contract schema, and the branch and audience rules', async () => {
  const empty = await office.post('/api/v1/communication/notices', { title: ' ', body: '', audience: 'nobody', branch_id: '' });
  assert.equal(empty.statusCode, 422);
  const errors = empty.json().errors as Record<string, string[]>;
  assert.deepEqual(Object.keys(errors).sort(), ['audience', 'body', 'branch_id', 'title']);
  assert.equal(errors.title![0], 'Title is required.');

  const unknown = await publish(office, { colour: 'red' });
  assert.equal(unknown.statusCode, 422);
  assert.ok(unknown.json().errors.colour);

  const otherBranch = await publish(office, { branch_id: LDS() });
  assert.equal(otherBranch.statusCode, 422);
  assert.deepEqual(otherBranch.json().errors, { branch_id: ['Choose one of your branches.'] });

  const [empty_branch] = await t.database.db
    .insert(branches)
    .values({ name: 'Empty', code: 'EMPTY', type: 'domiciliary', address_line_1: '1 Road', town: 'York', postcode: 'YO1 7HH' })
    .returning({ id: branches.id });
  const nobody = await publish(admin, { audience: 'carers', branch_id: empty_branch!.id });
  assert.equal(nobody.statusCode, 422);
  assert.match(nobody.json().errors.audience[0], /Nobody would receive this notice/);
});

test('permissions: notices.view to list and read, notices.send to publish; anonymous 401', async () => {
  const viewer = await userWith('viewer@homecare.test', ['notices.view'], ['CAM']);
  assert.equal((await viewer.get('/api/v1/communication/notices')).statusCode, 200);
  assert.equal((await publish(viewer, {})).statusCode, 403);
  const nothing = await userWith('nothing@homecare.test', [], ['CAM']);
  assert.equal((await nothing.get('/api/v1/communication/notices')).statusCode, 403);
  assert.equal((await nothing.get('/api/v1/communication/notices/1')).statusCode, 403);
  assert.equal((await nothing.get('/api/v1/communication/my-notices')).statusCode, 200);
  const anonymous = (await t.app.inject({ method: 'GET', url: '/api/v1/communication/my-notices' })).statusCode;
  assert.equal(anonymous, 401);
});
