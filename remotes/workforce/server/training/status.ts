import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { addDays, clock, ukDate, ukInstant } from '@hcm/contract/time';
import { publishEvents, type AreaServerContext, type Database, type ScheduledJob, type Transaction } from '@hcm/server/platform';
import { ADDITIONAL_COMPETENCY_DOCUMENT, CATHETER_COMPETENCY_DOCUMENT, MEDICATION_COMPETENCY_DOCUMENT, SHADOWING_DOCUMENT } from '../../contract/documents/competence.js';
import { COMPLETED_RESULTS } from '../../contract/training.js';
import { carerDocuments, carersTable } from '../people/people-tables.js';
import { carerColumns as c } from '../people/visibility.js';
import { competenceOfCarers } from './competence.js';
import { CARER_TRAINING_CHANGED, standingChanged, type CarerTrainingChanged, type OutOfDateCourse, type TrainingStanding } from './events.js';
import { trainingCoursesRead as courses } from './read-models.js';
import { trainingSettings } from './service.js';
import { carerTrainingStatus, trainingRecords as r } from './tables.js';

// A carer's training as rostering sees it (the scheduler's training rule: induction, mandatory and refresher
// courses required of every carer or for medication visits, and medication competence), worked out for many
// carers in a few queries, stored in carer_training_status, and told to the rota (workforce.carer-training.changed,
// ./events.ts) when it changed since it was last stored: in the transaction of a training record written through
// the API (./routes.ts), and by the hourly job below for what changes without a write of this area's API: a record
// lapsing at UK midnight, a competence check saved or archived through the document engine (which has no hook).

type Db = Database | Transaction;

/** The carers whose training the rota reads: active or suspended (returning to it), not removed. */
const onTheRota = and(isNull(c.deleted_at), inArray(c.status, ['active', 'suspended']));

/** The categories of the courses the rota's training rule holds a carer to. */
const ROTA_CATEGORIES = ['induction', 'mandatory', 'refresher'] as const;

/** Each asked carer's (every carer on the rota when none are asked) standing on `today`. */
export async function trainingStandings(db: Db, today: string, carerIds?: readonly number[]): Promise<Map<number, TrainingStanding>> {
  if (carerIds && !carerIds.length) return new Map();
  const carers = await db
    .select({ id: c.id })
    .from(carersTable)
    .where(and(onTheRota, carerIds ? inArray(c.id, [...carerIds]) : undefined));
  const ids = carers.map((carer) => Number(carer.id));
  if (!ids.length) return new Map();
  // The latest completed record per carer and course (the one a course's state comes from: service.ts latestOf).
  const latest = await db
    .selectDistinctOn([r.carer_id, r.course_id], { carer_id: r.carer_id, course_id: r.course_id, code: courses.code, label: courses.name, required_for: courses.required_for, expires_on: r.expires_on })
    .from(r)
    .innerJoin(courses, eq(courses.id, r.course_id))
    .where(
      and(
        inArray(r.carer_id, ids),
        inArray(r.result, [...COMPLETED_RESULTS]),
        eq(courses.active, true),
        isNull(courses.deleted_at),
        inArray(courses.category, [...ROTA_CATEGORIES]),
        inArray(courses.required_for, ['all', 'medication']),
      ),
    )
    .orderBy(r.carer_id, r.course_id, sql`${r.completed_on} desc nulls last`, desc(r.id));
  const { medicationObservations } = await trainingSettings(db);
  const competence = await competenceOfCarers(db, ids, medicationObservations);
  const standings = new Map<number, TrainingStanding>(ids.map((id) => [id, { out_of_date: [], medication_competent: competence.get(id)?.medication.competent ?? false }]));
  for (const record of latest) {
    // Valid through its expiry day: out of date from the day after.
    if (!record.expires_on || record.expires_on >= today) continue;
    const course: OutOfDateCourse = {
      course_id: Number(record.course_id),
      code: record.code,
      label: record.label,
      required_for: record.required_for === 'medication' ? 'medication' : 'all',
      from: addDays(record.expires_on, 1),
    };
    standings.get(record.carer_id)?.out_of_date.push(course);
  }
  for (const standing of standings.values()) standing.out_of_date.sort((a, b) => a.from.localeCompare(b.from) || a.label.localeCompare(b.label));
  return standings;
}

/**
 * Works out and stores the training standing of the given carers (every carer on the rota when none are given) in
 * one transaction (a savepoint in the caller's), and writes workforce.carer-training.changed for each carer whose
 * standing differs from the one stored. A carer without a stored standing (worked out for the first time: a new
 * carer, the first run after the table was made) has nothing to compare with and writes none. Answers the
 * events' ids.
 */
