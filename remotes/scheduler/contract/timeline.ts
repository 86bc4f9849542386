import type { RuleFinding, VisitRow } from './visits.js';

// The shapes of the scheduler's timeline answers (server/visits/timeline.ts builds them, src/timeline draws them).

export const TIMELINE_VIEWS = ['today', 'week', 'month'] as const;
export type TimelineView = (typeof TIMELINE_VIEWS)[number];
export const CLIENT_TIMELINE_VIEWS = ['today', 'week', 'bi-weekly', 'month'] as const;
export type ClientTimelineView = (typeof CLIENT_TIMELINE_VIEWS)[number];

/** The time between two consecutive visits of a carer: travel (estimated) and what is left idle, or short. */
export type TravelGap = { from_visit_id: number; to_visit_id: number; travel_minutes: number | null; idle_minutes: number; too_short: boolean };

/** A carer's day as the rota reads it from workforce (availability windows; holiday). */
export type TimelineCarerDay = { date: string; status: 'available' | 'unavailable' | 'holiday' | 'not-set'; windows: { from: string; to: string }[] };

/** One row of the carer timeline: a carer, their visits in the period, the gaps between, their availability. */
export type TimelineCarerRow = {
  carer_id: number;
  name: string;
  branch_id: number;
  contracted_hours: number | null;
  /** Planned minutes of visits in the period (travel not included). */
  planned_minutes: number;
  rosterable: boolean;
  blocked_because: string[];
  days: TimelineCarerDay[];
  visits: VisitRow[];
  gaps: TravelGap[];
};

/** GET /api/v1/scheduler/timeline?view=today|week|month&date=YYYY-MM-DD&branch_id= */
export type CarerTimeline = {
  view: TimelineView;
  from: string;
  to: string;
  branch_id: number | null;
  carers: TimelineCarerRow[];
  /** Visits still needing a carer (a double-up with one carer is here too). */
  unassigned: VisitRow[];
};

/** GET /api/v1/scheduler/client-timeline?view=today|week|bi-weekly|month&date=&branch_id=&client_id= */
export type ClientTimeline = {
  view: ClientTimelineView;
  from: string;
  to: string;
  clients: { client_id: number; name: string; branch_id: number; status: string; planned_minutes: number; visits: VisitRow[] }[];
};

/** GET /api/v1/scheduler/global-schedule?date=&view=today|week: every branch the user holds, side by side. */
export type GlobalSchedule = {
  from: string;
  to: string;
  branches: {
    branch_id: number;
    branch: string;
    days: { date: string; visits: number; unassigned: number; cancelled: number; planned_minutes: number; carers_working: number }[];
  }[];
};

/** The answer of an assignment, a move or an unassignment: the visit as saved and the warnings it went ahead with. */
export type AssignmentResult = { visit: VisitRow; warnings: RuleFinding[] };

/**
 * A refused assignment (422): `errors.carer_id` holds the hard rules' messages for the form, and `data` lists
 * every finding (hard and soft) so the screen can explain them.
 */
export type AssignmentRefusal = { findings: RuleFinding[] };
