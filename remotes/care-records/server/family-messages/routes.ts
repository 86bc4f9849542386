import { fieldErrorsOf, MessageSchema } from '@hcm/contract/schemas';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import { auditActorOf, ok, pagingOf, recordIdIn, retriedAnswer, savedText, sendError, sendInvalid, viewerAndId, viewerOf, type AuthSettings } from '@hcm/server/platform';
import { familyMessages } from '../tables.js';
import { visibleClientIds } from '../client-visibility.js';
import {
  addFamilyMessage,
  FamilyMessageRuleError,
  familyContacts,
  familyThread,
  findContact,
  findFamilyMessage,
  listFamilyClients,
  markFamilyThreadRead,
  retryFamilyEmail,
} from './family-messages.js';

const NO_CLIENT = 'No such client.';
const NO_CONTACT = 'No such contact.';
const NO_MESSAGE = 'No such message.';

const need = (permission: 'family-messages.view' | 'family-messages.send') => ({ config: { permission } });

/**
 * Messages with clients' families, under /api/v1/communication/family-messages (spec §2.2; the workforce
 * area's communication pages show them): the clients of the user's branches, their contacts, each contact's
 * thread, sending (emailed or logged) and retrying a failed email.
 */
export async function familyMessageRoutes(app: FastifyInstance, { auth }: { auth: AuthSettings }): Promise<void> {
  const { db, mailer } = auth;
  // Who reads their audit entries: messages with the families of the reader's clients.
  app.auditScopes.declare({
    resource: 'family-messages',
    label: 'Messages with families',
    scope: recordIdIn((ids) => sql`select ${familyMessages.id} from ${familyMessages} where ${familyMessages.client_id} in (${visibleClientIds(ids, { deleted: 'include' })})`),
  });

  app.get('/communication/family-messages/clients', need('family-messages.view'), async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    return ok(await listFamilyClients(db, viewer, pagingOf(request.query)));
  });

  app.get('/communication/family-messages/clients/:clientId/contacts', need('family-messages.view'), async (request, reply) => {
    const target = await viewerAndId(request, reply, auth, 'clientId', NO_CLIENT);
    if (!target) return reply;
    const { viewer, id: clientId } = target;
    const answer = await familyContacts(db, viewer, clientId);
    return answer ? ok(answer) : sendError(reply, 404, NO_CLIENT);
  });

  app.get('/communication/family-messages/contacts/:contactId', need('family-messages.view'), async (request, reply) => {
    const target = await viewerAndId(request, reply, auth, 'contactId', NO_CONTACT);
    if (!target) return reply;
    const { viewer, id: contactId } = target;
    const thread = await familyThread(db, viewer, contactId);
    return thread ? ok(thread) : sendError(reply, 404, NO_CONTACT);
  });

  app.post('/communication/family-messages/contacts/:contactId/read', need('family-messages.view'), async (request, reply) => {
    const target = await viewerAndId(request, reply, auth, 'contactId', NO_CONTACT);
    if (!target) return reply;
    const { viewer, id: contactId } = target;
    const contact = await markFamilyThreadRead(db, viewer, contactId);
    return contact ? ok(contact, 'Marked as read.') : sendError(reply, 404, NO_CONTACT);
  });

  app.post('/communication/family-messages/contacts/:contactId/messages', need('family-messages.send'), async (request, reply) => {
    const target = await viewerAndId(request, reply, auth, 'contactId', NO_CONTACT);
    if (!target) return reply;
    const { viewer, id: contactId } = target;
    const found = await findContact(db, viewer, contactId);
    if (!found) return sendError(reply, 404, NO_CONTACT);
    const parsed = v.safeParse(MessageSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    try {
      const { message, mail } = await addFamilyMessage(db, mailer, viewer, found, parsed.output, auditActorOf(request));
      return reply.code(201).send(ok(message, savedText(found.contact.name, mail)));
    } catch (error) {
      if (error instanceof FamilyMessageRuleError) return sendInvalid(reply, { [error.field]: [error.message] });
      throw error;
    }
  });

  app.post('/communication/family-messages/messages/:id/retry', need('family-messages.send'), async (request, reply) => {
    const target = await viewerAndId(request, reply, auth, 'id', NO_MESSAGE);
    if (!target) return reply;
    const { viewer, id } = target;
    const found = await findFamilyMessage(db, viewer, id);
    if (!found) return sendError(reply, 404, NO_MESSAGE);
    return retriedAnswer(reply, found.contact.name, await retryFamilyEmail(db, mailer, found.message, auditActorOf(request)));
  });

}
