import * as v from 'valibot';
import {
  choiceOf,
  flag,
  inOrder,
  isCalendarDate,
  isoDate,
  londonDate,
  MAX_ID,
  optionalIsoDate,
  optionalText,
  optionalWholeNumber,
  referenceTo,
  requiredText,
  type Choice,
} from '@hcm/contract/engine';
import { addDays, clock, ukInstant, ukInstantAfterMidnight, ukWallClock } from '@hcm/contract/time';

// The eMAR's vocabulary (NICE NG67, medicines support for adults receiving social care in the community; DOMAIN.md,
// "Medication and MAR charts"): a client's medication schedules, the administrations recorded against them, the
// monthly MAR chart and its audit. One schema per form, read by the screens (react-hook-form) and the API alike.

// ---------------------------------------------------------------- schedules

/** NG67: what the carer does — gives it (administer), helps (assist: opens the pack, pours), or reminds (prompt). */
export const SUPPORT_LEVELS = [
  { value: 'prompt', label: 'Prompt' },
  { value: 'assist', label: 'Assist' },
  { value: 'administer', label: 'Administer' },
] as const;

/** How the medicine goes in. The catalogue names a medicine's usual route; a schedule says the one prescribed. */
export const MEDICATION_ROUTES = [
  { value: 'oral', label: 'By mouth (oral)' },
  { value: 'sublingual', label: 'Under the tongue (sublingual)' },
  { value: 'buccal', label: 'Inside the cheek (buccal)' },
  { value: 'topical', label: 'On the skin (topical)' },
  { value: 'transdermal', label: 'Skin patch (transdermal)' },
  { value: 'inhaled', label: 'Inhaled' },
  { value: 'eye', label: 'Eye drops or ointment' },
  { value: 'ear', label: 'Ear drops' },
  { value: 'nasal', label: 'Nose (nasal)' },
  { value: 'subcutaneous', label: 'Injection under the skin (subcutaneous)' },
  { value: 'rectal', label: 'Rectal' },
  { value: 'vaginal', label: 'Vaginal' },
  { value: 'peg', label: 'Feeding tube (PEG)' },
  { value: 'other', label: 'Other (see special instructions)' },
] as const;

/** Exact times (08:00, 20:00) or periods of the day, as many agencies plan calls. */
export const DOSE_TIMINGS = [
  { value: 'exact', label: 'At set times' },
  { value: 'period', label: 'In a period of the day' },
] as const;

/** The periods of the day (one product's, DOMAIN.md); night runs past midnight into the next day. */
export const DOSE_PERIODS = [
  { value: 'morning', label: 'Morning', from: '06:00', to: '10:59' },
  { value: 'lunch', label: 'Lunch', from: '11:00', to: '13:59' },
  { value: 'afternoon', label: 'Afternoon', from: '14:00', to: '17:59' },
  { value: 'evening', label: 'Evening', from: '18:00', to: '21:59' },
  { value: 'night', label: 'Night', from: '22:00', to: '05:59' },
] as const;

export type DosePeriod = (typeof DOSE_PERIODS)[number]['value'];

/** Days of the week, for medicines not given every day (a patch changed Monday and Thursday, a weekly tablet). */
export const WEEKDAYS = [
  { value: 'mon', label: 'Monday' },
  { value: 'tue', label: 'Tuesday' },
  { value: 'wed', label: 'Wednesday' },
  { value: 'thu', label: 'Thursday' },
  { value: 'fri', label: 'Friday' },
  { value: 'sat', label: 'Saturday' },
  { value: 'sun', label: 'Sunday' },
] as const;

/** The weekday key of a day ('2026-11-23' → 'mon'). */
export const weekdayOf = (day: string) => WEEKDAYS[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7]!.value;

/** A stored days_of_week ('thu,mon', ' Mon ') in week order ('mon,thu'); '' is every day. */
export function normalisedWeekdays(days: string): string {
  const chosen = new Set(days.toLowerCase().split(/[\s,]+/).filter(Boolean));
  return WEEKDAYS.filter((day) => chosen.has(day.value)).map((day) => day.value).join(',');
}

const weekdaysValid = (days: string) => days.toLowerCase().split(/[\s,]+/).filter(Boolean).every((day) => WEEKDAYS.some((item) => item.value === day));

