import type { Page } from '@hcm/contract';
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { pageOf, pageOffset, recordAudit, type Database, type Paging, type Transaction } from '@hcm/server/platform';
import {
  DEFAULT_CARE_NOTE_CATEGORIES,
  MEAL_EATEN,
  daysBetween,
  type CareNoteCategory,
  type CareNoteFilters,
  type CareNoteRow,
  type CareNoteSummary,
  type CareNoteValues,
  type DailyReport,
} from '../../contract/index.js';
import { isoOf, KEY_REUSED, type ClientTarget } from './common.js';
import { careNoteCategories, careNotes } from './tables.js';
import { clock } from '@hcm/contract/time';

// Care notes: written once, never changed. A correction is a new note naming the one it amends; lists show
// both (the earlier marked amended), and the day's totals and summaries count only notes not amended since.

/** A rule of care notes broken: 422 on `field` (or 409 for a reused idempotency key). */
export class CareNoteRuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly status: 409 | 422 = 422,
  ) {
    super(message);
  }
}

/** Puts the default categories in place on a new install (those already there, renamed or retired, are kept). */
export async function ensureCareNoteCategories(db: Database | Transaction): Promise<void> {
  await db
    .insert(careNoteCategories)
    .values(DEFAULT_CARE_NOTE_CATEGORIES.map((category, index) => ({ key: category.value, label: category.label, position: (index + 1) * 10 })))
    .onConflictDoNothing({ target: careNoteCategories.key });
}

export async function listCareNoteCategories(db: Database): Promise<CareNoteCategory[]> {
  return db.select().from(careNoteCategories).orderBy(asc(careNoteCategories.position), asc(careNoteCategories.id)).then((rows) =>
    rows.map(({ id, key, label, position, active }) => ({ id, key, label, position, active })),
  );
}

const slugOf = (label: string) =>
  label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 36) || 'category';

/** A new category at the end of the list; its key is made from the name (unique). */
export async function addCareNoteCategory(db: Database, label: string): Promise<CareNoteCategory> {
  const existing = await listCareNoteCategories(db);
  if (existing.some((category) => category.label.toLowerCase() === label.toLowerCase())) throw new CareNoteRuleError('label', 'There is already a category of that name.');
  const base = /^[a-z]/.test(slugOf(label)) ? slugOf(label) : `c-${slugOf(label)}`;
  let key = base;
  for (let n = 2; existing.some((category) => category.key === key); n += 1) key = `${base}-${n}`;
  const position = Math.max(0, ...existing.map((category) => category.position)) + 10;
  const [row] = await db.insert(careNoteCategories).values({ key, label, position }).returning();
  return { id: row!.id, key: row!.key, label: row!.label, position: row!.position, active: row!.active };
}

export async function updateCareNoteCategory(db: Database, id: number, values: { label: string; active: boolean }): Promise<CareNoteCategory | null> {
  const clash = await db.select({ id: careNoteCategories.id }).from(careNoteCategories).where(and(sql`lower(${careNoteCategories.label}) = lower(${values.label})`, sql`${careNoteCategories.id} <> ${id}`));
  if (clash.length) throw new CareNoteRuleError('label', 'There is already a category of that name.');
  const [row] = await db.update(careNoteCategories).set(values).where(eq(careNoteCategories.id, id)).returning();
  return row ? { id: row.id, key: row.key, label: row.label, position: row.position, active: row.active } : null;
}

const n = careNotes;
/** The newest note correcting this one. */
const amendedById = sql<number | null>`(select max(amending.id) from ${careNotes} as amending where amending.amends_id = ${n.id})`;
/** The note has not been corrected since: it counts in totals. */
const current = sql`not exists (select 1 from ${careNotes} as amending where amending.amends_id = ${n.id})`;

function noteRows(db: Database | Transaction) {
  return db
    .select({
      id: n.id,
      client_id: n.client_id,
      category: n.category,
      category_label: careNoteCategories.label,
      visit_date: n.visit_date,
      planned_time: n.planned_time,
      external_visit_id: n.external_visit_id,
      written_at: n.written_at,
      recorded_at: n.recorded_at,
      author_id: n.author_id,
      author_name: n.author_name,
      note: n.note,
      mood: n.mood,
      fluid_ml: n.fluid_ml,
      food_portion: n.food_portion,
      food_description: n.food_description,
      bowel: n.bowel,
      bladder: n.bladder,
      concern: n.concern,
      escalated_to: n.escalated_to,
      body_map_reference: n.body_map_reference,
      amends_id: n.amends_id,
      amendment_reason: n.amendment_reason,
      amended_by_id: amendedById,
      source: n.source,
    })
    .from(n)
    .innerJoin(careNoteCategories, eq(careNoteCategories.key, n.category))
    .$dynamic();
}

