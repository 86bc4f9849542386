import * as v from 'valibot';
import { and, eq, gt, gte, inArray, like, lt, ne, type SQL } from 'drizzle-orm';
import { clock } from '@hcm/contract/time';
import type { AreaEventHandler, AreaServerContext, ConsumedEvent, Database, DeliveredEvent, Transaction } from '@hcm/server/platform';
import { PLANNABLE_STATUSES, type CancelReason } from '../../contract/visits.js';
import { visitCarers, visits } from '../tables.js';
import { applyChange, loadVisits, type StoredCarer, type StoredVisit, type WriteContext } from './service.js';

// The scheduler's reaction to a client's care pausing or stopping (care-records' events, written with the change):
// a hospital stay with visits paused cancels the client's visits not yet started from the admission day, not
// charged (so no invoice picks them up); the discharge brings back those still to come from the day after it,
// with the carers they had; care ended cancels every visit after its end. Each change is logged with the reason
// and audited as the user who recorded it; its visit event tells the carers and the branch's online planners
// (./visit-events-handler.ts). Running again changes nothing: only visits not yet started are cancelled, and only
// the ones this stay cancelled come back.

const HospitalAdmitted = v.object({ episode_id: v.number(), client_id: v.number(), admitted_on: v.string() });
const HospitalDischarged = v.object({ episode_id: v.number(), client_id: v.number(), discharged_on: v.nullable(v.string()) });
const CareEnded = v.object({ client_id: v.number(), status: v.picklist(['ended', 'deceased']), ended_on: v.nullable(v.string()) });

export const CLIENT_HOSPITAL_ADMITTED = 'care-records.client.hospital-admitted';
export const CLIENT_HOSPITAL_DISCHARGED = 'care-records.client.hospital-discharged';
export const CLIENT_CARE_ENDED = 'care-records.client.care-ended';

export const CLIENT_EVENTS_CONSUMED: ConsumedEvent[] = [
  { type: CLIENT_HOSPITAL_ADMITTED, payload: HospitalAdmitted },
  { type: CLIENT_HOSPITAL_DISCHARGED, payload: HospitalDischarged },
  { type: CLIENT_CARE_ENDED, payload: CareEnded },
];

/** The end of a hospital cancellation's detail, naming its stay: what the discharge looks for. */
export const episodeMark = (episodeId: number) => `(episode #${episodeId})`;

const writeContextOf = (event: DeliveredEvent): WriteContext => ({ actor: { userId: event.user_id, actingUserId: null, healthProfessionalId: null, ip: null }, userId: event.user_id });

/**
 * Cancels the client's visits not yet started that `where` also holds, not charged. Their carers stay on them,
 * so a reinstatement gives them back (a cancelled visit counts for no carer's time).
 */
async function cancelNotStarted(tx: Transaction, event: DeliveredEvent, clientId: number, where: SQL | undefined, cancel: { reason: CancelReason; summary: string; detail: string }) {
  const affected = await loadVisits(tx, and(eq(visits.client_id, clientId), inArray(visits.status, [...PLANNABLE_STATUSES]), where));
  for (const visit of affected) {
    // A savepoint per visit inside the delivery's transaction (applyChange opens its own transaction).
    await applyChange(
      tx as unknown as Database,
      visit,
      visit.version,
      {
        set: { status: 'cancelled', cancel_reason: cancel.reason, cancel_detail: cancel.detail, cancel_chargeable: false, cancelled_at: clock.now() },
        action: 'cancelled',
        summary: cancel.summary,
        reason: cancel.detail,
      },
      writeContextOf(event),
    );
  }
}

async function pauseForHospital(event: DeliveredEvent, tx: Transaction) {
  const stay = v.parse(HospitalAdmitted, event.payload);
  await cancelNotStarted(tx, event, stay.client_id, gte(visits.visit_date, stay.admitted_on), {
    reason: 'client-hospital',
    summary: 'Cancelled: client in hospital, calls paused (not charged)',
    detail: `In hospital since ${stay.admitted_on} ${episodeMark(stay.episode_id)}`,
  });
}

