import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auditActorOf, deviceRecordedAt, IDEMPOTENCY_KEY_REQUIRED, idempotencyKeyOf, sendError, sendInvalid, viewerAndId, type AuthSettings } from '@hcm/server/platform';
import { findMarClient, NO_CLIENT, type ClientTarget } from '../../mar/common.js';
import { carerMayReach } from '../carer-scope.js';

// The client of a carer-app route: one the device's carer visits from yesterday to tomorrow (the scheduler
// says which), else 404 as if there were no such client. The carer's branches do not limit it: the visit does.

export async function deviceClientTarget(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, auth: AuthSettings): Promise<ClientTarget | null> {
  const target = await viewerAndId(request, reply, auth, 'clientId', NO_CLIENT);
  if (!target) return null;
  const client = (await carerMayReach(app, request, target.id)) ? await findMarClient(auth.db, 'all', target.id) : null;
  if (!client) {
    await sendError(reply, 404, NO_CLIENT);
    return null;
  }
  return { viewer: target.viewer, client, actor: auditActorOf(request) };
}

/** The write's Idempotency-Key, or the 422 sent and null. */
export async function deviceKey(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
  const key = idempotencyKeyOf(request);
  if (!key) await sendInvalid(reply, { idempotency_key: [IDEMPOTENCY_KEY_REQUIRED] });
  return key;
}

/** The device's time of the event (`recorded_at`), or the 422 sent and null. */
export async function deviceTime(reply: FastifyReply, value: unknown): Promise<Date | null> {
  const result = deviceRecordedAt(value);
  if ('error' in result) {
    await sendInvalid(reply, { recorded_at: [result.error] });
    return null;
  }
  return result.at;
}

export const KEY_REUSED = 'This Idempotency-Key was already used with a different record. Use a new key for a new record.';

/** Answers a device write: 201 the first time, 200 with Idempotent-Replayed on a resend. */
export function sendDeviceWrite<T>(reply: FastifyReply, data: T, replayed: boolean, message: string) {
  if (replayed) return reply.code(200).header('Idempotent-Replayed', 'true').send({ status: true, message: 'Already saved: this is the record first sent with this key.', data, errors: null });
  return reply.code(201).send({ status: true, message, data, errors: null });
}
