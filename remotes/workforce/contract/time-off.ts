import * as v from 'valibot';
import { isCalendarDate, minutesOfDay, optionalIsoDate, optionalText, requiredText, timeOfDay, type Choice } from '@hcm/contract/engine';

// Availability and holidays (issue 14): a carer's duty days (a weekly or fortnightly pattern), temporary changes
// to it, holidays of carers and office employees with their balances, and the calendars. One schema per form,
// read by the screens (react-hook-form) and the API alike. Forms send text and booleans; the API takes numbers too.

// ---------------------------------------------------------------- shared pieces

export const WEEKDAYS = [
  { value: 1, label: 'Monday', short: 'Mon' },
  { value: 2, label: 'Tuesday', short: 'Tue' },
  { value: 3, label: 'Wednesday', short: 'Wed' },
  { value: 4, label: 'Thursday', short: 'Thu' },
  { value: 5, label: 'Friday', short: 'Fri' },
  { value: 6, label: 'Saturday', short: 'Sat' },
  { value: 7, label: 'Sunday', short: 'Sun' },
] as const;

/** The longest period one temporary change, holiday or worked-hours entry may cover. */
export const MAX_SPAN_DAYS = 366;
/** The longest period the availability read model answers at once. */
export const MAX_AVAILABILITY_DAYS = 62;
/** At most this many time windows on one day. */
export const MAX_WINDOWS = 6;

/** Days from one YYYY-MM-DD to another (negative when `to` is before `from`). */
export function daysFromTo(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** ISO weekday (1 Monday … 7 Sunday) of a YYYY-MM-DD. */
export function weekdayOf(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

const pathItem = (input: unknown, key: string | number, value: unknown) =>
  ({ type: typeof key === 'number' ? 'array' : 'object', origin: 'value', input, key, value }) as unknown as v.IssuePathItem;

/** A yes/no from a checkbox (boolean) or text ('true'/'false', 'yes'/'no'). */
const yesNo = (defaultValue: boolean) =>
  v.optional(
    v.pipe(
      v.union([v.boolean(), v.picklist(['true', 'false', 'yes', 'no'])], 'Choose yes or no.'),
      v.transform((value) => value === true || value === 'true' || value === 'yes'),
    ),
    defaultValue,
  );

const dateField = (label: string) => v.pipe(v.string(`${label} is required.`), v.trim(), v.minLength(1, `${label} is required.`), v.check(isCalendarDate, `${label} must be a date like 2026-12-01.`));

/** A time window of a day, from–to (24-hour HH:MM); the end must be after the start. */
export const TimeWindowSchema = v.pipe(
  v.object({ from: timeOfDay('From'), to: timeOfDay('To') }, 'Give each time window a start and an end.'),
  v.forward(
    v.check((window) => minutesOfDay(window.to) > minutesOfDay(window.from), 'The end must be after the start.'),
    ['to'],
  ),
);
export type TimeWindow = { from: string; to: string };

/** Whether two windows share any minute (touching ends, 09:00–12:00 and 12:00–14:00, do not). */
export const windowsOverlap = (a: TimeWindow, b: TimeWindow) => minutesOfDay(a.from) < minutesOfDay(b.to) && minutesOfDay(b.from) < minutesOfDay(a.to);

/** A day's windows: at most MAX_WINDOWS, none overlapping another (the later one is told). */
const windowsSchema = v.pipe(
  v.array(TimeWindowSchema, 'Send the time windows as a list.'),
  v.maxLength(MAX_WINDOWS, `At most ${MAX_WINDOWS} time windows a day.`),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const windows = dataset.value;
    windows.forEach((window, index) => {
      const clash = windows.findIndex((other, otherIndex) => otherIndex < index && windowsOverlap(window, other));
      if (clash >= 0) {
        addIssue({
          message: `This window overlaps ${windows[clash]!.from}–${windows[clash]!.to}.`,
          path: [pathItem(windows, index, window), pathItem(window, 'from', window.from)],
        });
      }
    });
  }),
);

/** Minutes of a day's windows added up. */
export const windowMinutes = (windows: readonly TimeWindow[]) => windows.reduce((sum, window) => sum + minutesOfDay(window.to) - minutesOfDay(window.from), 0);

// ---------------------------------------------------------------- duty days (the weekly pattern)

export const PATTERN_WEEKS = ['A', 'B'] as const;
export type PatternWeek = (typeof PATTERN_WEEKS)[number];

