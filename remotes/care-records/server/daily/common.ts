import { isCalendarDate, londonDate } from '@hcm/contract/engine';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  auditActorOf,
  queryParam,
  recordAudit,
  sendError,
  sendInvalid,
  viewerAndId,
  type AuditActor,
  type AuthSettings,
  type Database,
  type Transaction,
  type Viewer,
} from '@hcm/server/platform';
import { MAX_PERIOD_DAYS } from '../../contract/index.js';
import { clientVisible } from '../client-visibility.js';

// What the daily records' routes share: the client in the address (one of the user's, else 404), the audit of
// each look at the record, dates in the query, and the body checked by a contract schema (422 per field).

export const NO_CLIENT = 'No such client.';

/** Route options: who may call it (every read is 'clients.view', every write 'clients.edit'). */
export const canView = { config: { permission: 'clients.view' as const } };
export const canEdit = { config: { permission: 'clients.edit' as const } };

export type ClientTarget = { viewer: Viewer; clientId: number; actor: AuditActor };

/**
 * The signed-in user and the client of `:clientId`, when the user's branches hold that client (not removed);
 * otherwise the answer is sent (401, 404) and null returned.
 */
export async function clientTarget(request: FastifyRequest, reply: FastifyReply, auth: AuthSettings): Promise<ClientTarget | null> {
  const target = await viewerAndId(request, reply, auth, 'clientId', NO_CLIENT);
  if (!target) return null;
  if (!(await clientVisible(auth.db, target.viewer.scope, target.id, { deleted: 'exclude' }))) {
    await sendError(reply, 404, NO_CLIENT);
    return null;
  }
  return { viewer: target.viewer, clientId: target.id, actor: auditActorOf(request) };
}

/**
 * A look at part of a client's care record, in the audit trail as a view of the client (`view` names the tab,
 * e.g. 'client-logs'), like the record's other tabs: the subject-access export lists who viewed what.
 */
export async function recordClientView(db: Database | Transaction, target: ClientTarget, view: string, detail: Record<string, unknown> = {}): Promise<void> {
  await recordAudit(db, { actor: target.actor, resource: 'clients', recordId: target.clientId, action: 'view', after: { view, ...detail } });
}

/** A day in the query (?from=2026-03-01): undefined when absent, null when not a real date. */
export function dayParam(query: unknown, name: string): string | undefined | null {
  const value = queryParam(query, name);
  if (value === undefined || value === '') return undefined;
  return isCalendarDate(value) ? value : null;
}

/** A period from ?from=&to= (both days; `defaultDays` back from today when absent), or the field errors. */
export function periodParams(query: unknown, defaultDays: number): { from: string; to: string } | { errors: Record<string, string[]> } {
  const today = londonDate();
  const to = dayParam(query, 'to');
  const from = dayParam(query, 'from');
  const errors: Record<string, string[]> = {};
  if (from === null) errors.from = ['From must be a date like 2026-03-01.'];
  if (to === null) errors.to = ['To must be a date like 2026-03-31.'];
  if (Object.keys(errors).length) return { errors };
  const end = to ?? today;
  const start = from ?? shiftDays(end, -(defaultDays - 1));
  if (start > end) return { errors: { to: ['To must be on or after from.'] } };
  if (shiftDays(start, MAX_PERIOD_DAYS - 1) < end) return { errors: { from: [`Choose a period of at most ${MAX_PERIOD_DAYS} days.`] } };
  return { from: start, to: end };
}

/** A day `days` before or after another (YYYY-MM-DD). */
export function shiftDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A yes/no filter in the query: true for 1/true/yes, false for 0/false/no, undefined otherwise. */
export function flagParam(query: unknown, name: string): boolean | undefined {
  const value = queryParam(query, name)?.toLowerCase();
  if (value === undefined || value === '') return undefined;
  if (['1', 'true', 'yes'].includes(value)) return true;
  if (['0', 'false', 'no'].includes(value)) return false;
  return undefined;
}

/** ISO text of a timestamp read from either driver (PGlite gives Dates, node-postgres too; text stays). */
export const isoOf = (value: Date | string | null): string | null => (value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString());

// ---- Idempotency of what devices send (Idempotency-Key, as in the IETF draft and the payment APIs).

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[A-Za-z0-9._:-]{8,200}$/;

/** The request's Idempotency-Key: the key, or a 422 answer sent (missing or not 8–200 safe characters) and null. */
export async function idempotencyKeyOf(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key && KEY.test(key)) return key;
  await sendInvalid(reply, {
    'Idempotency-Key': [key ? 'The Idempotency-Key header must be 8 to 200 letters, digits, dots, colons, dashes or underscores.' : 'Send an Idempotency-Key header (a new random id per record, the same on a resend).'],
  });
  return null;
}

// One rule and one hash for every client record route (../record-routes.ts).
export { declareClientRecordAudit, parsedBody as parsed, requestHash } from '../record-routes.js';

export const KEY_REUSED = 'This Idempotency-Key was already used with a different record. Use a new key for a new record.';
