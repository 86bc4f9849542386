import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { branches, users } from '@hcm/server/schema';
import { csvText, type BranchScope, type Database, type Transaction } from '@hcm/server/platform';
import {
  alertWindowOf,
  COMPLETED_RESULTS,
  daysBetween,
  emptyCounts,
  isRequiredCourse,
  TRAINING_SETTINGS,
  trainingState,
  wholeSettingOf,
  type CarerCourseStatus,
  type CarerTraining,
  type CarerTrainingStats,
  type MatrixCourse,
  type MatrixRow,
  type TrainingCourse,
  type TrainingMatrix,
  type TrainingRecordRow,
  type TrainingState,
} from '../../contract/training.js';
import { carersTable } from '../people/people-tables.js';
import { carerColumns as c, visibleCarers } from '../people/visibility.js';
import { settingsRead } from '../read-models.js';
import { trainingCoursesRead as courses } from './read-models.js';
import { trainingRecords as r } from './tables.js';

type Db = Database | Transaction;

/** Rows of a raw query from either driver (PGlite and node-postgres both answer { rows }). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type TrainingSettings = { alertDays: number; medicationObservations: number };

/** The training settings from reference data's global settings, with their defaults when a key is absent. */
export async function trainingSettings(db: Db): Promise<TrainingSettings> {
  const keys = [TRAINING_SETTINGS.alertDays.key, TRAINING_SETTINGS.medicationObservations.key];
  const rows = await db.select({ key: settingsRead.key, value: settingsRead.value }).from(settingsRead).where(inArray(settingsRead.key, keys));
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  return {
    alertDays: alertWindowOf(value(TRAINING_SETTINGS.alertDays.key) ?? TRAINING_SETTINGS.alertDays.fallback),
    medicationObservations: wholeSettingOf(value(TRAINING_SETTINGS.medicationObservations.key), Number(TRAINING_SETTINGS.medicationObservations.fallback)),
  };
}

const courseColumns = {
  id: courses.id,
  name: courses.name,
  code: courses.code,
  category: courses.category,
  validity_months: courses.validity_months,
  required_for: courses.required_for,
  delivery: courses.delivery,
};

/** How the matrix and the file order courses: the Care Certificate, refreshers, once-only, then specialist. */
const CATEGORY_RANK = sql`case ${courses.category} when 'induction' then 0 when 'refresher' then 1 when 'mandatory' then 2 else 3 end`;

/** The active courses of the catalogue (optionally only these ids), in the matrix's order. */
export async function activeCourses(db: Db, ids?: readonly number[]): Promise<TrainingCourse[]> {
  const rows = await db
    .select(courseColumns)
    .from(courses)
    .where(and(isNull(courses.deleted_at), eq(courses.active, true), ids?.length ? inArray(courses.id, [...ids]) : undefined))
    .orderBy(CATEGORY_RANK, asc(courses.name));
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** A course of the catalogue that may be recorded (active, not removed), or null. */
export async function findCourse(db: Db, id: number): Promise<TrainingCourse | null> {
  const [row] = await activeCourses(db, [id]);
  return row ?? null;
}

const isoOf = (value: unknown) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());

/** Every training record of a carer, newest first, with the course and who recorded it. */
export async function carerRecords(db: Db, carerId: number, recordId?: number): Promise<TrainingRecordRow[]> {
  const rows = await db
    .select({
      id: r.id,
      carer_id: r.carer_id,
      course_id: r.course_id,
      course_name: courses.name,
      course_code: courses.code,
      category: courses.category,
      result: r.result,
      completed_on: r.completed_on,
      expires_on: r.expires_on,
      expiry_overridden: r.expiry_overridden,
      provider: r.provider,
      certificate_number: r.certificate_number,
      score: r.score,
      hours: r.hours,
      notes: r.notes,
      recorded_by: users.name,
      updated_at: r.updated_at,
    })
    .from(r)
    .innerJoin(courses, eq(courses.id, r.course_id))
    .leftJoin(users, eq(users.id, r.recorded_by))
    .where(and(eq(r.carer_id, carerId), recordId === undefined ? undefined : eq(r.id, recordId)))
    .orderBy(sql`${r.completed_on} desc nulls first`, desc(r.id));
  return rows.map((row) => ({ ...row, recorded_by: row.recorded_by ?? null, updated_at: isoOf(row.updated_at) }));
}

const isCompleted = (record: { result: string }) => (COMPLETED_RESULTS as readonly string[]).includes(record.result);

/**
 * The record a course's state comes from: the latest completed one; only when none is completed, the latest
 * (in progress or not passed). `records` are newest first; the matrix's SQL orders the same way.
 */
export function latestOf<T extends { result: string; completed_on: string | null; id: number }>(records: readonly T[]): T | null {
  const sorted = [...records].sort(
    (a, b) => Number(isCompleted(b)) - Number(isCompleted(a)) || (b.completed_on ?? '').localeCompare(a.completed_on ?? '') || b.id - a.id,
  );
  return sorted[0] ?? null;
}