export const DutyDaySchema = v.pipe(
  v.object(
    {
      week: v.optional(v.picklist(PATTERN_WEEKS, 'Choose week A or B.'), 'A'),
      weekday: v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d$/, 'Choose a weekday.'))], 'Choose a weekday.'),
        v.transform(Number),
        v.integer('Choose a weekday.'),
        v.minValue(1, 'Choose a weekday.'),
        v.maxValue(7, 'Choose a weekday.'),
      ),
      available: yesNo(false),
      windows: v.optional(windowsSchema, []),
      note: optionalText('Note', 200),
    },
    'Send each day as an object.',
  ),
  v.forward(
    v.check((day) => !day.available || day.windows.length > 0, 'Give at least one time window on a day they are available.'),
    ['windows'],
  ),
  // A day they are not available keeps no windows.
  v.transform((day) => ({ ...day, windows: day.available ? day.windows : [] })),
);
export type DutyDay = { week: PatternWeek; weekday: number; available: boolean; windows: TimeWindow[]; note: string };

/** A Monday, the first day of week A of a fortnightly pattern. */
const isMonday = (day: string) => isCalendarDate(day) && weekdayOf(day) === 1;

export const DutyPatternSchema = v.pipe(
  v.strictObject(
    {
      fortnightly: yesNo(false),
      week_a_starts_on: optionalIsoDate('Week A starts on'),
      days: v.pipe(v.array(DutyDaySchema, 'Send the days as a list.'), v.maxLength(14, 'At most 14 days (two weeks).')),
    },
    (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a duty-day pattern.` : issue.expected === 'Object' ? 'Send the pattern as a JSON object.' : 'This field is required.'),
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const pattern = dataset.value;
    if (pattern.fortnightly && !pattern.week_a_starts_on) {
      addIssue({ message: 'Give the Monday week A starts on.', path: [pathItem(pattern, 'week_a_starts_on', pattern.week_a_starts_on)] });
    } else if (pattern.fortnightly && !isMonday(pattern.week_a_starts_on)) {
      addIssue({ message: 'Week A must start on a Monday.', path: [pathItem(pattern, 'week_a_starts_on', pattern.week_a_starts_on)] });
    }
    const seen = new Set<string>();
    pattern.days.forEach((day, index) => {
      const key = `${day.week}${day.weekday}`;
      const at = [pathItem(pattern, 'days', pattern.days), pathItem(pattern.days, index, day)] as const;
      if (day.week === 'B' && !pattern.fortnightly) addIssue({ message: 'Week B is only for a fortnightly pattern.', path: [...at, pathItem(day, 'week', day.week)] });
      else if (seen.has(key)) addIssue({ message: 'This weekday is already in the pattern.', path: [...at, pathItem(day, 'weekday', day.weekday)] });
      seen.add(key);
    });
  }),
  v.transform((pattern) => ({ ...pattern, week_a_starts_on: pattern.fortnightly ? pattern.week_a_starts_on : '' })),
);
export type DutyPatternInput = v.InferInput<typeof DutyPatternSchema>;

// ---------------------------------------------------------------- temporary changes (duty-temporary-days)

const periodChecks = <T extends Record<string, unknown>>(fromKey: keyof T & string, toKey: keyof T & string, what: string) =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const value = dataset.value;
    const from = String(value[fromKey]);
    const to = String(value[toKey]);
    const span = daysFromTo(from, to);
    if (span < 0) addIssue({ message: `The end date must be on or after the start date.`, path: [pathItem(value, toKey, to)] });
    else if (span >= MAX_SPAN_DAYS) addIssue({ message: `${what} may cover at most ${MAX_SPAN_DAYS} days.`, path: [pathItem(value, toKey, to)] });
  });

export const TemporaryChangeSchema = v.pipe(
  v.strictObject(
    {
      from_date: dateField('From'),
      to_date: dateField('To'),
      available: yesNo(false),
      windows: v.optional(windowsSchema, []),
      reason: requiredText('Reason', 300),
    },
    (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a temporary change.` : issue.expected === 'Object' ? 'Send the change as a JSON object.' : 'This field is required.'),
  ),
  periodChecks('from_date', 'to_date', 'A temporary change'),
  v.forward(
    v.check((change) => !change.available || change.windows.length > 0, 'Give the hours they are available.'),
    ['windows'],
  ),
  v.transform((change) => ({ ...change, windows: change.available ? change.windows : [] })),
);
export type TemporaryChangeInput = v.InferInput<typeof TemporaryChangeSchema>;

