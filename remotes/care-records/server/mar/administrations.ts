import { randomUUID } from 'node:crypto';
import { londonDate } from '@hcm/contract/engine';
import { and, count, desc, eq, gt, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { recordAudit, users, type AuditActor, type Database, type Paging, type Viewer } from '@hcm/server/platform';
import {
  dueOn,
  instantAfterMidnight,
  slotLabel,
  slotsOf,
  slotWindow,
  scheduleStatus,
  ukWallClock,
  weekdaysText,
  type Administration,
  type AdministrationValues,
  type CreatedVia,
  type MarClient,
  type MedicationSchedule,
  type OutcomeCode,
} from '../../contract/index.js';
import { clientMedicationColumns, clientMedicationsTable } from '../columns.js';
import { medicationsRead } from '../read-models.js';
import { isoOf, isoOrNull, MarConflictError, requestHash, ruleError, ukDay, type DbOrTx } from './common.js';
import { outcomeCodes } from './outcome-codes.js';
import { findSchedule } from './schedules.js';
import { marAdministrations, marOutcomeCodes } from './tables.js';
import { clock } from '@hcm/contract/time';

// Administrations: what was done with each dose, recorded from the office's MAR chart or a carer's device. The
// rules (NICE NG67): a scheduled dose is recorded once for its slot (a second record is a conflict unless it
// corrects the first, with a reason, and the first is kept); a PRN dose over its 24-hour maximum or inside its
// minimum gap is refused unless the reason it was given anyway is recorded; a resend under the same idempotency
// key answers the first record, never a second.

const a = marAdministrations;
const code = marOutcomeCodes;
const m = clientMedicationColumns;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const KEY_REUSED = 'This idempotency key was already used for a different record. Use a new key for each new record.';

const administrationColumns = {
  id: a.id,
  client_id: a.client_id,
  schedule_id: a.schedule_id,
  medicine: sql<string>`coalesce(${medicationsRead.name}, 'Unknown medicine')`,
  due_date: sql<string | null>`${a.due_date}::text`,
  due_slot: a.due_slot,
  chart_date: sql<string>`${a.chart_date}::text`,
  outcome: a.outcome,
  outcome_label: code.label,
  colour: code.colour,
  counts_as_given: code.counts_as_given,
  given_at: a.given_at,
  recorded_at: a.recorded_at,
  recorded_by: a.recorded_by,
  recorded_by_name: users.name,
  dose_given: a.dose_given,
  note: a.note,
  prn_reason: a.prn_reason,
  over_limit: a.over_limit,
  over_limit_reason: a.over_limit_reason,
  corrects_id: a.corrects_id,
  correction_reason: a.correction_reason,
  superseded_at: a.superseded_at,
  superseded_by: a.superseded_by,
  created_via: a.created_via,
  time_critical: sql<boolean>`${m.time_critical}`,
  time_critical_window: sql<number | null>`${m.time_critical_window}`,
};

function administrationRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(administrationColumns)
    .from(a)
    .innerJoin(code, eq(code.code, a.outcome))
    .innerJoin(users, eq(users.id, a.recorded_by))
    .innerJoin(clientMedicationsTable, eq(m.id, a.schedule_id))
    .leftJoin(medicationsRead, eq(medicationsRead.id, m.medication_id))
    .where(where);
}

type AdministrationRow = Awaited<ReturnType<typeof administrationRows>>[number];

/** Whether a scheduled dose was given outside its slot's window (the G variant of its code on the chart). */
export function outsideWindow(record: { due_date: string | null; due_slot: string | null; given_at: Date | string }, schedule: { time_critical: boolean; time_critical_window: number | null }): boolean {
  if (!record.due_date || !record.due_slot) return false;
  const window = slotWindow(record.due_slot, { critical: schedule.time_critical, windowMinutes: schedule.time_critical_window });
  const given = new Date(record.given_at).getTime();
  return given < instantAfterMidnight(record.due_date, window.start).getTime() || given >= instantAfterMidnight(record.due_date, window.end).getTime();
}

function toAdministration({ time_critical, time_critical_window, ...row }: AdministrationRow): Administration {
  return {
    ...row,
    given_at: isoOf(row.given_at),
    recorded_at: isoOf(row.recorded_at),
    superseded_at: isoOrNull(row.superseded_at),
    outside_window: outsideWindow(row, { time_critical, time_critical_window }),
  };
}

