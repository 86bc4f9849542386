import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { londonDate } from '@hcm/contract/engine';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import {
  auditActorOf,
  deviceRecordedAt,
  IDEMPOTENCY_KEY_REQUIRED,
  idempotencyKeyOf,
  ok,
  parseId,
  recordAudit,
  sendError,
  sendInvalid,
  type AreaServerContext,
  type Database,
  type Transaction,
} from '@hcm/server/platform';
import { PHONE_DAYS_AHEAD, type PhoneHoliday, type PhoneHolidaySaved, type PhoneTimeOff } from '../../contract/carer-app-time-off.js';
import { CancelHolidaySchema, HolidayRequestSchema, TemporaryChangeSchema, type HolidayRow, type HolidayWarning } from '../../contract/time-off.js';
import { carerAccounts } from '../people/people-tables.js';
import { daysOfCarers } from './availability.js';
import { findAvailabilityRequest, ownAvailabilityRequests, submitAvailability } from './availability-requests.js';
import { balanceOf, decideHoliday, findHoliday, findPerson, holidayDetail, HolidayRuleError, holidayReasonChoices, listHolidays, requestHoliday, type Person } from './holidays.js';
import { addDays } from './rules.js';
import { carerAppTimeOffWrites, staffHolidays } from './tables.js';

// Time off from the carers' app (issue 31), for the device's own carer only (their sign-in account's carer
// record: never an id from the request):
//   GET  /carer-app/time-off                 the next PHONE_DAYS_AHEAD days as the rota reads them, their holidays
//                                            of this leave year and later, the balance in its unit, the reasons,
//                                            and what they told the office about their availability
//   POST /carer-app/holidays                 a leave request through the office's rules (requestHoliday)
//   POST /carer-app/holidays/:id/cancel      their own holiday while it is still a request
//   POST /carer-app/availability             "not available from–to because…" or "available at these times":
//                                            stored for the office to accept or decline (./availability-requests.ts)
// Every write carries an Idempotency-Key (kept per carer in carer_app_time_off_writes with the write, in its
// transaction): the first send answers 201 (a cancel 200), a resend of the same body the first record (200,
// `Idempotent-Replayed: true`), the same key with another body 409. The phone's time of the write comes as
// `recorded_at` (queued offline, it keeps the time the carer asked).

type WriteKind = 'holiday-request' | 'holiday-cancel' | 'availability';

export const KEY_REUSED = 'This Idempotency-Key was already used with a different request. Use a new key for a new request.';
const NO_CARER = 'This account has no carer record.';
const NO_HOLIDAY = 'No such holiday.';

/** A broken rule of a device write (the key reused, a day in the past). */
class DeviceWriteError extends Error {
  constructor(
    readonly status: 409 | 422,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A stable hash of a body (keys sorted): a resend and the first send hash alike. */
function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)).map(([key, item]) => [key, canonical(item)]))
      : Array.isArray(value)
        ? value.map(canonical)
        : value;
  return createHash('sha256').update(JSON.stringify(canonical(body))).digest('hex');
}

/** The phone's time (`recorded_at`) taken out of the body; the rest is checked by the office's schema. */
function splitDeviceTime(body: unknown): { rest: unknown; recordedAt: unknown } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { rest: body ?? {}, recordedAt: undefined };
  const { recorded_at: recordedAt, ...rest } = body as Record<string, unknown>;
  return { rest, recordedAt };
}

/** A holiday as the carer's phone shows it. */
export const phoneHoliday = (row: HolidayRow): PhoneHoliday => ({
  id: row.id,
  from_date: row.from_date,
  to_date: row.to_date,
  half_day_start: row.half_day_start,
  half_day_end: row.half_day_end,
  reason: row.reason,
  paid: row.paid,
  deducts_allowance: row.deducts_allowance,
  notes: row.notes,
  status: row.status,
  days: row.days,
  hours: row.hours,
  requested_at: row.requested_at,
  decision_reason: row.decision_reason,
  cancel_reason: row.cancel_reason,
});

/**
 * The warnings a carer reads of their own request: what the office weighs, without other people's names or leave
 * (the office sees those on the holiday itself).
 */
export function carerWarning(warning: HolidayWarning): HolidayWarning {
  switch (warning.kind) {
    case 'branch-clash':
      return { kind: warning.kind, message: 'Others in your branch are also off on some of these days: the office will check cover before deciding.' };
    case 'branch-limit':
      return { kind: warning.kind, message: 'More of your branch would be off on some of these days than the agency allows at once: the office may ask you to change the dates.' };
    case 'visits': {
      const count = /has (\d+) rostered visit/.exec(warning.message)?.[1];
      return { kind: warning.kind, message: `You have ${count ? `${count} ` : ''}visit${count === '1' ? '' : 's'} on the rota in this period: the office will move ${count === '1' ? 'it' : 'them'} if the leave is approved.` };
    }
    default:
      return warning;
  }
}

/**
 * Runs a device write once per Idempotency-Key, in the caller's transaction: the key is stored first (a
 * concurrent resend waits on it), then `work` makes the record. A key already stored answers its record (replay)
 * when the kind and body match, else the write is refused (409).
 */
