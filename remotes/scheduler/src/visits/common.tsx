import { addDays, ukInstant } from '@hcm/contract/time';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { Page } from '@hcm/contract';
import { notify, useSession, type ApiResult } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { applyServerErrors } from '@hcm/kit/forms';
import { CANCEL_REASONS, VISIT_LOG_ACTIONS, VISIT_STATUSES, type VisitConflict, type VisitRow, type VisitStatus } from '../../contract/visits';
import styles from './visits.module.css';

// What the visit screens share: API paths, UK dates and times, a status in words, the choices of the forms
// (clients, carers, funder and NPC codes), and how a save's answer is told (422 on the fields, 409 named).

export const VISITS_PATH = 'api/v1/visits';
export const VISIT_LOGS_PATH = 'api/v1/visits/logs';
export const BACKOFFICE_PATH = 'api/v1/visits/backoffice';
export const visitApiPath = (id: number | string, part?: 'logs' | 'cancel' | 'reinstate' | 'correct') => `${VISITS_PATH}/${id}${part ? `/${part}` : ''}`;

/** Today in the UK as YYYY-MM-DD. */

export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const STATUS_WORDS: Record<VisitStatus, string> = Object.fromEntries(VISIT_STATUSES.map((status) => [status.value, status.label])) as Record<VisitStatus, string>;
/** A symbol per status, so a status never reads by colour alone (the word is always beside it). */
export const STATUS_SYMBOL: Record<VisitStatus, string> = { unassigned: '○', assigned: '●', 'in-progress': '▶', completed: '✓', missed: '✕', cancelled: '⊘' };

export function StatusText({ status }: { status: VisitStatus }) {
  return (
    <span className={styles.status} data-status={status}>
      <span aria-hidden="true">{STATUS_SYMBOL[status]} </span>
      {STATUS_WORDS[status] ?? status}
    </span>
  );
}

export const cancelReasonWords = (reason: string | null) => CANCEL_REASONS.find((choice) => choice.value === reason)?.label ?? reason ?? '';
export const logActionWords = (action: string) => VISIT_LOG_ACTIONS.find((choice) => choice.value === action)?.label ?? action;

/** "Ann Lee and Ben Cole", "No carer yet", "Ann Lee (1 of 2)". */
export function carersText(visit: Pick<VisitRow, 'carers' | 'carers_needed'>): string {
  const names = visit.carers.map((carer) => carer.name).join(' and ');
  if (!names) return visit.carers_needed === 2 ? 'No carers yet (double-up)' : 'No carer yet';
  return visit.carers_needed === 2 && visit.carers.length < 2 ? `${names} (1 of 2)` : names;
}

export const timesOf = (visit: Pick<VisitRow, 'start_time' | 'end_time'>) => `${visit.start_time}–${visit.end_time}`;

/** Minutes from planned to actual, in words: lateness of the start and the difference in length. */
export type Discrepancy = { startMinutes: number | null; lengthMinutes: number | null; actualMinutes: number | null };