export async function recomputeTrainingStatus(db: Db, carerIds?: readonly number[], now = clock.now(), userId: number | null = null): Promise<number[]> {
  return (db as Database).transaction(async (tx) => {
    const standings = await trainingStandings(tx, ukDate(now), carerIds);
    if (!standings.size) return [];
    const ids = [...standings.keys()];
    // Locked, so a job's run and a record written at the same moment tell a change once (the second reads the first's row).
    const stored = await tx.select().from(carerTrainingStatus).where(inArray(carerTrainingStatus.carer_id, ids)).for('update');
    const before = new Map(stored.map((row) => [row.carer_id, { out_of_date: row.out_of_date, medication_competent: row.medication_competent }]));
    const changed = ids.filter((id) => before.has(id) && standingChanged(before.get(id)!, standings.get(id)!));
    const rows = ids.map((id) => ({ carer_id: id, ...standings.get(id)!, checked_at: now }));
    for (let start = 0; start < rows.length; start += 500) {
      await tx
        .insert(carerTrainingStatus)
        .values(rows.slice(start, start + 500))
        .onConflictDoUpdate({
          target: carerTrainingStatus.carer_id,
          set: { out_of_date: sql`excluded.out_of_date`, medication_competent: sql`excluded.medication_competent`, checked_at: sql`excluded.checked_at` },
        });
    }
    if (!changed.length) return [];
    const people = await tx.select({ id: c.id, first: c.first_name, last: c.last_name, branch_id: c.branch_id }).from(carersTable).where(inArray(c.id, changed));
    const payloads: CarerTrainingChanged[] = people.map((carer) => {
      const id = Number(carer.id);
      return { carer_id: id, carer_name: `${String(carer.first)} ${String(carer.last)}`, branch_id: Number(carer.branch_id), ...standings.get(id)!, previous: before.get(id)! };
    });
    return publishEvents(tx, CARER_TRAINING_CHANGED, payloads, userId);
  });
}

/** The documents that make medication (and other) competence: a save or an archive of one changes it. */
const COMPETENCE_KINDS = [MEDICATION_COMPETENCY_DOCUMENT, SHADOWING_DOCUMENT, ADDITIONAL_COMPETENCY_DOCUMENT, CATHETER_COMPETENCY_DOCUMENT];

/**
 * Recomputes the carers on the rota (of `carerIds`, or all) whose stored standing may be out of date: none stored
 * yet, stored before today's UK midnight (a record may have lapsed since), or a training record or competence
 * check of theirs changed since. Answers the carers recomputed.
 */
export async function refreshStaleTraining(db: Db, now = clock.now(), carerIds?: readonly number[]): Promise<number[]> {
  if (carerIds && !carerIds.length) return [];
  const midnight = ukInstant(ukDate(now), '00:00');
  const stored = carerTrainingStatus;
  const stale = await db
    .select({ id: c.id })
    .from(carersTable)
    .leftJoin(stored, eq(stored.carer_id, c.id))
    .where(
      and(
        onTheRota,
        carerIds ? inArray(c.id, [...carerIds]) : undefined,
        sql`(${stored.carer_id} is null
          or ${stored.checked_at} < ${midnight.toISOString()}::timestamptz
          or exists (select 1 from ${r} where ${r.carer_id} = ${c.id} and ${r.updated_at} > ${stored.checked_at})
          or exists (select 1 from ${carerDocuments} where ${carerDocuments.owner_id} = ${c.id} and ${inArray(carerDocuments.kind, COMPETENCE_KINDS)} and ${carerDocuments.updated_at} > ${stored.checked_at}))`,
      ),
    );
  const ids = stale.map((row) => Number(row.id));
  if (ids.length) await recomputeTrainingStatus(db, ids, now);
  return ids;
}

/**
 * Tells the rota of the training that lapses without anyone writing: a scheduled job of the running API
 * (server/src/events/jobs.ts), hourly. The first run after UK midnight finds every standing stored yesterday
 * stale, so a record whose last day was yesterday is told within the hour, once: the runs after find it stored
 * today and write nothing. A competence check saved or archived is told within the hour too.
 */
export const trainingLapsesJob: ScheduledJob<AreaServerContext> = {
  name: 'workforce:training-lapses',
  everyMs: 60 * 60_000,
  async run(context, now) {
    const recomputed = await refreshStaleTraining(context.auth.db, now);
    return { note: recomputed.length ? `${recomputed.length} carer(s)' training worked out again` : undefined };
  },
};

/** The demo's stored standings (no events: nothing was told before), so the demo's first lapse is told. */
export async function seedDemoTrainingStatus(tx: Transaction): Promise<void> {
  await recomputeTrainingStatus(tx);
}
