import * as v from 'valibot';
import { isCalendarDate, isoDate, objectMessage, optionalText, requiredText } from '@hcm/contract/engine';
import { TaskSchema, timeOfDay, type VisitTask } from './visits.js';

// A client's rota template (the client record's `visit-templates` tab): a weekly pattern of calls repeating every
// 1 to 8 weeks, from which the period's visits are generated; and the client's commissioned time windows (the
// `client-slots` tab). One schema each, read by the form and the server.

export const WEEKDAYS = [
  { value: 1, label: 'Monday', short: 'Mon' },
  { value: 2, label: 'Tuesday', short: 'Tue' },
  { value: 3, label: 'Wednesday', short: 'Wed' },
  { value: 4, label: 'Thursday', short: 'Thu' },
  { value: 5, label: 'Friday', short: 'Fri' },
  { value: 6, label: 'Saturday', short: 'Sat' },
  { value: 7, label: 'Sunday', short: 'Sun' },
] as const;

export const BANK_HOLIDAY_RULES = [
  { value: 'run', label: 'Run the visits as usual' },
  { value: 'skip', label: 'Skip the visits on bank holidays' },
] as const;

/** Calls are commonly 15, 30, 45 or 60 minutes (councils report hours by those bands); any multiple of 5 is taken. */
export const DURATION_CHOICES = [15, 30, 45, 60, 75, 90, 120] as const;
export const MAX_SLOTS = 60;
export const MAX_PREFERRED_CARERS = 4;

const MAX_ID = 2_147_483_647;
const wholeIn = (label: string, min: number, max: number, message = `${label} must be a whole number from ${min} to ${max}.`) =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.nonEmpty(`${label} is required.`))], message),
    v.transform(Number),
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
const optionalRef = (message: string) =>
  v.optional(
    v.union([
      v.pipe(v.union([v.literal(''), v.null()]), v.transform((): number | null => null)),
      v.pipe(v.union([v.number(message), v.pipe(v.string(message), v.nonEmpty(message))]), v.transform(Number), v.integer(message), v.minValue(1, message), v.maxValue(MAX_ID, message)),
    ], message),
    null,
  );
const carerId = v.pipe(v.union([v.number(), v.string()], 'Choose a carer.'), v.transform(Number), v.integer('Choose a carer.'), v.minValue(1, 'Choose a carer.'), v.maxValue(MAX_ID, 'Choose a carer.'));

/** One call of the pattern: the week of the cycle, the weekday, the UK wall-clock start, length, carers and tasks. */
export const TemplateSlotSchema = v.strictObject(
  {
    /** The slot's id when editing an existing one (its future visits are updated rather than replaced). */
    id: optionalRef('Unknown slot.'),
    week: wholeIn('Week', 1, 8, 'The week of the cycle is from 1 to 8.'),
    weekday: wholeIn('Day', 1, 7, 'Choose the day of the week.'),
    start_time: timeOfDay('Start time'),
    duration_minutes: v.pipe(
      wholeIn('Length', 5, 720, 'A call lasts from 5 minutes to 12 hours.'),
      v.check((minutes) => minutes % 5 === 0, 'A call’s length is a multiple of 5 minutes (15, 30, 45, 60…).'),
    ),
    carers_needed: v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.picklist([1, 2], 'A call needs one carer, or two for a double-up.')),
    visit_slot_id: optionalRef('Choose the visit slot.'),
    tasks: v.optional(v.pipe(v.array(TaskSchema, 'Tasks are a list.'), v.maxLength(40, 'At most 40 tasks a call.')), []),
    preferred_carer_ids: v.optional(
      v.pipe(
        v.array(carerId, 'Preferred carers are a list.'),
        v.maxLength(MAX_PREFERRED_CARERS, `At most ${MAX_PREFERRED_CARERS} preferred carers a call.`),
        v.check((ids) => new Set(ids).size === ids.length, 'A carer is named twice.'),
      ),
      [],
    ),
    notes: optionalText('Notes for the carers', 1000),
  },
  objectMessage('call'),
);

