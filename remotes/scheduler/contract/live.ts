// Live operations (carers' devices, visit verification and confirmation, the late and missed engine): the
// shapes both the API and the screens work from. Extended by each part (device API, engine, live view).

/** A branch's live thresholds, and the defaults a branch without its own row uses. */
export type LiveSettings = {
  punctuality_window_minutes: number;
  on_site_distance_metres: number;
  duration_variance_percent: number;
  late_after_minutes: number;
  missed_after_minutes: number;
  time_critical_late_after_minutes: number;
  escalate_after_minutes: number;
  on_call_user_id: number | null;
  on_call_phone: string;
};

export const LIVE_DEFAULTS: LiveSettings = {
  punctuality_window_minutes: 15,
  on_site_distance_metres: 150,
  duration_variance_percent: 25,
  late_after_minutes: 15,
  missed_after_minutes: 30,
  time_critical_late_after_minutes: 5,
  escalate_after_minutes: 15,
  on_call_user_id: null,
  on_call_phone: '',
};

/** Where a visit stands for pay and invoices: only confirmed visits (by themselves or by the office) reach them. */
export const CONFIRMATION_STATES = ['not-due', 'pending', 'auto-confirmed', 'confirmed'] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

/** The live topic pushed over the host's socket when a check, an alert or a confirmation changes. */
export const LIVE_TOPIC = 'live';
export type LiveChanged = { branch_id: number; visit_ids: number[]; alert_ids: number[]; at: string };
