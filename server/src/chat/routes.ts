import type { ReadReceipt } from '@hcm/contract';
import {
  ChatMembersSchema,
  ChatMessageSchema,
  ChatRenameSchema,
  DirectChatSchema,
  fieldErrorsOf,
  GroupChatSchema,
} from '@hcm/contract/schemas';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { auditActorOf, recordAudit } from '../audit/record.js';
import { recordIdIn, usersIn } from '../audit/scopes.js';
import { chatMembers } from '../db/schema.js';
import { currentUserOf, forgetCurrentUser } from '../auth/hooks.js';
import type { AuthSettings } from '../auth/settings.js';
import { ok, sendError, sendInvalid } from '../http/envelope.js';
import { parseId } from '../http/params.js';
import type { ChatBroadcaster } from './broadcaster.js';
import { announceMessage, announceReceipt } from './notify.js';
import {
  addGroupMembers,
  chatContacts,
  chatListItem,
  chatOfMember,
  chatViewerOf,
  createGroupChat,
  eligibleAmong,
  listChats,
  markChatRead,
  markMessageRead,
  messageInChat,
  messagePage,
  messagesByIds,
  openDirectChat,
  parseHistoryQuery,
  postTextMessage,
  renameGroup,
  visibleOnline,
  type ChatRow,
  type ChatViewer,
} from './service.js';

const NO_SUCH_CHAT = 'Chat not found.';
const NO_SUCH_MESSAGE = 'Message not found.';
const NOT_A_CONTACT = 'This person cannot be reached by chat.';
const NOT_YOURSELF = 'You cannot start a chat with yourself.';
const GROUPS_ONLY = 'Only a group chat has members to add or a name to change.';

type ChatParams = { chatId: string };
type MessageParams = { chatId: string; messageId: string };

export type ChatRouteOptions = { auth: AuthSettings; chat: ChatBroadcaster };

/**
 * Chat (spec §4 Chat, §7), under /api/v1/communication, all for holders of chat.use and only over the user's
 * own chats (404 for any other). Every change is told to the members' sockets after it is committed.
 */
