import { CHAT_CHANNELS, type ChatEvent, type ChatEventName } from '@hcm/contract';
import { forgetCurrentUser } from '../auth/hooks.js';
import type { Database } from '../db/client.js';
import type { ChatBroadcaster } from './broadcaster.js';
import { messagesByIds, userChatsOf } from './service.js';

// What the members' sockets hear (spec §7), sent after the change is committed.

/**
 * A new message (or a changed one) to every member of its chat, the sender included (their other tabs):
 * `user:{id}:chat` with the message and the chat as that member sees it, then `user:{id}:update`.
 */
export async function announceMessage(
  db: Database,
  chat: ChatBroadcaster,
  chatId: number,
  messageId: number,
  event: ChatEventName = 'MessageUpdated',
): Promise<void> {
  const [message] = await messagesByIds(db, [messageId]);
  if (!message) return;
  for (const [userId, userChat] of await userChatsOf(db, chatId)) {
    // Their unread count may have moved: GET /api/v1/user must say so at once, not after the 1 s user cache.
    forgetCurrentUser(userId);
    const payload: ChatEvent = { event, message, user_chat: userChat };
    chat.toUser(userId, CHAT_CHANNELS.chat(userId), payload);
    chat.toUser(userId, CHAT_CHANNELS.update(userId), userChat);
  }
}

/** A message's receipt changed (delivered, read): MessageRead to its sender, so a read receipt can show. */
export async function announceReceipt(db: Database, chat: ChatBroadcaster, messageIds: readonly number[]): Promise<void> {
  if (!messageIds.length) return;
  const messages = await messagesByIds(db, messageIds);
  const chats = new Map<number, Awaited<ReturnType<typeof userChatsOf>>>();
  for (const message of messages) {
    if (message.userId === null) continue;
    if (!chats.has(message.chat_id)) chats.set(message.chat_id, await userChatsOf(db, message.chat_id));
    const userChat = chats.get(message.chat_id)!.get(message.userId);
    // The sender has left the chat's members (not possible today, but a receipt for nobody is no receipt).
    if (!userChat) continue;
    const payload: ChatEvent = { event: 'MessageRead', message, user_chat: userChat };
    chat.toUser(message.userId, CHAT_CHANNELS.chat(message.userId), payload);
  }
}