const pathTo = (input: Record<string, unknown>, index: number, key: string) => {
  const slots = input.slots as Record<string, unknown>[];
  return [
    { type: 'object' as const, origin: 'value' as const, input, key: 'slots', value: slots },
    { type: 'array' as const, origin: 'value' as const, input: slots, key: index, value: slots[index] },
    { type: 'object' as const, origin: 'value' as const, input: slots[index]!, key, value: slots[index]![key] },
  ];
};

/** A template with its calls, as the form sends it (POST, and PUT with `version`). */
export const TemplateSchema = v.pipe(
  v.strictObject(
    {
      name: requiredText('Name', 120),
      starts_on: isoDate('Starts on'),
      ends_on: v.optional(
        v.union([v.pipe(v.union([v.literal(''), v.null()]), v.transform((): string | null => null)), v.pipe(v.string(), v.trim(), v.check(isCalendarDate, 'Ends on must be a date.'))], 'Ends on must be a date.'),
        null,
      ),
      repeat_weeks: wholeIn('Repeats every', 1, 8, 'The pattern repeats every 1 to 8 weeks.'),
      funder_code_id: optionalRef('Choose the funder code.'),
      bank_holidays: v.optional(v.picklist(['run', 'skip'], 'Choose what happens on bank holidays.'), 'run'),
      notes: optionalText('Notes', 2000),
      slots: v.pipe(v.array(TemplateSlotSchema, 'Add the calls of the pattern.'), v.minLength(1, 'Add at least one call.'), v.maxLength(MAX_SLOTS, `At most ${MAX_SLOTS} calls in a pattern.`)),
    },
    objectMessage('template'),
  ),
  v.forward(
    v.partialCheck([['starts_on'], ['ends_on']], (input) => !input.ends_on || input.ends_on >= input.starts_on, 'Ends on must be on or after the start.'),
    ['ends_on'],
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const input = dataset.value as unknown as Record<string, unknown>;
    const seen = new Set<string>();
    dataset.value.slots.forEach((slot, index) => {
      if (slot.week > dataset.value.repeat_weeks) {
        addIssue({ message: `Week ${slot.week} is beyond the cycle of ${dataset.value.repeat_weeks} week${dataset.value.repeat_weeks === 1 ? '' : 's'}.`, path: pathTo(input, index, 'week') as never });
      }
      const key = `${slot.week}|${slot.weekday}|${slot.start_time}`;
      if (seen.has(key)) addIssue({ message: 'Another call starts at the same time on this day.', path: pathTo(input, index, 'start_time') as never });
      seen.add(key);
    });
  }),
);
export type TemplateInput = v.InferInput<typeof TemplateSchema>;
export type TemplateValues = v.InferOutput<typeof TemplateSchema>;
export type TemplateSlotValues = TemplateValues['slots'][number];

/** A client's commissioned time window for one named visit slot (morning, lunch…). */
export const ClientSlotSchema = v.pipe(
  v.strictObject(
    {
      visit_slot_id: v.pipe(v.union([v.number(), v.pipe(v.string(), v.nonEmpty('Choose the visit slot.'))], 'Choose the visit slot.'), v.transform(Number), v.integer('Choose the visit slot.'), v.minValue(1, 'Choose the visit slot.'), v.maxValue(MAX_ID, 'Choose the visit slot.')),
      preferred_start: timeOfDay('Preferred start'),
      earliest_start: timeOfDay('Earliest start'),
      latest_start: timeOfDay('Latest start'),
      time_critical: v.optional(v.boolean('Say whether the call is time-critical.'), false),
      time_critical_reason: optionalText('Why it is time-critical', 300),
      notes: optionalText('Notes', 1000),
    },
    objectMessage('client slot'),
  ),
  v.forward(v.partialCheck([['earliest_start'], ['preferred_start']], (input) => input.earliest_start <= input.preferred_start, 'The earliest start is at or before the preferred start.'), ['earliest_start']),
  v.forward(v.partialCheck([['latest_start'], ['preferred_start']], (input) => input.latest_start >= input.preferred_start, 'The latest start is at or after the preferred start.'), ['latest_start']),
  v.forward(v.partialCheck([['time_critical'], ['time_critical_reason']], (input) => !input.time_critical || input.time_critical_reason.length > 0, 'Say why the call is time-critical (for example time-critical medication).'), ['time_critical_reason']),
);

