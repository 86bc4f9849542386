import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from '@hcm/contract';
import type { MonitoredChat, MonitoredChatView, Person } from '@hcm/contract/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLog, branches, chatMembers, chatMessages, chats, forgetCurrentUser, roles, userBranches, users } from '@hcm/server/platform';
import { createUser, createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';

let t: TestApp;
let manager: TestClient;
let direct: number;
let group: number;
const id = new Map<string, number>();

// The chat tables are written by the chat API (another module); here the rows are inserted directly, as it would.
before(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await db.delete(chats); // the demo conversations go, so the test knows every chat there is
  for (const row of await db.select({ id: users.id, email: users.email }).from(users)) id.set(row.email.split('@')[0]!, row.id);
  const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 9, minute));
  const [one] = await db.insert(chats).values({ direct_key: `${id.get('office')}:${id.get('manager')}`, created_by: id.get('office'), last_message_at: at(5) }).returning();
  const [two] = await db.insert(chats).values({ is_group: true, name: 'Camden coordinators', created_by: id.get('admin'), last_message_at: at(9) }).returning();
  direct = one!.id;
  group = two!.id;
  await db.insert(chatMembers).values([
    { chat_id: direct, user_id: id.get('office')! },
    { chat_id: direct, user_id: id.get('manager')! },
    { chat_id: group, user_id: id.get('admin')! },
    { chat_id: group, user_id: id.get('aisha.bello')! },
  ]);
  await db.insert(chatMessages).values([
    { chat_id: direct, user_id: id.get('office'), type: 'TEXT', body: 'Can you cover Mrs Ellison at 8?', created_at: at(1) },
    { chat_id: direct, user_id: id.get('manager'), type: 'TEXT', body: 'Yes, on my way.', created_at: at(2) },
    { chat_id: direct, user_id: id.get('office'), type: 'TEXT', body: 'Thanks!', created_at: at(5) },
    { chat_id: group, user_id: id.get('admin'), type: 'UPDATE', body: 'Amira Admin created the group', created_at: at(8) },
    { chat_id: group, user_id: id.get('admin'), type: 'TEXT', body: 'Welcome, Aisha.', created_at: at(9) },
  ]);
  manager = await loginAs(t.app, 'manager');
});
after(() => t.close());

const MONITORING = '/api/v1/communication/monitoring';

async function viewsOf(chatId: number) {
  return t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'chats'), eq(auditLog.record_id, chatId), eq(auditLog.action, 'view')));
}

test('every conversation is listed, latest first, with members, last message time and message count', async () => {
  const page = (await manager.get(`${MONITORING}/chats`)).json().data as Page<MonitoredChat>;
  assert.deepEqual(page.data.map((chat) => chat.id), [group, direct]);
  const [groupChat, directChat] = page.data;
  assert.equal(groupChat!.name, 'Camden coordinators');
  assert.equal(groupChat!.message_count, 1, 'group events are not counted as messages');
  assert.deepEqual(groupChat!.members.map((member) => member.name), ['Aisha Bello', 'Amira Admin']);
  assert.equal(directChat!.name, 'Maya Manager and Oliver Office');
  assert.equal(directChat!.message_count, 3);
  assert.equal(directChat!.last_message_at, '2026-03-02T09:05:00.000Z');
  // Listing reads no conversation, so it is not audited.
  assert.equal((await viewsOf(direct)).length, 0);
});

test('the list filters by a person in the chat; the people filter lists who is in any chat', async () => {
  const aisha = (await manager.get(`${MONITORING}/chats?person=${id.get('aisha.bello')}`)).json().data as Page<MonitoredChat>;
  assert.deepEqual(aisha.data.map((chat) => chat.id), [group]);
  const nobody = (await manager.get(`${MONITORING}/chats?person=${id.get('forgotten')}`)).json().data as Page<MonitoredChat>;
  assert.equal(nobody.total, 0);
  const people = (await manager.get(`${MONITORING}/people`)).json().data as Person[];
  assert.deepEqual(people.map((person) => person.name), ['Aisha Bello', 'Amira Admin', 'Maya Manager', 'Oliver Office']);
});

test('opening a conversation reads a page of its messages, oldest first, and every open is audited as a view of the chat', async () => {
  const first = (await manager.get(`${MONITORING}/chats/${direct}?page_size=2`)).json().data as MonitoredChatView;
  assert.equal(first.chat.id, direct);
  assert.deepEqual(first.messages.data.map((message) => message.body), ['Can you cover Mrs Ellison at 8?', 'Yes, on my way.']);
  assert.equal(first.messages.data[0]!.user?.name, 'Oliver Office');
  assert.equal(first.messages.last_page, 2);
  const second = (await manager.get(`${MONITORING}/chats/${direct}?page=2&page_size=2`)).json().data as MonitoredChatView;
  assert.deepEqual(second.messages.data.map((message) => message.body), ['Thanks!']);

  const views = await viewsOf(direct);
  assert.equal(views.length, 2, 'each read is one audit entry');
  assert.ok(views.every((entry) => entry.user_id === id.get('manager')));
  assert.deepEqual(views.map((entry) => (entry.after as { page: number }).page).sort(), [1, 2]);

  // It shows in the audit trail, where the manager can find it.
  const trail = (await manager.get(`/api/v1/audit?resource=chats&record_id=${direct}&action=view`)).json().data as Page<{ record_id: number }>;
  assert.equal(trail.total, 2);
});