/**
 * How long either side of its time a dose at a set time may be given before it counts as early or late, and
 * after which an unrecorded one is flagged as a gap: the hour either side most agencies' medication policies
 * allow. A time-critical medicine (insulin, Parkinson's medicines) has its own, shorter window, so its missed
 * dose is flagged sooner.
 */
export const STANDARD_WINDOW_MINUTES = 60;
export const DEFAULT_TIME_CRITICAL_WINDOW_MINUTES = 30;

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** The slots of a stored `times` value: 'HH:MM' times, or period keys, in order. */
export function slotsOf(times: string): string[] {
  return times
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Minutes after midnight of 'HH:MM'. */
export const minutesOf = (time: string): number => {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
};


export const periodOf = (slot: string) => DOSE_PERIODS.find((period) => period.value === slot);

/** A slot in words: '08:00', or 'Morning (06:00–10:59)'. */
export function slotLabel(slot: string): string {
  const period = periodOf(slot);
  return period ? `${period.label} (${period.from}–${period.to})` : slot;
}

/** A slot's short name for a grid header or a button: '08:00' or 'Morning'. */
export const slotName = (slot: string) => periodOf(slot)?.label ?? slot;

/**
 * When a slot's dose may be given, in minutes from the due day's midnight (the end may pass into the next day, the
 * start may be before midnight): a period from its start to the end of its last minute; a set time the standard
 * hour either side, or a time-critical medicine's own window.
 */
export function slotWindow(slot: string, timeCritical: { critical: boolean; windowMinutes: number | null }): { start: number; end: number } {
  const period = periodOf(slot);
  if (period) {
    const start = minutesOf(period.from);
    let end = minutesOf(period.to) + 1;
    if (end <= start) end += 24 * 60;
    return { start, end };
  }
  const at = minutesOf(slot);
  const width = timeCritical.critical ? (timeCritical.windowMinutes ?? DEFAULT_TIME_CRITICAL_WINDOW_MINUTES) : STANDARD_WINDOW_MINUTES;
  return { start: at - width, end: at + width };
}

/** Where a slot sorts in a day: its time, or its period's start (night last). */
export const slotOrder = (slot: string) => minutesOf(periodOf(slot)?.from ?? slot);

/** The UK calendar's day arithmetic, from the one date module. */
export { addDays };

/** The UK wall-clock date and time of an instant, the instant a UK wall-clock time names, and a point minutes after a day's midnight: the one date module's. */
export { ukInstant, ukWallClock };
export const instantAfterMidnight = ukInstantAfterMidnight;

/** Normalises a `times` value: set times padded and sorted ('8:00, 20:00' → '08:00,20:00'), periods in day order. */
export function normalisedTimes(timing: string, times: string): string {
  const slots = [...new Set(slotsOf(times.replace(/\s+/g, ',')).map((slot) => (timing === 'exact' ? slot.padStart(5, '0') : slot.toLowerCase())))];
  return slots.sort((a, b) => slotOrder(a) - slotOrder(b)).join(',');
}

function timesProblem(timing: string, times: string): string | null {
  const slots = slotsOf(times.replace(/\s+/g, ','));
  if (!slots.length) return timing === 'period' ? 'Choose at least one period of the day.' : 'Give at least one time, like 08:00 or 08:00, 20:00.';
  if (timing === 'period') return slots.every((slot) => periodOf(slot.toLowerCase())) ? null : 'Choose periods of the day from the list.';
  if (!slots.every((slot) => TIME.test(slot))) return 'Times must be 24-hour times like 08:00, separated by commas.';
  if (slots.length > 12) return 'At most 12 times a day.';
  return null;
}

const optionalChoice = (choices: readonly Choice[], message: string) =>
  v.optional(v.picklist(['', ...choices.map((choice) => choice.value)] as [string, ...string[]], message), '');

/** An id that may be left out ('' or null: none). */
const optionalId = (message: string) =>
  v.optional(
    v.union([
      v.pipe(v.union([v.literal(''), v.null()]), v.transform((): number | null => null)),
      v.pipe(
        v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.regex(/^\d{1,10}$/, message))], message),
        v.transform(Number),
        v.integer(message),
        v.minValue(1, message),
        v.maxValue(MAX_ID, message),
      ),
    ]),
    null,
  );

/**
 * The stored fields of a medication schedule (the `client-medications` declaration, contract/resources.ts, is
 * built from these). `frequency` keeps its old name: the directions as the pharmacy label words them.
 */