export const ClientSlotsSchema = v.pipe(
  v.strictObject(
    {
      slots: v.pipe(v.array(ClientSlotSchema, 'Slots are a list.'), v.maxLength(12, 'At most 12 windows a client.')),
      /** The stamp the planner loaded (GET answers it): a save over someone else's change is a conflict. */
      stamp: v.optional(v.pipe(v.string(), v.maxLength(40)), ''),
    },
    objectMessage('client slots'),
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const seen = new Set<number>();
    const input = dataset.value as unknown as Record<string, unknown>;
    dataset.value.slots.forEach((slot, index) => {
      if (seen.has(slot.visit_slot_id)) addIssue({ message: 'This visit slot has a window already.', path: pathTo(input, index, 'visit_slot_id') as never });
      seen.add(slot.visit_slot_id);
    });
  }),
);
export type ClientSlotValues = v.InferOutput<typeof ClientSlotSchema>;
export type ClientSlotsInput = v.InferInput<typeof ClientSlotsSchema>;

export type ClientSlotRow = ClientSlotValues & { id: number; visit_slot: string };
export type ClientSlotsAnswer = { client: TemplateClient; slots: ClientSlotRow[]; visit_slots: VisitSlotChoice[]; stamp: string };

export type VisitSlotChoice = { id: number; name: string; start_time: string; end_time: string };
export type Choice = { id: number; name: string };
export type TemplateClient = { id: number; name: string; branch_id: number; status: string };

export type TemplateSlotRow = TemplateSlotValues & { id: number; visit_slot: string | null; preferred_carers: Choice[] };

export type TemplateRow = {
  id: number;
  client_id: number;
  branch_id: number;
  name: string;
  starts_on: string;
  ends_on: string | null;
  repeat_weeks: number;
  funder_code_id: number | null;
  funder_code: string | null;
  bank_holidays: 'run' | 'skip';
  active: boolean;
  notes: string;
  calls_per_cycle: number;
  hours_per_week: number;
  /** The next planned visit generated from it, if any. */
  next_visit: string | null;
  version: number;
  updated_at: string;
};
export type TemplateDetail = TemplateRow & { slots: TemplateSlotRow[] };

/** The client's templates tab: the templates and what the form offers. */
export type ClientTemplates = {
  client: TemplateClient;
  templates: TemplateRow[];
  visit_slots: VisitSlotChoice[];
  funder_codes: Choice[];
  client_slots: ClientSlotRow[];
  care_plan_tasks: VisitTask[];
};

/** Something worth checking in a template that does not stop it being saved. */
export type TemplateWarning = { slot_index: number | null; kind: 'short-call' | 'outside-window' | 'time-critical' | 'no-window'; message: string };

/** What a template change does to its visits (future unlocked ones only). */
export type TemplateVisitChanges = {
  /** Future visits not started and not changed by hand, updated to the new pattern. */
  changed: number;
  /** Future visits not started whose call left the pattern (or its dates): removed. */
  removed: number;
  /** Visits made for the new calls, up to the furthest day already generated. */
  created: number;
  /** Future visits changed by hand (locked): left as they are. */
  kept: number;
  /** Visits from today on already started or closed (in progress, completed, missed, cancelled): never touched. */
  skipped: number;
  /** Future visits the change leaves exactly as they were. */
  unchanged: number;
};

