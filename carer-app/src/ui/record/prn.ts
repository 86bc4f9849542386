import { ukTime, ukToday, ukDate } from '@hcm/contract/time';
import type { CareSheet, CareSheetOutcomeCode, CareSheetPrn } from '@hcm/area-care-records/contract/live-medication.js';
import { DEFAULT_OUTCOME_CODES } from '@hcm/area-care-records/contract/mar.js';
import type { QueuedWrite } from '../../queue/queue.js';

// PRN (when needed) doses on the phone: how many were given in the last 24 hours and when the next may be, from
// the care sheet's doses (as the server last said) and the doses recorded on this phone and not yet sent. The
// server enforces the limits (a dose over them needs a reason, 422 on over_limit_reason); the phone says them.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The agency's outcome codes as the care sheet gives them (the spec's defaults on a sheet kept before they came). */
export const outcomeCodesOf = (sheet: CareSheet | null): readonly CareSheetOutcomeCode[] => (sheet?.outcome_codes?.length ? sheet.outcome_codes : DEFAULT_OUTCOME_CODES);

/** The instants of this PRN medicine's doses counted as given in the 24 hours to `nowMs`, oldest first. */
export function givenIn24h(prn: CareSheetPrn, writes: readonly QueuedWrite[], clientId: number, codes: readonly CareSheetOutcomeCode[], nowMs: number): number[] {
  const counts = new Set(codes.filter((code) => code.counts_as_given).map((code) => code.code));
  const fromSheet = (prn.given_24h ?? []).map((at) => Date.parse(at));
  const onPhone = writes
    .filter(
      (write) =>
        write.state === 'waiting' &&
        write.path.endsWith(`/clients/${clientId}/medication-outcomes`) &&
        write.body.schedule_id === prn.schedule_id &&
        !write.body.due_slot &&
        counts.has(String(write.body.outcome)),
    )
    .map((write) => Date.parse(String(write.body.recorded_at ?? write.deviceTime)));
  return [...fromSheet, ...onPhone].filter((at) => Number.isFinite(at) && at > nowMs - DAY_MS && at <= nowMs).sort((x, y) => x - y);
}

/** The earliest the next dose may be given within the limits (null: now), from the doses in the last 24 hours. */
export function nextAllowedMs(prn: CareSheetPrn, given: readonly number[], nowMs: number): number | null {
  let next = nowMs;
  const last = given.at(-1);
  if (prn.min_gap_hours !== null && last !== undefined) next = Math.max(next, last + prn.min_gap_hours * HOUR_MS);
  // At the most in 24 hours: the next is when enough of them are more than 24 hours ago.
  if (prn.max_doses !== null && given.length >= prn.max_doses) next = Math.max(next, given[given.length - prn.max_doses]! + DAY_MS);
  return next > nowMs ? next : null;
}

const whenText = (ms: number) => {
  const at = new Date(ms);
  return ukDate(at) === ukToday() ? ukTime(at) : `${ukTime(at)} tomorrow`;
};

/** "2 of 4 in 24 hours given; next not before 14:30", in words for the carer. */
export function limitText(prn: CareSheetPrn, given: readonly number[], nowMs: number): string {
  const count = prn.max_doses !== null ? `${given.length} of ${prn.max_doses} in 24 hours given` : `${given.length} given in the last 24 hours`;
  const next = nextAllowedMs(prn, given, nowMs);
  const gap = prn.min_gap_hours !== null ? ` (at least ${prn.min_gap_hours} hours apart)` : '';
  return next === null ? `${count}${gap}; can be given now if needed.` : `${count}${gap}; next not before ${whenText(next)}.`;
}