/** A carer's training: each required course (and each other course they have a record of) with its state. */
export async function carerTraining(db: Db, carerId: number, today: string, settings: TrainingSettings): Promise<Omit<CarerTraining, 'competence'>> {
  const [catalogue, records] = await Promise.all([activeCourses(db), carerRecords(db, carerId)]);
  const counts = emptyCounts();
  const statuses: CarerCourseStatus[] = [];
  for (const course of catalogue) {
    const ofCourse = records.filter((record) => record.course_id === course.id);
    const required = isRequiredCourse(course);
    if (!required && !ofCourse.length) continue;
    const latest = latestOf(ofCourse);
    const state = trainingState(latest, today, settings.alertDays, required);
    if (state) counts[state] += 1;
    statuses.push({
      course,
      required,
      state,
      in_progress: latest?.result === 'in-progress',
      latest,
      days_left: latest && isCompleted(latest) && latest.expires_on ? daysBetween(today, latest.expires_on) : null,
    });
  }
  return { carer_id: carerId, today, alert_days: settings.alertDays, courses: statuses, records, counts };
}

/** A carer's training statistics: compliance with required courses, counts by state, hours this year and before. */
export function trainingStatsOf(training: Omit<CarerTraining, 'competence'>): CarerTrainingStats {
  const required = training.courses.filter((course) => course.required);
  const compliant = required.filter((course) => course.state === 'valid' || course.state === 'expiring').length;
  const year = Number(training.today.slice(0, 4));
  const history = Array.from({ length: 5 }, (_, index) => year - 4 + index).map((each) => {
    const done = training.records.filter((record) => isCompleted(record) && record.completed_on?.startsWith(`${each}-`));
    return { year: each, courses: done.length, hours: Math.round(done.reduce((total, record) => total + (record.hours ?? 0), 0) * 100) / 100 };
  });
  const thisYear = history[history.length - 1]!;
  return {
    carer_id: training.carer_id,
    today: training.today,
    required: required.length,
    compliant,
    percent_compliant: required.length ? Math.round((compliant / required.length) * 100) : 100,
    counts: training.counts,
    hours_this_year: thisYear.hours,
    courses_this_year: thisYear.courses,
    history,
  };
}

// ---- The matrix: people × courses in one query.

export type MatrixFilters = {
  branchId?: number | null;
  courseIds?: readonly number[];
  state?: TrainingState | null;
  search?: string;
  /** Only these carers (the rota's ask). */
  carerIds?: readonly number[];
};

const likeOf = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The carers the matrix lists: active or suspended (on the rota or returning to it), of the viewer's branches. */
function peopleWhere(scope: BranchScope, filters: MatrixFilters): SQL {
  const conditions: (SQL | undefined)[] = [visibleCarers(scope), inArray(c.status, ['active', 'suspended'])];
  if (filters.branchId) conditions.push(eq(c.branch_id, filters.branchId));
  if (filters.carerIds) conditions.push(filters.carerIds.length ? inArray(c.id, [...filters.carerIds]) : sql`false`);
  if (filters.search) {
    const like = likeOf(filters.search);
    conditions.push(sql`(${c.first_name} || ' ' || ${c.last_name}) ilike ${like}`);
  }
  return and(...conditions) ?? sql`true`;
}

/**
 * The cells of people × courses as a CTE chain: the latest record per carer and course (DISTINCT ON, completed
 * records first, newest first) and the state it leaves, worked out as trainingState() does.
 */
function cellsCte(scope: BranchScope, filters: MatrixFilters, today: string, alertDays: number): SQL {
  const courseFilter = filters.courseIds?.length ? inArray(courses.id, [...filters.courseIds]) : undefined;
  const completed = sql.raw(COMPLETED_RESULTS.map((result) => `'${result}'`).join(', '));
  return sql`
    people as (
      select ${c.id} as id, ${c.first_name} as first_name, ${c.last_name} as last_name, ${c.status} as status, ${branches.name} as branch
      from ${carersTable} join ${branches} on ${branches.id} = ${c.branch_id}
      where ${peopleWhere(scope, filters)}
    ),
    course_list as (
      select ${courses.id} as id, ${courses.name} as name, ${courses.code} as code, ${courses.category} as category,
        ${courses.validity_months} as validity_months, ${courses.required_for} as required_for, ${courses.delivery} as delivery,
        row_number() over (order by ${CATEGORY_RANK}, ${courses.name}) as position
      from ${courses}
      where ${and(isNull(courses.deleted_at), eq(courses.active, true), courseFilter)}
    ),
    latest as (
      select distinct on (tr.carer_id, tr.course_id) tr.carer_id, tr.course_id, tr.result, tr.completed_on, tr.expires_on
      from ${r} tr
      where tr.carer_id in (select id from people) and tr.course_id in (select id from course_list)
      order by tr.carer_id, tr.course_id, (tr.result in (${completed})) desc, tr.completed_on desc nulls last, tr.id desc
    ),
    cells as (
      select p.id as carer_id, cl.id as course_id, cl.position, l.completed_on, l.expires_on,
        coalesce(l.result = 'in-progress', false) as in_progress,
        case
          when l.result is null or l.result not in (${completed}) then case when cl.required_for = 'specific' then null else 'missing' end
          when l.expires_on is null then 'valid'
          when l.expires_on < ${today}::date then 'expired'
          when l.expires_on - ${today}::date <= ${alertDays} then 'expiring'
          else 'valid'
        end as state
      from people p cross join course_list cl
      left join latest l on l.carer_id = p.id and l.course_id = cl.id
    )`;
}

