import { fieldErrorsOf, MessageSchema, PublishNoticeSchema } from '@hcm/contract/schemas';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { inArray, sql } from 'drizzle-orm';
import { auditActorOf, ok, pagingOf, parseId, recordIdIn, retriedAnswer, savedText, sendError, sendInvalid, usersIn, viewerAndId, viewerOf, type AuthSettings } from '@hcm/server/platform';
import { carerMessages, notices } from '../tables.js';
import { addCarerMessage, carerThread, findCarer, findCarerMessage, listCarers, markCarerThreadRead, retryCarerEmail } from './carer-messages.js';
import { chatPeople, listChats, readChat } from './monitoring.js';
import { listNotices, markNoticeRead, myNotices, noticeDetail, NoticeRuleError, publishNotice } from './notices.js';

export type CommunicationRoutesOptions = { auth: AuthSettings };

const NO_NOTICE = 'No such notice.';
const NO_CARER = 'No such carer.';
const NO_CHAT = 'No such conversation.';
const NO_MESSAGE = 'No such message.';

const need = (permission: 'notices.view' | 'notices.send' | 'carer-messages.view' | 'carer-messages.send' | 'chat.monitor') => ({
  config: { permission },
});
const SIGNED_IN = { config: { authenticated: true } };

/**
 * The workforce area's communication API, under /api/v1/communication (spec §2.2): notices, carer messages
 * and chat monitoring. Family messages are the care-records area's (they hang off a client); the chat itself
 * (/api/v1/communication/chats) is the platform's.
 */