type NoteRecord = Awaited<ReturnType<ReturnType<typeof noteRows>['execute']>>[number];

const toRow = (row: NoteRecord): CareNoteRow => ({
  ...row,
  external_visit_id: row.external_visit_id ?? '',
  written_at: isoOf(row.written_at)!,
  recorded_at: isoOf(row.recorded_at)!,
  amended_by_id: row.amended_by_id === null ? null : Number(row.amended_by_id),
});

export async function findCareNote(db: Database | Transaction, clientId: number, id: number): Promise<CareNoteRow | null> {
  const [row] = await noteRows(db).where(and(eq(n.client_id, clientId), eq(n.id, id)));
  return row ? toRow(row) : null;
}

// Notes written on a device run slightly ahead of the server's clock at times; more than this is refused.
const CLOCK_SKEW_MS = 5 * 60_000;

export type NoteSource = { source: 'office' | 'device'; idempotencyKey?: string; requestHash?: string };

/**
 * Saves a note for the client. With an idempotency key (devices), a resend of the same note returns the first
 * one (`replayed`), and the same key with another body is refused (409). Throws CareNoteRuleError for a
 * category not in use, a correction of a note of another client, or a time written in the future.
 */
export async function addCareNote(db: Database, target: ClientTarget, values: CareNoteValues, from: NoteSource): Promise<{ note: CareNoteRow; replayed: boolean }> {
  const authorId = target.viewer.user.userID;
  if (from.idempotencyKey) {
    const replay = await findReplay(db, authorId, from.idempotencyKey, target.clientId, from.requestHash ?? '');
    if (replay) return { note: replay, replayed: true };
  }
  const [category] = await db.select().from(careNoteCategories).where(eq(careNoteCategories.key, values.category));
  if (!category || !category.active) throw new CareNoteRuleError('category', 'Choose a category from the list.');
  if (values.amends_id !== null && !(await findCareNote(db, target.clientId, values.amends_id))) {
    throw new CareNoteRuleError('amends_id', 'The note to correct is not one of this client’s notes.');
  }
  const writtenAt = values.written_at ? new Date(values.written_at) : clock.now();
  if (writtenAt.getTime() > clock.nowMs() + CLOCK_SKEW_MS) throw new CareNoteRuleError('written_at', 'Written at cannot be in the future: check the device’s clock.');

  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(careNotes)
      .values({
        client_id: target.clientId,
        category: values.category,
        visit_date: values.visit_date,
        planned_time: values.planned_time,
        external_visit_id: values.external_visit_id || null,
        written_at: writtenAt,
        author_id: authorId,
        author_name: target.viewer.user.name,
        note: values.note,
        mood: values.mood,
        fluid_ml: values.fluid_ml,
        food_portion: values.food_portion,
        food_description: values.food_description,
        bowel: values.bowel,
        bladder: values.bladder,
        concern: values.concern,
        escalated_to: values.concern ? values.escalated_to : '',
        body_map_reference: values.body_map_reference,
        amends_id: values.amends_id,
        amendment_reason: values.amends_id === null ? '' : values.amendment_reason,
        source: from.source,
        idempotency_key: from.idempotencyKey ?? null,
        request_hash: from.requestHash ?? null,
      })
      .onConflictDoNothing({ target: [careNotes.author_id, careNotes.idempotency_key] })
      .returning({ id: careNotes.id });
    if (!row) return null; // The same key arrived meanwhile: answered as a replay below.
    const note = (await findCareNote(tx, target.clientId, row.id))!;
    await recordAudit(tx, { actor: target.actor, resource: 'care-notes', recordId: note.id, action: 'create', after: note });
    return note;
  });
  if (saved) return { note: saved, replayed: false };
  const replay = await findReplay(db, authorId, from.idempotencyKey!, target.clientId, from.requestHash ?? '');
  return { note: replay!, replayed: true };
}

async function findReplay(db: Database, authorId: number, key: string, clientId: number, hash: string): Promise<CareNoteRow | null> {
  const [first] = await db
    .select({ id: n.id, client_id: n.client_id, request_hash: n.request_hash })
    .from(n)
    .where(and(eq(n.author_id, authorId), eq(n.idempotency_key, key)));
  if (!first) return null;
  if (first.client_id !== clientId || first.request_hash !== hash) throw new CareNoteRuleError('Idempotency-Key', KEY_REUSED, 409);
  return findCareNote(db, clientId, first.id);
}

