import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { clock } from '@hcm/contract/time';
import {
  CHAT_CHANNELS,
  type ChatEvent,
  type ChatContact,
  type ChatListItem,
  type ChatMessage,
  type ChatMessagePage,
  type CurrentUser,
  type UserChatUpdate,
} from '@hcm/contract';
import { and, eq } from 'drizzle-orm';
import { auditLog, chatMembers, chatMessages } from '../db/schema.js';
import { loginAs, type TestClient } from '../testing.js';
import { createCast, createChatTestApp, recordingBroadcaster, type Cast, type ChatTestApp } from './test-fixtures.js';

let t: ChatTestApp;
let cast: Cast;
const broadcaster = recordingBroadcaster();
const clients = {} as Record<'maya' | 'noah' | 'olive' | 'mute' | 'far', TestClient>;

before(async () => {
  t = await createChatTestApp(async () => broadcaster);
  cast = await createCast(t.database.db);
  for (const name of ['maya', 'noah', 'olive', 'mute', 'far'] as const) clients[name] = await loginAs(t.app, cast[name]);
});
after(() => t.close());

async function openDirect(from: TestClient, userId: number): Promise<ChatListItem> {
  const response = await from.post('/api/v1/communication/chats', { userId });
  assert.ok([200, 201].includes(response.statusCode), response.body);
  return response.json().data as ChatListItem;
}

async function send(from: TestClient, chatId: number, body: string): Promise<ChatMessage> {
  const response = await from.post(`/api/v1/communication/chats/${chatId}/messages`, { body });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data as ChatMessage;
}

async function listOf(client: TestClient): Promise<ChatListItem[]> {
  const response = await client.get('/api/v1/communication/chats');
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as ChatListItem[];
}

async function unreadIn(client: TestClient, chatId: number): Promise<number> {
  const item = (await listOf(client)).find((chat) => chat.chat_id === chatId);
  assert.ok(item, `chat ${chatId} is in the list`);
  return item.unread_message_count;
}

async function userUnread(client: TestClient): Promise<number> {
  return ((await client.get('/api/v1/user')).json().data.data as CurrentUser).userUnreadMessageCount;
}

test('opening a one-to-one chat twice, from either side, gives the same chat; the answer id is the chat id', async () => {
  const first = await clients.maya.post('/api/v1/communication/chats', { userId: cast.noah.id });
  assert.equal(first.statusCode, 201, first.body);
  const chat = first.json().data as ChatListItem;
  assert.equal(chat.id, chat.chat_id);
  assert.equal(chat.name, 'noah');
  assert.equal(chat.is_group, false);
  assert.equal(chat.other_user_id, cast.noah.id);

  const again = await clients.maya.post('/api/v1/communication/chats', { userId: cast.noah.id });
  assert.equal(again.statusCode, 200);
  assert.equal((again.json().data as ChatListItem).id, chat.id);
  assert.equal((await openDirect(clients.noah, cast.maya.id)).id, chat.id);

  // Opened at the same moment by both people: still one chat.
  const [a, b] = await Promise.all([openDirect(clients.olive, cast.noah.id), openDirect(clients.noah, cast.olive.id)]);
  assert.equal(a.id, b.id);
  const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'chats'), eq(auditLog.record_id, chat.id)));
  assert.equal(audited.length, 1, 'the chat creation is audited once');
});

test('a one-to-one chat is refused with yourself, unknown, disabled, chat-less or other-branch people (422 by field)', async () => {
  const cases: [unknown, string][] = [
    [{ userId: cast.maya.id }, 'You cannot start a chat with yourself.'],
    [{ userId: 999_999 }, 'This person cannot be reached by chat.'],
    [{ userId: cast.gone.id }, 'This person cannot be reached by chat.'],
    [{ userId: cast.mute.id }, 'This person cannot be reached by chat.'],
    [{ userId: cast.far.id }, 'This person cannot be reached by chat.'],
    [{ userId: 'abc' }, 'Choose a person from the list.'],
    [{}, 'This field is required.'],
  ];
  for (const [payload, message] of cases) {
    const response = await clients.maya.post('/api/v1/communication/chats', payload);
    assert.equal(response.statusCode, 422, JSON.stringify(payload));
    assert.deepEqual(response.json().errors, { userId: [message] }, JSON.stringify(payload));
  }
  const extra = await clients.maya.post('/api/v1/communication/chats', { userId: cast.noah.id, colour: 'red' });
  assert.equal(extra.statusCode, 422);
  assert.ok(extra.json().errors.colour);
});

