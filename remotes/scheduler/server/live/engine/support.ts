import { and, eq } from 'drizzle-orm';
import { recordAudit, type AuditActor, type Database } from '@hcm/server/platform';
import type { SupportUrgency } from '../../../contract/live-engine.js';
import { visitCarers, visits } from '../../tables.js';
import { visitAlerts } from '../tables.js';
import { LIVE_ALERTS_AUDIT } from './escalation.js';
import { clock } from '@hcm/contract/time';

// A carer's request for support from the device (a 'carer-support' alert, handled like the engine's alerts), under
// the carer's record id (workforce's carer, as visits are assigned), not their sign-in account. Like
// every device write it carries an Idempotency-Key: stored on the alert under the per-carer unique index and
// inserted with ON CONFLICT DO NOTHING (per carer record, whichever device sends), so a resend answers the first request and a changed body is a conflict.

/** `recorded_at_sent`: the device gave its time (else it is the server's, and a resend is compared without it). */
export type SupportRequest = { visit_id: number | null; message: string; urgency: SupportUrgency; recorded_at: Date; recorded_at_sent: boolean };
export type SupportOutcome =
  | { kind: 'created' | 'replayed'; alert: typeof visitAlerts.$inferSelect }
  | { kind: 'conflict' }
  | { kind: 'invalid'; errors: Record<string, string[]> };

/** The request as stored, for comparing a resend with the first send. */
const fingerprint = (values: { visit_id: number | null; message: string; urgency: string; recorded_at: Date | null }) =>
  JSON.stringify([values.visit_id, values.message, values.urgency, values.recorded_at?.toISOString() ?? null]);

export async function raiseSupportRequest(db: Database, carer: { carerId: number; branchIds: readonly number[]; actor: AuditActor }, values: SupportRequest, key: string, now = clock.now()): Promise<SupportOutcome> {
  const [existing] = await db.select().from(visitAlerts).where(and(eq(visitAlerts.carer_id, carer.carerId), eq(visitAlerts.idempotency_key, key))).limit(1);
  if (existing) return replayOf(existing, values);

  let branchId = carer.branchIds[0] ?? null;
  let clientId: number | null = null;
  if (values.visit_id !== null) {
    // Only a visit the carer is on: the office sees which client and branch it is about.
    const [visit] = await db
      .select({ branch_id: visits.branch_id, client_id: visits.client_id })
      .from(visits)
      .innerJoin(visitCarers, and(eq(visitCarers.visit_id, visits.id), eq(visitCarers.carer_id, carer.carerId)))
      .where(eq(visits.id, values.visit_id))
      .limit(1);
    if (!visit) return { kind: 'invalid', errors: { visit_id: ['Choose one of your visits.'] } };
    branchId = visit.branch_id;
    clientId = visit.client_id;
  }
  if (branchId === null) return { kind: 'invalid', errors: { visit_id: ['You work in no branch: choose the visit this is about.'] } };

  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(visitAlerts)
      .values({
        branch_id: branchId,
        visit_id: values.visit_id,
        client_id: clientId,
        carer_id: carer.carerId,
        kind: 'carer-support',
        due_at: values.recorded_at,
        raised_at: now,
        detail: values.message,
        urgency: values.urgency,
        idempotency_key: key,
      })
      .onConflictDoNothing()
      .returning();
    if (row) await recordAudit(tx, { actor: carer.actor, resource: LIVE_ALERTS_AUDIT, recordId: row.id, action: 'create', after: { kind: 'carer-support', visit_id: row.visit_id, urgency: row.urgency, message: row.detail } });
    return row ?? null;
  });
  if (created) return { kind: 'created', alert: created };
  // Another send of the same key won the race: answer as a resend.
  const [first] = await db.select().from(visitAlerts).where(and(eq(visitAlerts.carer_id, carer.carerId), eq(visitAlerts.idempotency_key, key))).limit(1);
  return first ? replayOf(first, values) : { kind: 'conflict' };
}

function replayOf(first: typeof visitAlerts.$inferSelect, values: SupportRequest): SupportOutcome {
  const sentAt = values.recorded_at_sent ? values.recorded_at : null;
  const same = fingerprint({ visit_id: first.visit_id, message: first.detail, urgency: first.urgency, recorded_at: sentAt && first.due_at }) === fingerprint({ ...values, recorded_at: sentAt });
  return same ? { kind: 'replayed', alert: first } : { kind: 'conflict' };
}