// ---------------------------------------------------------------- holidays

export const HOLIDAY_STATUSES = [
  { value: 'requested', label: 'Requested' },
  { value: 'approved', label: 'Approved' },
  { value: 'refused', label: 'Refused' },
  { value: 'cancelled', label: 'Cancelled' },
] as const satisfies readonly Choice[];
export type HolidayStatus = (typeof HOLIDAY_STATUSES)[number]['value'];

export const HolidayRequestSchema = v.pipe(
  v.strictObject(
    {
      from_date: dateField('First day'),
      to_date: dateField('Last day'),
      half_day_start: yesNo(false),
      half_day_end: yesNo(false),
      reason_id: v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/, 'Choose a reason.'))], 'Choose a reason.'),
        v.transform(Number),
        v.integer('Choose a reason.'),
        v.minValue(1, 'Choose a reason.'),
      ),
      notes: optionalText('Notes', 1000),
      /** A manager allowing leave beyond the entitlement says why (holidays.approve); empty otherwise. */
      override_reason: optionalText('Why it is allowed beyond the entitlement', 1000),
    },
    (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a holiday request.` : issue.expected === 'Object' ? 'Send the request as a JSON object.' : 'This field is required.'),
  ),
  periodChecks('from_date', 'to_date', 'One request'),
  v.forward(
    v.check((request) => !(request.from_date === request.to_date && request.half_day_start && request.half_day_end), 'For a single half day, tick only one half.'),
    ['half_day_end'],
  ),
);
export type HolidayRequestInput = v.InferInput<typeof HolidayRequestSchema>;

export const RefuseHolidaySchema = v.strictObject(
  { reason: requiredText('Why it is refused', 1000) },
  (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a refusal.` : 'Say why the holiday is refused.'),
);
export const ApproveHolidaySchema = v.strictObject({ note: optionalText('Note', 1000), override_reason: optionalText('Why it is allowed beyond the entitlement', 1000) }, (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of an approval.` : 'Send the approval as a JSON object.'));
export const CancelHolidaySchema = v.strictObject({ reason: optionalText('Why it is cancelled', 1000) }, (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a cancellation.` : 'Send the cancellation as a JSON object.'));

// ---------------------------------------------------------------- hours worked (irregular-hours accrual)