export const SCHEDULE_ENTRIES = {
  client_id: referenceTo('Choose a client.'),
  medication_id: referenceTo('Choose a medicine from the catalogue.'),
  dose: requiredText('Dose', 80),
  // '' when created through the engine's seed: the API fills in the catalogue medicine's usual route.
  route: optionalChoice(MEDICATION_ROUTES, 'Choose how the medicine is taken.'),
  frequency: requiredText('Directions', 200),
  support_level: choiceOf(SUPPORT_LEVELS, 'Choose the level of support.'),
  as_needed: flag(false),
  timing: v.optional(choiceOf(DOSE_TIMINGS, 'Choose set times or periods of the day.'), 'exact'),
  times: optionalText('Times', 200),
  // '' every day; else the days it is given ('mon,thu').
  days_of_week: optionalText('Days of the week', 40),
  prn_reason: optionalText('When to give it', 500),
  prn_max_doses: optionalWholeNumber('Maximum doses in 24 hours', 1, 24),
  prn_min_gap_hours: optionalWholeNumber('Minimum hours between doses', 1, 72),
  time_critical: flag(false),
  time_critical_window: optionalWholeNumber('Time-critical window', 5, 120),
  start_date: isoDate('Start date'),
  stop_date: optionalIsoDate('Stop date'),
  stop_reason: optionalText('Reason for stopping', 500),
  prescriber: optionalText('Prescriber', 160),
  pharmacy: optionalText('Pharmacy', 160),
  blister_pack: flag(false),
  instructions: optionalText('Special instructions', 2000),
  replaces_id: optionalWholeNumber('Replaces schedule', 1, MAX_ID),
};

const { stop_reason: _stopReason, replaces_id: _replaces, ...formEntries } = SCHEDULE_ENTRIES;

/**
 * A rule over several fields, reported on one (`field`, a path): checked as soon as the fields it reads are valid,
 * so the form shows it beside the others' messages rather than after them.
 */
function rule<T extends Record<string, unknown>>(reads: readonly (readonly string[])[], requirement: (input: T) => boolean, message: string | ((input: T) => string), field: readonly string[]) {
  const check = v.partialCheck(reads as never, ((input: T) => requirement(input)) as never, (typeof message === 'string' ? message : (issue: { input: unknown }) => message(issue.input as T)) as never);
  return v.forward(check as never, field as never) as unknown as v.BaseValidation<T, T, v.BaseIssue<unknown>>;
}

const scheduleObject = v.strictObject(
  {
    ...formEntries,
    replaces_id: optionalId('Choose the schedule this re-creates.'),
    confirm_duplicate: flag(false),
  },
  (issue) => (issue.expected === 'Object' ? 'Send the medication as a JSON object.' : issue.expected === 'never' ? `${issue.received} is not a field of a medication.` : 'This field is required.'),
);
type ScheduleFields = v.InferOutput<typeof scheduleObject>;

/**
 * A new schedule, as the "Add medication" form and POST /clients/:id/medications take it. Its rules, each on its
 * field: set times or periods unless it is PRN; a PRN medicine says when to give it, its maximum in 24 hours and
 * the gap between doses; a time-critical medicine has set times and a window. `confirm_duplicate` acknowledges the
 * warning that the same medicine is already active; `replaces_id` names the stopped schedule it re-creates.
 */
export const MedicationScheduleSchema = v.pipe(
  scheduleObject,
  rule<ScheduleFields>([['as_needed'], ['timing'], ['times']], (input) => input.as_needed || timesProblem(input.timing, input.times) === null, (input) => timesProblem(input.timing, input.times) ?? '', ['times']),
  rule<ScheduleFields>([['days_of_week']], (input) => weekdaysValid(input.days_of_week), 'Choose days of the week from the list.', ['days_of_week']),
  rule<ScheduleFields>([['as_needed'], ['prn_reason']], (input) => !input.as_needed || input.prn_reason !== '', 'Say when to give it (e.g. for knee pain, when breathless).', ['prn_reason']),
  rule<ScheduleFields>([['as_needed'], ['prn_max_doses']], (input) => !input.as_needed || input.prn_max_doses !== null, 'Give the maximum doses in 24 hours, from the label.', ['prn_max_doses']),
  rule<ScheduleFields>([['as_needed'], ['prn_min_gap_hours']], (input) => !input.as_needed || input.prn_min_gap_hours !== null, 'Give the minimum hours between doses, from the label.', ['prn_min_gap_hours']),
  rule<ScheduleFields>([['as_needed'], ['time_critical']], (input) => !(input.as_needed && input.time_critical), 'A medicine given only when needed cannot be time-critical: give it set times instead.', ['time_critical']),
  rule<ScheduleFields>([['as_needed'], ['time_critical'], ['timing']], (input) => input.as_needed || !input.time_critical || input.timing === 'exact', 'A time-critical medicine needs set times, not periods of the day.', ['timing']),
  inOrder('start_date', 'stop_date', 'The stop date cannot be before the start date.'),
  v.transform((input) => ({
    ...input,
    // A PRN medicine has no slots; its PRN fields are kept only when it is PRN.
    times: input.as_needed ? '' : normalisedTimes(input.timing, input.times),
    days_of_week: input.as_needed ? '' : normalisedWeekdays(input.days_of_week),
    prn_reason: input.as_needed ? input.prn_reason : '',
    prn_max_doses: input.as_needed ? input.prn_max_doses : null,
    prn_min_gap_hours: input.as_needed ? input.prn_min_gap_hours : null,
    time_critical_window: input.time_critical ? (input.time_critical_window ?? DEFAULT_TIME_CRITICAL_WINDOW_MINUTES) : null,
  })),
);