/** A schedule's records, newest given first, corrected ones included (marked superseded). */
export async function administrationsPage(db: DbOrTx, clientId: number, scheduleId: number, paging: Paging): Promise<{ rows: Administration[]; total: number }> {
  const where = and(eq(a.client_id, clientId), eq(a.schedule_id, scheduleId));
  // One after the other: inside a transaction both would share one connection.
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(a).where(where);
  const rows = await administrationRows(db, where)
    .orderBy(desc(a.given_at), desc(a.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return { rows: rows.map(toAdministration), total: Number(total) };
}

/** One record of the client, with every record of its chain (what it corrected, what corrected it), oldest first. */
export async function administrationDetail(db: DbOrTx, clientId: number, id: number): Promise<{ administration: Administration; schedule: MedicationSchedule; history: Administration[] } | null> {
  const [row] = await administrationRows(db, and(eq(a.client_id, clientId), eq(a.id, id)));
  if (!row) return null;
  const chain = (await db.execute(sql`
    with recursive earlier(id, corrects_id) as (
      select id, corrects_id from ${a} where id = ${id}
      union select x.id, x.corrects_id from ${a} x join earlier on x.id = earlier.corrects_id
    ), later(id) as (
      select id from ${a} where id = ${id}
      union select x.id from ${a} x join later on x.corrects_id = later.id
    )
    select id from earlier union select id from later`)) as unknown as { rows: { id: number }[] };
  const ids = chain.rows.map((item) => Number(item.id));
  const history = (await administrationRows(db, and(eq(a.client_id, clientId), inArray(a.id, ids)))).map(toAdministration).sort((x, y) => x.id - y.id);
  const schedule = (await findSchedule(db, clientId, row.schedule_id))!;
  return { administration: toAdministration(row), schedule, history };
}

/** The unique index a PostgreSQL unique violation broke, through drizzle's wrapping; else null. */
function uniqueViolationOf(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code: sqlState, constraint } = current as { code?: unknown; constraint?: unknown };
    if (sqlState === '23505') return typeof constraint === 'string' ? constraint : '';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export type RecordRequest = {
  viewer: Viewer;
  actor: AuditActor;
  client: MarClient;
  values: AdministrationValues;
  /** The Idempotency-Key header, if sent (a body's idempotency_key is the same thing). */
  headerKey: string | undefined;
  via: CreatedVia;
};

export type Recorded = { administration: Administration; replayed: boolean };

/** The idempotency key of a request: the body's or the header's (the same when both); a device must send one. */
function keyOf({ values, headerKey, via }: RecordRequest): string {
  const bodyKey = values.idempotency_key;
  if (bodyKey && headerKey && bodyKey !== headerKey) throw ruleError('idempotency_key', 'The idempotency key in the body differs from the Idempotency-Key header: send one key.');
  const key = bodyKey || headerKey;
  if (key) return key;
  if (via === 'device') throw ruleError('idempotency_key', 'Send an Idempotency-Key header (a new random id per record, the same on a resend).');
  // The office's screen sends one per dialog; a call without one simply cannot be replayed.
  return `office-${randomUUID()}`;
}

async function replayOf(db: DbOrTx, request: RecordRequest, key: string, hash: string): Promise<Recorded | null> {
  const [first] = await db.select({ id: a.id, client_id: a.client_id, recorded_by: a.recorded_by, request_hash: a.request_hash }).from(a).where(eq(a.idempotency_key, key));
  if (!first) return null;
  if (first.client_id !== request.client.id || first.recorded_by !== request.viewer.user.userID || first.request_hash !== hash) throw new MarConflictError(KEY_REUSED);
  const [row] = await administrationRows(db, eq(a.id, first.id));
  return { administration: toAdministration(row!), replayed: true };
}

const wallClockOf = (instant: Date) => {
  const wall = ukWallClock(instant);
  return `${wall.time} on ${ukDay(wall.day)}`;
};

/**
 * A PRN dose against its limits: the other doses given (counted as given) within 24 hours either side. Answers
 * what is broken, in words, or null: the most doses in any 24 hours holding this one, and the nearest dose
 * closer than the minimum gap.
 */
async function prnLimitProblem(db: DbOrTx, schedule: MedicationSchedule, givenAt: Date, correcting: number | null): Promise<string | null> {
  const given = givenAt.getTime();
  const rows = await db
    .select({ given_at: a.given_at })
    .from(a)
    .innerJoin(code, eq(code.code, a.outcome))
    .where(
      and(
        eq(a.schedule_id, schedule.id),
        isNull(a.superseded_at),
        isNull(a.due_date),
        eq(code.counts_as_given, true),
        gt(a.given_at, new Date(given - DAY_MS)),
        lt(a.given_at, new Date(given + DAY_MS)),
        correcting === null ? undefined : ne(a.id, correcting),
      ),
    );
  const times = rows.map((row) => new Date(row.given_at).getTime()).sort((x, y) => x - y);
  const problems: string[] = [];
  if (schedule.prn_max_doses !== null) {
    const inDay = (start: number) => times.filter((time) => time >= start && time < start + DAY_MS).length + (given >= start && given < start + DAY_MS ? 1 : 0);
    const starts = [given, ...times.filter((time) => time > given - DAY_MS && time <= given)];
    const most = Math.max(...starts.map(inDay));
    if (most > schedule.prn_max_doses) problems.push(`this would be ${most} doses within 24 hours, and the most is ${schedule.prn_max_doses}`);
  }
  if (schedule.prn_min_gap_hours !== null) {
    const gap = schedule.prn_min_gap_hours * HOUR_MS;
    const nearest = times.filter((time) => Math.abs(time - given) < gap).sort((x, y) => Math.abs(x - given) - Math.abs(y - given))[0];
    if (nearest !== undefined) {
      const minutes = Math.round(Math.abs(given - nearest) / 60_000);
      const apart = `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
      problems.push(`another dose was given at ${wallClockOf(new Date(nearest))}, ${apart} ${nearest <= given ? 'before' : 'after'}, and the minimum gap is ${schedule.prn_min_gap_hours} hours`);
    }
  }
  return problems.length ? problems.join('; ') : null;
}

/** Checks a body against the schedule, the codes and what is recorded; answers the row to insert. */
async function checkedRecord(db: DbOrTx, request: RecordRequest, codes: readonly OutcomeCode[]) {
  const { client, values } = request;
  const schedule = await findSchedule(db, client.id, values.schedule_id);
  if (!schedule) throw ruleError('schedule_id', 'Choose a medicine on this client\'s chart.');
  const outcome = codes.find((item) => item.code === values.outcome && item.active);
  if (!outcome) throw ruleError('outcome', 'Choose an outcome from the list.');
  if (outcome.note_required && !values.note) throw ruleError('note', `${outcome.label} (${outcome.code}) needs a note: say why or what was done.`);
  const givenAt = new Date(values.given_at);

  let chartDate: string;
  if (schedule.as_needed) {
    if (values.due_date || values.due_slot) throw ruleError('due_slot', `${schedule.medicine} is given when needed: it has no set times, so leave the dose time empty.`);
    chartDate = ukWallClock(givenAt).day;
    if (scheduleStatus(schedule, chartDate) !== 'active') throw ruleError('given_at', `${schedule.medicine} is not on the chart on ${ukDay(chartDate)} (from ${ukDay(schedule.start_date)}${schedule.stop_date ? `, stopped from ${ukDay(schedule.stop_date)}` : ''}).`);
    if (outcome.counts_as_given && !values.prn_reason) throw ruleError('prn_reason', `Say why it was given (the chart says: ${schedule.prn_reason || 'when needed'}).`);
  } else {
    if (!values.due_date || !values.due_slot) throw ruleError('due_slot', `Choose which dose of ${schedule.medicine} this is: its day and time.`);
    const slots = slotsOf(schedule.times);
    if (!slots.includes(values.due_slot)) throw ruleError('due_slot', `${slotLabel(values.due_slot)} is not one of this medicine's times (${slots.map(slotLabel).join(', ') || 'none'}).`);
    if (values.due_date > londonDate()) throw ruleError('due_date', 'A dose cannot be recorded for a day still to come.');
    const status = scheduleStatus(schedule, values.due_date);
    if (status !== 'active') {
      throw ruleError('due_date', status === 'stopped' ? `${schedule.medicine} was stopped from ${ukDay(schedule.stop_date!)}: no dose was due on ${ukDay(values.due_date)}.` : `${schedule.medicine} starts on ${ukDay(schedule.start_date)}: no dose was due on ${ukDay(values.due_date)}.`);
    }
    if (!dueOn(schedule, values.due_date)) throw ruleError('due_date', `${schedule.medicine} is given ${weekdaysText(schedule.days_of_week)}: no dose was due on ${ukDay(values.due_date)}.`);
    chartDate = values.due_date;
  }

  let corrected: { id: number } | null = null;
  if (values.corrects_id !== null) {
    const [original] = await db
      .select({ id: a.id, schedule_id: a.schedule_id, due_date: sql<string | null>`${a.due_date}::text`, due_slot: a.due_slot, superseded_by: a.superseded_by })
      .from(a)
      .where(and(eq(a.id, values.corrects_id), eq(a.client_id, client.id)));
    if (!original || original.schedule_id !== schedule.id) throw ruleError('corrects_id', 'Choose a record of this medicine to correct.');
    if (original.superseded_by !== null) throw new MarConflictError(`That record was already corrected (by record ${original.superseded_by}): correct the latest one.`);
    if (original.due_date !== (values.due_date || null) || original.due_slot !== (values.due_slot || null)) {
      throw ruleError('due_slot', 'A correction is for the same dose as the record it corrects.');
    }
    corrected = original;
  }

  let overLimit = false;
  if (schedule.as_needed && outcome.counts_as_given) {
    const problem = await prnLimitProblem(db, schedule, givenAt, corrected?.id ?? null);
    if (problem) {
      if (!values.over_limit_reason) throw ruleError('over_limit_reason', `Over the limit for ${schedule.medicine}: ${problem}. Record why it is given anyway (e.g. advised by the GP or NHS 111), or do not give it.`);
      overLimit = true;
    }
  }
  return { schedule, chartDate, corrected, overLimit };
}

/**
 * Records an administration (the office's dialog or a device), answering the record and whether it is the first
 * one sent under this key (replayed). Conflicts and broken rules throw MarConflictError / MarRuleError.
 */
export async function recordAdministration(db: Database, request: RecordRequest): Promise<Recorded> {
  const { client, values, viewer, actor, via } = request;
  const key = keyOf(request);
  const { idempotency_key: _key, ...sent } = values;
  const hash = requestHash({ client_id: client.id, ...sent });
  const replay = await replayOf(db, request, key, hash);
  if (replay) return replay;
  const codes = await outcomeCodes(db);

  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      // One writer per schedule at a time: the PRN counts and the slot check see every earlier record.
      await tx.execute(sql`select 1 from ${clientMedicationsTable} where ${m.id} = ${values.schedule_id} for update`);
      const { schedule, chartDate, corrected, overLimit } = await checkedRecord(tx, request, codes);
      if (!corrected && values.due_date && values.due_slot) {
        const [existing] = await administrationRows(tx, and(eq(a.schedule_id, schedule.id), eq(a.due_date, values.due_date), eq(a.due_slot, values.due_slot), isNull(a.superseded_at)));
        if (existing) throw slotTaken(schedule, toAdministration(existing));
      }
      if (corrected) {
        const taken = await tx.update(a).set({ superseded_at: clock.now() }).where(and(eq(a.id, corrected.id), isNull(a.superseded_at))).returning({ id: a.id });
        if (!taken.length) throw new MarConflictError('That record was corrected a moment ago: open it again and correct the latest one.');
      }
      const [row] = await tx
        .insert(a)
        .values({
          client_id: client.id,
          schedule_id: schedule.id,
          due_date: values.due_date || null,
          due_slot: values.due_slot || null,
          chart_date: chartDate,
          outcome: values.outcome,
          given_at: new Date(values.given_at),
          recorded_by: viewer.user.userID,
          dose_given: values.dose_given || schedule.dose,
          note: values.note,
          prn_reason: schedule.as_needed ? values.prn_reason : '',
          over_limit: overLimit,
          over_limit_reason: overLimit ? values.over_limit_reason : '',
          corrects_id: corrected?.id ?? null,
          correction_reason: corrected ? values.correction_reason : '',
          idempotency_key: key,
          request_hash: hash,
          created_via: via,
        })
        .returning();
      if (corrected) {
        await tx.update(a).set({ superseded_by: row!.id }).where(eq(a.id, corrected.id));
        await recordAudit(tx, { actor, resource: 'mar-administrations', recordId: corrected.id, action: 'update', after: { superseded_by: row!.id, correction_reason: values.correction_reason } });
      }
      await recordAudit(tx, { actor, resource: 'mar-administrations', recordId: row!.id, action: 'create', after: row });
      return row!.id;
    });
  } catch (error) {
    const index = uniqueViolationOf(error);
    // Sent twice at once: the other request stored it first.
    if (index === 'mar_administrations_idempotency_unique') {
      const again = await replayOf(db, request, key, hash);
      if (again) return again;
    }
    if (index === 'mar_administrations_slot_unique' && values.due_date && values.due_slot) {
      const schedule = (await findSchedule(db, client.id, values.schedule_id))!;
      const [existing] = await administrationRows(db, and(eq(a.schedule_id, schedule.id), eq(a.due_date, values.due_date), eq(a.due_slot, values.due_slot), isNull(a.superseded_at)));
      if (existing) throw slotTaken(schedule, toAdministration(existing));
    }
    throw error;
  }
  const [row] = await administrationRows(db, eq(a.id, id));
  return { administration: toAdministration(row!), replayed: false };
}

/** The 409 of a second record for a slot: what is recorded, and how to change it. */
function slotTaken(schedule: MedicationSchedule, existing: Administration): MarConflictError {
  return new MarConflictError(
    `The ${slotLabel(existing.due_slot!)} dose of ${schedule.medicine} on ${ukDay(existing.due_date!)} is already recorded: ${existing.outcome} (${existing.outcome_label}) by ${existing.recorded_by_name} at ${wallClockOf(new Date(existing.given_at))}. To change it, correct that record and say why.`,
    { existing },
  );
}