export async function chatRoutes(app: FastifyInstance, { auth, chat }: ChatRouteOptions): Promise<void> {
  const { db } = auth;
  const config = { permission: 'chat.use' as const };
  // A chat's entries (made, renamed, members added, monitored) are read by the branches of its members.
  app.auditScopes.declare({
    resource: 'chats',
    scope: recordIdIn((ids) => sql`select ${chatMembers.chat_id} from ${chatMembers} where ${chatMembers.user_id} in (${usersIn(ids)})`),
  });

  const viewerOf = async (request: FastifyRequest): Promise<ChatViewer> => chatViewerOf((await currentUserOf(request, auth))!);
  // Presence only of the people the viewer may chat with (visibleOnline), in lists as on the socket.
  const online = async (viewer: ChatViewer) => visibleOnline(db, viewer, await chat.onlineUserIds());

  /** The chat of the route, if the viewer is a member (else the reply is sent: 404). */
  const memberChat = async (request: FastifyRequest<{ Params: ChatParams }>, reply: FastifyReply, viewer: ChatViewer): Promise<ChatRow | null> => {
    const chatId = parseId(request.params.chatId);
    const found = chatId === null ? null : await chatOfMember(db, chatId, viewer.id);
    if (!found) void sendError(reply, 404, NO_SUCH_CHAT);
    return found;
  };

  app.get('/communication/chats', { config }, async (request) => {
    const viewer = await viewerOf(request);
    return ok(await listChats(db, viewer.id, await online(viewer)));
  });

  app.get('/communication/users', { config }, async (request) => {
    const viewer = await viewerOf(request);
    return ok(await chatContacts(db, viewer, await online(viewer)));
  });

  // {userId}: the one-to-one chat with that person; {name, userIds}: a new group. The answer's id is the chat's.
  app.post('/communication/chats', { config }, async (request, reply) => {
    const viewer = await viewerOf(request);
    const body = request.body ?? {};
    const isGroup = typeof body === 'object' && body !== null && ('userIds' in body || 'name' in body);

    if (!isGroup) {
      const parsed = v.safeParse(DirectChatSchema, body);
      if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
      const { userId } = parsed.output;
      if (userId === viewer.id) return sendInvalid(reply, { userId: [NOT_YOURSELF] });
      if (!(await eligibleAmong(db, viewer, [userId])).has(userId)) return sendInvalid(reply, { userId: [NOT_A_CONTACT] });
      const { chatId, created } = await openDirectChat(db, viewer.id, userId);
      if (created) {
        await recordAudit(db, { actor: auditActorOf(request), resource: 'chats', recordId: chatId, action: 'create', after: { members: [viewer.id, userId] } });
      }
      return reply.code(created ? 201 : 200).send(ok(await chatListItem(db, viewer.id, chatId, await online(viewer))));
    }

    const parsed = v.safeParse(GroupChatSchema, body);
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const { name, userIds } = parsed.output;
    const people = await peopleOrErrors(viewer, userIds, reply);
    if (!people) return reply;
    const { chatId, messageId } = await createGroupChat(db, viewer, name, [...people.keys()]);
    await recordAudit(db, {
      actor: auditActorOf(request),
      resource: 'chats',
      recordId: chatId,
      action: 'create',
      after: { name, is_group: true, members: [viewer.id, ...people.keys()] },
    });
    await announceMessage(db, chat, chatId, messageId);
    return reply.code(201).send(ok(await chatListItem(db, viewer.id, chatId, await online(viewer)), 'Group created.'));
  });

  /** The people of `userIds` the viewer may add, or null once a 422 naming the others is sent. */
  async function peopleOrErrors(viewer: ChatViewer, userIds: number[], reply: FastifyReply): Promise<Map<number, string> | null> {
    if (userIds.includes(viewer.id)) {
      void sendInvalid(reply, { userIds: [NOT_YOURSELF] });
      return null;
    }
    const people = await eligibleAmong(db, viewer, userIds);
    const unreachable = userIds.filter((id) => !people.has(id));
    if (unreachable.length) {
      void sendInvalid(reply, Object.fromEntries(unreachable.map((id) => [`userIds.${userIds.indexOf(id)}`, [NOT_A_CONTACT]])));
      return null;
    }
    return people;
  }

  app.put<{ Params: ChatParams }>('/communication/chats/:chatId', { config }, async (request, reply) => {
    const viewer = await viewerOf(request);
    const found = await memberChat(request, reply, viewer);
    if (!found) return reply;
    if (!found.is_group) return sendInvalid(reply, { name: [GROUPS_ONLY] });
    const parsed = v.safeParse(ChatRenameSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const messageId = await renameGroup(db, viewer, found.id, parsed.output.name);
    await recordAudit(db, { actor: auditActorOf(request), resource: 'chats', recordId: found.id, action: 'update', before: { name: found.name }, after: { name: parsed.output.name } });
    await announceMessage(db, chat, found.id, messageId);
    return ok(await chatListItem(db, viewer.id, found.id, await online(viewer)), 'Group renamed.');
  });

  app.post<{ Params: ChatParams }>('/communication/chats/:chatId/members', { config }, async (request, reply) => {
    const viewer = await viewerOf(request);
    const found = await memberChat(request, reply, viewer);
    if (!found) return reply;
    if (!found.is_group) return sendInvalid(reply, { userIds: [GROUPS_ONLY] });
    const parsed = v.safeParse(ChatMembersSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const people = await peopleOrErrors(viewer, parsed.output.userIds, reply);
    if (!people) return reply;
    const result = await addGroupMembers(db, viewer, found.id, people);
    if (result) {
      await recordAudit(db, { actor: auditActorOf(request), resource: 'chats', recordId: found.id, action: 'update', after: { members_added: result.added } });
      await announceMessage(db, chat, found.id, result.messageId);
    }
    return ok(await chatListItem(db, viewer.id, found.id, await online(viewer)), result ? 'Members added.' : 'They are members already.');
  });

  app.get<{ Params: ChatParams }>('/communication/chats/:chatId/messages', { config }, async (request, reply) => {
    const viewer = await viewerOf(request);
    const found = await memberChat(request, reply, viewer);
    if (!found) return reply;
    const { before, pageSize } = parseHistoryQuery(request.query);
    return ok(await messagePage(db, found.id, before, pageSize));
  });

  app.post<{ Params: ChatParams }>('/communication/chats/:chatId/messages', { config }, async (request, reply) => {
    const viewer = await viewerOf(request);
    const found = await memberChat(request, reply, viewer);
    if (!found) return reply;
    const parsed = v.safeParse(ChatMessageSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const messageId = await postTextMessage(db, viewer.id, found.id, parsed.output.body);
    await announceMessage(db, chat, found.id, messageId);
    const [message] = await messagesByIds(db, [messageId]);
    return reply.code(201).send(ok(message, 'Message sent.'));
  });

  app.post<{ Params: MessageParams }>('/communication/chats/:chatId/messages/:messageId/read', { config }, async (request, reply) => {
    const viewer = await viewerOf(request);
    const found = await memberChat(request, reply, viewer);
    if (!found) return reply;
    const messageId = parseId(request.params.messageId);
    const message = messageId === null ? null : await messageInChat(db, found.id, messageId);
    if (!message) return sendError(reply, 404, NO_SUCH_MESSAGE);
    if (await markMessageRead(db, viewer.id, message)) {
      forgetCurrentUser(viewer.id);
      await announceReceipt(db, chat, [message.id]);
    }
    const [current] = await messagesByIds(db, [message.id]);
    const receipt: ReadReceipt = { deliveryState: current!.deliveryState };
    return ok(receipt);
  });

  // Opening a chat resets its unread count to 0 (§4): everything others wrote in it becomes read.
  const openChat = async (request: FastifyRequest<{ Params: ChatParams }>, reply: FastifyReply) => {
    const viewer = await viewerOf(request);
    const found = await memberChat(request, reply, viewer);
    if (!found) return reply;
    const newlyRead = await markChatRead(db, viewer.id, found.id);
    forgetCurrentUser(viewer.id);
    await announceReceipt(db, chat, newlyRead);
    return ok(await chatListItem(db, viewer.id, found.id, await online(viewer)));
  };
  app.post<{ Params: ChatParams }>('/communication/chats/:chatId/open', { config }, openChat);
  app.post<{ Params: ChatParams }>('/communication/chats/:chatId/read-all', { config }, openChat);
}
