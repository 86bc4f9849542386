import * as v from 'valibot';
import { gte } from 'drizzle-orm';
import { ukDate } from '@hcm/contract/time';
import type { AreaEventHandler, AreaServerContext, ConsumedEvent, DeliveredEvent, Transaction } from '@hcm/server/platform';
import { visits } from '../tables.js';
import { takeOff } from './carer-events.js';

// The scheduler's reaction to a carer's compliance checks changing what they may do (workforce's
// workforce.carer-compliance.changed, written with the recomputed summary: a DBS check or right to work lapsing,
// a blocking check archived or missing). A carer who may no longer be rostered is taken off every visit of theirs
// not yet started from the event's moment (today's still to come included); a carer still rosterable today whose
// blocking check lapses on a later day (lapses_on, the first day they may not work) is taken off their visits on
// or after that day. Through the same path as a suspension (./carer-events.ts): each visit is changed with
// applyChange, logged with the reason in words and audited, and its visit event tells the carer and the branch's
// online planners (./visit-events-handler.ts), so the visits show unassigned and are offered to others. Running
// again changes nothing: the carer is no longer on them. A visit started, done or over stays as it happened.
// A carer becoming rosterable again changes no visit: the visits taken from them are not given back (the planners
// assign them again, the rules judging each on its date).

const Rostering = v.object({ rosterable: v.boolean(), lapses_on: v.nullable(v.string()) });
const CarerComplianceChanged = v.object({
  carer_id: v.number(),
  carer_name: v.string(),
  rosterable: v.boolean(),
  reasons: v.array(v.string()),
  lapses_on: v.nullable(v.string()),
  lapsing: v.nullable(v.string()),
  previous: Rostering,
});

export const CARER_COMPLIANCE_CHANGED = 'workforce.carer-compliance.changed';

export const COMPLIANCE_EVENTS_CONSUMED: ConsumedEvent[] = [{ type: CARER_COMPLIANCE_CHANGED, payload: CarerComplianceChanged }];

/** A UK day in words, as the rules say it: 2 Dec 2026. */
const dayWords = (day: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/** "DBS check" → "DBS check", "Right to work" → "right to work": the label inside a sentence. */
const inSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);

/** What the visits' log says of a check lapsing: "Aisha Bello’s DBS check lapsed on 2 Dec 2026: they cannot work on this visit." */
export function lapseReason(name: string, label: string, day: string, today: string): string {
  return `${name}’s ${inSentence(label)} ${day <= today ? 'lapsed' : 'lapses'} on ${dayWords(day)}: they cannot work on this visit.`;
}

async function takeCarerOffForCompliance(event: DeliveredEvent, tx: Transaction) {
  const change = v.parse(CarerComplianceChanged, event.payload);
  const today = ukDate(event.occurred_at);
  const carer = { carer_id: change.carer_id, carer_name: change.carer_name };
  if (!change.rosterable) {
    // Lapsed by now (a dated check past its last day): say which and when; otherwise what the checks say.
    const lapsed = change.lapses_on && change.lapsing && change.lapses_on <= today;
    const reason = lapsed ? lapseReason(change.carer_name, change.lapsing!, change.lapses_on!, today) : `${change.carer_name} can no longer be rostered: ${change.reasons.join(' ')}`;
    return takeOff(event, tx, carer, undefined, { summary: lapsed ? `${inSentence(change.lapsing!)} lapsed` : 'compliance checks not met', reason, attention: `${change.carer_name} taken off: ${reason}` });
  }
  // Rosterable today and still before: the day a check lapses came (or moved) within reach of the rota. Becoming
  // rosterable again (previous.rosterable false) changes nothing.
  if (!change.previous.rosterable || !change.lapses_on || !change.lapsing || change.lapses_on === change.previous.lapses_on) return;
  return takeOff(event, tx, carer, gte(visits.visit_date, change.lapses_on), {
    summary: `${inSentence(change.lapsing)} lapses on ${change.lapses_on}`,
    reason: lapseReason(change.carer_name, change.lapsing, change.lapses_on, today),
    attention: `${change.carer_name} taken off: ${lapseReason(change.carer_name, change.lapsing, change.lapses_on, today)}`,
  });
}

export const COMPLIANCE_EVENT_HANDLERS: AreaEventHandler<AreaServerContext>[] = [
  { name: 'carer-compliance-takes-carer-off-visits', handles: [CARER_COMPLIANCE_CHANGED], handle: takeCarerOffForCompliance },
];