test('TEXT messages raise the other member unread counts; reading lowers them, never below 0; read gives deliveryState', async () => {
  const chat = await openDirect(clients.maya, cast.noah.id);
  broadcaster.sent.length = 0;
  const before = await userUnread(clients.noah);
  const first = await send(clients.maya, chat.id, 'Can you cover Mrs Patel at 4pm?');
  const second = await send(clients.maya, chat.id, 'Thanks!');
  assert.equal(first.type, 'TEXT');
  assert.equal(first.userId, cast.maya.id);
  assert.equal(first.userName, 'maya');
  assert.equal(first.preview, 'Can you cover Mrs Patel at 4pm?');
  assert.equal(first.deliveryState, 'UNREAD');
  assert.deepEqual(first.readers, []);

  assert.equal(await unreadIn(clients.noah, chat.id), 2);
  assert.equal(await unreadIn(clients.maya, chat.id), 0, 'your own messages are not unread');
  assert.equal(await userUnread(clients.noah), before + 2, 'GET /api/v1/user sums the unread counts');

  // Every member hears it on user:{id}:chat and user:{id}:update, with the chat as they see it.
  const toNoah = broadcaster.sent.find((sent) => sent.channel === CHAT_CHANNELS.chat(cast.noah.id))?.payload as ChatEvent;
  assert.equal(toNoah.event, 'MessageUpdated');
  assert.equal(toNoah.message.id, first.id);
  assert.equal(toNoah.user_chat.chat_id, chat.id);
  assert.equal(toNoah.user_chat.name, 'maya');
  assert.equal(toNoah.user_chat.avatar, 'M');
  assert.ok(broadcaster.sent.some((sent) => sent.channel === CHAT_CHANNELS.chat(cast.maya.id)));
  const update = broadcaster.sent.filter((sent) => sent.channel === CHAT_CHANNELS.update(cast.noah.id)).at(-1)!.payload as UserChatUpdate;
  assert.deepEqual(update, { chat_id: chat.id, preview: 'Thanks!', avatar: 'M', name: 'maya', is_group: false, unread_message_count: 2 });

  broadcaster.sent.length = 0;
  const read = await clients.noah.post(`/api/v1/communication/chats/${chat.id}/messages/${first.id}/read`);
  assert.equal(read.statusCode, 200, read.body);
  assert.deepEqual(read.json().data, { deliveryState: 'READ' });
  assert.equal(await unreadIn(clients.noah, chat.id), 1);
  const receipt = broadcaster.sent.find((sent) => sent.channel === CHAT_CHANNELS.chat(cast.maya.id))?.payload as ChatEvent;
  assert.equal(receipt.event, 'MessageRead', 'the sender hears of the read');
  assert.deepEqual(receipt.message.readers, [cast.noah.id]);
  assert.equal(receipt.message.deliveryState, 'READ');

  // Reading the same message again changes nothing; reading your own changes nothing.
  await clients.noah.post(`/api/v1/communication/chats/${chat.id}/messages/${first.id}/read`);
  assert.equal(await unreadIn(clients.noah, chat.id), 1);
  const own = await clients.maya.post(`/api/v1/communication/chats/${chat.id}/messages/${second.id}/read`);
  assert.deepEqual(own.json().data, { deliveryState: 'UNREAD' });

  // A count that went wrong somehow still never drops below 0.
  await t.database.db.update(chatMembers).set({ unread_count: 0 }).where(eq(chatMembers.user_id, cast.noah.id));
  await clients.noah.post(`/api/v1/communication/chats/${chat.id}/messages/${second.id}/read`);
  assert.equal(await unreadIn(clients.noah, chat.id), 0);
  await t.database.db.update(chatMembers).set({ unread_count: 0 }).where(eq(chatMembers.user_id, cast.noah.id));
});

test('opening a chat marks everything read: unread 0, and the sender gets receipts', async () => {
  const chat = await openDirect(clients.olive, cast.noah.id);
  const one = await send(clients.olive, chat.id, 'one');
  await send(clients.olive, chat.id, 'two');
  assert.equal(await unreadIn(clients.noah, chat.id), 2);
  broadcaster.sent.length = 0;
  const opened = await clients.noah.post(`/api/v1/communication/chats/${chat.id}/open`);
  assert.equal(opened.statusCode, 200, opened.body);
  assert.equal((opened.json().data as ChatListItem).unread_message_count, 0);
  assert.equal(await unreadIn(clients.noah, chat.id), 0);
  const receipts = broadcaster.sent.filter((sent) => sent.channel === CHAT_CHANNELS.chat(cast.olive.id));
  assert.equal(receipts.length, 2);
  assert.ok(receipts.every((sent) => (sent.payload as ChatEvent).event === 'MessageRead'));
  const read = await clients.noah.post(`/api/v1/communication/chats/${chat.id}/messages/${one.id}/read`);
  assert.deepEqual(read.json().data, { deliveryState: 'READ' });
  // read-all is the same thing under another name.
  await send(clients.olive, chat.id, 'three');
  assert.equal((await clients.noah.post(`/api/v1/communication/chats/${chat.id}/read-all`)).statusCode, 200);
  assert.equal(await unreadIn(clients.noah, chat.id), 0);
});

