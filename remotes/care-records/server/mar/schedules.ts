import type { Page } from '@hcm/contract';
import { londonDate } from '@hcm/contract/engine';
import { and, asc, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { auditLog, outer, pageOf, recordAudit, users, type AuditActor, type Paging } from '@hcm/server/platform';
import {
  MEDICATION_ROUTES,
  scheduleStatus,
  slotLabel,
  slotsOf,
  type Administration,
  type DuplicateWarning,
  type MarClient,
  type MedicationSchedule,
  type MedicationScheduleValues,
  type StopScheduleInput,
} from '../../contract/index.js';
import { clientMedicationColumns, clientMedicationsTable } from '../columns.js';
import { administrationsPage } from './administrations.js';
import { medicationsRead } from '../read-models.js';
import { isoOf, MarConflictError, ruleError, ukDay, type DbOrTx } from './common.js';
import { clock } from '@hcm/contract/time';

// A client's medication schedules (the `client-medications` declaration; its rules in contract/mar.ts): listed
// with the catalogue's names, added with the duplicate warning, stopped with a reason, never edited or deleted.
// Creating and stopping are audited as the declared resource's create and update, so its history (the engine's
// GET /client-medications/:id/audit and the schedule's logging page) shows who did what.

const m = clientMedicationColumns;
const t = clientMedicationsTable;
const med = medicationsRead;
const RESOURCE = 'client-medications';

/** Who made the audit entry of `action` on the outer schedule row (the first create, the latest update). */
const whoDid = (action: 'create' | 'update'): SQL<string | null> =>
  sql<string | null>`(select ${users.name} from ${auditLog} join ${users} on ${users.id} = ${auditLog.user_id}
    where ${auditLog.resource} = ${RESOURCE} and ${auditLog.record_id} = ${outer(t, m.id)} and ${auditLog.action} = ${action}
    order by ${auditLog.id} ${action === 'create' ? sql`asc` : sql`desc`} limit 1)`;

const scheduleColumns = {
  id: sql<number>`${m.id}`,
  client_id: sql<number>`${m.client_id}`,
  medication_id: sql<number>`${m.medication_id}`,
  dose: sql<string>`${m.dose}`,
  route: sql<string>`${m.route}`,
  frequency: sql<string>`${m.frequency}`,
  support_level: sql<string>`${m.support_level}`,
  as_needed: sql<boolean>`${m.as_needed}`,
  timing: sql<string>`${m.timing}`,
  times: sql<string>`${m.times}`,
  days_of_week: sql<string>`${m.days_of_week}`,
  prn_reason: sql<string>`${m.prn_reason}`,
  prn_max_doses: sql<number | null>`${m.prn_max_doses}`,
  prn_min_gap_hours: sql<number | null>`${m.prn_min_gap_hours}`,
  time_critical: sql<boolean>`${m.time_critical}`,
  time_critical_window: sql<number | null>`${m.time_critical_window}`,
  start_date: sql<string>`${m.start_date}::text`,
  stop_date: sql<string | null>`${m.stop_date}::text`,
  stop_reason: sql<string>`${m.stop_reason}`,
  prescriber: sql<string>`${m.prescriber}`,
  pharmacy: sql<string>`${m.pharmacy}`,
  blister_pack: sql<boolean>`${m.blister_pack}`,
  instructions: sql<string>`${m.instructions}`,
  replaces_id: sql<number | null>`${m.replaces_id}`,
  created_at: sql<Date | string>`${m.created_at}`,
  medicine: sql<string>`coalesce(${med.name}, 'Unknown medicine')`,
  strength: sql<string>`coalesce(${med.strength}, '')`,
  form: sql<string>`coalesce(${med.form}, '')`,
  controlled_drug: sql<boolean>`coalesce(${med.controlled_drug}, false)`,
  high_risk: sql<boolean>`coalesce(${med.high_risk}, false)`,
};

/** The schedules of one client (or one schedule), with the catalogue's name and who added and stopped each. */
function scheduleRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      ...scheduleColumns,
      replaced_by_id: sql<number | null>`(select r.id from ${t} r where r.replaces_id = ${outer(t, m.id)} order by r.id limit 1)`,
      created_by: whoDid('create'),
      stopped_by: sql<string | null>`case when ${m.stop_reason} <> '' then ${whoDid('update')} end`,
    })
    .from(t)
    .leftJoin(med, eq(med.id, m.medication_id))
    .where(where);
}

type ScheduleRow = Awaited<ReturnType<typeof scheduleRows>>[number];

