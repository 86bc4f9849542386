import * as v from 'valibot';
import { objectMessage } from '@hcm/contract/engine';
import type { ConfirmationState, LiveSettings } from './live.js';
import { VISIT_STATUSES, type VisitStatus, type VisitTask } from './visits.js';

// The carers' device API (check-in, check-out, tasks), the office's confirmation of visits and the live-events
// lists of checks: the bodies both the server and the screens validate, and the rows the API answers.

const number = (message: string) => v.pipe(v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.nonEmpty(message))]), v.transform(Number), v.number(message));
const optionalNumber = (message: string, min: number, max: number) =>
  v.optional(
    v.union([v.pipe(v.union([v.literal(''), v.null()]), v.transform((): number | null => null)), v.pipe(number(message), v.minValue(min, message), v.maxValue(max, message))]),
    null,
  );

export const NO_POSITION_REASON_REQUIRED = 'Say why there is no position (for example: location permission refused, no signal).';
export const POSITION_INCOMPLETE = 'Give both the latitude and the longitude, or neither.';

/** POST /api/v1/carer-app/visits/:id/check-in and /check-out (with an Idempotency-Key header). */
export const VisitCheckSchema = v.pipe(
  v.strictObject(
    {
      recorded_at: v.optional(v.nullable(v.string('Give the time on the device as an ISO date-time.'))),
      latitude: optionalNumber('Latitude is a number from -90 to 90.', -90, 90),
      longitude: optionalNumber('Longitude is a number from -180 to 180.', -180, 180),
      accuracy_metres: optionalNumber('Accuracy is a number of metres from 0 to 10,000.', 0, 10_000),
      no_position_reason: v.optional(v.pipe(v.string('Say why there is no position.'), v.trim(), v.maxLength(300, 'Keep the reason under 300 characters.')), ''),
    },
    objectMessage('check'),
  ),
  v.forward(
    v.partialCheck([['latitude'], ['longitude']], (input) => (input.latitude === null) === (input.longitude === null), POSITION_INCOMPLETE),
    ['longitude'],
  ),
  v.forward(
    v.partialCheck([['latitude'], ['no_position_reason']], (input) => input.latitude !== null || input.no_position_reason.length > 0, NO_POSITION_REASON_REQUIRED),
    ['no_position_reason'],
  ),
);
export type VisitCheckInput = v.InferInput<typeof VisitCheckSchema>;
export type VisitCheckValues = v.InferOutput<typeof VisitCheckSchema>;

export const TASK_NOT_DONE_REASONS = [
  { value: 'refused', label: 'Client refused' },
  { value: 'not-needed', label: 'Not needed today' },
  { value: 'no-time', label: 'Not enough time' },
  { value: 'unavailable', label: 'Client not available' },
  { value: 'other', label: 'Other (see note)' },
] as const;
export type TaskNotDoneReason = (typeof TASK_NOT_DONE_REASONS)[number]['value'];

export const TASK_REASON_REQUIRED = 'Say why the task was not done.';

const TaskOutcomeSchema = v.pipe(
  v.strictObject(
    {
      task_key: v.pipe(v.string('Name the task.'), v.trim(), v.nonEmpty('Name the task.'), v.maxLength(100, 'Name the task.')),
      done: v.boolean('Say whether the task was done.'),
      reason: v.optional(
        v.union([v.literal(''), v.picklist(TASK_NOT_DONE_REASONS.map((reason) => reason.value) as [TaskNotDoneReason, ...TaskNotDoneReason[]], 'Choose a reason from the list.')]),
        '',
      ),
      note: v.optional(v.pipe(v.string('Notes are text.'), v.trim(), v.maxLength(2000, 'Keep the note under 2,000 characters.')), ''),
    },
    objectMessage('task'),
  ),
  v.forward(
    v.partialCheck([['done'], ['reason']], (input) => input.done || input.reason !== '', TASK_REASON_REQUIRED),
    ['reason'],
  ),
);