export type MedicationScheduleInput = v.InferInput<typeof MedicationScheduleSchema>;
export type MedicationScheduleValues = v.InferOutput<typeof MedicationScheduleSchema>;

/** "Stop": the first day no dose is due (today by default) and why; the schedule itself is never edited. */
export const StopScheduleSchema = v.strictObject(
  {
    stop_date: isoDate('Stop date'),
    stop_reason: requiredText('Reason for stopping', 500),
  },
  (issue) => (issue.expected === 'Object' ? 'Send the stop as a JSON object.' : issue.expected === 'never' ? `${issue.received} is not a field of a stop.` : 'This field is required.'),
);
export type StopScheduleInput = v.InferInput<typeof StopScheduleSchema>;

export type ScheduleStatus = 'active' | 'not-started' | 'stopped';

/** Whether a schedule is current on `day`: from its start date, up to (not including) its stop date. */
export function scheduleStatus(schedule: { start_date: string; stop_date: string | null }, day: string): ScheduleStatus {
  if (schedule.stop_date && schedule.stop_date <= day) return 'stopped';
  if (schedule.start_date > day) return 'not-started';
  return 'active';
}

/** Whether a scheduled medicine's doses are due on `day`: current then, and given that day of the week. */
export function dueOn(schedule: { start_date: string; stop_date: string | null; days_of_week: string }, day: string): boolean {
  return scheduleStatus(schedule, day) === 'active' && (schedule.days_of_week === '' || schedule.days_of_week.split(',').includes(weekdayOf(day)));
}

