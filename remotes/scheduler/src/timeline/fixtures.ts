import { BAR_ATTENTION, BAR_CARERS, BAR_DOUBLE_UP, BAR_MEDICATION, TIMELINE_STATUSES, type CarerTimeline, type TimelineBarTuple, type TimelineCarerRow } from '../../contract/timeline';
import type { VisitRow } from '../../contract/visits';

// Test fixtures of the timelines: a Camden day with two carers and an unassigned double-up. The carer timeline
// answers bars (contract/timeline.ts); the visits here are also what GET /visits/:id answers when a bar is opened.

export function visit(overrides: Partial<VisitRow> & Pick<VisitRow, 'id' | 'client_name' | 'start_time' | 'end_time'>): VisitRow {
  return {
    branch_id: 1,
    branch: 'Camden',
    client_id: 50 + overrides.id,
    client_postcode: 'NW1 8NP',
    date: '2026-11-24',
    planned_start: `2026-11-24T${overrides.start_time}:00Z`,
    planned_end: `2026-11-24T${overrides.end_time}:00Z`,
    duration_minutes: 30,
    carers_needed: 1,
    carers: [],
    status: 'unassigned',
    source: 'template',
    template_id: null,
    tasks: [{ key: 'wash', label: 'Help with washing', kind: 'personal-care' }],
    requires_medication: false,
    funder_code_id: 3,
    funder_code: 'CAMDEN-LA',
    npc_code_id: null,
    npc_code: null,
    cancel_reason: null,
    cancel_detail: '',
    cancel_chargeable: false,
    actual_start: null,
    actual_end: null,
    confirmation: 'not-due',
    confirmation_issues: [],
    locked: false,
    notes: 'Key safe 1234',
    version: 1,
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

export const ANNA = { carer_id: 7, name: 'Anna Smith', position: 1 as const };
export const BEN = { carer_id: 8, name: 'Ben Jones', position: 1 as const };

export const khan = visit({ id: 101, client_name: 'Mrs Khan', start_time: '08:00', end_time: '08:30', status: 'assigned', carers: [ANNA], version: 3 });
export const lee = visit({ id: 102, client_name: 'Mr Lee', start_time: '08:35', end_time: '09:05', status: 'assigned', carers: [ANNA], version: 2 });
export const patel = visit({ id: 201, client_name: 'Mr Patel', start_time: '10:00', end_time: '10:45', duration_minutes: 45, carers_needed: 2, status: 'unassigned', version: 1 });

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const daysAfter = (from: string, date: string) => Math.round((Date.parse(`${date}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

/** A visit's bar as the API sends it (TimelineBarTuple), for a period from `from`. */
export function bar(row: VisitRow, from: string, extra: { travelBefore?: number | null; lateBy?: number | null } = {}): TimelineBarTuple {
  const flags = (row.carers_needed === 2 ? BAR_DOUBLE_UP : 0) + row.carers.length * BAR_CARERS + (row.requires_medication ? BAR_MEDICATION : 0) + (row.attention ? BAR_ATTENTION : 0);
  const tuple: TimelineBarTuple = [row.id, row.client_id, daysAfter(from, row.date), minutes(row.start_time), minutes(row.end_time), TIMELINE_STATUSES.indexOf(row.status), flags, row.version];
  if (extra.lateBy != null) tuple.push(extra.travelBefore ?? null, extra.lateBy);
  else if (extra.travelBefore != null) tuple.push(extra.travelBefore);
  return tuple;
}

/** The clients' names and attention reasons a timeline answer carries for these visits. */
export function namesOf(rows: VisitRow[]): Pick<CarerTimeline, 'clients' | 'attention'> {
  return {
    clients: Object.fromEntries(rows.map((row) => [String(row.client_id), row.client_name])),
    attention: Object.fromEntries(rows.filter((row) => row.attention).map((row) => [String(row.id), row.attention!.reason])),
  };
}

export function carer(row: Partial<TimelineCarerRow> & Pick<TimelineCarerRow, 'carer_id' | 'name'>): TimelineCarerRow {
  return { branch_id: 1, contracted_hours: 20, planned_minutes: 0, rosterable: true, blocked_because: [], days: [], bars: [], ...row };
}

export function dayTimeline(): CarerTimeline {
  const from = '2026-11-24';
  return {
    view: 'today',
    from,
    to: from,
    branch_id: 1,
    ...namesOf([khan, lee, patel]),
    unassigned: [bar(patel, from)],
    day_kinds: [
      { status: 'available', windows: [{ from: '07:00', to: '14:00' }] },
      { status: 'holiday', windows: [] },
    ],
    carers: [
      carer({
        carer_id: 7,
        name: 'Anna Smith',
        planned_minutes: 60,
        days: [0],
        // 12 minutes' travel to Mr Lee's in the 5 minutes between: too short (7 minutes late, within the window).
        bars: [bar(khan, from), bar(lee, from, { travelBefore: 12 })],
      }),
      carer({ carer_id: 8, name: 'Ben Jones', contracted_hours: null, rosterable: false, blocked_because: ['DBS check lapsed'], days: [1] }),
    ],
  };
}

export function weekTimeline(): CarerTimeline {
  const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
  const base = dayTimeline();
  return {
    ...base,
    view: 'week',
    from: days[0]!,
    to: days[6]!,
    unassigned: [bar(patel, days[0]!)],
    day_kinds: [
      { status: 'available', windows: [{ from: '07:00', to: '14:00' }] },
      { status: 'unavailable', windows: [{ from: '07:00', to: '14:00' }] },
    ],
    carers: base.carers.map((row) => ({
      ...row,
      days: days.map((date) => (date === '2026-11-25' ? 1 : 0)),
      bars: row.carer_id === 7 ? [bar(khan, days[0]!), bar(lee, days[0]!, { travelBefore: 12 })] : [],
    })),
  };
}
