import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { newStorageKey, recordAudit, sniffFileKind, FILE_KINDS, type AuditActor, type FileStorage } from '@hcm/server/platform';
import {
  MEDICATION_IMAGE_MAX_BYTES,
  MEDICATION_IMAGE_TOO_LARGE,
  MEDICATION_IMAGE_TYPES,
  MEDICATION_IMAGE_WRONG_TYPE,
  type AvailabilityProblem,
  type HandleAvailabilityValues,
  type MedicationAvailabilityValues,
  type MedicationImageKind,
  type MedicationImageValues,
} from '../../../contract/index.js';
import { MarConflictError, ruleError, type DbOrTx } from '../../mar/common.js';
import { findSchedule } from '../../mar/schedules.js';
import { medicationAvailabilityReports, medicationImages } from './tables.js';
import { clock } from '@hcm/contract/time';

// The device's photos and stock reports, saved once per Idempotency-Key (per carer): a resend with the same key
// and body answers the first row; the same key with another body is a conflict.

export const KEY_REUSED = 'This Idempotency-Key was already used with a different record. Use a new key for a new record.';

export type DeviceWrite = { clientId: number; carerId: number; actor: AuditActor; key: string; hash: string; at: Date };

/** The photo's bytes from base64 (a data: URL prefix allowed), checked for size and type; else a 422 rule error. */
export function photoBytes(values: MedicationImageValues): { bytes: Buffer; mime: string } {
  const base64 = values.data.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw ruleError('data', 'Send the photo as base64.');
  if (Math.floor((base64.length * 3) / 4) > MEDICATION_IMAGE_MAX_BYTES + 3) throw ruleError('data', MEDICATION_IMAGE_TOO_LARGE);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MEDICATION_IMAGE_MAX_BYTES) throw ruleError('data', MEDICATION_IMAGE_TOO_LARGE);
  const kind = sniffFileKind(bytes);
  if (!kind || !(MEDICATION_IMAGE_TYPES as readonly string[]).includes(kind)) throw ruleError('data', MEDICATION_IMAGE_WRONG_TYPE);
  return { bytes, mime: FILE_KINDS[kind].mime };
}

async function checkSchedule(db: DbOrTx, clientId: number, scheduleId: number | null): Promise<void> {
  if (scheduleId !== null && !(await findSchedule(db, clientId, scheduleId))) throw ruleError('schedule_id', "Choose a medicine on this client's chart.");
}

export async function saveMedicationImage(db: DbOrTx, storage: FileStorage, write: DeviceWrite, values: MedicationImageValues): Promise<{ id: number; replayed: boolean }> {
  const existing = await firstOfKey(db, medicationImages, write);
  if (existing) return existing;
  await checkSchedule(db, write.clientId, values.schedule_id);
  const { bytes, mime } = photoBytes(values);
  const key = newStorageKey(`medication-images/${write.clientId}`);
  await storage.put(key, bytes, { contentType: mime });
  const [row] = await db
    .insert(medicationImages)
    .values({
      client_id: write.clientId,
      schedule_id: values.schedule_id,
      kind: values.kind as MedicationImageKind,
      caption: values.caption,
      storage_key: key,
      mime,
      size_bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      taken_at: write.at,
      carer_id: write.carerId,
      idempotency_key: write.key,
      request_hash: write.hash,
    })
    .onConflictDoNothing({ target: [medicationImages.carer_id, medicationImages.idempotency_key] })
    .returning({ id: medicationImages.id });
  if (!row) {
    // Sent twice at once: the other request stored it first; these bytes are not needed.
    await storage.delete(key);
    return (await firstOfKey(db, medicationImages, write))!;
  }
  const audited = { id: row.id, client_id: write.clientId, kind: values.kind, schedule_id: values.schedule_id, caption: values.caption, mime, size_bytes: bytes.length, taken_at: write.at };
  await recordAudit(db, { actor: write.actor, resource: 'medication-images', recordId: row.id, action: 'create', after: audited });
  return { id: row.id, replayed: false };
}

export async function saveAvailabilityReport(db: DbOrTx, write: DeviceWrite, values: MedicationAvailabilityValues): Promise<{ id: number; replayed: boolean }> {
  const existing = await firstOfKey(db, medicationAvailabilityReports, write);
  if (existing) return existing;
  await checkSchedule(db, write.clientId, values.schedule_id);
  const [row] = await db
    .insert(medicationAvailabilityReports)
    .values({
      client_id: write.clientId,
      schedule_id: values.schedule_id,
      medicine_name: values.medicine_name,
      problem: values.problem as AvailabilityProblem,
      quantity_left: values.quantity_left,
      note: values.note,
      reported_at: write.at,
      carer_id: write.carerId,
      idempotency_key: write.key,
      request_hash: write.hash,
    })
    .onConflictDoNothing({ target: [medicationAvailabilityReports.carer_id, medicationAvailabilityReports.idempotency_key] })
    .returning();
  if (!row) return (await firstOfKey(db, medicationAvailabilityReports, write))!;
  await recordAudit(db, { actor: write.actor, resource: 'medication-availability', recordId: row.id, action: 'create', after: row });
  return { id: row.id, replayed: false };
}

type KeyedTable = typeof medicationImages | typeof medicationAvailabilityReports;

/** The row first saved under this carer's key (replayed), a conflict when it carried another body, or null. */
async function firstOfKey(db: DbOrTx, table: KeyedTable, write: DeviceWrite): Promise<{ id: number; replayed: true } | null> {
  const [first] = await db
    .select({ id: table.id, client_id: table.client_id, request_hash: table.request_hash })
    .from(table)
    .where(and(eq(table.carer_id, write.carerId), eq(table.idempotency_key, write.key)));
  if (!first) return null;
  if (first.client_id !== write.clientId || first.request_hash !== write.hash) throw new MarConflictError(KEY_REUSED);
  return { id: first.id, replayed: true };
}

/** The office marks a report handled, once, with what was done. Answers false when there is no open report. */
export async function handleAvailabilityReport(db: DbOrTx, id: number, userId: number, actor: AuditActor, values: HandleAvailabilityValues): Promise<boolean> {
  const [row] = await db
    .update(medicationAvailabilityReports)
    .set({ handled_at: clock.now(), handled_by: userId, handled_note: values.note })
    .where(and(eq(medicationAvailabilityReports.id, id), isNull(medicationAvailabilityReports.handled_at)))
    .returning({ id: medicationAvailabilityReports.id, handled_at: medicationAvailabilityReports.handled_at });
  if (!row) return false;
  await recordAudit(db, { actor, resource: 'medication-availability', recordId: id, action: 'update', after: { handled_at: row.handled_at, handled_note: values.note } });
  return true;
}
