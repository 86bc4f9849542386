import { and, asc, count, desc, eq, gte, isNull, lte, type SQL } from 'drizzle-orm';
import type { FieldErrors } from '@hcm/contract';
import { isCalendarDate } from '@hcm/contract/engine';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { deviceTokens, pushNotifications, users } from '../db/schema.js';
import { ok, sendInvalid } from '../http/envelope.js';
import { pageOf, pageOffset, parsePaging, queryParam } from '../http/paging.js';

// Push notifications to carers' devices (a new visit, a changed visit). The provider is an interface: the
// default records each message and sends nothing (no push service is configured on a fresh install); a real
// one (FCM, APNs) implements `send`. Every message is logged with the provider's answer, for the office.

export type PushMessage = { user_id: number; kind: string; title: string; body: string; data?: Record<string, unknown> };
export type PushOutcome = { status: 'recorded' | 'sent' | 'failed'; error?: string };

export interface PushProvider {
  readonly name: string;
  send(message: PushMessage, deviceIds: readonly number[]): Promise<PushOutcome>;
}

/** Sends nothing: the message is in the log, which is what a device would have shown. */
export const recordingPushProvider: PushProvider = {
  name: 'recorded',
  send: async () => ({ status: 'recorded' }),
};

export class Pusher {
  constructor(
    private readonly db: Database,
    private readonly provider: PushProvider = recordingPushProvider,
  ) {}

  /** Sends to the user's signed-in devices and logs it ('no-device' when none is signed in). Never throws. */
  async send(message: PushMessage): Promise<{ id: number; status: string }> {
    const devices = await this.db
      .select({ id: deviceTokens.id })
      .from(deviceTokens)
      .where(and(eq(deviceTokens.user_id, message.user_id), isNull(deviceTokens.revoked_at)));
    let outcome: PushOutcome | { status: 'no-device'; error?: string };
    if (!devices.length) outcome = { status: 'no-device' };
    else {
      try {
        outcome = await this.provider.send(message, devices.map((device) => device.id));
      } catch (error) {
        outcome = { status: 'failed', error: error instanceof Error ? error.message : String(error) };
      }
    }
    const [row] = await this.db
      .insert(pushNotifications)
      .values({ ...message, data: message.data ?? {}, provider: this.provider.name, status: outcome.status, error: outcome.error ?? null })
      .returning({ id: pushNotifications.id });
    return { id: row!.id, status: outcome.status };
  }
}

const SORTABLE = { created_at: pushNotifications.created_at, user_name: users.name, kind: pushNotifications.kind, status: pushNotifications.status } as const;

/** `sort` one of SORTABLE (else newest first), `mode` asc or desc; ties by id, so pages never overlap. */
function orderOf(sort: string | undefined, mode: string | undefined): SQL[] {
  const column = sort && sort in SORTABLE ? SORTABLE[sort as keyof typeof SORTABLE] : pushNotifications.created_at;
  const direction = mode === 'asc' ? asc : desc;
  return [direction(column), direction(pushNotifications.id)];
}

/** Each given date that is not a real calendar date (YYYY-MM-DD), by parameter; null when all are. */
function dateErrors(dates: Record<string, string | undefined>): FieldErrors | null {
  const errors: FieldErrors = {};
  for (const [name, value] of Object.entries(dates)) {
    if (value && !isCalendarDate(value)) errors[name] = ['Choose a real date (YYYY-MM-DD).'];
  }
  return Object.keys(errors).length ? errors : null;
}

/**
 * GET /api/v1/push-notifications (carers.view): the log; filters user_id, kind, status, from, to (dates); sort and
 * mode. A from or to that is not a real date answers 422 naming it.
 */
export async function pushLogRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const { db } = options;
  app.get('/push-notifications', { config: { permission: 'carers.view' } }, async (request, reply) => {
    const from = queryParam(request.query, 'from');
    const to = queryParam(request.query, 'to');
    const errors = dateErrors({ from, to });
    if (errors) return sendInvalid(reply, errors);
    const paging = parsePaging(request.query);
    const filters: SQL[] = [];
    const userId = Number(queryParam(request.query, 'user_id'));
    if (Number.isInteger(userId) && userId > 0) filters.push(eq(pushNotifications.user_id, userId));
    const kind = queryParam(request.query, 'kind');
    if (kind) filters.push(eq(pushNotifications.kind, kind));
    const status = queryParam(request.query, 'status');
    if (status) filters.push(eq(pushNotifications.status, status as 'sent'));
    // Real calendar dates only (checked above): an impossible one such as 2026-02-30 never reaches new Date().
    if (from) filters.push(gte(pushNotifications.created_at, new Date(`${from}T00:00:00Z`)));
    if (to) filters.push(lte(pushNotifications.created_at, new Date(`${to}T23:59:59.999Z`)));
    const where = filters.length ? and(...filters) : undefined;
    const rows = await db
      .select({
        id: pushNotifications.id,
        user_id: pushNotifications.user_id,
        user_name: users.name,
        kind: pushNotifications.kind,
        title: pushNotifications.title,
        body: pushNotifications.body,
        data: pushNotifications.data,
        provider: pushNotifications.provider,
        status: pushNotifications.status,
        error: pushNotifications.error,
        created_at: pushNotifications.created_at,
      })
      .from(pushNotifications)
      .innerJoin(users, eq(users.id, pushNotifications.user_id))
      .where(where)
      .orderBy(...orderOf(queryParam(request.query, 'sort'), queryParam(request.query, 'mode')))
      .limit(paging.pageSize)
      .offset(pageOffset(paging));
    const [total] = await db.select({ n: count() }).from(pushNotifications).where(where);
    return ok(pageOf(rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })), total?.n ?? 0, paging));
  });
}