test('a group: UPDATE messages change the preview only; members added hear it; READ once every recipient read', async () => {
  const created = await clients.maya.post('/api/v1/communication/chats', { name: 'Night shift', userIds: [cast.noah.id] });
  assert.equal(created.statusCode, 201, created.body);
  const group = created.json().data as ChatListItem;
  assert.equal(group.is_group, true);
  assert.equal(group.name, 'Night shift');
  assert.equal(group.preview, 'maya created the group Night shift');
  assert.deepEqual(group.members.map((member) => member.id).sort(), [cast.maya.id, cast.noah.id].sort());
  assert.equal(await unreadIn(clients.noah, group.id), 0, 'the creation notice is an UPDATE: no unread');

  const hello = await send(clients.maya, group.id, 'Hello night shift');
  assert.equal(await unreadIn(clients.noah, group.id), 1);

  broadcaster.sent.length = 0;
  const added = await clients.maya.post(`/api/v1/communication/chats/${group.id}/members`, { userIds: [cast.olive.id] });
  assert.equal(added.statusCode, 200, added.body);
  assert.equal((added.json().data as ChatListItem).preview, 'maya added olive to the group');
  assert.equal(await unreadIn(clients.noah, group.id), 1, 'adding a member does not count as unread');
  assert.equal(await unreadIn(clients.olive, group.id), 0);
  const toOlive = broadcaster.sent.find((sent) => sent.channel === CHAT_CHANNELS.chat(cast.olive.id))?.payload as ChatEvent;
  assert.equal(toOlive.message.type, 'UPDATE');
  assert.equal(toOlive.user_chat.name, 'Night shift');

  const renamed = await clients.noah.put(`/api/v1/communication/chats/${group.id}`, { name: 'Nights' });
  assert.equal(renamed.statusCode, 200, renamed.body);
  assert.equal((renamed.json().data as ChatListItem).preview, 'noah renamed the group to Nights');
  assert.equal(await unreadIn(clients.maya, group.id), 0);

  // The message before olive joined needs only noah's read to be READ.
  const read = await clients.noah.post(`/api/v1/communication/chats/${group.id}/messages/${hello.id}/read`);
  assert.deepEqual(read.json().data, { deliveryState: 'READ' });
  // After olive joined, a message is READ only once both have read it.
  const later = await send(clients.maya, group.id, 'Rota is out');
  assert.equal(await unreadIn(clients.olive, group.id), 1);
  assert.deepEqual((await clients.noah.post(`/api/v1/communication/chats/${group.id}/messages/${later.id}/read`)).json().data, {
    deliveryState: 'UNREAD',
  });
  assert.deepEqual((await clients.olive.post(`/api/v1/communication/chats/${group.id}/messages/${later.id}/read`)).json().data, {
    deliveryState: 'READ',
  });
  // DELIVERED sits between: a recipient's socket got it (chat_messages.delivered_at), not everyone read it.
  const third = await send(clients.maya, group.id, 'Delivered?');
  await t.database.db.update(chatMessages).set({ delivered_at: new Date() }).where(eq(chatMessages.id, third.id));
  assert.deepEqual((await clients.noah.post(`/api/v1/communication/chats/${group.id}/messages/${third.id}/read`)).json().data, {
    deliveryState: 'DELIVERED',
  });

  // Group rules: 422 for a direct chat, for yourself, for someone unreachable, for a missing name.
  const direct = await openDirect(clients.maya, cast.noah.id);
  assert.equal((await clients.maya.post(`/api/v1/communication/chats/${direct.id}/members`, { userIds: [cast.olive.id] })).statusCode, 422);
  const unreachable = await clients.maya.post('/api/v1/communication/chats', { name: 'X', userIds: [cast.noah.id, cast.mute.id] });
  assert.deepEqual(unreachable.json().errors, { 'userIds.1': ['This person cannot be reached by chat.'] });
  const self = await clients.maya.post('/api/v1/communication/chats', { name: 'X', userIds: [cast.maya.id] });
  assert.deepEqual(self.json().errors, { userIds: ['You cannot start a chat with yourself.'] });
  const nameless = await clients.maya.post('/api/v1/communication/chats', { name: ' ', userIds: [cast.noah.id] });
  assert.deepEqual(nameless.json().errors, { name: ['Name the group.'] });
  const empty = await clients.maya.post(`/api/v1/communication/chats/${group.id}/messages`, { body: '   ' });
  assert.deepEqual(empty.json().errors, { body: ['Write a message.'] });
});

