import { createHash } from 'node:crypto';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { recordAudit, type AuditActor, type Database } from '@hcm/server/platform';
import type { LatLon } from '../../../contract/postcodes.js';
import type { VisitCheckRow, VisitCheckValues, VisitTasksValues } from '../../../contract/live-device.js';
import type { VisitStatus } from '../../../contract/visits.js';
import { visitCarers, visitLogs, visits } from '../../tables.js';
import { VISITS_AUDIT, wallClock } from '../../visits/service.js';
import { publishVisitChanges } from '../../visits/events.js';
import { visitChecks } from '../tables.js';
import { decideConfirmation } from './confirmation.js';
import { liveSettingsOf } from './settings.js';
import { visitTaskRecords } from './tables.js';
import { verifyCheck } from './verification.js';
import { clock } from '@hcm/contract/time';

// The device's writes at a visit: a check-in or check-out (verified, the visit's status and actual times set,
// logged, its event written, and on check-out the confirmation decided) and the tasks' outcomes. Each is idempotent by the
// Idempotency-Key (unique per carer): the insert does nothing on a conflict and the first row answers a resend.

export type AssignedVisit = typeof visits.$inferSelect;

/** The visit when this carer is on it, else null (the route answers 404: another carer's visit is not theirs to see). */
export async function assignedVisit(db: Database, visitId: number, carerId: number): Promise<AssignedVisit | null> {
  const [row] = await db
    .select({ visit: visits })
    .from(visits)
    .innerJoin(visitCarers, and(eq(visitCarers.visit_id, visits.id), eq(visitCarers.carer_id, carerId)))
    .where(eq(visits.id, visitId))
    .limit(1);
  return row?.visit ?? null;
}

export function checkRow(row: typeof visitChecks.$inferSelect): VisitCheckRow {
  return {
    id: row.id,
    visit_id: row.visit_id,
    carer_id: row.carer_id,
    kind: row.kind,
    recorded_at: row.recorded_at.toISOString(),
    received_at: row.received_at.toISOString(),
    latitude: row.latitude,
    longitude: row.longitude,
    accuracy_metres: row.accuracy_metres,
    no_position_reason: row.no_position_reason,
    distance_metres: row.distance_metres,
    on_site: row.on_site,
    punctual: row.punctual,
  };
}

export class DeviceWriteConflict extends Error {}

/** A write refused for one field of its body (the route answers 422 naming it). */
export class DeviceWriteInvalid extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export type CheckOutcome = {
  replayed: boolean;
  check: typeof visitChecks.$inferSelect;
  visit: { id: number; branch_id: number; status: VisitStatus; confirmation: AssignedVisit['confirmation']; confirmation_issues: string[] };
};

/**
 * A resend of the same write: the whole body as stored (visit, kind, time, position, its accuracy and the reason
 * for none). A body without recorded_at (the server's time) matches whatever time the first got; a reason sent
 * with a position is not kept, so it is not compared.
 */
const sameCheck = (row: typeof visitChecks.$inferSelect, visitId: number, kind: 'in' | 'out', at: Date, values: VisitCheckValues) =>
  row.visit_id === visitId &&
  row.kind === kind &&
  (!values.recorded_at || row.recorded_at.getTime() === at.getTime()) &&
  row.latitude === values.latitude &&
  row.longitude === values.longitude &&
  row.accuracy_metres === values.accuracy_metres &&
  row.no_position_reason === (values.latitude !== null && values.longitude !== null ? '' : values.no_position_reason);

export const CHECK_OUT_BEFORE_CHECK_IN = (checkIn: Date) => `The check-out is before the check-in (${wallClock(checkIn).time}): give the time it happened.`;
export const CHECK_IN_AFTER_CHECK_OUT = (checkOut: Date) => `The check-in is after the check-out (${wallClock(checkOut).time}): give the time it happened.`;

/**
 * Records a check-in or check-out. A resend (same key and body) answers the first row; the same key with
 * another body, or a second check of the same kind under another key, is a conflict (DeviceWriteConflict).
 */
