import { VISIT_STATUSES, type VisitRow, type VisitStatus } from '../../contract/visits';
import { formatDate, formatDateLong, formatHours } from '@hcm/contract/format';

// What the timelines share: UK dates, minutes of the day, the words and symbols of a visit's status, API paths.

export const TIMELINE_PATH = 'api/v1/scheduler/timeline';
export const CLIENT_TIMELINE_PATH = 'api/v1/scheduler/client-timeline';
export const GLOBAL_SCHEDULE_PATH = 'api/v1/scheduler/global-schedule';
export const AUTO_ASSIGN_PATH = 'api/v1/scheduler/auto-assign';
export const visitPath = (id: number, action: 'assign' | 'unassign' | 'move' | 'check') => `api/v1/visits/${id}/${action}`;
/** A visit's details (GET /visits/:id), read when its bar is opened: the timeline sends bars only. */
export const visitDetailPath = (id: number) => `api/v1/visits/${id}`;

/** Today in the UK as YYYY-MM-DD. */

export const isIsoDate = (value: string | null | undefined): value is string => !!value && /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value) && !Number.isNaN(Date.parse(`${value}T12:00:00Z`));

export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function shiftMonth(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(date, last), 12)).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < 62; day = shiftDay(day, 1)) days.push(day);
  return days;
}

/** The period a timeline shows: one day in full, or "Mon 2 Mar 2026 – Sun 8 Mar 2026". */
export const period = (from: string, to: string) => (from === to ? formatDateLong(from) : `${formatDate(from)} – ${formatDate(to)}`);

/** Minutes after midnight of an HH:MM time. */
export const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** HH:MM of minutes after midnight (kept within the day). */
export const toTime = (minutes: number) => {
  const kept = Math.max(0, Math.min(23 * 60 + 59, minutes));
  return `${String(Math.floor(kept / 60)).padStart(2, '0')}:${String(kept % 60).padStart(2, '0')}`;
};

/** The day view's axis: 06:00 to 23:00. */
export const DAY_START = 6 * 60;
export const DAY_END = 23 * 60;
export const DAY_SPAN = DAY_END - DAY_START;
/** Keyboard and drag moves snap to a quarter of an hour. */
export const STEP_MINUTES = 15;

export const STATUS_LABEL: Record<VisitStatus, string> = Object.fromEntries(VISIT_STATUSES.map((status) => [status.value, status.label])) as Record<VisitStatus, string>;
/** A symbol per status, so a status never reads by colour alone (the word is always there too). */
export const STATUS_SYMBOL: Record<VisitStatus, string> = { unassigned: '○', assigned: '●', 'in-progress': '▶', completed: '✓', missed: '✕', cancelled: '⊘' };

/** "08:00–08:30". */
export const timesOf = (visit: Pick<VisitRow, 'start_time' | 'end_time'>) => `${visit.start_time}–${visit.end_time}`;

/**
 * What a bar's words are made of: a visit as the API lists it (VisitRow: its carers named), or as the carer
 * timeline sends its bars (TimelineVisit: how many carers, lateness).
 */
export type LabelledVisit = Pick<VisitRow, 'client_name' | 'date' | 'start_time' | 'end_time' | 'status' | 'carers_needed' | 'requires_medication'> & {
  attention?: { reason: string } | null;
} & ({ carers: readonly { name: string }[] } | { carer_count: number; late_by_minutes: number | null });

const carerCountOf = (visit: LabelledVisit) => ('carers' in visit ? visit.carers.length : visit.carer_count);

/** Words about a double-up: how many of its carers are booked. */
export function doubleUpText(visit: LabelledVisit): string {
  if (visit.carers_needed < 2) return '';
  const count = carerCountOf(visit);
  return count >= 2 ? 'double-up' : `double-up, ${count} of 2 carers`;
}

/** A carer's arrival later than planned (their day run in order, travel included), in words: "14 min late". */
export const lateText = (minutes: number) => `${formatHours(minutes)} late`;

/** The label a visit's bar is read by: who, when, status, double-up, lateness. */
export function visitLabel(visit: LabelledVisit, who: 'client' | 'carers' = 'client', withDay = false): string {
  const name = who === 'client' || !('carers' in visit) ? visit.client_name : visit.carers.length ? visit.carers.map((carer) => carer.name).join(' and ') : 'no carer yet';
  // Name, times and status first, as the bar shows them (its visible words are a part of its name, WCAG 2.5.3).
  const parts = [name, timesOf(visit), STATUS_LABEL[visit.status]];
  const double = doubleUpText(visit);
  if (double) parts.push(double);
  if (visit.requires_medication) parts.push('medication');
  if ('late_by_minutes' in visit && visit.late_by_minutes) parts.push(`the carer would arrive ${lateText(visit.late_by_minutes)}`);
  if (visit.attention) parts.push(`needs attention: ${visit.attention.reason}`);
  if (withDay) parts.push(`on ${formatDate(visit.date)}`);
  return parts.join(', ');
}

/** The mark of a visit needing a planner (shown beside its words, never by colour alone). */
export const ATTENTION_SYMBOL = '⚑';
/** The mark of a visit the carer would reach late, beside the minutes in words. */
export const LATE_SYMBOL = '⏱';

/** The field names a 409 lists, in words. */
const FIELD_WORDS: Record<string, string> = {
  date: 'date',
  start_time: 'start time',
  end_time: 'end time',
  carers: 'carers',
  carer_ids: 'carers',
  status: 'status',
  carers_needed: 'carers needed',
  tasks: 'tasks',
  notes: 'notes',
  funder_code_id: 'funder code',
  npc_code_id: 'NPC code',
  cancel_reason: 'cancellation',
  version: 'version',
};
export const changedWords = (changed: string[]) => (changed.length ? changed.map((field) => FIELD_WORDS[field] ?? field.replace(/_/g, ' ')).join(', ') : 'details');

/** A carer's row key on the timeline, or the unassigned lane's. */
export type RowKey = 'unassigned' | `carer-${number}`;
export const carerKey = (carerId: number): RowKey => `carer-${carerId}`;
export const carerOfKey = (key: RowKey): number | null => (key === 'unassigned' ? null : Number(key.slice(6)));
