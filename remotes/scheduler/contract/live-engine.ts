import * as v from 'valibot';

// The late and missed engine's alerts, carers' support requests and the live view: the shapes the API answers
// and the schemas of their writes (one schema for the form and the server).

export const ALERT_KINDS = [
  { value: 'late', label: 'Late' },
  { value: 'time-critical-late', label: 'Late: time-critical medication' },
  { value: 'missed', label: 'Missed' },
  { value: 'carer-support', label: 'Carer support request' },
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number]['value'];

export const ALERT_STATES = [
  { value: 'open', label: 'Open' },
  { value: 'acknowledged', label: 'Acknowledged' },
  { value: 'resolved', label: 'Resolved' },
] as const;
export type AlertState = (typeof ALERT_STATES)[number]['value'];

/** How an alert ended: what a registered manager records for CQC (regulation 17 records of missed care). */
export const ALERT_OUTCOMES = [
  { value: 'carer-arrived-late', label: 'Carer arrived late' },
  { value: 'covered-by-another-carer', label: 'Visit covered by another carer' },
  { value: 'client-not-home', label: 'Client not at home or in hospital' },
  { value: 'cancelled-by-client', label: 'Cancelled by the client' },
  { value: 'missed-client-contacted', label: 'Visit missed: client contacted' },
  { value: 'support-given', label: 'Support given to the carer' },
  { value: 'other', label: 'Other' },
] as const;
export type AlertOutcome = (typeof ALERT_OUTCOMES)[number]['value'];

export const SUPPORT_URGENCIES = [
  { value: 'routine', label: 'Routine' },
  { value: 'soon', label: 'Soon' },
  { value: 'urgent', label: 'Urgent' },
] as const;
export type SupportUrgency = (typeof SUPPORT_URGENCIES)[number]['value'];

export const ALERT_SORTS = ['raised_at', 'due_at', 'kind', 'state'] as const;
export type AlertSort = (typeof ALERT_SORTS)[number];

export const labelOfChoice = (choices: readonly { value: string; label: string }[], value: string) => choices.find((choice) => choice.value === value)?.label ?? value;

/** One alert as lists and the live view show it. */
export type AlertRow = {
  id: number;
  branch_id: number;
  kind: AlertKind;
  kind_label: string;
  state: AlertState;
  state_label: string;
  visit_id: number | null;
  client_id: number | null;
  client_name: string | null;
  carer_id: number | null;
  carer_name: string | null;
  /** The visit's planned start and end (null for a support request without a visit). */
  planned_start: string | null;
  planned_end: string | null;
  due_at: string;
  raised_at: string;
  detail: string;
  urgency: SupportUrgency | '';
  /** When a carer checked in at the visit after the alert was raised ("arrived at …"). */
  arrived_at: string | null;
  acknowledged_by_name: string | null;
  acknowledged_at: string | null;
  resolved_by_name: string | null;
  resolved_at: string | null;
  outcome: AlertOutcome | '';
  outcome_label: string;
  outcome_note: string;
  escalated_at: string | null;
  escalated_to: string;
};

export const ResolveAlertSchema = v.strictObject(
  {
    outcome: v.picklist(
      ALERT_OUTCOMES.map((outcome) => outcome.value),
      'Choose the outcome.',
    ),
    note: v.optional(v.pipe(v.string('A note is text.'), v.trim(), v.maxLength(2000, 'A note is at most 2,000 characters.')), ''),
  },
  'Send the outcome and a note.',
);
export type ResolveAlertInput = v.InferInput<typeof ResolveAlertSchema>;

export const SupportRequestSchema = v.strictObject(
  {
    visit_id: v.optional(v.nullable(v.pipe(v.number('A visit is given by its id.'), v.integer('A visit is given by its id.'), v.minValue(1, 'A visit is given by its id.'), v.maxValue(2_147_483_647, 'A visit is given by its id.'))), null),
    message: v.pipe(v.string('Say what you need.'), v.trim(), v.nonEmpty('Say what you need.'), v.maxLength(1000, 'A message is at most 1,000 characters.')),
    urgency: v.picklist(
      SUPPORT_URGENCIES.map((urgency) => urgency.value),
      'Choose how urgent it is.',
    ),
    recorded_at: v.optional(v.nullable(v.string('Give the time on the device when it happened.')), null),
  },
  'Send the message, how urgent it is and when.',
);
export type SupportRequestInput = v.InferInput<typeof SupportRequestSchema>;

/** Where a visit of today stands on the live view (late and missed first). */
export const LIVE_STATES = [
  { value: 'late', label: 'Late' },
  { value: 'missed', label: 'Missed' },
  { value: 'not-started', label: 'Not started' },
  { value: 'in-progress', label: 'In progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;
export type LiveState = (typeof LIVE_STATES)[number]['value'];

export type LiveVisit = {
  id: number;
  client_id: number;
  client_name: string;
  carer_names: string[];
  planned_start: string;
  planned_end: string;
  actual_start: string | null;
  actual_end: string | null;
  state: LiveState;
  state_label: string;
  time_critical: boolean;
};

/** A carer's last reported position today (their latest check-in or check-out). */
export type CarerPosition = { carer_id: number; carer_name: string; latitude: number; longitude: number; at: string; visit_id: number; kind: 'in' | 'out' };

/** A client's home on the live map (placed by postcode, as the map view places it). */
export type LiveHome = { client_id: number; client_name: string; postcode: string; latitude: number; longitude: number; approximate: boolean };

export type LiveToday = {
  branch_id: number;
  date: string;
  generated_at: string;
  /** The Google Maps key (global setting google_maps_api_key), '' for none: the live map is then Google's. */
  api_key: string;
  /**
   * Without a key, the tile server of the street map (map_tile_url, as the map view's answer has it: a Leaflet URL
   * template, '' for none: the drawn plan) and the tiles' credit (map_tile_attribution).
   */
  tile_url: string;
  tile_attribution: string;
  counts: { state: LiveState; label: string; count: number }[];
  visits: LiveVisit[];
  alerts: AlertRow[];
  homes: LiveHome[];
  positions: CarerPosition[];
};

/** The engine's own alerts (the monitoring screen), as against carers' support requests. */
export const ENGINE_ALERT_KINDS: readonly AlertKind[] = ['late', 'time-critical-late', 'missed'];
