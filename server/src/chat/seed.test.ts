import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ChatListItem, ChatMessagePage, CurrentUser } from '@hcm/contract';
import { createTestApp, loginAs, type TestApp } from '../testing.js';

// The demo data's conversations: they open through the chat API like any other, with true unread counts.
let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

test("the demo chats: the office user's list, newest first, with the manager's last message unread", async () => {
  const office = await loginAs(t.app, 'office');
  const list = (await office.get('/api/v1/communication/chats')).json().data as ChatListItem[];
  assert.deepEqual(
    list.map((chat) => [chat.name, chat.unread_message_count]),
    [
      ['Maya Manager', 1],
      ['Camden office team', 0],
    ],
  );
  const me = (await office.get('/api/v1/user')).json().data.data as CurrentUser;
  assert.equal(me.userUnreadMessageCount, 1);

  const { messages } = (await office.get(`/api/v1/communication/chats/${list[0]!.chat_id}/messages`)).json().data as ChatMessagePage;
  assert.equal(messages.length, 3);
  assert.ok(messages.some((message) => message.preview.includes('warfarin')));
});

test('the demo chats leave the admin with nothing unread', async () => {
  const admin = await loginAs(t.app, 'admin');
  const me = (await admin.get('/api/v1/user')).json().data.data as CurrentUser;
  assert.equal(me.userUnreadMessageCount, 0);
});