/** The days in words: 'Every day', or 'Monday and Thursday'. */
export function weekdaysText(days: string): string {
  const names = WEEKDAYS.filter((day) => days.split(',').includes(day.value)).map((day) => day.label);
  if (!names.length) return 'Every day';
  return names.length === 1 ? `${names[0]} only` : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** A schedule as the medication tab lists it: its fields with the catalogue medicine's name and form. */
export type MedicationSchedule = Omit<MedicationScheduleValues, 'confirm_duplicate' | 'stop_date' | 'replaces_id'> & {
  id: number;
  client_id: number;
  stop_date: string | null;
  stop_reason: string;
  replaces_id: number | null;
  replaced_by_id: number | null;
  status: ScheduleStatus;
  medicine: string;
  strength: string;
  form: string;
  controlled_drug: boolean;
  high_risk: boolean;
  created_at: string;
  created_by: string | null;
  stopped_by: string | null;
};

/** The 409 answer's data when the same medicine is already active: what the form shows before "Add anyway". */
export type DuplicateWarning = { duplicates: Pick<MedicationSchedule, 'id' | 'dose' | 'times' | 'timing' | 'as_needed' | 'start_date' | 'medicine'>[] };

/** GET /clients/:id/medications: the client's schedules, active first, with what the form's selects offer. */
export type MedicationList = {
  client: MarClient;
  schedules: MedicationSchedule[];
  medicines: { id: number; name: string; strength: string; form: string; route: string }[];
};

// ---------------------------------------------------------------- outcome codes

/**
 * The outcome codes (spec: the score display's A, R, NA, NR, LO, C, PR, O, M, P, PC; their meanings are not given,
 * DOMAIN.md): the agency's, stored and editable (labels, colours, whether the code counts as given, whether it
 * needs a note), seeded with this reading of the spec's codes. Each has a G variant (GA, GR…), drawn as a
 * gradient in the score display: on the MAR it marks a dose recorded outside its window (early or late).
 */
export const DEFAULT_OUTCOME_CODES = [
  // Given by the carer (or helped to take it: assist).
  { code: 'A', label: 'Administered', description: 'Given or assisted by the carer, and seen taken.', colour: '#1f7a4d', gradient_to: '#5fbf8f', counts_as_given: true, note_required: false },
  // Offered and declined: NG67 asks for the reason and for repeated refusals to be reported.
  { code: 'R', label: 'Refused', description: 'Offered and declined. Say why; tell the office if refused twice running.', colour: '#b42318', gradient_to: '#f07a6e', counts_as_given: false, note_required: true },
  { code: 'NA', label: 'Not available', description: 'Not in the home or run out. Say what was done to get it.', colour: '#52606d', gradient_to: '#9aa5b1', counts_as_given: false, note_required: true },
  { code: 'NR', label: 'Not required', description: 'Not needed at this time (a when-needed or variable dose).', colour: '#7b3fa0', gradient_to: '#b98ad6', counts_as_given: false, note_required: false },
  // Counted as given for the PRN limits: the dose has left the pack.
  { code: 'LO', label: 'Left out for later', description: 'Left out for the client to take later, as the care plan allows. Say where.', colour: '#9a5b00', gradient_to: '#e0a040', counts_as_given: true, note_required: true },
  { code: 'C', label: 'Away or in hospital', description: 'The client was not at home (hospital, respite, out with family).', colour: '#1e5aa8', gradient_to: '#6b9de0', counts_as_given: false, note_required: false },
  { code: 'PR', label: 'Prompted', description: 'Reminded; the client took it themselves.', colour: '#0f766e', gradient_to: '#4fb8ad', counts_as_given: true, note_required: false },
  { code: 'O', label: 'Other', description: 'Anything else: the note says what happened.', colour: '#c2410c', gradient_to: '#f58f5c', counts_as_given: false, note_required: true },
  { code: 'M', label: 'Made available', description: 'Put out ready (pack opened, drink poured) but not seen taken.', colour: '#a11d5b', gradient_to: '#e0709f', counts_as_given: true, note_required: false },
  { code: 'P', label: 'Given by family', description: 'Given or assisted by a family member or friend, not by staff.', colour: '#3f51b5', gradient_to: '#8794db', counts_as_given: true, note_required: false },
  { code: 'PC', label: 'Prompted and checked', description: 'Reminded, then checked that it was taken.', colour: '#0369a1', gradient_to: '#52a9d9', counts_as_given: true, note_required: false },
] as const;

/** The G variant of a code (GA for A): its gradient form in the score display. */
export const gradientVariantOf = (code: string) => `G${code}`;

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** An outcome code as the office edits it (PUT /mar/outcome-codes/:code; POST adds one with `code`). */
export const OutcomeCodeSchema = v.strictObject(
  {
    code: v.optional(v.pipe(v.string('Code is required.'), v.trim(), v.toUpperCase(), v.regex(/^[A-FH-Z][A-Z]{0,3}$/, 'A code is 1 to 4 letters and cannot start with G (G marks the gradient variant).'))),
    label: requiredText('Label', 60),
    description: optionalText('Meaning', 300),
    colour: v.pipe(v.string('Colour is required.'), v.trim(), v.regex(HEX_COLOUR, 'Colour must be a hex colour like #1f7a4d.')),
    gradient_to: v.pipe(v.string('Gradient colour is required.'), v.trim(), v.regex(HEX_COLOUR, 'Gradient colour must be a hex colour like #5fbf8f.')),
    counts_as_given: flag(false),
    note_required: flag(false),
    active: flag(true),
  },
  (issue) => (issue.expected === 'Object' ? 'Send the outcome code as a JSON object.' : issue.expected === 'never' ? `${issue.received} is not a field of an outcome code.` : 'This field is required.'),
);
export type OutcomeCodeInput = v.InferInput<typeof OutcomeCodeSchema>;
export type OutcomeCodeValues = v.InferOutput<typeof OutcomeCodeSchema>;

export type OutcomeCode = {
  code: string;
  label: string;
  description: string;
  colour: string;
  gradient_to: string;
  counts_as_given: boolean;
  note_required: boolean;
  active: boolean;
  sort_order: number;
};

// ---------------------------------------------------------------- administrations

export const CREATED_VIA = ['office', 'device'] as const;
export type CreatedVia = (typeof CREATED_VIA)[number];

/** An Idempotency-Key: 8 to 200 safe characters (a device's UUID per record). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,200}$/;

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/;
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * When the dose was given: a UK wall-clock time from a form ('2026-11-12T08:05') or an instant with its offset from
 * a device ('2026-11-12T08:05:00Z'); stored as the instant. Not in the future (five minutes for a device's clock).
 */
const givenAt = v.pipe(
  v.string('Give the date and time it was given.'),
  v.trim(),
  v.check((value) => {
    const local = LOCAL_DATE_TIME.exec(value);
    if (local) return isCalendarDate(local[1]!) && !Number.isNaN(minutesOf(local[2]!));
    return ZONED_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
  }, 'Give the date and time it was given, like 2026-11-12 08:05.'),
  v.transform((value) => {
    const local = LOCAL_DATE_TIME.exec(value);
    return (local ? ukInstant(local[1]!, local[2]!) : new Date(value)).toISOString();
  }),
  v.check((iso) => Date.parse(iso) <= clock.nowMs() + 5 * 60_000, 'The time given cannot be in the future.'),
  v.check((iso) => iso >= '2000-01-01', 'Give the date and time it was given, like 2026-11-12 08:05.'),
);

/**
 * One administration, as the MAR chart's dialog and the carers' devices send it. A scheduled dose names its slot
 * (due date and slot: a set time or a period); a PRN dose has none, and gives the reason it was given. A dose over
 * the PRN limits is refused unless `over_limit_reason` says why it was given anyway. `corrects_id` replaces an
 * earlier record of the same slot (kept, marked corrected) and needs `correction_reason`.
 */
export const AdministrationSchema = v.pipe(
  v.strictObject(
    {
      schedule_id: referenceTo('Choose the medicine.'),
      due_date: optionalIsoDate('Due date'),
      due_slot: optionalText('Dose time', 20),
      outcome: v.pipe(v.string('Choose an outcome.'), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{1,4}$/, 'Choose an outcome.')),
      given_at: givenAt,
      dose_given: optionalText('Dose given', 80),
      note: optionalText('Note', 2000),
      prn_reason: optionalText('Reason for giving it', 500),
      over_limit_reason: optionalText('Reason for giving it over the limit', 500),
      corrects_id: optionalId('Choose the record this corrects.'),
      correction_reason: optionalText('Reason for the correction', 500),
      idempotency_key: v.optional(v.pipe(v.string(), v.trim(), v.check((key) => key === '' || IDEMPOTENCY_KEY.test(key), 'The idempotency key must be 8 to 200 letters, digits, dots, colons, dashes or underscores.')), ''),
    },
    (issue) => (issue.expected === 'Object' ? 'Send the administration as a JSON object.' : issue.expected === 'never' ? `${issue.received} is not a field of an administration.` : 'This field is required.'),
  ),
  v.forward(
    v.partialCheck([['corrects_id'], ['correction_reason']], (input) => input.corrects_id === null || input.correction_reason !== '', 'Say why the earlier record is being corrected.'),
    ['correction_reason'],
  ),
  v.forward(
    v.partialCheck([['due_date'], ['due_slot']], (input) => (input.due_date === '') === (input.due_slot === ''), 'A scheduled dose names both its day and its time.'),
    ['due_slot'],
  ),
);

