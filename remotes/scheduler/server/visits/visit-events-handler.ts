import * as v from 'valibot';
import type { AreaEventHandler, AreaServerContext, ConsumedEvent, DeliveredEvent, Transaction } from '@hcm/server/platform';
import { VISIT_CHANGED, VisitChangedSchema, type VisitChanged } from './events.js';
import { recordCarerPushes, sendCarerPushes } from './notify-carers.js';
import { announceVisitsSoon } from './push.js';

// The scheduler handles its own visit events (./events.ts) through the outbox, like any consumer: durable and
// at-least-once, whichever part of the area changed the visit. One handler tells the people concerned:
//  - the carers on their phones (./notify-carers.ts): the pushes are recorded in the delivery's transaction, keyed
//    by the event, and sent after it commits; a redelivery sends none twice;
//  - the branch's online planners (VISITS_TOPIC, ./push.ts), gathered a moment so a bulk write is one
//    announcement. The routes still announce their own writes at once, before the event is delivered: the
//    delivery's announcement is what every other writer (other areas' events, the live engine, check-ins) gets.

export const VISIT_EVENTS_CONSUMED: ConsumedEvent[] = [{ type: VISIT_CHANGED.type, payload: VisitChangedSchema }];

type State = NonNullable<VisitChanged['before']>;

/** The visit as a state of the event describes it (carerPushesFor's terms). */
const visitOf = (id: number, state: State) => ({
  id,
  status: state.status,
  planned_start: new Date(state.planned_start),
  planned_end: new Date(state.planned_end),
  carers: state.carer_ids.map((carer_id, index) => ({ carer_id, position: (index + 1) as 1 | 2 })),
});

async function tellCarersAndPlanners(event: DeliveredEvent, tx: Transaction, context: AreaServerContext) {
  const change = v.parse(VisitChangedSchema, event.payload);
  const after = visitOf(change.visit_id, change);
  // A visit made with its carers: new to each of them.
  const before = change.before ? visitOf(change.visit_id, change.before) : { ...after, carers: [] };
  const recorded = await recordCarerPushes(tx, event.id, before, after);
  return async () => {
    const onError = (error: unknown) => context.log.warn({ err: error, eventId: event.id }, 'telling carers or planners of a visit change failed');
    if (recorded) await sendCarerPushes(context, context.auth.db, event.id).catch(onError);
    void announceVisitsSoon(context, context.auth.db, change.branch_id, [change.visit_id], event.user_id, onError);
  };
}

export const VISIT_EVENT_HANDLERS: AreaEventHandler<AreaServerContext>[] = [{ name: 'visit-changed-tells-carers-and-planners', handles: [VISIT_CHANGED.type], handle: tellCarersAndPlanners }];