export function discrepancyOf(visit: Pick<VisitRow, 'date' | 'planned_start' | 'actual_start' | 'actual_end' | 'duration_minutes'>): Discrepancy {
  const { actual_start: checkIn, actual_end: checkOut } = visit;
  if (!checkIn) return { startMinutes: null, actualMinutes: null, lengthMinutes: null };
  const minutes = (from: number, to: number) => Math.round((to - from) / 60_000);
  const planned = Date.parse(visit.planned_start);
  // The actual times are UK times of day without a day: the check-in is the reading nearest the planned start
  // (a check-in just before midnight belongs to the day before), the check-out the first reading after it.
  const offPlan = (day: string) => Math.abs(ukInstant(day, checkIn).getTime() - planned);
  const startDay = [addDays(visit.date, -1), addDays(visit.date, 1)].reduce((best, day) => (offPlan(day) < offPlan(best) ? day : best), visit.date);
  const started = ukInstant(startDay, checkIn).getTime();
  let actualMinutes: number | null = null;
  if (checkOut) {
    const sameDay = ukInstant(startDay, checkOut).getTime();
    actualMinutes = minutes(started, sameDay >= started ? sameDay : ukInstant(addDays(startDay, 1), checkOut).getTime());
  }
  return { startMinutes: minutes(planned, started), actualMinutes, lengthMinutes: actualMinutes === null ? null : actualMinutes - visit.duration_minutes };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function discrepancyWords(discrepancy: Discrepancy): string[] {
  const words: string[] = [];
  const { startMinutes, lengthMinutes } = discrepancy;
  if (startMinutes !== null) words.push(startMinutes === 0 ? 'Started on time' : startMinutes > 0 ? `Started ${plural(startMinutes, 'minute')} late` : `Started ${plural(-startMinutes, 'minute')} early`);
  if (lengthMinutes !== null) words.push(lengthMinutes === 0 ? 'Lasted as planned' : lengthMinutes > 0 ? `Lasted ${plural(lengthMinutes, 'minute')} longer than planned` : `Lasted ${plural(-lengthMinutes, 'minute')} less than planned`);
  return words;
}

export type Choice = { value: string; label: string };

type FunderRow = { id: number; code: string; name: string };
type NpcRow = { id: number; code: string; description: string };
type ClientRow = { id: number; first_name: string; last_name: string };
type CarerRow = { id: number; name: string; status: string };

/** The choices the visit forms and filters offer: the user's clients and carers, the funder and NPC codes. */
export function useVisitChoices() {
  const reference = { page: 1, page_size: 100, sort: 'code', mode: 'asc' } as const;
  const funders = useApiQuery<Page<FunderRow>>('api/v1/funder-codes', reference);
  const npcs = useApiQuery<Page<NpcRow>>('api/v1/npc-codes', reference);
  const clients = useApiQuery<Page<ClientRow>>('api/v1/clients', { page: 1, page_size: 100, sort: 'last_name', mode: 'asc' });
  const carers = useApiQuery<CarerRow[]>('api/v1/carers/rota');
  return {
    funders: (funders.data?.data ?? []).map((row): Choice => ({ value: String(row.id), label: `${row.code} — ${row.name}` })),
    npcs: (npcs.data?.data ?? []).map((row): Choice => ({ value: String(row.id), label: `${row.code} — ${row.description}` })),
    clients: (clients.data?.data ?? []).map((row): Choice => ({ value: String(row.id), label: `${row.last_name}, ${row.first_name}` })),
    carers: (Array.isArray(carers.data) ? carers.data : []).filter((row) => row.status !== 'leaver' && row.status !== 'applicant').map((row): Choice => ({ value: String(row.id), label: row.name })),
  };
}

/** The branches of the signed-in user, as choices. */
export function useBranchChoices(): Choice[] {
  const branches = useSession((state) => state.user?.branches ?? []);
  return branches.map((branch) => ({ value: String(branch.id), label: branch.name }));
}

/** The field names a 409 lists, in words. */
const FIELD_WORDS: Record<string, string> = {
  client_id: 'client',
  date: 'date',
  start_time: 'start time',
  end_time: 'end time',
  carers: 'carers',
  status: 'status',
  carers_needed: 'carers needed',
  tasks: 'tasks',
  notes: 'notes',
  funder_code_id: 'funder code',
  npc_code_id: 'NPC code',
  cancel_reason: 'cancellation',
  actual_start: 'actual start',
  actual_end: 'actual end',
};
export const changedWords = (changed: string[]) => (changed.length ? changed.map((field) => FIELD_WORDS[field] ?? field.replace(/_/g, ' ')).join(', ') : 'its details');

export type SaveOutcome = { kind: 'saved' } | { kind: 'invalid' } | { kind: 'conflict'; conflict: VisitConflict | null; message: string } | { kind: 'failed'; message: string };

/**
 * After a write: a 422's errors go on their fields (what was typed stays), a 409 is answered with the visit as it
 * is now and what changed, another failure in a toast. A success says so.
 */
export function outcomeOf<Values extends FieldValues>(answer: ApiResult<unknown>, form: UseFormReturn<Values> | null, failure: string): SaveOutcome {
  if (!answer.error) {
    notify({ type: 'success', message: answer.message || 'Saved.' });
    return { kind: 'saved' };
  }
  if (answer.httpStatus === 409) {
    const conflict = (answer.data ?? null) as VisitConflict | null;
    return { kind: 'conflict', conflict, message: `Someone else changed this visit since you opened it: ${changedWords(conflict?.changed ?? [])}. Nothing was saved.` };
  }
  if (answer.httpStatus === 422 && answer.errors && form) {
    applyServerErrors(form.setError, answer.errors);
    return { kind: 'invalid' };
  }
  const message = answer.message || failure;
  notify({ type: 'danger', message });
  return { kind: 'failed', message };
}

export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.sectionHead}>
        <h2>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** An answer that may be a whole list or a page of one, as rows. */
export const rowsOf = <T,>(answer: T[] | Page<T> | null | undefined): T[] => (Array.isArray(answer) ? answer : (answer?.data ?? []));

export { styles };
