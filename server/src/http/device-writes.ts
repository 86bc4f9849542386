import type { FastifyRequest } from 'fastify';
import { clock } from '@hcm/contract/time';

// What every write of the carers' app carries. An `Idempotency-Key` header names the write: the owner of the
// data stores it with the row under a unique index (per user), so a resend after a lost connection finds the
// row instead of adding a second. And the device's own time of the event, so a write queued offline hours
// earlier keeps the time it happened rather than the time it arrived.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_REQUIRED = 'Send an Idempotency-Key header (8 to 100 letters, digits, -, _, : or .) with every write.';
export const RECORDED_AT_INVALID = 'Give the time on the device when it happened, as an ISO date-time with its offset.';
export const RECORDED_AT_IN_FUTURE = 'This time is in the future by the server clock.';
export const RECORDED_AT_TOO_OLD = 'This is more than 7 days old: ask the office to record it.';

/** How far ahead of the server clock a device's clock may run, and how old a queued write may be. */
const CLOCK_SKEW_MS = 5 * 60_000;
const OLDEST_MS = 7 * 24 * 3_600_000;

/** The write's idempotency key, or null when it is missing or malformed (answer 422 with IDEMPOTENCY_KEY_REQUIRED). */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (typeof value !== 'string') return null;
  return /^[A-Za-z0-9_:.-]{8,100}$/.test(value) ? value : null;
}

/**
 * The device's time of an event (`recorded_at` in the body): an instant with an offset, not ahead of the server
 * by more than 5 minutes and not older than 7 days. Absent: now. Answers the instant or the field's error.
 */
export function deviceRecordedAt(value: unknown, now = clock.now()): { at: Date } | { error: string } {
  if (value === undefined || value === null || value === '') return { at: now };
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return { error: RECORDED_AT_INVALID };
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return { error: RECORDED_AT_INVALID };
  if (at.getTime() - now.getTime() > CLOCK_SKEW_MS) return { error: RECORDED_AT_IN_FUTURE };
  if (now.getTime() - at.getTime() > OLDEST_MS) return { error: RECORDED_AT_TOO_OLD };
  return { at };
}
