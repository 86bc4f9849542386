import type { VisitAttention } from './attention.js';
import * as v from 'valibot';
import { isoDate, objectMessage, optionalText } from '@hcm/contract/engine';
import type { ConfirmationState } from './live.js';

// A visit: one commissioned call to a client, at planned wall-clock times (Europe/London), with the carers it
// needs (a double-up needs two). Generated from the client's rota template, added by hand, imported from CSV or
// published by the rostering wizard. Every change is kept in the visit's log (visits/logs).

export const VISIT_STATUSES = [
  { value: 'unassigned', label: 'Unassigned' },
  { value: 'assigned', label: 'Assigned' },
  { value: 'in-progress', label: 'In progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'missed', label: 'Missed' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number]['value'];

/** Statuses whose planned times and carers the rota may still change (not yet started, not closed). */
export const PLANNABLE_STATUSES: readonly VisitStatus[] = ['unassigned', 'assigned'];

/** Where a visit came from. */
export const VISIT_SOURCES = [
  { value: 'template', label: 'Rota template' },
  { value: 'manual', label: 'Added by hand' },
  { value: 'wizard', label: 'Rostering wizard' },
  { value: 'import', label: 'CSV import' },
] as const;
export type VisitSource = (typeof VISIT_SOURCES)[number]['value'];

/** A task to do at a visit, from the care plan (kept on the visit, so a later plan change does not rewrite history). */
export type VisitTask = { key: string; label: string; kind: 'personal-care' | 'medication' | 'meal' | 'domestic' | 'social' | 'other' };

export const TASK_KINDS = [
  { value: 'personal-care', label: 'Personal care' },
  { value: 'medication', label: 'Medication' },
  { value: 'meal', label: 'Meals and drinks' },
  { value: 'domestic', label: 'Domestic' },
  { value: 'social', label: 'Social and wellbeing' },
  { value: 'other', label: 'Other' },
] as const;

export const TaskSchema = v.strictObject({
  key: v.pipe(v.string(), v.trim(), v.regex(/^[a-z0-9-]{1,60}$/, 'A task key is lower-case letters, digits and dashes.')),
  label: v.pipe(v.string('Describe the task.'), v.trim(), v.nonEmpty('Describe the task.'), v.maxLength(200, 'A task is at most 200 characters.')),
  kind: v.picklist(TASK_KINDS.map((kind) => kind.value), 'Choose the kind of task.'),
});

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const timeOfDay = (label: string) => v.pipe(v.string(`${label} is required.`), v.trim(), v.regex(HH_MM, `${label} must be a time like 08:30.`));

const id = (message: string) =>
  v.pipe(v.union([v.number(message), v.pipe(v.string(message), v.nonEmpty(message))]), v.transform(Number), v.integer(message), v.minValue(1, message), v.maxValue(2_147_483_647, message));
const optionalId = (message: string) =>
  v.optional(v.union([v.pipe(v.union([v.literal(''), v.null()]), v.transform((): number | null => null)), id(message)]), null);

/** Minutes from `start` (HH:MM) to `end` (HH:MM); an end at or before the start runs past midnight. */
export function minutesBetween(start: string, end: string): number {
  const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const difference = toMinutes(end) - toMinutes(start);
  return difference > 0 ? difference : difference + 24 * 60;
}

/** A visit's planned part, as a planner types it: client, day, times, carers needed, funder, tasks. */
export const VisitSchema = v.pipe(
  v.strictObject(
    {
      client_id: id('Choose the client.'),
      date: isoDate('Date'),
      start_time: timeOfDay('Start time'),
      end_time: timeOfDay('End time'),
      carers_needed: v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.picklist([1, 2], 'A visit needs one carer, or two for a double-up.')),
      funder_code_id: optionalId('Choose the funder code.'),
      npc_code_id: optionalId('Choose the NPC code.'),
      tasks: v.optional(v.pipe(v.array(TaskSchema), v.maxLength(40, 'At most 40 tasks a visit.')), []),
      notes: optionalText('Notes for the carers', 2000),
    },
    objectMessage('visit'),
  ),
  v.forward(
    v.partialCheck([['start_time'], ['end_time']], (input) => minutesBetween(input.start_time, input.end_time) >= 5 && minutesBetween(input.start_time, input.end_time) <= 12 * 60, 'A visit lasts from 5 minutes to 12 hours.'),
    ['end_time'],
  ),
);
export type VisitInput = v.InferInput<typeof VisitSchema>;
export type VisitValues = v.InferOutput<typeof VisitSchema>;

/** Every change to a planned visit carries the version the planner saw: a stale one is a conflict, never overwritten. */
export const VersionSchema = v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer('Send the visit’s version.'), v.minValue(1, 'Send the visit’s version.'));