function toSchedule(row: ScheduleRow, today: string): MedicationSchedule {
  return {
    ...row,
    id: Number(row.id),
    client_id: Number(row.client_id),
    medication_id: Number(row.medication_id),
    support_level: row.support_level as MedicationSchedule['support_level'],
    timing: row.timing as MedicationSchedule['timing'],
    route: row.route as MedicationSchedule['route'],
    replaces_id: row.replaces_id === null ? null : Number(row.replaces_id),
    replaced_by_id: row.replaced_by_id === null ? null : Number(row.replaced_by_id),
    created_at: isoOf(row.created_at),
    status: scheduleStatus(row, today),
  };
}

const order = (a: MedicationSchedule, b: MedicationSchedule) => {
  const rank = { active: 0, 'not-started': 1, stopped: 2 } as const;
  return rank[a.status] - rank[b.status] || a.medicine.localeCompare(b.medicine) || b.start_date.localeCompare(a.start_date) || b.id - a.id;
};

/** A client's schedules: active first (by medicine), then those not started, then stopped ones. */
export async function listSchedules(db: DbOrTx, clientId: number, today = londonDate()): Promise<MedicationSchedule[]> {
  const rows = await scheduleRows(db, eq(m.client_id, clientId));
  return rows.map((row) => toSchedule(row, today)).sort(order);
}

/** One schedule of the client, or null. */
export async function findSchedule(db: DbOrTx, clientId: number, id: number, today = londonDate()): Promise<MedicationSchedule | null> {
  const [row] = await scheduleRows(db, and(eq(m.client_id, clientId), eq(m.id, id)));
  return row ? toSchedule(row, today) : null;
}

/** What the form's medicine select offers: the catalogue's active medicines. */
export async function catalogueChoices(db: DbOrTx): Promise<{ id: number; name: string; strength: string; form: string; route: string }[]> {
  return db
    .select({ id: med.id, name: med.name, strength: med.strength, form: med.form, route: med.route })
    .from(med)
    .where(and(eq(med.active, true), isNull(med.deleted_at)))
    .orderBy(asc(med.name), asc(med.id));
}

const KNOWN_ROUTES = new Set<string>(MEDICATION_ROUTES.map((route) => route.value));

/**
 * Adds a schedule. The same medicine already active for the client (periods overlapping) is a warning: a 409 with
 * the duplicates unless `confirm_duplicate`. A re-created schedule (`replaces_id`) names one of the client's that
 * is stopped by the new one's start. An empty route is the catalogue medicine's usual one.
 */
export async function createSchedule(db: DbOrTx, client: MarClient, values: MedicationScheduleValues, actor: AuditActor): Promise<MedicationSchedule> {
  if (values.client_id !== client.id) throw ruleError('client_id', 'This medication is for another client: add it from their record.');
  const [medicine] = await db
    .select({ id: med.id, name: med.name, route: med.route, active: med.active, deleted_at: med.deleted_at })
    .from(med)
    .where(eq(med.id, values.medication_id));
  if (!medicine || medicine.deleted_at) throw ruleError('medication_id', 'Choose a medicine from the catalogue.');
  if (!medicine.active) throw ruleError('medication_id', `${medicine.name} is no longer in use in the catalogue: choose another, or make it active in reference data.`);

  const stopDate = values.stop_date || null;
  if (values.replaces_id !== null) {
    const replaced = await findSchedule(db, client.id, values.replaces_id);
    if (!replaced) throw ruleError('replaces_id', 'Choose a schedule of this client to re-create.');
    if (!replaced.stop_date || replaced.stop_date > values.start_date) {
      throw ruleError('replaces_id', `Stop the ${replaced.medicine} schedule first (from ${ukDay(values.start_date)} at the latest), then re-create it.`);
    }
    if (replaced.replaced_by_id !== null) throw new MarConflictError(`That ${replaced.medicine} schedule has already been re-created (schedule ${replaced.replaced_by_id}).`);
  }

  if (!values.confirm_duplicate) {
    // Overlapping: each starts before the other stops (an open end never stops).
    const clash = await scheduleRows(
      db,
      and(
        eq(m.client_id, client.id),
        eq(m.medication_id, values.medication_id),
        or(isNull(m.stop_date), sql`${m.stop_date} > ${values.start_date}`),
        stopDate === null ? undefined : sql`${m.start_date} < ${stopDate}`,
        values.replaces_id === null ? undefined : ne(m.id, values.replaces_id),
      ),
    );
    if (clash.length) {
      const today = londonDate();
      const duplicates: DuplicateWarning['duplicates'] = clash.map((row) => {
        const { id, dose, times, timing, as_needed, start_date, medicine: name } = toSchedule(row, today);
        return { id, dose, times, timing, as_needed, start_date, medicine: name };
      });
      const times = (row: DuplicateWarning['duplicates'][number]) => (row.as_needed ? 'when needed' : slotsOf(row.times).map(slotLabel).join(', '));
      throw new MarConflictError(
        `${medicine.name} is already on this client's chart (${duplicates.map((row) => `${row.dose}, ${times(row)}, since ${ukDay(row.start_date)}`).join('; ')}). Add it again only if both are prescribed: confirm to add anyway.`,
        { duplicates } satisfies DuplicateWarning,
      );
    }
  }

  const { confirm_duplicate: confirmed, ...fields } = values;
  const route = fields.route || (KNOWN_ROUTES.has(medicine.route) ? medicine.route : 'other');
  const [row] = await db
    .insert(t)
    .values({ ...fields, route, stop_date: stopDate, stop_reason: '' } as never)
    .returning({ id: sql<number>`${m.id}` });
  const id = Number(row!.id);
  await recordAudit(db, { actor, resource: RESOURCE, recordId: id, action: 'create', after: { id, ...fields, route, stop_date: stopDate, duplicate_confirmed: confirmed } });
  return (await findSchedule(db, client.id, id))!;
}

