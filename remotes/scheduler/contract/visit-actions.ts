import * as v from 'valibot';
import { flag, isoDate, objectMessage, optionalText } from '@hcm/contract/engine';
import { VersionSchema, VISIT_STATUSES, minutesBetween, timeOfDay, type VisitRow } from './visits.js';

// The bodies of the visits' write routes beyond adding one (server/visits/routes.ts), declared once for the
// server and the screens' forms: assigning, unassigning and moving carers, a drag's preview check, reinstating,
// and the office's corrections of past visits (visits.correct).

const id = (message: string) =>
  v.pipe(v.union([v.number(message), v.pipe(v.string(message), v.nonEmpty(message))], message), v.transform(Number), v.integer(message), v.minValue(1, message), v.maxValue(2_147_483_647, message));
const optionalId = (message: string) =>
  v.optional(v.union([v.pipe(v.union([v.literal(''), v.null()]), v.transform((): number | null => null)), id(message)]), null);
const optionalTime = (label: string) => v.optional(v.union([v.pipe(v.union([v.literal(''), v.null()]), v.transform((): string | null => null)), timeOfDay(label)]), null);
const optionalDay = (label: string) => v.optional(v.union([v.pipe(v.union([v.literal(''), v.null()]), v.transform((): string | null => null)), isoDate(label)]), null);

/** POST /visits/:id/assign: put a carer on the visit (position 2 is a double-up's second carer). */
export const AssignSchema = v.strictObject(
  {
    carer_id: id('Choose the carer.'),
    position: v.optional(v.union([v.pipe(v.union([v.literal(''), v.null()]), v.transform((): 1 | 2 | null => null)), v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.picklist([1, 2] as const, 'A carer is first or second on a visit.'))]), null),
    version: VersionSchema,
  },
  objectMessage('assignment'),
);
export type AssignValues = v.InferOutput<typeof AssignSchema>;

/** POST /visits/:id/unassign */
export const UnassignSchema = v.strictObject({ carer_id: id('Choose the carer to take off.'), version: VersionSchema }, objectMessage('unassignment'));

/** POST /visits/:id/reinstate */
export const ReinstateSchema = v.strictObject({ version: VersionSchema }, objectMessage('reinstatement'));

/** POST /visits/:id/move: a drag on the timeline, to another time and/or from one carer to another. */
export const MoveSchema = v.pipe(
  v.strictObject(
    {
      version: VersionSchema,
      date: optionalDay('Date'),
      start_time: optionalTime('Start time'),
      end_time: optionalTime('End time'),
      from_carer_id: optionalId('Choose the carer it moves from.'),
      to_carer_id: optionalId('Choose the carer it moves to.'),
    },
    objectMessage('move'),
  ),
  v.forward(
    v.partialCheck([['start_time'], ['end_time']], (input) => (input.start_time === null) === (input.end_time === null), 'Give both the start and the end time, or neither.'),
    ['end_time'],
  ),
  v.forward(
    v.partialCheck(
      [['start_time'], ['end_time']],
      (input) => input.start_time === null || input.end_time === null || (minutesBetween(input.start_time, input.end_time) >= 5 && minutesBetween(input.start_time, input.end_time) <= 12 * 60),
      'A visit lasts from 5 minutes to 12 hours.',
    ),
    ['end_time'],
  ),
  v.forward(
    v.partialCheck([['from_carer_id'], ['to_carer_id']], (input) => input.from_carer_id === null || input.to_carer_id === null || input.from_carer_id !== input.to_carer_id, 'Choose another carer to move it to.'),
    ['to_carer_id'],
  ),
);
export type MoveValues = v.InferOutput<typeof MoveSchema>;

/** POST /visits/:id/check: the rules' verdict on a carer at the visit (or at a new time), saving nothing. */
export const CheckSchema = v.strictObject(
  { carer_id: id('Choose the carer.'), date: optionalDay('Date'), start_time: optionalTime('Start time'), end_time: optionalTime('End time') },
  objectMessage('check'),
);

/** The statuses the office may correct a past visit to. */
export const CORRECTABLE_STATUSES = VISIT_STATUSES.filter((status) => status.value !== 'unassigned' && status.value !== 'assigned');

/** A corrected visit longer than this is refused unless the office confirms it (`confirm_long`). */
export const LONG_VISIT_MINUTES = 12 * 60;