export const CANCEL_REASONS = [
  { value: 'client-request', label: 'Cancelled by the client or family' },
  { value: 'client-hospital', label: 'Client in hospital' },
  { value: 'client-away', label: 'Client away' },
  { value: 'funder', label: 'Stopped by the funder' },
  { value: 'agency', label: 'Cancelled by the agency' },
  { value: 'client-died', label: 'Client died' },
  { value: 'care-ended', label: 'Care ended' },
  { value: 'other', label: 'Other' },
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number]['value'];

export const CancelVisitSchema = v.strictObject(
  {
    version: VersionSchema,
    reason: v.picklist(CANCEL_REASONS.map((reason) => reason.value), 'Choose why the visit is cancelled.'),
    detail: optionalText('Details', 1000),
    // Short-notice cancellations are usually still charged to the funder (its contract says how much notice).
    chargeable: v.optional(v.boolean('Say whether the visit is still charged.'), false),
  },
  objectMessage('cancellation'),
);

export type RuleSeverity = 'hard' | 'soft';

/** One rule's verdict on an assignment: a hard one refuses it, a soft one warns and is logged when overridden. */
export type RuleFinding = { rule: RuleKey; severity: RuleSeverity; carer_id: number | null; message: string };

/** The rules checked on every assignment (scheduler/rules), with what each protects. */
export const RULES = [
  { key: 'client-status', label: 'Client receiving care', protects: 'No visits to a client in hospital, paused or ended' },
  { key: 'carer-status', label: 'Carer active', protects: 'Only active carers (not applicants, suspended or leavers)' },
  { key: 'availability', label: 'Availability', protects: 'The carer’s duty days and temporary changes' },
  { key: 'holiday', label: 'Holiday', protects: 'Approved holidays (requested ones warn)' },
  { key: 'overlap', label: 'No overlap', protects: 'One visit at a time, with travel time between them' },
  { key: 'compliance', label: 'Compliance', protects: 'DBS, right to work and the other Schedule 3 checks' },
  { key: 'visa-hours', label: 'Visa hours', protects: 'The weekly hours a visa allows' },
  { key: 'training', label: 'Training', protects: 'Mandatory training in date' },
  { key: 'medication-competence', label: 'Medication competence', protects: 'Medication visits need an assessed carer' },
  { key: 'declined', label: 'Declined by the client', protects: 'Carers the client does not want' },
  { key: 'gender', label: 'Gender preference', protects: 'The client’s preference for carers of one gender' },
  { key: 'double-up', label: 'Double-up staffing', protects: 'Two different carers on a double-up' },
  { key: 'wtr-weekly', label: '48-hour week', protects: 'Working Time Regulations: 48 h average unless opted out' },
  { key: 'wtr-daily-rest', label: 'Daily rest', protects: 'Working Time Regulations: 11 consecutive hours of rest' },
  { key: 'wtr-break', label: 'Break', protects: 'Working Time Regulations: 20 minutes’ break over 6 hours' },
  { key: 'max-hours', label: 'Most hours wanted', protects: 'The carer’s most hours a week' },
  { key: 'travel-distance', label: 'Travel distance', protects: 'The furthest the carer will travel' },
  { key: 'continuity', label: 'Continuity', protects: 'Carers the client already knows' },
  { key: 'preferred', label: 'Preferred carers', protects: 'The carers the client or template prefers' },
] as const;
export type RuleKey = (typeof RULES)[number]['key'];