export async function recordCheck(
  db: Database,
  input: { visit: AssignedVisit; carerId: number; userId: number; deviceId: number | null; kind: 'in' | 'out'; recordedAt: Date; values: VisitCheckValues; key: string; home: LatLon | null; actor: AuditActor },
): Promise<CheckOutcome> {
  const { visit, carerId, kind, recordedAt, values, key } = input;
  const settings = await liveSettingsOf(db, visit.branch_id);
  const position = values.latitude !== null && values.longitude !== null ? { latitude: values.latitude, longitude: values.longitude, accuracy_metres: values.accuracy_metres } : null;
  const verification = verifyCheck({ kind, recorded_at: recordedAt, position }, { start: visit.planned_start, end: visit.planned_end }, input.home, settings);

  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(visitChecks)
      .values({
        visit_id: visit.id,
        carer_id: carerId,
        kind,
        recorded_at: recordedAt,
        latitude: values.latitude,
        longitude: values.longitude,
        accuracy_metres: values.accuracy_metres,
        no_position_reason: position ? '' : values.no_position_reason,
        distance_metres: verification.distance_metres,
        on_site: verification.on_site,
        punctual: verification.punctual,
        device_id: input.deviceId,
        idempotency_key: key,
      })
      .onConflictDoNothing()
      .returning();

    if (!inserted) {
      const [first] = await tx.select().from(visitChecks).where(and(eq(visitChecks.carer_id, carerId), eq(visitChecks.idempotency_key, key)));
      if (first && sameCheck(first, visit.id, kind, recordedAt, values)) {
        const [current] = await tx.select().from(visits).where(eq(visits.id, visit.id));
        return { replayed: true, check: first, visit: summaryOf(current!) };
      }
      if (first) throw new DeviceWriteConflict('This Idempotency-Key was already used for another write.');
      const [earlier] = await tx.select().from(visitChecks).where(and(eq(visitChecks.visit_id, visit.id), eq(visitChecks.carer_id, carerId), eq(visitChecks.kind, kind)));
      throw new DeviceWriteConflict(`Already checked ${kind} at ${earlier ? wallClock(earlier.recorded_at).time : 'an earlier time'}.`);
    }

    // The visit: in progress from the first check-in, completed at the check-out; a late check-in after the
    // check-out (an offline queue sending out of order) does not take a completed visit back.
    // The visit's row locked first, so a check-in and a check-out sent at once see each other here.
    const [current] = await tx.select().from(visits).where(eq(visits.id, visit.id)).for('update');
    const checks = await tx.select().from(visitChecks).where(and(eq(visitChecks.visit_id, visit.id), eq(visitChecks.carer_id, carerId)));
    const checkIn = checks.find((check) => check.kind === 'in') ?? null;
    const checkOut = checks.find((check) => check.kind === 'out') ?? null;
    // A visit cannot end before it began (a negative length would go on to pay and invoicing): the write is
    // refused, its row with it (the transaction rolls back).
    if (checkIn && checkOut && checkOut.recorded_at < checkIn.recorded_at) {
      throw new DeviceWriteInvalid('recorded_at', kind === 'out' ? CHECK_OUT_BEFORE_CHECK_IN(checkIn.recorded_at) : CHECK_IN_AFTER_CHECK_OUT(checkOut.recorded_at));
    }
    const decided = decideConfirmation({ start: visit.planned_start, end: visit.planned_end }, checkIn, checkOut, settings);
    const status: VisitStatus = checkOut ? 'completed' : current!.status === 'completed' ? 'completed' : 'in-progress';
    const keepsConfirmation = current!.confirmation === 'confirmed';
    const [after] = await tx
      .update(visits)
      .set({
        status,
        actual_start: kind === 'in' && (!current!.actual_start || recordedAt < current!.actual_start) ? recordedAt : current!.actual_start,
        actual_end: kind === 'out' && (!current!.actual_end || recordedAt > current!.actual_end) ? recordedAt : current!.actual_end,
        ...(keepsConfirmation || decided.confirmation === 'not-due' ? {} : { confirmation: decided.confirmation, confirmation_issues: decided.issues }),
        version: sql`${visits.version} + 1`,
        updated_at: clock.now(),
      })
      .where(eq(visits.id, visit.id))
      .returning();

    const where = verification.on_site === false ? `, ${verification.distance_metres} m from the home (not on site)` : verification.on_site ? ', on site' : position ? '' : `, no position: ${values.no_position_reason}`;
    await tx.insert(visitLogs).values({
      visit_id: visit.id,
      // The log names the signed-in account (users.id); the check's carer_id is the carer record.
      user_id: input.userId,
      at: recordedAt,
      action: kind === 'in' ? 'check-in' : 'check-out',
      summary: `Checked ${kind} at ${wallClock(recordedAt).time}${verification.punctual ? '' : ' (outside the punctuality window)'}${where}${after!.confirmation !== current!.confirmation ? `; ${after!.confirmation}` : ''}`,
      before: { status: current!.status, confirmation: current!.confirmation },
      after: { status: after!.status, confirmation: after!.confirmation, confirmation_issues: after!.confirmation_issues },
    });
    await recordAudit(tx, {
      actor: input.actor,
      resource: VISITS_AUDIT,
      recordId: visit.id,
      action: 'update',
      before: { status: current!.status, confirmation: current!.confirmation },
      after: { action: `check-${kind}`, check_id: inserted.id, status: after!.status, confirmation: after!.confirmation },
    });
    // Its event (started, completed, confirmed), with the check.
    const on = await tx.select({ carer_id: visitCarers.carer_id, position: visitCarers.position }).from(visitCarers).where(eq(visitCarers.visit_id, visit.id));
    await publishVisitChanges(tx, [{ before: { ...current!, carers: on }, after: { ...after!, carers: on } }], input.userId);
    return { replayed: false, check: inserted, visit: summaryOf(after!) };
  });
}

