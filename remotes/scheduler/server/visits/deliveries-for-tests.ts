import { asc, eq, ne } from 'drizzle-orm';
import { domainEvents, eventDeliveries } from '@hcm/server/schema';
import { clock } from '@hcm/contract/time';
import type { TestApp, TestClient } from '@hcm/server/testing';
import type { VisitRow } from '../../contract/visits.js';
import { VISIT_CHANGED } from './events.js';

// For the tests of the scheduler's handlers of other areas' events: every visit they change writes the visit's own
// event (./events.ts), delivered to the scheduler's handler that tells carers and planners in the next pass. These
// helpers deliver what is due, as app.events.deliver() does, and answer only the outcomes of the other events'
// deliveries (in delivery order), so a test still says "delivered once" of the event it is about.

type Outcome = 'done' | 'retry' | 'failed';

const notVisitEvents = ne(domainEvents.type, VISIT_CHANGED.type);

async function deliveriesBesideVisitEvents(t: TestApp) {
  return t.database.db
    .select({ event_id: eventDeliveries.event_id, consumer: eventDeliveries.consumer, status: eventDeliveries.status, attempts: eventDeliveries.attempts })
    .from(eventDeliveries)
    .innerJoin(domainEvents, eq(domainEvents.id, eventDeliveries.event_id))
    .where(notVisitEvents)
    .orderBy(asc(eventDeliveries.event_id), asc(eventDeliveries.consumer));
}

/** Delivers what is due; answers the outcomes of the deliveries of events other than the visits' own. */
export async function deliverBesideVisitEvents(t: TestApp): Promise<Outcome[]> {
  const before = new Map((await deliveriesBesideVisitEvents(t)).map((row) => [`${row.event_id}:${row.consumer}`, row.attempts]));
  await t.app.events.deliver();
  return (await deliveriesBesideVisitEvents(t))
    .filter((row) => row.attempts > (before.get(`${row.event_id}:${row.consumer}`) ?? 0))
    .map((row) => (row.status === 'done' ? 'done' : row.status === 'failed' ? 'failed' : 'retry'));
}

/** A carer's visits between two UK days, as the office's visit list answers them. */
export async function visitsOfCarer(client: TestClient, carerId: number, from: string, to: string): Promise<VisitRow[]> {
  const page = (await client.get(`/api/v1/visits?carer_id=${carerId}&from=${from}&to=${to}&page_size=100`)).json().data.data as VisitRow[];
  return page.filter((visit) => visit.carers.some((carer) => carer.carer_id === carerId));
}

/** Not yet started nor over: what a carer who may no longer work is taken off. */
export const stillToDo = (visit: VisitRow) => (visit.status === 'assigned' || visit.status === 'unassigned') && Date.parse(visit.planned_end) > clock.nowMs();