declare const timeOfDayBrand: unique symbol;
/**
 * A UK wall-clock time of day, HH:MM (Europe/London), as the API answers a visit's actual check-in and check-out:
 * not an instant, so screens show it as it is. Branded so that it cannot reach what reads an instant.
 */
export type UkTimeOfDay = string & { readonly [timeOfDayBrand]: 'HH:MM' };
/** Any text but a UK time of day: the type of what parses an instant (londonTimeOf), which a time of day would break. */
export type NotTimeOfDay = string & { readonly [timeOfDayBrand]?: never };

/** A carer on a visit. */
export type VisitCarer = { carer_id: number; name: string; position: 1 | 2 };

/** A visit as the API answers it (lists, timelines, the visit's page). */
export type VisitRow = {
  id: number;
  branch_id: number;
  branch: string;
  client_id: number;
  client_name: string;
  client_postcode: string;
  /** The planned day and wall-clock times (Europe/London) and the instants they are. */
  date: string;
  start_time: string;
  end_time: string;
  planned_start: string;
  planned_end: string;
  duration_minutes: number;
  carers_needed: 1 | 2;
  carers: VisitCarer[];
  status: VisitStatus;
  source: VisitSource;
  template_id: number | null;
  tasks: VisitTask[];
  requires_medication: boolean;
  funder_code_id: number | null;
  funder_code: string | null;
  npc_code_id: number | null;
  npc_code: string | null;
  cancel_reason: CancelReason | null;
  cancel_detail: string;
  cancel_chargeable: boolean;
  /** When the carer checked in and out, as UK times of day (HH:MM) of the visit's day: not instants. */
  actual_start: UkTimeOfDay | null;
  actual_end: UkTimeOfDay | null;
  /** Live operations: only 'auto-confirmed' or 'confirmed' visits reach pay and invoices; why it waits, in words. */
  confirmation: ConfirmationState;
  confirmation_issues: string[];
  /** Changed by hand: a template edit leaves it alone. */
  locked: boolean;
  notes: string;
  version: number;
  updated_at: string;
  /** Why the visit needs a planner (a carer taken off, refused when it was made, a warning), or null (./attention.ts). */
  attention?: VisitAttention | null;
};

/** An entry of a visit's history (visits/logs). */
export type VisitLogRow = {
  id: number;
  visit_id: number;
  client_name: string;
  date: string;
  at: string;
  user_name: string | null;
  action: VisitLogAction;
  summary: string;
  reason: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  warnings: RuleFinding[];
};

export const VISIT_LOG_ACTIONS = [
  { value: 'created', label: 'Created' },
  { value: 'generated', label: 'Generated from a template' },
  { value: 'imported', label: 'Imported from CSV' },
  { value: 'edited', label: 'Edited' },
  { value: 'assigned', label: 'Carer assigned' },
  { value: 'unassigned', label: 'Carer unassigned' },
  { value: 'moved', label: 'Moved' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'reinstated', label: 'Reinstated' },
  { value: 'status', label: 'Status changed' },
  { value: 'corrected', label: 'Corrected by the office' },
  { value: 'auto-assigned', label: 'Assigned by auto-assign' },
  { value: 'bulk', label: 'Changed in bulk' },
  { value: 'check-in', label: 'Checked in (carer’s device)' },
  { value: 'check-out', label: 'Checked out (carer’s device)' },
  { value: 'tasks', label: 'Tasks recorded (carer’s device)' },
  { value: 'confirmed', label: 'Confirmed by the office' },
  { value: 'attention-dismissed', label: 'Attention dismissed' },
] as const;
export type VisitLogAction = (typeof VISIT_LOG_ACTIONS)[number]['value'];

/** The answer to a write refused because the visit changed since the planner loaded it (409). */
export type VisitConflict = { current: VisitRow; changed: string[] };

/** The scheduler's live event topic: these visits changed (ids and branch only; screens refetch). */
export const VISITS_TOPIC = 'visits';
export type VisitsChanged = { branch_id: number; ids: number[]; by_user_id: number | null };