export type TemplateSaved = { template: TemplateDetail; warnings: TemplateWarning[]; visits: TemplateVisitChanges };
export type TemplatePreview = { warnings: TemplateWarning[]; visits: TemplateVisitChanges };
export type TemplateEnded = { template: TemplateRow; removed: number; kept: number; skipped: number };

/** POST /scheduler/generate */
export const GenerateSchema = v.pipe(
  v.strictObject(
    {
      from: isoDate('From'),
      to: isoDate('To'),
      branch_id: optionalRef('Choose a branch.'),
      client_id: optionalRef('Choose a client.'),
    },
    objectMessage('generation'),
  ),
  v.forward(v.partialCheck([['from'], ['to']], (input) => input.to >= input.from, 'To must be on or after from.'), ['to']),
);
export type GenerateInput = v.InferInput<typeof GenerateSchema>;
export type GenerateAnswer = {
  from: string;
  to: string;
  created: number;
  already_there: number;
  skipped: { client_id: number; client: string; reason: string }[];
  bank_holidays_skipped: number;
  assigned: number;
  left_for_auto_assign: number;
  /** New visits flagged for a planner: a preferred carer the rules refused (left unassigned), or one put on with a warning. */
  needs_attention?: number;
};

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const weekdayLabel = (weekday: number) => WEEKDAYS.find((day) => day.value === weekday)?.label ?? `Day ${weekday}`;

/**
 * The warnings of a pattern against the client's windows: calls under 30 minutes (NICE NG21: only within a wider
 * package), a call outside its visit slot's window, a time-critical call away from its preferred time.
 */
export function templateWarnings(
  template: { repeat_weeks: number | string; slots: { week: number | string; weekday: number | string; start_time: string; duration_minutes: number | string; visit_slot_id: number | string | null | undefined }[] },
  clientSlots: readonly Pick<ClientSlotRow, 'visit_slot_id' | 'visit_slot' | 'preferred_start' | 'earliest_start' | 'latest_start' | 'time_critical' | 'time_critical_reason'>[],
): TemplateWarning[] {
  const warnings: TemplateWarning[] = [];
  const slots = template.slots.map((slot) => ({ week: Number(slot.week), weekday: Number(slot.weekday), start: slot.start_time, duration: Number(slot.duration_minutes), visitSlot: slot.visit_slot_id ? Number(slot.visit_slot_id) : null }));
  const repeat = Number(template.repeat_weeks);
  slots.forEach((slot, index) => {
    const when = `${weekdayLabel(slot.weekday)}${repeat > 1 ? ` (week ${slot.week})` : ''} at ${slot.start}`;
    if (Number.isFinite(slot.duration) && slot.duration > 0 && slot.duration < 30) {
      const others = slots.filter((other, position) => position !== index && other.week === slot.week && other.weekday === slot.weekday && other.duration >= 30).length;
      warnings.push({
        slot_index: index,
        kind: 'short-call',
        message: others
          ? `${when}: a ${slot.duration}-minute call. NICE NG21 advises calls under 30 minutes only within a wider package (check it is a short task such as a medication prompt).`
          : `${when}: a ${slot.duration}-minute call with no longer call that day. NICE NG21 advises calls under 30 minutes only within a wider package.`,
      });
    }
    if (!slot.visitSlot || !/^\d\d:\d\d$/.test(slot.start)) return;
    const window = clientSlots.find((client) => client.visit_slot_id === slot.visitSlot);
    if (!window) return;
    if (minutes(slot.start) < minutes(window.earliest_start) || minutes(slot.start) > minutes(window.latest_start)) {
      warnings.push({ slot_index: index, kind: 'outside-window', message: `${when}: outside the client’s ${window.visit_slot.toLowerCase()} window (${window.earliest_start}–${window.latest_start}).` });
    } else if (window.time_critical && slot.start !== window.preferred_start) {
      warnings.push({ slot_index: index, kind: 'time-critical', message: `${when}: the ${window.visit_slot.toLowerCase()} call is time-critical (${window.time_critical_reason}); preferred start ${window.preferred_start}.` });
    }
  });
  return warnings;
}