export const WorkedHoursSchema = v.pipe(
  v.strictObject(
    {
      period_start: dateField('Period start'),
      period_end: dateField('Period end'),
      hours: v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,4}(\.\d{1,2})?$/, 'Hours must be a number like 37.5.'))], 'Hours worked are required.'),
        v.transform(Number),
        v.number('Hours must be a number like 37.5.'),
        v.minValue(0, 'Hours cannot be negative.'),
        v.maxValue(744, 'Hours must be at most 744 (a month of every hour).'),
      ),
      note: optionalText('Note', 300),
    },
    (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of worked hours.` : issue.expected === 'Object' ? 'Send the hours as a JSON object.' : 'This field is required.'),
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const value = dataset.value;
    const span = daysFromTo(value.period_start, value.period_end);
    if (span < 0) addIssue({ message: 'The period must end on or after its start.', path: [pathItem(value, 'period_end', value.period_end)] });
    else if (span > 31) addIssue({ message: 'Record hours per pay period: at most 31 days.', path: [pathItem(value, 'period_end', value.period_end)] });
    else if (value.hours > (span + 1) * 24) addIssue({ message: 'More hours than the period has.', path: [pathItem(value, 'hours', value.hours)] });
  }),
);
export type WorkedHoursInput = v.InferInput<typeof WorkedHoursSchema>;

// ---------------------------------------------------------------- what the API answers

export type DutyPattern = {
  carer_id: number;
  fortnightly: boolean;
  week_a_starts_on: string | null;
  days: DutyDay[];
  /** Days a week they are available (a fortnightly pattern: the average of its two weeks). */
  days_per_week: number;
  hours_per_week: number;
  updated_at: string | null;
  updated_by_name: string | null;
};

export type TemporaryChange = { id: number; carer_id: number; from_date: string; to_date: string; available: boolean; windows: TimeWindow[]; reason: string; created_by_name: string | null; created_at: string };

export type CarerAvailability = { carer: { id: number; name: string; contract_type: string; contracted_hours: number | null; irregular_hours: boolean }; pattern: DutyPattern; temporary: TemporaryChange[] };

export const AVAILABILITY_STATES = [
  { value: 'available', label: 'Available' },
  { value: 'unavailable', label: 'Not available' },
  { value: 'holiday', label: 'On holiday' },
  { value: 'not-set', label: 'No duty days set' },
] as const satisfies readonly Choice[];
export type AvailabilityState = (typeof AVAILABILITY_STATES)[number]['value'];

/** One day of a carer as the rota reads it: the pattern, then temporary changes, then approved holidays. */
export const AvailabilityDaySchema = v.object({
  date: v.string(),
  status: v.picklist(AVAILABILITY_STATES.map((state) => state.value)),
  windows: v.array(v.object({ from: v.string(), to: v.string() })),
  source: v.picklist(['pattern', 'temporary', 'holiday', 'none']),
  note: v.string(),
});
export type AvailabilityDay = v.InferOutput<typeof AvailabilityDaySchema>;

/** A carer's days: GET /api/v1/carers/availability answers a list of them (published to other areas: the schema is the type). */
export const CarerAvailabilityDaysSchema = v.object({ carer_id: v.number(), name: v.string(), branch_id: v.number(), branch: v.string(), days: v.array(AvailabilityDaySchema) });
export type CarerAvailabilityDays = v.InferOutput<typeof CarerAvailabilityDaysSchema>;

export type HolidayOwner = 'carers' | 'employees';

export type HolidayDay = { date: string; fraction: 0.5 | 1; hours: number };

export type HolidayRow = {
  id: number;
  owner: HolidayOwner;
  person_id: number;
  person_name: string;
  branch_id: number;
  branch: string;
  from_date: string;
  to_date: string;
  half_day_start: boolean;
  half_day_end: boolean;
  reason_id: number;
  reason: string;
  paid: boolean;
  deducts_allowance: boolean;
  notes: string;
  status: HolidayStatus;
  /** Working days taken (halves count 0.5), bank holidays and non-working days left out. */
  days: number;
  hours: number;
  requested_by_name: string | null;
  requested_at: string;
  decided_by_name: string | null;
  decided_at: string | null;
  decision_reason: string;
  cancelled_by_name: string | null;
  cancelled_at: string | null;
  cancel_reason: string;
  /** Why a manager allowed it beyond the entitlement ('' when it was within it), who and when. */
  override_reason: string;
  overridden_by_name: string | null;
  overridden_at: string | null;
};

export type HolidayWarning = { kind: 'branch-clash' | 'branch-limit' | 'visits' | 'balance' | 'bank-holiday'; message: string };

export type HolidayDetail = HolidayRow & {
  breakdown: HolidayDay[];
  warnings: HolidayWarning[];
  /** The holiday is the signed-in user's own: they may not approve or refuse it. */
  own: boolean;
};

export type HolidaySaved = { holiday: HolidayDetail; warnings: HolidayWarning[] };

export type HolidayBalance = {
  leave_year: { start: string; end: string };
  basis: 'statutory' | 'accrual';
  unit: 'days' | 'hours';
  entitlement: number;
  taken: number;
  booked: number;
  requested: number;
  remaining: number;
  days_per_week: number;
  hours_per_week: number;
  worked_hours: number | null;
  accrual_percent: number | null;
  explanation: string;
};

export type HolidayReasonChoice = { id: number; name: string; paid: boolean; deducts_allowance: boolean };

export type WorkedHoursRow = { id: number; period_start: string; period_end: string; hours: number; note: string; recorded_by_name: string | null; created_at: string };

export type CalendarPerson = { owner: HolidayOwner; person_id: number; holiday_id: number; name: string; branch: string; status: 'approved' | 'requested'; half: 'am' | 'pm' | null; reason: string };
export type CalendarDay = { date: string; people: CalendarPerson[]; bank_holidays: string[]; closures: { name: string; branch: string }[] };
export type CalendarMonth = { month: string; who: 'carers' | 'employees' | 'all'; branch_id: number | null; days: CalendarDay[] };

/** The label of a choice's value, or the value itself. */
export const labelOf = (choices: readonly { value: string; label: string }[], value: string) => choices.find((choice) => choice.value === value)?.label ?? value;
