/**
 * Saved filter slots (spec §3): each holds a list's (or view's) filter value in a cookie named after the slot,
 * so the filter is restored when the user comes back. The names are the spec's, exactly as written there.
 */
export const SAVED_FILTER_SLOTS = [
  // Lists.
  'client',
  'user',
  'carer',
  'applicant',
  'visit',
  'visit_logs',
  'assessment_visit',
  'health_professional',
  'safeguarding',
  'complaint',
  'compliment',
  'medication_error',
  'staff_meeting',
  'incident_and_accident',
  'organization_period',
  'client_hospital',
  'carer_hourly_rates',
  'main_branch',
  // Live-event views.
  'live_event_monitoring',
  'live_event_hazards',
  'live_event_not_on_site',
  'live_event_medication_availability',
  'live_event_location',
  'live_event_incident',
  'live_event_medication',
  'live_event_visit',
  'live_event_file_alerts',
  'live_event_file_alerts_client',
  'live_event_logbook_audit_client',
  'live_event_marchart_audit_client',
  'live_event_availability',
  // Others.
  'view_change',
  'finance_date',
  'finance_name',
  'undo_body',
  'undo_body_apt',
  'undo_action',
  'death_notification',
  'generate_source',
  'save_branch',
  'reablement',
  'selected_client',
  'weekly_date_range',
  'search_string',
  'today_date',
  'client_ids',
  'carer_ids',
  'selected_carer',
  'total_carer',
  'total_clients',
  'carer_weekly_date_range',
  'carer_search_string',
] as const;

export type SavedFilterSlot = (typeof SAVED_FILTER_SLOTS)[number];

const SLOT_SET: ReadonlySet<string> = new Set(SAVED_FILTER_SLOTS);

/** True when `name` is one of the spec's saved-filter slots (e.g. a slot read from a resource declaration). */
export function isSavedFilterSlot(name: unknown): name is SavedFilterSlot {
  return typeof name === 'string' && SLOT_SET.has(name);
}

/**
 * Tab indexes kept in browser storage (spec §3): the selected tab of a screen, of the header tabs and of
 * in-page anchor tabs.
 */
export const TAB_INDEX_KEYS = ['tab_index', 'header_tab_index', 'anchor_tab_index'] as const;
export type TabIndexKey = (typeof TAB_INDEX_KEYS)[number];

/** Local cache expiry (spec §9): 1 hour. */
export const LOCAL_CACHE_TTL_MS = 3_600_000;