export async function communicationRoutes(app: FastifyInstance, options: CommunicationRoutesOptions): Promise<void> {
  const { auth } = options;
  const { db, mailer } = auth;
  // Who reads their audit entries: a notice of the reader's branches (or of every branch), messages with
  // carers of their branches.
  app.auditScopes.declare(
    {
      resource: 'notices',
      label: 'Notices',
      scope: recordIdIn((ids) => sql`select ${notices.id} from ${notices} where ${notices.branch_id} is null or ${inArray(notices.branch_id, [...ids])}`),
    },
    {
      resource: 'carer-messages',
      label: 'Messages with carers',
      scope: recordIdIn((ids) => sql`select ${carerMessages.id} from ${carerMessages} where ${carerMessages.carer_user_id} in (${usersIn(ids)})`),
    },
  );

  // ---- Notices ----

  app.get('/communication/notices', need('notices.view'), async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    return ok(await listNotices(db, viewer, pagingOf(request.query)));
  });

  app.post('/communication/notices', need('notices.send'), async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const parsed = v.safeParse(PublishNoticeSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    try {
      const ids = await publishNotice(db, viewer, parsed.output, auditActorOf(request));
      const published = await Promise.all(ids.map((id) => noticeDetail(db, viewer, id)));
      const message = ids.length === 1 ? 'Notice published.' : `Notice published to ${ids.length} branches.`;
      return reply.code(201).send(ok(published.map((detail) => detail!.notice), message));
    } catch (error) {
      if (error instanceof NoticeRuleError) return sendInvalid(reply, { [error.field]: [error.message] });
      throw error;
    }
  });

  app.get('/communication/notices/:id', need('notices.view'), async (request, reply) => {
    const target = await viewerAndId(request, reply, auth, 'id', NO_NOTICE);
    if (!target) return reply;
    const { viewer, id } = target;
    const detail = await noticeDetail(db, viewer, id);
    return detail ? ok(detail) : sendError(reply, 404, NO_NOTICE);
  });

  // Anyone signed in reads the notices addressed to them (carers too, whose role grants nothing else).
  app.get('/communication/my-notices', SIGNED_IN, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const unreadOnly = (request.query as Record<string, unknown> | undefined)?.unread === '1';
    return ok(await myNotices(db, viewer.user.userID, pagingOf(request.query), unreadOnly));
  });

  app.post('/communication/my-notices/:id/read', SIGNED_IN, async (request, reply) => {
    const target = await viewerAndId(request, reply, auth, 'id', NO_NOTICE);
    if (!target) return reply;
    const { viewer, id } = target;
    const notice = await markNoticeRead(db, viewer.user.userID, id);
    return notice ? ok(notice, 'Marked as read.') : sendError(reply, 404, NO_NOTICE);
  });

  // ---- Carer messages ----

  app.get('/communication/carer-messages/carers', need('carer-messages.view'), async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    return ok(await listCarers(db, viewer, pagingOf(request.query)));
  });

  // The thread as it is: reading it changes nothing (unread inbound messages keep read_at null).
  app.get('/communication/carer-messages/carers/:carerId', need('carer-messages.view'), async (request, reply) => {
    const target = await viewerAndId(request, reply, auth, 'carerId', NO_CARER);
    if (!target) return reply;
    const { viewer, id: carerId } = target;
    const thread = await carerThread(db, viewer, carerId);
    return thread ? ok(thread) : sendError(reply, 404, NO_CARER);
  });

  // The screen has shown the thread: its inbound messages are read (a POST, so it goes through the CSRF check).
  app.post('/communication/carer-messages/carers/:carerId/read', need('carer-messages.view'), async (request, reply) => {
    const target = await viewerAndId(request, reply, auth, 'carerId', NO_CARER);
    if (!target) return reply;
    const { viewer, id: carerId } = target;
    const carer = await markCarerThreadRead(db, viewer, carerId);
    return carer ? ok(carer, 'Marked as read.') : sendError(reply, 404, NO_CARER);
  });

  app.post('/communication/carer-messages/carers/:carerId/messages', need('carer-messages.send'), async (request, reply) => {
    const target = await viewerAndId(request, reply, auth, 'carerId', NO_CARER);
    if (!target) return reply;
    const { viewer, id: carerId } = target;
    const carer = await findCarer(db, viewer, carerId);
    if (!carer) return sendError(reply, 404, NO_CARER);
    const parsed = v.safeParse(MessageSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const { message, mail } = await addCarerMessage(db, mailer, viewer, carer, parsed.output, auditActorOf(request));
    // Saved either way (201); the text and the message's delivery_status tell whether the email went.
    return reply.code(201).send(ok(message, savedText(carer.name, mail)));
  });

  // Sends again an email whose delivery failed (like sending: carer-messages.send, a carer of the user's branches).
  app.post('/communication/carer-messages/messages/:id/retry', need('carer-messages.send'), async (request, reply) => {
    const target = await viewerAndId(request, reply, auth, 'id', NO_MESSAGE);
    if (!target) return reply;
    const { viewer, id } = target;
    const found = await findCarerMessage(db, viewer, id);
    if (!found) return sendError(reply, 404, NO_MESSAGE);
    return retriedAnswer(reply, found.carer.name, await retryCarerEmail(db, mailer, found.message, auditActorOf(request)));
  });

  // ---- Chat monitoring: read-only, the chats of the reader's branches (a super admin: all), every read audited ----

  app.get('/communication/monitoring/chats', need('chat.monitor'), async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const person = parseId(String((request.query as Record<string, unknown> | undefined)?.person ?? ''));
    return reply.send(ok(await listChats(db, viewer.scope, pagingOf(request.query), person)));
  });

  app.get('/communication/monitoring/people', need('chat.monitor'), async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    return ok(await chatPeople(db, viewer.scope));
  });

  app.get('/communication/monitoring/chats/:chatId', need('chat.monitor'), async (request, reply) => {
    const target = await viewerAndId(request, reply, auth, 'chatId', NO_CHAT);
    if (!target) return reply;
    const { viewer, id: chatId } = target;
    const view = await readChat(db, viewer.scope, chatId, pagingOf(request.query), auditActorOf(request));
    return view ? ok(view) : sendError(reply, 404, NO_CHAT);
  });
}