async function once(tx: Transaction, carerId: number, key: string, kind: WriteKind, hash: string, recordedAt: Date, work: () => Promise<number>): Promise<{ recordId: number; replayed: boolean }> {
  const stored = await tx
    .insert(carerAppTimeOffWrites)
    .values({ carer_id: carerId, idempotency_key: key, kind, request_hash: hash, recorded_at: recordedAt })
    .onConflictDoNothing()
    .returning({ key: carerAppTimeOffWrites.idempotency_key });
  const where = and(eq(carerAppTimeOffWrites.carer_id, carerId), eq(carerAppTimeOffWrites.idempotency_key, key));
  if (!stored.length) {
    const [first] = await tx.select().from(carerAppTimeOffWrites).where(where);
    if (!first || first.kind !== kind || first.request_hash !== hash || first.record_id === null) throw new DeviceWriteError(409, 'idempotency_key', KEY_REUSED);
    return { recordId: first.record_id, replayed: true };
  }
  const recordId = await work();
  await tx.update(carerAppTimeOffWrites).set({ record_id: recordId }).where(where);
  return { recordId, replayed: false };
}

export async function carerAppTimeOffRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const db: Database = context.auth.db;
  const device = { config: { device: true, permission: 'carer-app.use' as const } };

  /** The device's own carer (their account's carer record), or the answer sent (401, 404) and null. */
  async function ownCarer(request: FastifyRequest, reply: FastifyReply): Promise<{ person: Person; userId: number } | null> {
    const userId = request.device?.user_id ?? request.session?.user_id;
    if (!userId) {
      await sendError(reply, 401, 'Unauthenticated.');
      return null;
    }
    const [account] = await db.select({ carer_id: carerAccounts.carer_id }).from(carerAccounts).where(eq(carerAccounts.user_id, userId));
    const person = account ? await findPerson(db, 'all', 'carers', account.carer_id) : null;
    if (!person) {
      await sendError(reply, 404, NO_CARER);
      return null;
    }
    return { person, userId };
  }

  /** The write's key, its body checked by `schema` (recorded_at apart) and the phone's time; or the 422 sent and null. */
  async function deviceWrite<S extends v.GenericSchema>(request: FastifyRequest, reply: FastifyReply, schema: S): Promise<{ key: string; values: v.InferOutput<S>; recordedAt: Date } | null> {
    const key = idempotencyKeyOf(request);
    const { rest, recordedAt } = splitDeviceTime(request.body);
    const parsed = v.safeParse(schema, rest);
    const time = deviceRecordedAt(recordedAt);
    const errors: Record<string, string[]> = { ...(parsed.success ? {} : fieldErrorsOf(parsed.issues)) };
    if (!key) errors.idempotency_key = [IDEMPOTENCY_KEY_REQUIRED];
    if ('error' in time) errors.recorded_at = [time.error];
    if (!key || !parsed.success || 'error' in time) {
      await sendInvalid(reply, errors);
      return null;
    }
    return { key, values: parsed.output, recordedAt: time.at };
  }

  const answerError = (reply: FastifyReply, error: unknown) => {
    if (error instanceof HolidayRuleError || error instanceof DeviceWriteError) {
      if (error.status === 422) return sendInvalid(reply, { [error.field]: [error.message] });
      return sendError(reply, error.status, error.message, { [error.field]: [error.message] });
    }
    throw error;
  };

  const replayed = <T>(reply: FastifyReply, data: T) => reply.code(200).header('Idempotent-Replayed', 'true').send(ok(data, 'Already received: this is the record first sent with this key.'));

  app.get('/carer-app/time-off', device, async (request, reply) => {
    const own = await ownCarer(request, reply);
    if (!own) return reply;
    const { person } = own;
    const today = londonDate();
    const balance = await balanceOf(db, person, today);
    const [days, holidays, reasons, requests] = await Promise.all([
      daysOfCarers(db, [person.id], today, addDays(today, PHONE_DAYS_AHEAD - 1)),
      // This leave year's and any later (a request made now for next spring shows too).
      listHolidays(db, person, { year: { start: balance.leave_year.start, end: '9999-12-31' } }, { page: 1, pageSize: 100 }),
      holidayReasonChoices(db),
      ownAvailabilityRequests(db, person.id, today),
    ]);
    const answer: PhoneTimeOff = {
      carer: { id: person.id, name: person.name },
      today,
      days: days.get(person.id) ?? [],
      holidays: holidays.data.map(phoneHoliday),
      balance,
      reasons,
      availability_requests: requests,
    };
    return ok(answer);
  });

  app.post('/carer-app/holidays', device, async (request, reply) => {
    const own = await ownCarer(request, reply);
    if (!own) return reply;
    const write = await deviceWrite(request, reply, HolidayRequestSchema);
    if (!write) return reply;
    const { person, userId } = own;
    const actor = auditActorOf(request);
    try {
      const outcome = await db.transaction(async (tx) => {
        let saved: { holiday: HolidayRow; warnings: HolidayWarning[] } | null = null;
        const { recordId, replayed } = await once(tx, person.id, write.key, 'holiday-request', requestHash(write.values), write.recordedAt, async () => {
          // The office's rules, as a carer (never beyond the entitlement: only a manager may allow that).
          const made = await requestHoliday(tx, person, write.values, userId, { reason: write.values.override_reason, mayOverride: false });
          // Requested when the carer asked on the phone (it may have waited offline), not when it arrived.
          await tx.update(staffHolidays).set({ requested_at: write.recordedAt }).where(eq(staffHolidays.id, made.holiday.id));
          const holiday = (await findHoliday(tx, person, made.holiday.id)) ?? made.holiday;
          await recordAudit(tx, { actor, resource: 'staff-holidays', recordId: holiday.id, action: 'create', after: { ...holiday, source: 'carer-app' } });
          saved = { holiday, warnings: made.warnings };
          return made.holiday.id;
        });
        return { recordId, replayed, saved: saved as { holiday: HolidayRow; warnings: HolidayWarning[] } | null };
      });
      if (outcome.replayed || !outcome.saved) {
        const detail = await holidayDetail(db, person, outcome.recordId, userId);
        if (!detail) return sendError(reply, 404, NO_HOLIDAY);
        const data: PhoneHolidaySaved = { holiday: phoneHoliday(detail), warnings: detail.warnings.map(carerWarning) };
        return replayed(reply, data);
      }
      const data: PhoneHolidaySaved = { holiday: phoneHoliday(outcome.saved.holiday), warnings: outcome.saved.warnings.map(carerWarning) };
      return reply.code(201).send(ok(data, data.warnings.length ? 'Leave requested: the office will decide. Read the warnings.' : 'Leave requested: the office will decide.'));
    } catch (error) {
      return answerError(reply, error);
    }
  });

  app.post('/carer-app/holidays/:holidayId/cancel', device, async (request, reply) => {
    const own = await ownCarer(request, reply);
    if (!own) return reply;
    const { person, userId } = own;
    const id = parseId(String((request.params as Record<string, string>).holidayId ?? ''));
    // Another carer's holiday is as unknown as one that does not exist.
    if (id === null || !(await findHoliday(db, person, id))) return sendError(reply, 404, NO_HOLIDAY);
    const write = await deviceWrite(request, reply, CancelHolidaySchema);
    if (!write) return reply;
    const actor = auditActorOf(request);
    try {
      const outcome = await db.transaction((tx) =>
        once(tx, person.id, write.key, 'holiday-cancel', requestHash({ holiday: id, ...write.values }), write.recordedAt, async () => {
          const current = await findHoliday(tx, person, id);
          if (current && current.status !== 'requested') {
            throw new HolidayRuleError(409, 'status', current.status === 'approved' ? 'This leave is already approved: ask the office to cancel it.' : `This leave is ${current.status}: there is nothing to cancel.`);
          }
          const decided = await decideHoliday(tx, person, id, { action: 'cancel', reason: write.values.reason ?? '' }, userId);
          if (!decided) throw new HolidayRuleError(409, 'status', NO_HOLIDAY);
          // Decided meanwhile by the office: the carer's cancel does not undo an approval.
          if (decided.before.status !== 'requested') throw new HolidayRuleError(409, 'status', 'The office has just decided on this leave: ask the office to cancel it.');
          await recordAudit(tx, { actor, resource: 'staff-holidays', recordId: id, action: 'update', before: decided.before, after: { ...decided.after, source: 'carer-app' } });
          return id;
        }),
      );
      const holiday = await findHoliday(db, person, outcome.recordId);
      if (!holiday) return sendError(reply, 404, NO_HOLIDAY);
      if (outcome.replayed) return replayed(reply, phoneHoliday(holiday));
      return ok(phoneHoliday(holiday), 'Leave request cancelled.');
    } catch (error) {
      return answerError(reply, error);
    }
  });

  app.post('/carer-app/availability', device, async (request, reply) => {
    const own = await ownCarer(request, reply);
    if (!own) return reply;
    const write = await deviceWrite(request, reply, TemporaryChangeSchema);
    if (!write) return reply;
    const { person, userId } = own;
    const actor = auditActorOf(request);
    try {
      const outcome = await db.transaction((tx) =>
        once(tx, person.id, write.key, 'availability', requestHash(write.values), write.recordedAt, async () => {
          if (write.values.from_date < londonDate()) throw new DeviceWriteError(422, 'from_date', 'Tell the office about today or a later day.');
          const id = await submitAvailability(tx, person.id, write.values, write.recordedAt, userId);
          await recordAudit(tx, { actor, resource: 'carer-availability-requests', recordId: id, action: 'create', after: { ...write.values, carer_id: person.id } });
          return id;
        }),
      );
      const row = await findAvailabilityRequest(db, person.id, outcome.recordId);
      if (!row) return sendError(reply, 404, 'No such availability request.');
      if (outcome.replayed) return replayed(reply, row);
      return reply.code(201).send(ok(row, 'Sent to the office: your days change once the office accepts it.'));
    } catch (error) {
      return answerError(reply, error);
    }
  });
}