function filtersOf(clientId: number, filters: CareNoteFilters): SQL {
  return and(
    eq(n.client_id, clientId),
    filters.from ? gte(n.visit_date, filters.from) : undefined,
    filters.to ? lte(n.visit_date, filters.to) : undefined,
    filters.category ? eq(n.category, filters.category) : undefined,
    filters.author ? eq(n.author_id, filters.author) : undefined,
    filters.flagged === undefined ? undefined : eq(n.concern, filters.flagged),
  )!;
}

/** A page of the client's notes, newest visit first (then newest written). */
export async function listCareNotes(db: Database, clientId: number, filters: CareNoteFilters, paging: Paging): Promise<Page<CareNoteRow>> {
  const where = filtersOf(clientId, filters);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(n).where(where);
  const rows = await noteRows(db)
    .where(where)
    .orderBy(desc(n.visit_date), desc(n.planned_time), desc(n.written_at), desc(n.id))
    .limit(paging.pageSize)
    .offset(pageOffset(paging));
  return pageOf(rows.map(toRow), total, paging);
}

/** Who has written notes for the client (the author filter's choices). */
export async function careNoteAuthors(db: Database, clientId: number): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .selectDistinct({ id: n.author_id, name: n.author_name })
    .from(n)
    .where(and(eq(n.client_id, clientId), sql`${n.author_id} is not null`))
    .orderBy(asc(n.author_name));
  return rows.map((row) => ({ id: row.id!, name: row.name }));
}

/** A day's notes across the calls, in call order, with the day's totals (notes corrected since do not count twice). */
export async function dailyReport(db: Database, clientId: number, date: string): Promise<DailyReport> {
  const rows = (await noteRows(db).where(and(eq(n.client_id, clientId), eq(n.visit_date, date))).orderBy(asc(n.planned_time), asc(n.written_at), asc(n.id))).map(toRow);
  const counted = rows.filter((row) => row.amended_by_id === null);
  return {
    date,
    notes: rows,
    totals: {
      notes: counted.length,
      fluid_ml: counted.reduce((total, row) => total + (row.fluid_ml ?? 0), 0),
      meals_eaten: counted.filter((row) => MEAL_EATEN.includes(row.food_portion)).length,
      meals_offered: counted.filter((row) => row.food_portion !== '').length,
      concerns: counted.filter((row) => row.concern).length,
      calls: new Set(counted.map((row) => row.planned_time).filter(Boolean)).size,
    },
  };
}

/** The period's notes in numbers: per category, the concerns, and per day (fluids, meals, concerns). */
export async function careNoteSummary(db: Database, clientId: number, from: string, to: string): Promise<CareNoteSummary> {
  const where = and(eq(n.client_id, clientId), gte(n.visit_date, from), lte(n.visit_date, to), current);
  const categories = await listCareNoteCategories(db);
  const byCategory = await db
    .select({ category: n.category, count: sql<number>`count(*)::int` })
    .from(n)
    .where(where)
    .groupBy(n.category);
  const counts = new Map(byCategory.map((row) => [row.category, row.count]));
  const perDay = await db
    .select({
      date: n.visit_date,
      notes: sql<number>`count(*)::int`,
      fluid_ml: sql<number>`coalesce(sum(${n.fluid_ml}), 0)::int`,
      meals_eaten: sql<number>`count(*) filter (where ${n.food_portion} in (${sql.join(MEAL_EATEN.map((portion) => sql`${portion}`), sql`, `)}))::int`,
      meals_offered: sql<number>`count(*) filter (where ${n.food_portion} <> '')::int`,
      concerns: sql<number>`count(*) filter (where ${n.concern})::int`,
    })
    .from(n)
    .where(where)
    .groupBy(n.visit_date);
  const byDay = new Map(perDay.map((row) => [row.date, row]));
  const concerns = await noteRows(db)
    .where(and(where, eq(n.concern, true)))
    .orderBy(asc(n.visit_date), asc(n.written_at));
  return {
    from,
    to,
    total_notes: perDay.reduce((total, day) => total + day.notes, 0),
    by_category: categories
      .filter((category) => category.active || counts.has(category.key))
      .map((category) => ({ category: category.key, label: category.label, count: counts.get(category.key) ?? 0 })),
    concerns: concerns.map((row) => ({
      id: row.id,
      visit_date: row.visit_date,
      category_label: row.category_label,
      note: row.note,
      escalated_to: row.escalated_to,
      author_name: row.author_name,
    })),
    concerns_escalated: concerns.filter((row) => row.escalated_to !== '').length,
    days: daysBetween(from, to).map((date) => {
      const day = byDay.get(date);
      return { date, notes: day?.notes ?? 0, fluid_ml: day?.fluid_ml ?? 0, meals_eaten: day?.meals_eaten ?? 0, meals_offered: day?.meals_offered ?? 0, concerns: day?.concerns ?? 0 };
    }),
  };
}

