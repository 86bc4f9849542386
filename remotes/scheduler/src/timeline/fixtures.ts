import type { CarerTimeline, TimelineCarerRow } from '../../contract/timeline';
import type { VisitRow } from '../../contract/visits';

// Test fixtures of the timelines: a Camden day with two carers and an unassigned double-up.

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

function carer(row: Partial<TimelineCarerRow> & Pick<TimelineCarerRow, 'carer_id' | 'name'>): TimelineCarerRow {
  return { branch_id: 1, contracted_hours: 20, planned_minutes: 0, rosterable: true, blocked_because: [], days: [], visits: [], gaps: [], ...row };
}

export function dayTimeline(): CarerTimeline {
  return {
    view: 'today',
    from: '2026-11-24',
    to: '2026-11-24',
    branch_id: 1,
    unassigned: [patel],
    carers: [
      carer({
        carer_id: 7,
        name: 'Anna Smith',
        planned_minutes: 60,
        days: [{ date: '2026-11-24', status: 'available', windows: [{ from: '07:00', to: '14:00' }] }],
        visits: [khan, lee],
        gaps: [{ from_visit_id: 101, to_visit_id: 102, travel_minutes: 12, idle_minutes: -7, too_short: true }],
      }),
      carer({ carer_id: 8, name: 'Ben Jones', contracted_hours: null, rosterable: false, blocked_because: ['DBS check lapsed'], days: [{ date: '2026-11-24', status: 'holiday', windows: [] }] }),
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
    carers: base.carers.map((row) => ({ ...row, days: days.map((date) => ({ date, status: date === '2026-11-25' ? 'unavailable' : 'available', windows: [{ from: '07:00', to: '14:00' }] })) })),
  };
}
