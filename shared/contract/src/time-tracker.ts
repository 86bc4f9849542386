/**
 * The time tracker (spec §3, §4, §7, §9): the shapes the kit's tracker store sends and the server answers.
 * No valibot here (this file is part of the light '@hcm/contract'); the body's schema is
 * `TrackerTaskSchema` in './time-tracker-schema.ts', exported from '@hcm/contract/schemas'.
 */

/** §4: where the tracker is used. The URL carries it lower-cased with hyphens (`trackerModulePath`). */
export const TRACKER_MODULES = ['default', 'OFFICE_PLANNER'] as const;
export type TrackerModule = (typeof TRACKER_MODULES)[number];

/** §4: what is being timed. */
export const TRACKER_EVENT_TYPES = ['ASSESSMENT', 'REVIEW', 'SPOT_CHECK', 'SUPERVISION', 'ANNUAL_APPRAISAL'] as const;
export type TrackerEventType = (typeof TRACKER_EVENT_TYPES)[number];

export const TRACKER_EVENT_LABELS: Record<TrackerEventType, string> = {
  ASSESSMENT: 'Assessment',
  REVIEW: 'Review',
  SPOT_CHECK: 'Spot check',
  SUPERVISION: 'Supervision',
  ANNUAL_APPRAISAL: 'Annual appraisal',
};

/** Who or what is timed: a client, or a user (a carer or office employee being supervised or appraised). */
export const TRACKER_TARGET_TYPES = ['client', 'user'] as const;
export type TrackerTargetType = (typeof TRACKER_TARGET_TYPES)[number];

/** The last segment of POST /api/v1/time-tracker/{module}/{action}. */
export const TRACKER_ACTIONS = ['start', 'mid', 'stop'] as const;
export type TrackerAction = (typeof TRACKER_ACTIONS)[number];

/** §4: the events the tracker sends, one per action. */
export type TrackerEvent = 'START' | 'MID' | 'STOP';

/** §4: the tracker's states. */
export type TrackerState = 'initial' | 'started' | 'stopped' | 'error' | 'disabled';

/** §9: a MID beat every 5 minutes while running. */
export const TRACKER_MID_INTERVAL_MS = 300_000;

/**
 * A running session whose last beat is older than two missed beats ends itself: the server records it as
 * 'abandoned', ending at its last beat (server/src/time-tracker/service.ts), and it no longer blocks a START.
 */
export const TRACKER_ABANDONED_AFTER_MS = 2 * TRACKER_MID_INTERVAL_MS;

/** §7: the module in the URL, underscores as hyphens: 'default', 'office-planner'. */
export function trackerModulePath(module: TrackerModule): string {
  return module.toLowerCase().replaceAll('_', '-');
}

/** The module a URL segment names, or null. */
export function trackerModuleFromPath(segment: string): TrackerModule | null {
  return TRACKER_MODULES.find((module) => trackerModulePath(module) === segment) ?? null;
}

/** The trackable data of a task: what is timed and about whom. */
export type TrackableData = {
  event_type: TrackerEventType;
  target_type: TrackerTargetType;
  target_id: number;
  /** The target's reference as people know it (a client's name or number). */
  reference: string;
};

/** §7: the body of POST /api/v1/time-tracker/{module}/{action}. */
export type TrackerTaskPayload = {
  module: TrackerModule;
  /** When the browser sent it (ISO 8601). */
  timestamp: string;
  /** Seconds elapsed as the browser counted them; the server measures its own. */
  duration: number;
  page_title: string;
  /** The record the timed work belongs to (for a client: the client's id). */
  target_reference_entity_id: number;
  trackable: TrackableData;
};

/**
 * GET /api/v1/user/trackable/{userId}/{targetType}/{targetId}: data. `label` names the target (a client's or
 * user's name) when it is trackable, so a screen can say what is timed; '' otherwise.
 */
export type TrackableAnswer = { trackable: boolean; reason: string; label: string };

/** What a tracker call answers in `data`: the session as it now is. */
export type TrackerSessionStatus = 'running' | 'stopped' | 'abandoned';

/** A tracked session as GET /api/v1/time-tracker/sessions lists it. */
export type TrackerSession = {
  id: number;
  user_id: number;
  user_name: string;
  module: TrackerModule;
  event_type: TrackerEventType;
  target_type: TrackerTargetType;
  target_id: number;
  page_title: string;
  reference: string;
  started_at: string;
  last_beat_at: string;
  stopped_at: string | null;
  /**
   * Seconds the server measured: start to stop when stopped, start to the last beat when abandoned
   * (the time known to have been worked; `stopped_at` is that last beat), null while running.
   */
  duration_seconds: number | null;
  mid_beats: number;
  status: TrackerSessionStatus;
};

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * §4: elapsed time as hh:mm:ss, and beyond a day with a day count in front: 93784 s → '1d 02:03:04'.
 * Negative or non-finite input reads as zero.
 */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const days = Math.floor(seconds / 86_400);
  const clock = `${twoDigits(Math.floor((seconds % 86_400) / 3600))}:${twoDigits(Math.floor((seconds % 3600) / 60))}:${twoDigits(seconds % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}