/** POST /api/v1/carer-app/visits/:id/tasks (with an Idempotency-Key header). */
export const VisitTasksSchema = v.strictObject(
  {
    recorded_at: v.optional(v.nullable(v.string('Give the time on the device as an ISO date-time.'))),
    tasks: v.pipe(v.array(TaskOutcomeSchema, 'List the tasks.'), v.minLength(1, 'Record at least one task.'), v.maxLength(50, 'At most 50 tasks at once.')),
  },
  objectMessage('tasks'),
);
export type VisitTasksValues = v.InferOutput<typeof VisitTasksSchema>;

export const CONFIRM_REASON_REQUIRED = 'Give the reason for confirming visits that did not confirm themselves.';

/** POST /api/v1/visits/confirm: the office confirms visits, in bulk; a reason is needed for pending ones. */
export const ConfirmVisitsSchema = v.strictObject(
  {
    ids: v.pipe(
      v.array(v.pipe(v.number('Choose visits.'), v.integer('Choose visits.'), v.minValue(1, 'Choose visits.'), v.maxValue(2_147_483_647, 'Choose visits.')), 'Choose visits.'),
      v.minLength(1, 'Choose at least one visit.'),
      v.maxLength(500, 'Confirm at most 500 visits at once.'),
    ),
    reason: v.optional(v.pipe(v.string('The reason is text.'), v.trim(), v.maxLength(500, 'Keep the reason under 500 characters.')), ''),
  },
  objectMessage('confirmation'),
);
export type ConfirmVisitsInput = v.InferInput<typeof ConfirmVisitsSchema>;

const whole = (label: string, min: number, max: number) =>
  v.pipe(number(`${label} must be a whole number.`), v.integer(`${label} must be a whole number.`), v.minValue(min, `${label} is at least ${min}.`), v.maxValue(max, `${label} is at most ${max}.`));

/** PUT /api/v1/scheduler/live-settings/:branchId: a branch's live thresholds. */
export const LiveSettingsSchema = v.strictObject(
  {
    punctuality_window_minutes: whole('Punctuality window (minutes)', 0, 240),
    on_site_distance_metres: whole('On-site distance (metres)', 10, 5000),
    duration_variance_percent: whole('Duration variance (%)', 0, 100),
    late_after_minutes: whole('Late after (minutes)', 1, 240),
    missed_after_minutes: whole('Missed after the planned end (minutes)', 0, 720),
    time_critical_late_after_minutes: whole('Time-critical medication late after (minutes)', 1, 240),
    escalate_after_minutes: whole('Escalate after (minutes)', 1, 720),
    on_call_user_id: v.optional(v.union([v.pipe(v.union([v.literal(''), v.null()]), v.transform((): number | null => null)), whole('On-call person', 1, 2_147_483_647)]), null),
    on_call_phone: v.optional(v.pipe(v.string('The phone is text.'), v.trim(), v.maxLength(30, 'Keep the phone number under 30 characters.')), ''),
  },
  objectMessage('live settings'),
);
export type LiveSettingsInput = v.InferInput<typeof LiveSettingsSchema>;
export type LiveSettingsAnswer = LiveSettings & { branch_id: number; is_default: boolean; updated_at: string | null };

// ---------------------------------------------------------------- what the API answers

/** A check as the device and the office see it. */
export type VisitCheckRow = {
  id: number;
  visit_id: number;
  carer_id: number;
  kind: 'in' | 'out';
  recorded_at: string;
  received_at: string;
  latitude: number | null;
  longitude: number | null;
  accuracy_metres: number | null;
  no_position_reason: string;
  distance_metres: number | null;
  on_site: boolean | null;
  punctual: boolean | null;
};

/** One visit on the carer's device (GET /api/v1/carer-app/visits). */
export type DeviceVisit = {
  id: number;
  client_id: number;
  client_name: string;
  client_postcode: string;
  allergies: string;
  key_facts: { resuscitation: string | null; access: string } | null;
  /** What the care plan and MAR say to do: served by care-records, fetched by the app itself. */
  care_url: string;
  date: string;
  start_time: string;
  end_time: string;
  planned_start: string;
  planned_end: string;
  status: VisitStatus;
  tasks: VisitTask[];
  requires_medication: boolean;
  carers_needed: number;
  check_in: VisitCheckRow | null;
  check_out: VisitCheckRow | null;
};

