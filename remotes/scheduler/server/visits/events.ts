import * as v from 'valibot';
import { publishEvents, type PublishedEvent, type Transaction } from '@hcm/server/platform';
import { CONFIRMATION_STATES, type ConfirmationState } from '../../contract/live.js';
import { VISIT_STATUSES, type VisitStatus } from '../../contract/visits.js';

// The scheduler's visit events (the outbox: server/src/events/outbox.ts), written in the transaction of the write
// that changes a visit's carers, planned times, status or confirmation, whichever part of the area makes it: the
// visit routes and corrections, auto-assign, generation from templates (and the wizard's publish), a template's
// change or end, the handlers of other areas' events, check-in and check-out, the office's confirmation and the
// late and missed engine. One event per visit and write: `scheduler.visit.changed`, its `changes` saying what the
// agency cares about, since one write often does several at once (a drag to another time and carer is moved,
// assigned and unassigned) and a consumer such as the carers' pushes needs the whole before and after to say it in
// one message. The scheduler itself tells carers and planners from them (./visit-events-handler.ts).

/** What a write did to a visit, as far as carers, pay and the agency are concerned. */
export const VISIT_CHANGES = ['assigned', 'unassigned', 'moved', 'cancelled', 'reinstated', 'removed', 'started', 'completed', 'missed', 'confirmed'] as const;
export type VisitChangeKind = (typeof VISIT_CHANGES)[number];

const Status = v.picklist(VISIT_STATUSES.map((status) => status.value));
const Confirmation = v.picklist(CONFIRMATION_STATES);

const VisitStateSchema = v.object({
  status: Status,
  confirmation: Confirmation,
  /** Instants (ISO 8601, UTC). */
  planned_start: v.string(),
  planned_end: v.string(),
  /** Workforce's carer record ids (carers.id), by position. */
  carer_ids: v.array(v.number()),
});

export const VisitChangedSchema = v.object({
  visit_id: v.number(),
  branch_id: v.number(),
  client_id: v.number(),
  changes: v.pipe(v.array(v.picklist(VISIT_CHANGES)), v.minLength(1)),
  ...VisitStateSchema.entries,
  /** As it was before the write; null for a visit the write made (generated with its preferred carers). */
  before: v.nullable(VisitStateSchema),
  /** Why, when the write said (a cancellation's detail, a leave, a correction's reason); null otherwise. */
  reason: v.nullable(v.string()),
});
export type VisitChanged = v.InferOutput<typeof VisitChangedSchema>;

export const VISIT_CHANGED: PublishedEvent = {
  type: 'scheduler.visit.changed',
  payload: VisitChangedSchema,
  meaning:
    "A visit's carers, planned times, status or confirmation changed (one event per visit and write). changes: assigned (a carer put on), unassigned (a carer taken off), moved (new planned times), cancelled, reinstated (no longer cancelled), removed (deleted before it started: its template changed or ended; carer_ids empty), started (checked in), completed (checked out or corrected), missed, confirmed (reaches pay and invoices). status, confirmation, planned_start/planned_end and carer_ids (workforce's carers.id, by position) as it is now; before as it was (null for a visit made with its carers); reason when the write gave one. A visit made without carers, and changes to codes, tasks or notes, write none.",
};

export const VISIT_EVENTS: PublishedEvent[] = [VISIT_CHANGED];

/** The facts of a visit an event compares (a stored visit has them all). */
export type VisitFacts = {
  id: number;
  branch_id: number;
  client_id: number;
  status: VisitStatus;
  confirmation: ConfirmationState;
  planned_start: Date | string;
  planned_end: Date | string;
  carers: readonly { carer_id: number; position: number }[];
};

/** One visit's write: as it was (null: made by it), as it is (null: deleted by it), and why. */
export type VisitWrite = { before: VisitFacts | null; after: VisitFacts | null; reason?: string | null };

const iso = (at: Date | string) => new Date(at).toISOString();
const carerIdsOf = (visit: VisitFacts) => [...visit.carers].sort((a, b) => a.position - b.position).map((carer) => carer.carer_id);
const CONFIRMED: readonly ConfirmationState[] = ['auto-confirmed', 'confirmed'];

/** What a write did to a visit (none: nothing an event tells). A cancelled visit's carers count for nothing. */
export function visitChangesOf(before: VisitFacts | null, after: VisitFacts | null): VisitChangeKind[] {
  if (!after) return before ? ['removed'] : [];
  const changes: VisitChangeKind[] = [];
  const became = (status: VisitStatus) => after.status === status && before?.status !== status;
  const had = new Set(before && before.status !== 'cancelled' ? carerIdsOf(before) : []);
  const has = new Set(after.status !== 'cancelled' ? carerIdsOf(after) : []);
  if ([...has].some((id) => !had.has(id))) changes.push('assigned');
  // Taken off a visit that goes on: a cancellation says it for all its carers.
  if (after.status !== 'cancelled' && [...had].some((id) => !has.has(id))) changes.push('unassigned');
  if (before && (iso(before.planned_start) !== iso(after.planned_start) || iso(before.planned_end) !== iso(after.planned_end))) changes.push('moved');
  if (became('cancelled')) changes.push('cancelled');
  if (before?.status === 'cancelled' && after.status !== 'cancelled') changes.push('reinstated');
  if (became('in-progress')) changes.push('started');
  if (became('completed')) changes.push('completed');
  if (became('missed')) changes.push('missed');
  if (CONFIRMED.includes(after.confirmation) && !(before && CONFIRMED.includes(before.confirmation))) changes.push('confirmed');
  return changes;
}

const stateOf = (visit: VisitFacts) => ({
  status: visit.status,
  confirmation: visit.confirmation,
  planned_start: iso(visit.planned_start),
  planned_end: iso(visit.planned_end),
  carer_ids: carerIdsOf(visit),
});

/** The event a visit's write means, or null when it changed nothing an event tells. */
export function visitChangedPayload(write: VisitWrite): VisitChanged | null {
  const changes = visitChangesOf(write.before, write.after);
  const now = write.after ?? write.before;
  if (!changes.length || !now) return null;
  return {
    visit_id: now.id,
    branch_id: now.branch_id,
    client_id: now.client_id,
    changes,
    // A removed visit: as it was, with nobody on it any more.
    ...(write.after ? stateOf(write.after) : { ...stateOf(now), carer_ids: [] }),
    before: write.before ? stateOf(write.before) : null,
    reason: write.reason?.trim() ? write.reason.trim() : null,
  };
}

/**
 * Writes the events of visits' writes, in the writes' transaction (so an event exists exactly when its change
 * does), the ones that changed nothing left out: one call per writer, whatever the number of visits. Answers how
 * many were written.
 */
export async function publishVisitChanges(tx: Transaction, writes: readonly VisitWrite[], userId: number | null): Promise<number> {
  const payloads = writes.map(visitChangedPayload).filter((payload): payload is VisitChanged => payload !== null);
  await publishEvents(tx, VISIT_CHANGED, payloads, userId);
  return payloads.length;
}
