import type { AttentionKind } from './attention.js';

// The scheduler's "today" panel on the dashboard (issue 30): GET /api/v1/scheduler/today answers, for the signed-in
// user's branches (or one of them, ?branch_id), the visits late now and missed now (the live engine's alerts, as the
// live view counts them), today's visits still short of a carer (time-critical ones first) and the visits needing
// a planner from today on (as GET /visits/needs-attention lists them): each a count and its first few visits.

export const SCHEDULER_TODAY_PATH = 'api/v1/scheduler/today';

/** How many visits each part lists (the counts are of all of them). */
export const TODAY_FIRST_ITEMS = 5;

/** A visit as the panel lists it: when, for whom, by whom, and whether it is time-critical and why. */
export type TodayVisit = {
  visit_id: number;
  branch_id: number;
  client_id: number;
  client_name: string;
  /** The UK day and wall-clock times of the plan. */
  date: string;
  start_time: string;
  end_time: string;
  carers_needed: number;
  carer_names: string[];
  /** Time-critical: a medication task saying so (the live engine's rule), or the client's commissioned window. */
  time_critical: boolean;
  /** Why, in words ('Insulin before tea'); '' when not time-critical. */
  time_critical_reason: string;
};

/** A visit needing a planner, with why (contract/attention.ts). */
export type TodayAttentionVisit = TodayVisit & { kind: AttentionKind; reason: string };

export type TodayPart<Row> = { count: number; visits: Row[] };

export type SchedulerToday = {
  /** The UK day the answer is about, and when it was worked out. */
  date: string;
  generated_at: string;
  late: TodayPart<TodayVisit>;
  missed: TodayPart<TodayVisit>;
  /** Today's visits still short of a carer, time-critical first; `time_critical` counts those. */
  unassigned: TodayPart<TodayVisit> & { time_critical: number };
  /** Visits needing a planner from today on, soonest first. */
  attention: TodayPart<TodayAttentionVisit>;
};
