import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { clock, ukDate, ukInstant } from '@hcm/contract/time';
import type { Transaction } from '@hcm/server/platform';
import { flagVisits } from '../visits/attention.js';
import { carersRead } from '../read-models.js';
import { templateSlots, visitCarers, visitLogs, visits } from '../tables.js';
import { clientSlots } from '../templates/tables.js';

// The demo's uncovered call (the dashboard's "unassigned today, time-critical first"): of today's time-critical
// calls still to come (a client's commissioned window marked time-critical, an insulin call first), the first one
// staffed loses its carer, who rang the office this morning about an appointment of their own. The visit is
// unassigned with the change in its history and flagged as needing a planner, as a carer taken off any visit is;
// nothing is announced (the demo has told nobody anything yet). Seeded after today's call has passed, there is
// none to take: the panel then says so truthfully.

export async function seedDemoUncoveredCall(tx: Transaction, now = clock.now()): Promise<number | null> {
  const [call] = await tx
    .select({ id: visits.id, version: visits.version, reason: clientSlots.time_critical_reason })
    .from(visits)
    .innerJoin(templateSlots, eq(templateSlots.id, visits.template_slot_id))
    .innerJoin(clientSlots, and(eq(clientSlots.client_id, visits.client_id), eq(clientSlots.visit_slot_id, templateSlots.visit_slot_id)))
    .where(
      and(
        eq(visits.visit_date, ukDate(now)),
        eq(visits.status, 'assigned'),
        gt(visits.planned_start, now),
        eq(clientSlots.time_critical, true),
        sql`exists (select 1 from ${visitCarers} where ${visitCarers.visit_id} = ${visits.id})`,
      ),
    )
    .orderBy(sql`(${clientSlots.time_critical_reason} ilike '%insulin%') desc`, asc(visits.planned_start), asc(visits.id))
    .limit(1);
  if (!call) return null;
  const onIt = await tx
    .select({ carer_id: visitCarers.carer_id, first: carersRead.first_name, last: carersRead.last_name })
    .from(visitCarers)
    .leftJoin(carersRead, eq(carersRead.id, visitCarers.carer_id))
    .where(eq(visitCarers.visit_id, call.id))
    .orderBy(asc(visitCarers.position));
  const names = onIt.map((carer) => (carer.first ? `${carer.first} ${carer.last}` : `Carer #${carer.carer_id}`)).join(' and ');
  const rang = new Date(Math.min(now.getTime(), ukInstant(ukDate(now), '08:00').getTime()));
  await tx.delete(visitCarers).where(eq(visitCarers.visit_id, call.id));
  await tx.update(visits).set({ status: 'unassigned', version: call.version + 1, updated_at: rang }).where(eq(visits.id, call.id));
  await tx.insert(visitLogs).values({
    visit_id: call.id,
    at: rang,
    user_id: null,
    action: 'unassigned',
    summary: `${names} taken off: an appointment of their own`,
    reason: `Rang the office this morning; the call (${call.reason || 'time-critical'}) needs cover.`,
    before: { carer_ids: onIt.map((carer) => carer.carer_id) },
    after: { carer_ids: [], status: 'unassigned', version: call.version + 1 },
  });
  await flagVisits(tx, [{ visit_id: call.id, kind: 'taken-off', reason: `${names} taken off: an appointment of their own; ${call.reason || 'a time-critical call'} needs cover` }], null);
  return call.id;
}
