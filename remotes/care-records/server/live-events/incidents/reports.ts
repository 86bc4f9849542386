import { and, eq } from 'drizzle-orm';
import { recordAudit, type AuditActor, type Database } from '@hcm/server/platform';
import type { FamilyFeedbackReport, IncidentReport } from '../../../contract/live-incidents.js';
import { KEY_REUSED } from '../../daily/common.js';
import { careIncidents, familyFeedback } from './tables.js';

// Writing what a carer's device reports. The Idempotency-Key is stored with the row under a unique index per
// carer: a resend of the same report answers the first row (replayed), a race of two resends inserts once (ON
// CONFLICT DO NOTHING), and the same key with another body is refused (KeyReusedError → 409).

export class KeyReusedError extends Error {
  constructor() {
    super(KEY_REUSED);
  }
}

export type Reporter = { carerId: number; carerName: string; actor: AuditActor };
export type DeviceWrite = { clientId: number; key: string; hash: string; at: Date };
type Saved = { id: number; replayed: boolean };

type IdempotentTable = typeof careIncidents | typeof familyFeedback;

async function replayOf(db: Database, table: IdempotentTable, reporter: Reporter, write: DeviceWrite): Promise<number | null> {
  const [first] = await db
    .select({ id: table.id, client_id: table.client_id, request_hash: table.request_hash })
    .from(table)
    .where(and(eq(table.carer_id, reporter.carerId), eq(table.idempotency_key, write.key)));
  if (!first) return null;
  if (first.client_id !== write.clientId || first.request_hash !== write.hash) throw new KeyReusedError();
  return first.id;
}

export async function saveIncident(db: Database, reporter: Reporter, write: DeviceWrite, report: IncidentReport): Promise<Saved> {
  const earlier = await replayOf(db, careIncidents, reporter, write);
  if (earlier !== null) return { id: earlier, replayed: true };
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(careIncidents)
      .values({
        client_id: write.clientId,
        carer_id: reporter.carerId,
        carer_name: reporter.carerName,
        kind: report.kind,
        happened_at: write.at,
        visit_id: report.visit_id,
        description: report.description,
        injuries: report.injuries,
        action_taken: report.action_taken,
        body_map: report.body_map,
        hazard: report.hazard,
        idempotency_key: write.key,
        request_hash: write.hash,
      })
      .onConflictDoNothing({ target: [careIncidents.carer_id, careIncidents.idempotency_key] })
      .returning();
    if (!row) return null; // The same key arrived meanwhile: answered as a replay below.
    await recordAudit(tx, { actor: reporter.actor, resource: 'care-incidents', recordId: row.id, action: 'create', after: { ...row, idempotency_key: undefined, request_hash: undefined } });
    return row.id;
  });
  if (id !== null) return { id, replayed: false };
  return { id: (await replayOf(db, careIncidents, reporter, write))!, replayed: true };
}

export async function saveFamilyFeedback(db: Database, reporter: Reporter, write: DeviceWrite, report: FamilyFeedbackReport): Promise<Saved> {
  const earlier = await replayOf(db, familyFeedback, reporter, write);
  if (earlier !== null) return { id: earlier, replayed: true };
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(familyFeedback)
      .values({
        client_id: write.clientId,
        carer_id: reporter.carerId,
        carer_name: reporter.carerName,
        from_relation: report.from,
        kind: report.kind,
        text: report.text,
        recorded_at: write.at,
        idempotency_key: write.key,
        request_hash: write.hash,
      })
      .onConflictDoNothing({ target: [familyFeedback.carer_id, familyFeedback.idempotency_key] })
      .returning();
    if (!row) return null;
    await recordAudit(tx, { actor: reporter.actor, resource: 'family-feedback', recordId: row.id, action: 'create', after: { ...row, idempotency_key: undefined, request_hash: undefined } });
    return row.id;
  });
  if (id !== null) return { id, replayed: false };
  return { id: (await replayOf(db, familyFeedback, reporter, write))!, replayed: true };
}