/** "13 h 5 min", "24 h": a visit's length in words. */
export function lengthWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours} h` : '', rest ? `${rest} min` : ''].filter(Boolean).join(' ') || '0 min';
}

/** The correction's refusals, one wording for the form (the schema below) and the server (server/visits/routes.ts). */
export const CORRECTION_MESSAGES = {
  endBeforeStart: 'The end is before the start: check the times, or tick “Finished after midnight” if the visit ran past midnight.',
  overnightEndMissing: 'Give the actual end after midnight.',
  overnightSameDay: 'The end is after the start on the same day: untick “Finished after midnight”.',
  long: (minutes: number) => `This visit would last ${lengthWords(minutes)}, more than 12 hours: check the times, or confirm it really lasted that long.`,
  confirmLong: 'Tick to confirm the visit lasted more than 12 hours.',
} as const;

/** A rule over several fields of the correction, reported on one of them. */
function correctionRule(reads: (keyof CorrectFields)[], requirement: (input: CorrectFields) => boolean, message: string | ((input: CorrectFields) => string), field: keyof CorrectFields) {
  const check = v.partialCheck(
    reads.map((key) => [key]) as never,
    ((input: CorrectFields) => requirement(input)) as never,
    (typeof message === 'string' ? message : (issue: { input: unknown }) => message(issue.input as CorrectFields)) as never,
  );
  return v.forward(check as never, [field] as never) as unknown as v.BaseValidation<CorrectFields, CorrectFields, v.BaseIssue<unknown>>;
}

const correctObject = v.strictObject(
  {
    version: VersionSchema,
    reason: v.pipe(v.string('Say why you correct the visit.'), v.trim(), v.nonEmpty('Say why you correct the visit.'), v.maxLength(1000, 'A reason is at most 1,000 characters.')),
    status: v.optional(v.union([v.pipe(v.union([v.literal(''), v.null()]), v.transform((): null => null)), v.picklist(CORRECTABLE_STATUSES.map((status) => status.value), 'Choose in progress, completed, missed or cancelled.')]), null),
    actual_start: optionalTime('Actual start'),
    actual_end: optionalTime('Actual end'),
    /** The actual end is on the day after the start ("Finished after midnight"): a night visit, 22:30 to 00:30. */
    overnight: flag(false),
    /** The office confirms a corrected visit longer than 12 hours. */
    confirm_long: flag(false),
    funder_code_id: v.optional(v.union([v.literal(''), v.null(), id('Choose the funder code.')]), undefined),
    npc_code_id: v.optional(v.union([v.literal(''), v.null(), id('Choose the NPC code.')]), undefined),
    detail: optionalText('Details', 1000),
  },
  objectMessage('correction'),
);
type CorrectFields = v.InferOutput<typeof correctObject>;

/** The length of a visit from both its times (over midnight when `overnight`); null when a time is missing or they disagree with `overnight`. */
function minutesOf(input: CorrectFields): number | null {
  if (!input.actual_start || !input.actual_end) return null;
  if (input.overnight !== input.actual_end <= input.actual_start) return null;
  return minutesBetween(input.actual_start, input.actual_end);
}

/**
 * POST /visits/:id/correct (visits.correct): a back-office correction of a past visit, with its reason. An actual
 * end at or before the start is refused unless `overnight` says the visit finished after midnight (the end is then
 * the next day); a visit longer than 12 hours is refused unless `confirm_long`. The schema checks the times the
 * request gives; the server checks the visit as corrected (a time not given is the stored one).
 */
export const CorrectSchema = v.pipe(
  correctObject,
  correctionRule(['overnight', 'actual_end'], (input) => !input.overnight || input.actual_end !== null, CORRECTION_MESSAGES.overnightEndMissing, 'actual_end'),
  correctionRule(['overnight', 'actual_start', 'actual_end'], (input) => input.overnight || !input.actual_start || !input.actual_end || input.actual_end > input.actual_start, CORRECTION_MESSAGES.endBeforeStart, 'actual_end'),
  correctionRule(['overnight', 'actual_start', 'actual_end'], (input) => !input.overnight || !input.actual_start || !input.actual_end || input.actual_end <= input.actual_start, CORRECTION_MESSAGES.overnightSameDay, 'overnight'),
  correctionRule(['actual_start', 'actual_end', 'confirm_long'], (input) => input.confirm_long || (minutesOf(input) ?? 0) <= LONG_VISIT_MINUTES, (input) => CORRECTION_MESSAGES.long(minutesOf(input) ?? 0), 'actual_end'),
  correctionRule(['actual_start', 'actual_end', 'confirm_long'], (input) => input.confirm_long || (minutesOf(input) ?? 0) <= LONG_VISIT_MINUTES, CORRECTION_MESSAGES.confirmLong, 'confirm_long'),
);
export type CorrectValues = v.InferOutput<typeof CorrectSchema>;

/** Why a past visit is on the back-office list (GET /visits/backoffice). */
export const BACKOFFICE_ISSUES = [
  { value: 'missed', label: 'Missed' },
  { value: 'overrun', label: 'In progress past its end' },
  { value: 'no-actuals', label: 'Completed without actual times' },
  { value: 'no-reason', label: 'Cancelled without a reason' },
  { value: 'not-started', label: 'Past and never started' },
] as const;
export type BackofficeIssue = (typeof BACKOFFICE_ISSUES)[number]['value'];

/** A row of the back-office list: the visit and what needs the office. */
export type BackofficeRow = VisitRow & { issue: BackofficeIssue; issue_label: string };

/** The list filters of GET /visits (query keys), for the screens and the saved filter slot 'visit'. */
export const VISIT_LIST_FILTERS = ['from', 'to', 'branch_id', 'client_id', 'carer_id', 'status', 'funder_code_id', 'npc_code_id', 'unassigned', 'carers_needed', 'medication'] as const;
/** The list filters of GET /visits/logs (saved filter slot 'visit_logs'). */
export const VISIT_LOG_FILTERS = ['visit_id', 'client_id', 'carer_id', 'action', 'from', 'to'] as const;
export const VISIT_LIST_SORTS = ['date', 'client', 'status', 'branch'] as const;