/**
 * Stops a schedule from `stop_date` (the first day no dose is due) with the reason. Only what it says changes:
 * the dose and times stay as they were. A stopped schedule is not stopped again; a planned stop may be brought
 * forward, never put back (that would be a new prescription: re-create it).
 */
export async function stopSchedule(db: DbOrTx, clientId: number, id: number, values: StopScheduleInput, actor: AuditActor): Promise<MedicationSchedule | null> {
  const before = await findSchedule(db, clientId, id);
  if (!before) return null;
  if (before.stop_reason) throw new MarConflictError(`This schedule was already stopped from ${ukDay(before.stop_date ?? before.start_date)} (${before.stop_reason}).`);
  if (values.stop_date < before.start_date) throw ruleError('stop_date', `The stop date cannot be before the start date (${ukDay(before.start_date)}).`);
  if (before.stop_date && values.stop_date > before.stop_date) {
    throw ruleError('stop_date', `It already stops on ${ukDay(before.stop_date)}: to give it for longer, re-create it.`);
  }
  await db
    .update(t)
    .set({ stop_date: values.stop_date, stop_reason: values.stop_reason, updated_at: clock.now() } as never)
    .where(and(eq(m.id, id), eq(m.client_id, clientId)));
  const after = (await findSchedule(db, clientId, id))!;
  await recordAudit(db, {
    actor,
    resource: RESOURCE,
    recordId: id,
    action: 'update',
    before: { stop_date: before.stop_date, stop_reason: before.stop_reason },
    after: { stop_date: after.stop_date, stop_reason: after.stop_reason },
  });
  return after;
}

export type ScheduleEvent = { at: string; action: string; by: string | null; changes: Record<string, unknown> | null };

/** A schedule's history: its audit entries (added, stopped; views left out), the schedules it replaces or is replaced by, and its records. */
export type ScheduleHistory = {
  schedule: MedicationSchedule;
  events: ScheduleEvent[];
  replaces: MedicationSchedule | null;
  replaced_by: MedicationSchedule | null;
  administrations: Page<Administration>;
};

export async function scheduleHistory(db: DbOrTx, clientId: number, id: number, paging: Paging): Promise<ScheduleHistory | null> {
  const schedule = await findSchedule(db, clientId, id);
  if (!schedule) return null;
  const events = await db
    .select({ at: auditLog.at, action: auditLog.action, by: users.name, after: auditLog.after })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.user_id))
    .where(and(eq(auditLog.resource, RESOURCE), eq(auditLog.record_id, id), ne(auditLog.action, 'view')))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  const replaces = schedule.replaces_id === null ? null : await findSchedule(db, clientId, schedule.replaces_id);
  const replacedBy = schedule.replaced_by_id === null ? null : await findSchedule(db, clientId, schedule.replaced_by_id);
  const administrations = await administrationsPage(db, clientId, id, paging);
  return {
    schedule,
    events: events.map((event) => ({ at: isoOf(event.at), action: event.action, by: event.by, changes: (event.after ?? null) as Record<string, unknown> | null })),
    replaces,
    replaced_by: replacedBy,
    administrations: pageOf(administrations.rows, administrations.total, paging),
  };
}