test('the list is ordered by difference_in_seconds ascending and carries presence', async () => {
  const older = await openDirect(clients.olive, cast.maya.id);
  // An hour ago by the product's clock (the database's own now() is the machine's, on PostgreSQL).
  await t.database.db.execute(sql`update chats set last_message_at = ${new Date(clock.nowMs() - 3_600_000)} where id = ${older.id}`);
  const list = await listOf(clients.olive);
  const seconds = list.map((chat) => chat.difference_in_seconds);
  assert.deepEqual(seconds, [...seconds].sort((a, b) => a - b));
  assert.equal(list.at(-1)!.id, older.id);
  assert.ok(list.at(-1)!.difference_in_seconds >= 3600);

  broadcaster.onlineUserIds = async () => [cast.maya.id];
  const withPresence = await listOf(clients.olive);
  assert.equal(withPresence.find((chat) => chat.id === older.id)!.status, 'online');
  assert.ok(withPresence.filter((chat) => chat.id !== older.id && !chat.is_group).every((chat) => chat.status === 'offline'));
  broadcaster.onlineUserIds = async () => [];
});

test('history: members only, newest page first, paged with before', async () => {
  const chat = await openDirect(clients.maya, cast.olive.id);
  const sent: number[] = [];
  for (let i = 1; i <= 5; i += 1) sent.push((await send(clients.olive, chat.id, `message ${i}`)).id);
  const first = (await clients.maya.get(`/api/v1/communication/chats/${chat.id}/messages?page_size=2`)).json().data as ChatMessagePage;
  assert.deepEqual(first.messages.map((message) => message.preview), ['message 4', 'message 5']);
  assert.equal(first.next_before, sent[3]);
  const second = (await clients.maya.get(`/api/v1/communication/chats/${chat.id}/messages?page_size=2&before=${first.next_before}`)).json()
    .data as ChatMessagePage;
  assert.deepEqual(second.messages.map((message) => message.preview), ['message 2', 'message 3']);
  const last = (await clients.maya.get(`/api/v1/communication/chats/${chat.id}/messages?page_size=2&before=${second.next_before}`)).json()
    .data as ChatMessagePage;
  assert.deepEqual(last.messages.map((message) => message.preview), ['message 1']);
  assert.equal(last.next_before, null);

  // Not a member: 404 for everything about the chat.
  for (const response of [
    await clients.noah.get(`/api/v1/communication/chats/${chat.id}/messages`),
    await clients.noah.post(`/api/v1/communication/chats/${chat.id}/messages`, { body: 'hi' }),
    await clients.noah.post(`/api/v1/communication/chats/${chat.id}/messages/${sent[0]}/read`),
    await clients.noah.post(`/api/v1/communication/chats/${chat.id}/open`),
    await clients.maya.get('/api/v1/communication/chats/abc/messages'),
  ]) {
    assert.equal(response.statusCode, 404);
  }
  // A message of another chat is not found through this one.
  const other = await openDirect(clients.maya, cast.noah.id);
  assert.equal((await clients.maya.post(`/api/v1/communication/chats/${other.id}/messages/${sent[0]}/read`)).statusCode, 404);
});

test('people to chat with: chat.use holders of your branches, not disabled, not yourself', async () => {
  const people = (await clients.maya.get('/api/v1/communication/users')).json().data as ChatContact[];
  const ids = people.map((person) => person.id);
  assert.ok(ids.includes(cast.noah.id) && ids.includes(cast.olive.id));
  for (const absent of [cast.maya.id, cast.mute.id, cast.gone.id, cast.far.id]) assert.ok(!ids.includes(absent));
  assert.ok(people.every((person) => person.status === 'offline'));
});

test('without chat.use every chat route answers 403, and 401 without a login', async () => {
  const routes: [string, string][] = [
    ['GET', '/api/v1/communication/chats'],
    ['POST', '/api/v1/communication/chats'],
    ['GET', '/api/v1/communication/users'],
    ['GET', '/api/v1/communication/chats/1/messages'],
    ['POST', '/api/v1/communication/chats/1/messages'],
    ['POST', '/api/v1/communication/chats/1/messages/1/read'],
    ['POST', '/api/v1/communication/chats/1/open'],
    ['POST', '/api/v1/communication/chats/1/members'],
  ];
  for (const [method, url] of routes) {
    const response = await clients.mute.request(method as 'GET', url, method === 'POST' ? { payload: {} } : {});
    assert.equal(response.statusCode, 403, `${method} ${url}`);
    const anonymous = await t.app.inject({ method: method as 'GET', url });
    assert.ok([401, 419].includes(anonymous.statusCode), `${method} ${url} anonymous`);
  }
});