test('monitoring is read-only: GET routes only, and nothing in the chat changes', async () => {
  const routes = t.app.apiRoutes.filter((route) => route.url.startsWith('/api/v1/communication/monitoring'));
  assert.ok(routes.length >= 3);
  assert.deepEqual([...new Set(routes.map((route) => route.method))].sort(), ['GET', 'HEAD']);
  assert.ok(routes.every((route) => route.permission === 'chat.monitor'));
  const before = await t.database.db.select().from(chatMembers).where(inArray(chatMembers.chat_id, [direct, group]));
  await manager.get(`${MONITORING}/chats/${group}`);
  const afterRead = await t.database.db.select().from(chatMembers).where(inArray(chatMembers.chat_id, [direct, group]));
  assert.deepEqual(afterRead, before, 'unread counts and members untouched');
  assert.equal((await manager.post(`${MONITORING}/chats/${group}`, { body: 'hi' })).statusCode, 404);
});

test('chat.monitor is required (office staff: 403); an unknown chat is 404 and not audited', async () => {
  const office = await loginAs(t.app, 'office');
  assert.equal((await office.get(`${MONITORING}/chats`)).statusCode, 403);
  assert.equal((await office.get(`${MONITORING}/chats/${direct}`)).statusCode, 403);
  assert.equal((await office.get(`${MONITORING}/people`)).statusCode, 403);
  assert.equal((await manager.get(`${MONITORING}/chats/999999`)).statusCode, 404);
  assert.equal((await viewsOf(999999)).length, 0);
  assert.equal((await manager.get(`${MONITORING}/chats/x`)).statusCode, 404);
});

test("a reader who is not a super admin monitors only chats with someone of their branches; a super admin every chat", async () => {
  const db = t.database.db;
  const at = new Date(Date.UTC(2026, 2, 2, 10, 0));
  // A chat solely between two Leeds carers, and a group where a Leeds carer talks with a Camden one.
  const [leedsOnly] = await db.insert(chats).values({ direct_key: `${id.get('callum.mcleod')}:${id.get('priya.nair')}`, created_by: id.get('callum.mcleod'), last_message_at: at }).returning();
  const [mixed] = await db.insert(chats).values({ is_group: true, name: 'Cover swap', created_by: id.get('callum.mcleod'), last_message_at: at }).returning();
  await db.insert(chatMembers).values([
    { chat_id: leedsOnly!.id, user_id: id.get('callum.mcleod')! },
    { chat_id: leedsOnly!.id, user_id: id.get('priya.nair')! },
    { chat_id: mixed!.id, user_id: id.get('callum.mcleod')! },
    { chat_id: mixed!.id, user_id: id.get('aisha.bello')! },
  ]);
  await db.insert(chatMessages).values([
    { chat_id: leedsOnly!.id, user_id: id.get('callum.mcleod'), type: 'TEXT', body: 'Leeds only', created_at: at },
    { chat_id: mixed!.id, user_id: id.get('callum.mcleod'), type: 'TEXT', body: 'Can you swap?', created_at: at },
  ]);

  // A registered manager (chat.monitor) of Camden only.
  const [managerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'registered_manager'));
  const [camden] = await db.select({ id: branches.id }).from(branches).where(eq(branches.code, 'CAM'));
  const camdenManager = await createUser(db, { email: 'camden.manager@homecare.test', roleId: managerRole!.id });
  const [camdenManagerRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, camdenManager.email));
  await db.insert(userBranches).values({ user_id: camdenManagerRow!.id, branch_id: camden!.id });
  const reader = await loginAs(t.app, camdenManager);

  const listed = (await reader.get(`${MONITORING}/chats`)).json().data as Page<MonitoredChat>;
  assert.deepEqual(listed.data.map((chat) => chat.id).sort(), [direct, group, mixed!.id].sort(), 'the Leeds-only chat is not listed');
  assert.equal(listed.total, 3);
  assert.deepEqual(((await reader.get(`${MONITORING}/chats?person=${id.get('priya.nair')}`)).json().data as Page<MonitoredChat>).total, 0);
  const people = ((await reader.get(`${MONITORING}/people`)).json().data as Person[]).map((person) => person.name);
  assert.ok(!people.includes('Priya Nair'), 'nobody seen only in chats they may not read');
  assert.ok(people.includes('Callum McLeod'), 'in a chat with a Camden carer');
  const refused = await reader.get(`${MONITORING}/chats/${leedsOnly!.id}`);
  assert.equal(refused.statusCode, 404);
  assert.equal(refused.json().message, 'No such conversation.');
  assert.equal((await viewsOf(leedsOnly!.id)).length, 0, 'a refused read is not a view');
  assert.equal((await reader.get(`${MONITORING}/chats/${mixed!.id}`)).statusCode, 200);

  // A reader without any branch monitors nothing.
  await db.delete(userBranches).where(eq(userBranches.user_id, camdenManagerRow!.id));
  forgetCurrentUser(camdenManagerRow!.id);
  const nowhere = await loginAs(t.app, camdenManager);
  assert.equal(((await nowhere.get(`${MONITORING}/chats`)).json().data as Page<MonitoredChat>).total, 0);
  assert.equal((await nowhere.get(`${MONITORING}/chats/${direct}`)).statusCode, 404);
  assert.deepEqual((await nowhere.get(`${MONITORING}/people`)).json().data, []);

  // The super admin monitors every chat, the Leeds-only one too.
  const admin = await loginAs(t.app, 'admin');
  const all = (await admin.get(`${MONITORING}/chats`)).json().data as Page<MonitoredChat>;
  assert.ok(all.data.some((chat) => chat.id === leedsOnly!.id));
  assert.equal(all.total, 4);
  const read = await admin.get(`${MONITORING}/chats/${leedsOnly!.id}`);
  assert.equal(read.statusCode, 200);
  assert.deepEqual((read.json().data as MonitoredChatView).messages.data.map((message) => message.body), ['Leeds only']);
  assert.ok(((await admin.get(`${MONITORING}/people`)).json().data as Person[]).some((person) => person.name === 'Priya Nair'));
});