function summaryOf(visit: AssignedVisit): CheckOutcome['visit'] {
  return { id: visit.id, branch_id: visit.branch_id, status: visit.status, confirmation: visit.confirmation, confirmation_issues: visit.confirmation_issues };
}

export const requestHash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** Records the tasks' outcomes of one send; a resend answers the first rows, another body under the key is a conflict. */
export async function recordTasks(
  db: Database,
  input: { visit: AssignedVisit; carerId: number; userId: number; deviceId: number | null; recordedAt: Date; values: VisitTasksValues; key: string; actor: AuditActor },
): Promise<{ replayed: boolean; rows: (typeof visitTaskRecords.$inferSelect)[] }> {
  const { visit, carerId, key, values } = input;
  // The body as sent (a resend without recorded_at is still the same write).
  const hash = requestHash({ visit_id: visit.id, recorded_at: values.recorded_at ?? null, tasks: values.tasks });
  return db.transaction(async (tx) => {
    const existing = await tx.select().from(visitTaskRecords).where(and(eq(visitTaskRecords.carer_id, carerId), eq(visitTaskRecords.idempotency_key, key)));
    if (existing.length) {
      if (existing[0]!.request_hash !== hash) throw new DeviceWriteConflict('This Idempotency-Key was already used for another write.');
      return { replayed: true, rows: existing };
    }
    const rows = await tx
      .insert(visitTaskRecords)
      .values(
        values.tasks.map((task) => ({
          visit_id: visit.id,
          carer_id: carerId,
          task_key: task.task_key,
          done: task.done,
          reason: task.done ? '' : task.reason,
          note: task.note,
          recorded_at: input.recordedAt,
          device_id: input.deviceId,
          idempotency_key: key,
          request_hash: hash,
        })),
      )
      .onConflictDoNothing()
      .returning();
    // A concurrent resend won the race: answer its rows.
    if (!rows.length) return { replayed: true, rows: await tx.select().from(visitTaskRecords).where(and(eq(visitTaskRecords.carer_id, carerId), eq(visitTaskRecords.idempotency_key, key))) };
    const notDone = values.tasks.filter((task) => !task.done);
    await tx.insert(visitLogs).values({
      visit_id: visit.id,
      // The log names the signed-in account (users.id); the task rows' carer_id is the carer record.
      user_id: input.userId,
      at: input.recordedAt,
      action: 'tasks',
      summary: `${values.tasks.length - notDone.length} task(s) done${notDone.length ? `, ${notDone.length} not done (${notDone.map((task) => `${task.task_key}: ${task.reason}`).join('; ')})` : ''}`,
      after: { tasks: values.tasks },
    });
    await recordAudit(tx, { actor: input.actor, resource: VISITS_AUDIT, recordId: visit.id, action: 'update', after: { action: 'tasks', tasks: values.tasks } });
    return { replayed: false, rows };
  });
}

/** The UK day's bounds as instants (00:00 of `from` to 00:00 after `to`). */
export function dayBounds(from: string, to: string, londonInstant: (day: string, time: string) => string, addDays: (day: string, days: number) => string) {
  return { start: new Date(londonInstant(from, '00:00')), end: new Date(londonInstant(addDays(to, 1), '00:00')) };
}

/** The visits of a carer between two instants (planned start), with their status: for GET /carer-app/clients. */
export async function carerVisitsBetween(db: Database, carerId: number, start: Date, end: Date) {
  return db
    .select({ id: visits.id, client_id: visits.client_id, planned_start: visits.planned_start, planned_end: visits.planned_end, status: visits.status })
    .from(visits)
    .innerJoin(visitCarers, and(eq(visitCarers.visit_id, visits.id), eq(visitCarers.carer_id, carerId)))
    .where(and(gte(visits.planned_start, start), lt(visits.planned_start, end), sql`${visits.status} <> 'cancelled'`))
    .orderBy(visits.planned_start);
}
