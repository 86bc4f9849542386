import type { RuleFinding, VisitRow, VisitStatus } from './visits.js';

// The shapes of the scheduler's timeline answers (server/visits/timeline.ts builds them, src/timeline draws them).

export const TIMELINE_VIEWS = ['today', 'week', 'month'] as const;
export type TimelineView = (typeof TIMELINE_VIEWS)[number];
export const CLIENT_TIMELINE_VIEWS = ['today', 'week', 'bi-weekly', 'month'] as const;
export type ClientTimelineView = (typeof CLIENT_TIMELINE_VIEWS)[number];

/** The time between two consecutive visits of a carer: travel (estimated) and what is left idle, or short. */
export type TravelGap = { from_visit_id: number; to_visit_id: number; travel_minutes: number | null; idle_minutes: number; too_short: boolean };

/** A carer's day as the rota reads it from workforce (availability windows; holiday). */
export type TimelineCarerDay = { date: string; status: 'available' | 'unavailable' | 'holiday' | 'not-set'; windows: { from: string; to: string }[] };

/**
 * A kind of day, as sent once in CarerTimeline.day_kinds: a branch's carers' days repeat a few duty patterns, so
 * each row names its days by index (200 carers' week: 160 KB of days became a few).
 */
export type TimelineDayKind = Omit<TimelineCarerDay, 'date'>;

/**
 * One bar of the carer timeline as sent (issue 29: 200 carers' week in well under 500 KB): what the bar draws, in
 * this order, trailing empty values left off. Details (tasks, codes, notes, carers' names) come from
 * GET /visits/:id when a bar is opened.
 *   0 id, 1 client_id (its name in CarerTimeline.clients),
 *   2 day: days after the period's first,
 *   3 start, 4 end: minutes after midnight of the planned start and end, UK wall clock (an end before the start is
 *     the next day's),
 *   5 status: its index in TIMELINE_STATUSES,
 *   6 flags: BAR_DOUBLE_UP | carers on it × BAR_CARERS (0–2) | BAR_MEDICATION | BAR_ATTENTION (why in
 *     CarerTimeline.attention),
 *   7 version (sent with a drop's write),
 *   8 travel_before: minutes of travel from the carer's previous visit that day (null: none that day, or a place
 *     not known); carers' rows only,
 *   9 late_by: minutes the carer would arrive late, their day run in order (rules/day.ts), beyond the punctuality
 *     window; null when on time; carers' rows only.
 */
export type TimelineBarTuple = [id: number, clientId: number, day: number, start: number, end: number, status: number, flags: number, version: number, travelBefore?: number | null, lateBy?: number | null];

/** The statuses in the order a bar's index names them. */
export const TIMELINE_STATUSES: readonly VisitStatus[] = ['unassigned', 'assigned', 'in-progress', 'completed', 'missed', 'cancelled'];
export const BAR_DOUBLE_UP = 1;
export const BAR_CARERS = 2;
export const BAR_MEDICATION = 8;
export const BAR_ATTENTION = 16;

/** One row of the carer timeline: a carer, their visits' bars in the period (by start), their availability. */
export type TimelineCarerRow = {
  carer_id: number;
  name: string;
  branch_id: number;
  contracted_hours: number | null;
  /** Planned minutes of visits in the period (travel not included). */
  planned_minutes: number;
  rosterable: boolean;
  blocked_because: string[];
  /** Each day of the period in order, as its index in CarerTimeline.day_kinds (readDays reads them). */
  days: number[];
  bars: TimelineBarTuple[];
};

/** GET /api/v1/scheduler/timeline?view=today|week|month&date=YYYY-MM-DD&branch_id= */
export type CarerTimeline = {
  view: TimelineView;
  from: string;
  to: string;
  branch_id: number | null;
  /** The name of each client with a bar, by id. */
  clients: Record<string, string>;
  /** Why each visit flagged BAR_ATTENTION needs a planner, by visit id. */
  attention: Record<string, string>;
  carers: TimelineCarerRow[];
  /** The kinds of day the carers' rows name by index. */
  day_kinds: TimelineDayKind[];
  /** Visits still needing a carer (a double-up with one carer is here too). */
  unassigned: TimelineBarTuple[];
};

/** A bar read: what the timeline screen (and a test) works with. */
export type TimelineVisit = {
  id: number;
  client_id: number;
  client_name: string;
  date: string;
  start_time: string;
  end_time: string;
  status: VisitStatus;
  carers_needed: 1 | 2;
  /** How many carers are on it. */
  carer_count: number;
  requires_medication: boolean;
  version: number;
  attention: { reason: string } | null;
  travel_before_minutes: number | null;
  late_by_minutes: number | null;
};

const dayAfter = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const clockTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Reads a row's bars (or the unassigned lane's) of a timeline answer. */
export function readBars(timeline: Pick<CarerTimeline, 'from' | 'clients' | 'attention'>, bars: readonly TimelineBarTuple[]): TimelineVisit[] {
  const dates = new Map<number, string>();
  return bars.map(([id, clientId, day, start, end, status, flags, version, travelBefore, lateBy]) => {
    let date = dates.get(day);
    if (date === undefined) dates.set(day, (date = dayAfter(timeline.from, day)));
    const reason = flags & BAR_ATTENTION ? (timeline.attention[String(id)] ?? '') : null;
    return {
      id,
      client_id: clientId,
      client_name: timeline.clients[String(clientId)] ?? `Client #${clientId}`,
      date,
      start_time: clockTime(start),
      end_time: clockTime(end),
      status: TIMELINE_STATUSES[status] ?? 'unassigned',
      carers_needed: flags & BAR_DOUBLE_UP ? 2 : 1,
      carer_count: Math.floor(flags / BAR_CARERS) % 4,
      requires_medication: (flags & BAR_MEDICATION) !== 0,
      version,
      attention: reason === null ? null : { reason },
      travel_before_minutes: travelBefore ?? null,
      late_by_minutes: lateBy ?? null,
    };
  });
}

/** Reads a row's days of a timeline answer: each of the period's days with its status and windows. */
export function readDays(timeline: Pick<CarerTimeline, 'from' | 'day_kinds'>, days: readonly number[]): TimelineCarerDay[] {
  return days.map((kind, index) => ({ date: dayAfter(timeline.from, index), ...(timeline.day_kinds[kind] ?? { status: 'not-set', windows: [] }) }));
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The gaps between a carer's consecutive visits of a day (their bars, by start): travel, idle time, too short. */
export function gapsOf(visits: readonly TimelineVisit[]): TravelGap[] {
  const gaps: TravelGap[] = [];
  for (let index = 1; index < visits.length; index++) {
    const previous = visits[index - 1]!;
    const next = visits[index]!;
    if (previous.date !== next.date) continue;
    const previousEnd = minutesOf(previous.end_time) < minutesOf(previous.start_time) ? minutesOf(previous.end_time) + 24 * 60 : minutesOf(previous.end_time);
    const between = minutesOf(next.start_time) - previousEnd;
    const travel = next.travel_before_minutes;
    gaps.push({ from_visit_id: previous.id, to_visit_id: next.id, travel_minutes: travel, idle_minutes: Math.max(0, between - (travel ?? 0)), too_short: between < 0 || (travel !== null && between < travel) });
  }
  return gaps;
}

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