/** GET /api/v1/carer-app/clients: the clients this carer visits from yesterday to the end of tomorrow (UK). */
/**
 * The clients (and visits) of the device's carer from yesterday to tomorrow (GET /api/v1/carer-app/clients).
 * Published to other areas (care-records lets a device reach these clients' records): the type is the schema's.
 */
export const CarerClientsSchema = v.object({
  client_ids: v.array(v.number()),
  visits: v.array(v.object({ id: v.number(), client_id: v.number(), planned_start: v.string(), planned_end: v.string(), status: v.picklist(VISIT_STATUSES.map((status) => status.value)) })),
});
export type CarerClients = v.InferOutput<typeof CarerClientsSchema>;

/** The answer to a check-in or check-out. */
export type CheckAnswer = { check: VisitCheckRow; visit: { id: number; status: VisitStatus; confirmation: ConfirmationState; confirmation_issues: string[] } };

/** A visit in the office's confirmation queue (GET /api/v1/visits/confirmations). */
export type ConfirmationRow = {
  id: number;
  branch_id: number;
  client_id: number;
  client_name: string;
  carer_names: string[];
  date: string;
  start_time: string;
  end_time: string;
  actual_start: string | null;
  actual_end: string | null;
  confirmation: ConfirmationState;
  confirmation_issues: string[];
  confirmation_reason: string;
  confirmed_by_name: string | null;
  version: number;
};
export const CONFIRMATION_SORTS = ['planned_start', 'client_name'] as const;

/** One of today's visits with its checks (GET /api/v1/live/visits). */
export type LiveVisitRow = {
  id: number;
  branch_id: number;
  client_id: number;
  client_name: string;
  carer_names: string[];
  start_time: string;
  end_time: string;
  planned_start: string;
  status: VisitStatus;
  check_in_at: string | null;
  check_out_at: string | null;
  punctual: boolean | null;
  on_site: boolean | null;
  distance_metres: number | null;
  confirmation: ConfirmationState;
};
export const LIVE_VISIT_STATES = ['unassigned', 'assigned', 'in-progress', 'completed', 'missed', 'cancelled'] as const;
export const LIVE_VISIT_SORTS = ['planned_start', 'client_name', 'status'] as const;

/** A check with its position and the client's home (GET /api/v1/live/locations, /live/not-on-site). */
export type CheckLocationRow = VisitCheckRow & {
  branch_id: number;
  client_id: number;
  client_name: string;
  client_postcode: string;
  carer_name: string;
  home: { latitude: number; longitude: number } | null;
  planned_start: string;
};
export const CHECK_SORTS = ['recorded_at', 'distance_metres', 'client_name'] as const;

/** GET /api/v1/live/not-on-site/:visitId: one visit's checks, both positions and the home. */
export type NotOnSiteDetail = {
  visit: { id: number; client_id: number; client_name: string; client_postcode: string; date: string; start_time: string; end_time: string; status: VisitStatus; confirmation: ConfirmationState; confirmation_issues: string[] };
  home: { latitude: number; longitude: number } | null;
  checks: CheckLocationRow[];
  on_site_distance_metres: number;
};

/** A carer's devices with their last check today (GET /api/v1/live/carer-devices). */
export type CarerDeviceRow = {
  carer_id: number;
  carer_name: string;
  devices: { id: number; name: string; last_used_at: string | null; revoked: boolean }[];
  app_in_use: boolean;
  last_check: { visit_id: number; kind: 'in' | 'out'; recorded_at: string; latitude: number | null; longitude: number | null; on_site: boolean | null; client_name: string } | null;
  checks_today: number;
};

/** An office employee's last positions from checks (GET /api/v1/live/office-locations). */
export type OfficeLocationRow = { user_id: number; name: string; role: string; recorded_at: string; kind: 'in' | 'out'; latitude: number | null; longitude: number | null; client_name: string; visit_id: number };
