import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok, type AuthSettings } from '@hcm/server/platform';
import { CareNoteSchema, MoneyEntrySchema } from '../../contract/index.js';
import { addCareNote } from './care-notes.js';
import { deviceClientTarget } from '../live-events/medication/device-target.js';
import { idempotencyKeyOf, parsed, requestHash, type ClientTarget } from './common.js';
import { addMoneyEntry } from './money.js';
import { answerRuleError } from './routes.js';

/**
 * What carers' devices send, under /api/v1/carer-app/clients/:clientId/…: care notes and money entries, each
 * with an Idempotency-Key header (a new random id per record, the same on every resend). A device on a poor
 * signal resends until it hears back: the first send is saved (201), a resend of the same key and body answers
 * the first record (200, `Idempotent-Replayed: true`), never a second one; the same key with another body is
 * refused (409). A note written offline sends its own `written_at`, kept as the time it was written.
 * Device tokens only ('carer-app.use'), for clients the carer visits from yesterday to tomorrow (else 404).
 */
export async function carerDeviceRoutes(app: FastifyInstance, { auth }: { auth: AuthSettings }): Promise<void> {
  const { db } = auth;
  const device = { config: { device: true, permission: 'carer-app.use' as const } };

  const clientTarget = async (request: FastifyRequest, reply: FastifyReply, _auth: AuthSettings): Promise<ClientTarget | null> => {
    const target = await deviceClientTarget(app, request, reply, auth);
    return target ? { viewer: target.viewer, clientId: target.client.id, actor: target.actor } : null;
  };

  app.post('/carer-app/clients/:clientId/notes', device, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const key = await idempotencyKeyOf(request, reply);
    if (!key) return reply;
    const values = await parsed(reply, CareNoteSchema, request.body);
    if (!values) return reply;
    try {
      const { note, replayed } = await addCareNote(db, target, values, { source: 'device', idempotencyKey: key, requestHash: requestHash(values) });
      if (replayed) return reply.code(200).header('Idempotent-Replayed', 'true').send(ok(note, 'Already saved.'));
      return reply.code(201).send(ok(note, 'Care note saved.'));
    } catch (error) {
      return answerRuleError(reply, error);
    }
  });

  app.post('/carer-app/clients/:clientId/money', device, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const key = await idempotencyKeyOf(request, reply);
    if (!key) return reply;
    const values = await parsed(reply, MoneyEntrySchema, request.body);
    if (!values) return reply;
    try {
      const { entry, replayed } = await addMoneyEntry(db, target, values, { source: 'device', idempotencyKey: key, requestHash: requestHash(values) });
      if (replayed) return reply.code(200).header('Idempotent-Replayed', 'true').send(ok(entry, 'Already saved.'));
      return reply.code(201).send(ok(entry, 'Entry saved.'));
    } catch (error) {
      return answerRuleError(reply, error);
    }
  });
}