type MatrixAnswer = { total: number; courses: (MatrixCourse & { position: number })[] | null; rows: MatrixRow[] | null };

/**
 * One page of the training matrix, in one query: the people of the viewer's branches (filtered by branch, name and
 * a state any of their cells is in) × the chosen courses, each cell's state and dates, and per course the counts
 * of each state over every person the filters keep (not just the page). pageSize null answers everyone.
 */
export async function trainingMatrix(
  db: Db,
  scope: BranchScope,
  filters: MatrixFilters,
  paging: { page: number; pageSize: number | null },
  today: string,
  alertDays: number,
): Promise<TrainingMatrix> {
  const chosen = filters.state ? sql`where p.id in (select x.carer_id from cells x where x.state = ${filters.state})` : sql``;
  const limit = paging.pageSize === null ? sql`` : sql`limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`;
  const [answer] = await rowsOf<MatrixAnswer>(
    db,
    sql`with ${cellsCte(scope, filters, today, alertDays)},
    chosen as (select p.* from people p ${chosen}),
    page as (select * from chosen order by last_name, first_name, id ${limit}),
    counts as (
      select x.course_id,
        count(*) filter (where x.state = 'valid') as valid, count(*) filter (where x.state = 'expiring') as expiring,
        count(*) filter (where x.state = 'expired') as expired, count(*) filter (where x.state = 'missing') as missing
      from cells x where x.carer_id in (select id from chosen) group by x.course_id
    ),
    page_cells as (
      select x.carer_id, json_agg(json_build_object('course_id', x.course_id, 'state', x.state, 'in_progress', x.in_progress,
          'completed_on', x.completed_on, 'expires_on', x.expires_on) order by x.position) as cells
      from cells x where x.carer_id in (select id from page) group by x.carer_id
    )
    select
      (select count(*)::int from chosen) as total,
      (select json_agg(json_build_object(
          'id', cl.id, 'name', cl.name, 'code', cl.code, 'category', cl.category, 'validity_months', cl.validity_months,
          'required_for', cl.required_for, 'delivery', cl.delivery, 'position', cl.position,
          'counts', json_build_object('valid', coalesce(n.valid, 0), 'expiring', coalesce(n.expiring, 0), 'expired', coalesce(n.expired, 0), 'missing', coalesce(n.missing, 0))
        ) order by cl.position) from course_list cl left join counts n on n.course_id = cl.id) as courses,
      (select json_agg(json_build_object(
          'carer_id', pg.id, 'name', pg.first_name || ' ' || pg.last_name, 'branch', pg.branch, 'status', pg.status, 'cells', coalesce(pc.cells, '[]'::json)
        ) order by pg.last_name, pg.first_name, pg.id) from page pg left join page_cells pc on pc.carer_id = pg.id) as rows`,
  );
  const total = Number(answer?.total ?? 0);
  const pageSize = paging.pageSize ?? Math.max(total, 1);
  return {
    today,
    alert_days: alertDays,
    courses: (answer?.courses ?? []).map(({ position: _position, ...course }) => ({ ...course, id: Number(course.id) })),
    rows: answer?.rows ?? [],
    total,
    page: paging.pageSize === null ? 1 : paging.page,
    page_size: pageSize,
    last_page: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** Each cell of these carers × courses (the rota's ask), in one query. */
export async function trainingCells(db: Db, scope: BranchScope, carerIds: readonly number[], courseIds: readonly number[] | undefined, today: string, alertDays: number) {
  return rowsOf<{ carer_id: number; course_id: number; code: string; state: TrainingState | null; expires_on: string | null }>(
    db,
    sql`with ${cellsCte(scope, { carerIds, courseIds }, today, alertDays)}
    select x.carer_id, x.course_id, cl.code, x.state, x.expires_on::text as expires_on from cells x join course_list cl on cl.id = x.course_id
    order by x.carer_id, x.position`,
  );
}

/** The state of every cell as CSV (UTF-8 with a BOM, so Excel reads names like Siân right). */
export function matrixCsv(matrix: TrainingMatrix): string {
  const label = (state: TrainingState | null, inProgress: boolean) =>
    state === null ? (inProgress ? 'In progress' : 'Not required') : `${state[0]!.toUpperCase()}${state.slice(1)}${inProgress ? ' (in progress)' : ''}`;
  const header = ['Carer', 'Branch', 'Status', ...matrix.courses.flatMap((course) => [`${course.name} (${course.code})`, `${course.code} expires`])];
  const lines = matrix.rows.map((row) => [
    row.name,
    row.branch,
    row.status,
    ...row.cells.flatMap((cell) => [label(cell.state, cell.in_progress), cell.expires_on ?? (cell.state === 'valid' ? 'Does not expire' : '')]),
  ]);
  return `\uFEFF${csvText([header, ...lines])}`;
}