export type AdministrationInput = v.InferInput<typeof AdministrationSchema>;
export type AdministrationValues = v.InferOutput<typeof AdministrationSchema>;

/** A recorded administration as the API answers it. */
export type Administration = {
  id: number;
  client_id: number;
  schedule_id: number;
  medicine: string;
  due_date: string | null;
  due_slot: string | null;
  chart_date: string;
  outcome: string;
  outcome_label: string;
  colour: string;
  counts_as_given: boolean;
  given_at: string;
  recorded_at: string;
  recorded_by: number;
  recorded_by_name: string;
  dose_given: string;
  note: string;
  prn_reason: string;
  over_limit: boolean;
  over_limit_reason: string;
  corrects_id: number | null;
  correction_reason: string;
  superseded_at: string | null;
  superseded_by: number | null;
  outside_window: boolean;
  created_via: CreatedVia;
};

/** GET /clients/:id/administrations/:logid: one record with the chain of records it corrected or was corrected by. */
export type AdministrationDetail = { administration: Administration; schedule: MedicationSchedule; history: Administration[] };

// ---------------------------------------------------------------- the MAR chart

export type MarClient = { id: number; name: string; date_of_birth: string; nhs_number: string; gp_practice: string; allergies: string };

/** A month of the chart: 'YYYY-MM'. */
export const MAR_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The days of a month, 'YYYY-MM-DD'. */
export function daysOfMonth(month: string): string[] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return Array.from({ length: count }, (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`);
}

export const currentMonth = (now = clock.now()) => londonDate(now).slice(0, 7);

/**
 * A cell of a scheduled row: `off` (not due that day: before the start or from the stop), `upcoming` (its window
 * not yet open), `due` (open now), `gap` (the window has passed with nothing recorded), or `recorded`.
 */
export type MarCellState = 'off' | 'upcoming' | 'due' | 'gap' | 'recorded';

/** What a recorded cell shows: the outcome (code, colour), who and when; `late` when outside the window (G variant). */
export type MarEntry = {
  id: number;
  code: string;
  given_at: string;
  by: string;
  note: string;
  dose_given: string;
  prn_reason: string;
  over_limit: boolean;
  outside_window: boolean;
  corrected: boolean;
  created_via: CreatedVia;
};

export type MarCell = { state: Exclude<MarCellState, 'recorded'> } | { state: 'recorded'; entry: MarEntry };

type MarMedicine = {
  schedule_id: number;
  medicine: string;
  strength: string;
  dose: string;
  route: string;
  support_level: string;
  frequency: string;
  days_of_week: string;
  instructions: string;
  start_date: string;
  stop_date: string | null;
  blister_pack: boolean;
  controlled_drug: boolean;
};

/** One row of the grid: a scheduled medicine at one slot, a cell per day of the month. */
export type MarRow = MarMedicine & { slot: string; time_critical: boolean; window_minutes: number | null; cells: MarCell[] };

/** A PRN medicine: its limits and, per day of the month, the doses recorded. */
export type MarPrnRow = MarMedicine & { prn_reason: string; max_doses: number | null; min_gap_hours: number | null; days: MarEntry[][] };

export type MarGap = { schedule_id: number; medicine: string; day: string; slot: string; window_closed_at: string; time_critical: boolean };

/** GET /clients/:id/mar?month=YYYY-MM. */
export type MarChart = {
  client: MarClient;
  month: string;
  days: string[];
  today: string;
  generated_at: string;
  codes: OutcomeCode[];
  rows: MarRow[];
  prn: MarPrnRow[];
  gaps: MarGap[];
  totals: { due: number; recorded: number; given: number; not_given: number; gaps: number; prn_doses: number; over_limit: number; outside_window: number };
};

// ---------------------------------------------------------------- the MAR chart audit

/** What a monthly MAR audit checks (CQC's guidance on MARs, NICE NG67 and agencies' audit tools). */
export const MAR_AUDIT_CHECKS = [
  { key: 'client_details', label: 'Client details on the chart are complete: name, date of birth, NHS number, GP' },
  { key: 'allergies', label: 'Allergies (or "none known") are recorded on the chart' },
  { key: 'medicine_details', label: 'Every medicine has its name, strength, dose, route, times and start date' },
  { key: 'matches_prescription', label: 'The chart matches the current prescriptions and pharmacy labels' },
  { key: 'records_complete', label: 'Every due dose has an outcome recorded (no unexplained gaps)' },
  { key: 'codes_explained', label: 'Every dose not given has a code and a note explaining why' },
  { key: 'prn_reasons', label: 'Every when-needed (PRN) dose has its reason, and the limits were kept' },
  { key: 'time_critical', label: 'Time-critical medicines were given within their window' },
  { key: 'stock_counts', label: 'Stock counts match the chart (boxes, bottles and blister packs counted)' },
  { key: 'controlled_drugs', label: 'Controlled drugs: the balance is correct and each dose has two signatures' },
  { key: 'changes_authorised', label: 'New, changed and stopped medicines have the prescriber\'s authority recorded' },
  { key: 'storage', label: 'Medicines are stored safely; creams and drops are dated on opening' },
] as const;

export type MarAuditCheckKey = (typeof MAR_AUDIT_CHECKS)[number]['key'];

export const MAR_AUDIT_ANSWERS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: 'na', label: 'Not applicable' },
] as const;

export const MAR_AUDIT_OUTCOMES = [
  { value: 'satisfactory', label: 'Satisfactory: no action needed' },
  { value: 'actions', label: 'Actions needed' },
  { value: 'concern', label: 'Serious concern: escalated (medication error or safeguarding)' },
] as const;

const checkAnswer = v.strictObject({
  answer: v.picklist(['yes', 'no', 'na'], 'Answer yes, no or not applicable.'),
  comment: optionalText('Comment', 1000),
});

const auditObject = v.strictObject(
  {
    month: v.pipe(
      v.string('Choose the month audited.'),
      v.trim(),
      v.regex(MAR_MONTH, 'Choose the month audited, like 2026-10.'),
      v.check((month) => month <= currentMonth(), 'The month audited cannot be in the future.'),
    ),
    audited_on: v.pipe(isoDate('Date of the audit'), v.check((day) => !isCalendarDate(day) || day <= londonDate(), 'The date of the audit cannot be in the future.')),
    checks: v.strictObject(
      Object.fromEntries(MAR_AUDIT_CHECKS.map((check) => [check.key, checkAnswer])) as Record<MarAuditCheckKey, typeof checkAnswer>,
      'Answer every check.',
    ),
    gaps_explained: optionalText('What explains the gaps', 4000),
    findings: requiredText('Findings', 4000),
    outcome: choiceOf(MAR_AUDIT_OUTCOMES, 'Choose the outcome.'),
    actions: optionalText('Actions', 4000),
    action_owner: optionalText('Who will do them', 120),
    action_due: optionalIsoDate('Actions due by'),
  },
  (issue) => (issue.expected === 'Object' ? 'Send the audit as a JSON object.' : issue.expected === 'never' ? `${issue.received} is not a field of a MAR audit.` : 'This field is required.'),
);
type AuditFields = v.InferOutput<typeof auditObject>;

/**
 * The office's monthly audit of a client's chart, as the form and POST /clients/:id/mar-audits take it: a "no"
 * says what was wrong; an outcome other than satisfactory says what will be done, by whom and by when.
 */
export const MarAuditSchema = v.pipe(
  auditObject,
  // Read defensively: it runs even when other answers are invalid, so each "no" gets its message at once.
  v.rawCheck<AuditFields>(({ dataset, addIssue }) => {
    const checks = (dataset.value as { checks?: Record<string, { answer?: unknown; comment?: unknown } | undefined> } | undefined)?.checks;
    for (const check of MAR_AUDIT_CHECKS) {
      const answer = checks?.[check.key];
      if (answer?.answer !== 'no' || (typeof answer.comment === 'string' && answer.comment.trim() !== '')) continue;
      addIssue({
        message: 'Say what was wrong.',
        path: [
          { type: 'object', origin: 'value', input: dataset.value as Record<string, unknown>, key: 'checks', value: checks },
          { type: 'object', origin: 'value', input: checks as Record<string, unknown>, key: check.key, value: answer },
          { type: 'object', origin: 'value', input: answer as Record<string, unknown>, key: 'comment', value: answer.comment },
        ],
      });
    }
  }),
  rule<AuditFields>([['outcome'], ['actions']], (input) => input.outcome === 'satisfactory' || input.actions !== '', 'Say what will be done.', ['actions']),
  rule<AuditFields>([['outcome'], ['action_owner']], (input) => input.outcome === 'satisfactory' || input.action_owner !== '', 'Say who will do it.', ['action_owner']),
  rule<AuditFields>([['outcome'], ['action_due']], (input) => input.outcome === 'satisfactory' || input.action_due !== '', 'Give a date the actions are due by.', ['action_due']),
);

export type MarAuditInput = v.InferInput<typeof MarAuditSchema>;
export type MarAuditValues = v.InferOutput<typeof MarAuditSchema>;

/** A stored audit: what was answered, with the gaps and totals the product found for the month when it was saved. */
export type MarAudit = MarAuditValues & {
  id: number;
  client_id: number;
  auditor_id: number;
  auditor: string;
  gaps: MarGap[];
  totals: MarChart['totals'];
  created_at: string;
};

/** GET /clients/:id/mar-audits/findings?month=: what the product finds in a month, for a new audit. */
export type MarAuditFindings = { month: string; gaps: MarGap[]; totals: MarChart['totals']; refused: { medicine: string; day: string; slot: string | null; note: string }[] };