/** The visit's carers less any booked meanwhile on another visit at an overlapping time (they cannot do both). */
async function carersStillFree(tx: Transaction, visit: StoredVisit): Promise<StoredCarer[]> {
  if (!visit.carers.length) return [];
  const busy = await tx
    .selectDistinct({ carer_id: visitCarers.carer_id })
    .from(visitCarers)
    .innerJoin(visits, eq(visits.id, visitCarers.visit_id))
    .where(
      and(
        inArray(visitCarers.carer_id, visit.carers.map((carer) => carer.carer_id)),
        ne(visits.id, visit.id),
        ne(visits.status, 'cancelled'),
        lt(visits.planned_start, visit.planned_end),
        gt(visits.planned_end, visit.planned_start),
      ),
    );
  const taken = new Set(busy.map((row) => row.carer_id));
  return [...visit.carers]
    .sort((a, b) => a.position - b.position)
    .filter((carer) => !taken.has(carer.carer_id))
    .map((carer, index) => ({ carer_id: carer.carer_id, position: (index + 1) as 1 | 2 }));
}

async function resumeAfterHospital(event: DeliveredEvent, tx: Transaction) {
  const stay = v.parse(HospitalDischarged, event.payload);
  // Only the visits this stay cancelled, still to come: from the day after the discharge (the day itself stays
  // as planned around the return home), or from now when the pause was lifted without one.
  const paused = await loadVisits(
    tx,
    and(
      eq(visits.client_id, stay.client_id),
      eq(visits.status, 'cancelled'),
      eq(visits.cancel_reason, 'client-hospital'),
      like(visits.cancel_detail, `%${episodeMark(stay.episode_id)}`),
      gt(visits.planned_start, clock.now()),
      stay.discharged_on ? gt(visits.visit_date, stay.discharged_on) : undefined,
    ),
  );
  for (const visit of paused) {
    const carers = await carersStillFree(tx, visit);
    const dropped = visit.carers.length - carers.length;
    await applyChange(
      tx as unknown as Database,
      visit,
      visit.version,
      {
        // Status follows the carers it keeps (assigned when they are all there).
        set: { status: 'unassigned', cancel_reason: null, cancel_detail: '', cancel_chargeable: false, cancelled_at: null },
        carers,
        action: 'reinstated',
        summary: `Reinstated: client home from hospital${dropped ? `; ${dropped === 1 ? 'a carer' : 'its carers'} booked elsewhere at that time taken off` : ''}`,
        reason: `${stay.discharged_on ? `Discharged on ${stay.discharged_on}` : 'Calls resumed'} ${episodeMark(stay.episode_id)}`,
      },
      writeContextOf(event),
    );
  }
}

async function stopAfterCareEnded(event: DeliveredEvent, tx: Transaction) {
  const ending = v.parse(CareEnded, event.payload);
  const died = ending.status === 'deceased';
  await cancelNotStarted(tx, event, ending.client_id, ending.ended_on ? gt(visits.visit_date, ending.ended_on) : gt(visits.planned_start, clock.now()), {
    reason: died ? 'client-died' : 'care-ended',
    summary: `Cancelled: ${died ? 'client died' : 'care ended'} (not charged)`,
    detail: ending.ended_on ? `${died ? 'Client died; care' : 'Care'} ended on ${ending.ended_on}` : `${died ? 'Client died' : 'Care ended'} (no end date recorded)`,
  });
}

export const CLIENT_EVENT_HANDLERS: AreaEventHandler<AreaServerContext>[] = [
  { name: 'hospital-stay-pauses-visits', handles: [CLIENT_HOSPITAL_ADMITTED], handle: pauseForHospital },
  { name: 'hospital-discharge-resumes-visits', handles: [CLIENT_HOSPITAL_DISCHARGED], handle: resumeAfterHospital },
  { name: 'care-ended-cancels-visits', handles: [CLIENT_CARE_ENDED], handle: stopAfterCareEnded },
];
