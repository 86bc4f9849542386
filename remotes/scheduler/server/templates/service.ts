import { and, asc, eq, getTableColumns, gt, inArray, max, sql, type SQL } from 'drizzle-orm';
import { londonDate, londonInstant } from '@hcm/contract/engine';
import { outer, runTimeValue, type Database, type Transaction } from '@hcm/server/platform';
import type { ClientSlotRow, ClientSlotValues, TemplateDetail, TemplateRow, TemplateSlotRow, TemplateValues, TemplateVisitChanges } from '../../contract/templates.js';
import { PLANNABLE_STATUSES, type VisitTask } from '../../contract/visits.js';
import { templateSlots, visitCarers, visitLogs, visits, visitTemplates } from '../tables.js';
import { cycleWeek, isoWeekday } from './days.js';
import { generateVisits } from './generate.js';
import { funderCodesRead, visitSlotsRead } from '../read-models.js';
import { bankHolidaysBetween } from './read-models.js';
import { clientSlots } from './tables.js';
import { clock } from '@hcm/contract/time';
import type { RuleFacts } from '../rules/check.js';
import { publishVisitChanges, type VisitWrite } from '../visits/events.js';

// Rota templates and client slots: reads, saves, and what a template change does to its visits. Editing a template
// changes its FUTURE UNLOCKED visits only: visits changed by hand (locked) are kept, started or closed ones never
// touched, past ones left as history.

type Db = Database | Transaction;
type TemplateRecord = typeof visitTemplates.$inferSelect;
type SlotRecord = typeof templateSlots.$inferSelect;

const round2 = (value: number) => Math.round(value * 100) / 100;

export async function findTemplate(db: Db, id: number): Promise<TemplateRecord | null> {
  const [row] = await db.select().from(visitTemplates).where(eq(visitTemplates.id, id));
  return row ?? null;
}

/** What a template's row shows of its calls, its funder and its next visit. */
type TemplateSummary = { calls: number; minutes: number; funder_code: string | null; next_visit: string | null };

function rowOf(template: TemplateRecord, summary: TemplateSummary): TemplateRow {
  return {
    id: template.id,
    client_id: template.client_id,
    branch_id: template.branch_id,
    name: template.name,
    starts_on: template.starts_on,
    ends_on: template.ends_on,
    repeat_weeks: template.repeat_weeks,
    funder_code_id: template.funder_code_id,
    funder_code: template.funder_code_id ? summary.funder_code : null,
    bank_holidays: template.bank_holidays,
    active: template.active,
    notes: template.notes,
    calls_per_cycle: summary.calls,
    hours_per_week: round2(summary.minutes / 60 / Math.max(1, template.repeat_weeks)),
    next_visit: summary.next_visit,
    version: template.version,
    updated_at: new Date(template.updated_at).toISOString(),
  };
}

/**
 * The templates `where` picks as their rows, with their calls counted, their funder named and their next visit (not
 * cancelled, after now) in the statement that reads them (issue 29: four statements one after another for a client's
 * templates before). "After now" is learnt when the statement runs (runTimeValue): as one side of a range sent as a
 * parameter, PostgreSQL would plan the statement on every run (server README, "Prepared statements").
 */
async function templateRows(db: Db, where: SQL): Promise<TemplateRow[]> {
  const template = outer(visitTemplates, visitTemplates.id);
  const rows = await db
    .select({
      ...getTableColumns(visitTemplates),
      calls: sql<number>`(select count(*)::int from ${templateSlots} where ${templateSlots.template_id} = ${template})`,
      minutes: sql<number>`(select coalesce(sum(${templateSlots.duration_minutes}), 0)::int from ${templateSlots} where ${templateSlots.template_id} = ${template})`,
      funder_code: sql<string | null>`(select ${funderCodesRead.code} || ' – ' || ${funderCodesRead.name} from ${funderCodesRead} where ${funderCodesRead.id} = ${outer(visitTemplates, visitTemplates.funder_code_id)})`,
      next: sql<string | Date | null>`(select min(${visits.planned_start}) from ${visits} where ${visits.template_id} = ${template} and ${visits.planned_start} > ${runTimeValue(clock.now())} and ${visits.status} <> 'cancelled')`,
    })
    .from(visitTemplates)
    .where(where)
    .orderBy(sql`${visitTemplates.active} desc`, asc(visitTemplates.starts_on), asc(visitTemplates.id));
  return rows.map(({ calls, minutes, funder_code, next, ...record }) => rowOf(record, { calls, minutes, funder_code, next_visit: next ? new Date(next).toISOString() : null }));
}

export function listTemplates(db: Db, clientId: number): Promise<TemplateRow[]> {
  return templateRows(db, eq(visitTemplates.client_id, clientId));
}

const slotOrder = (a: SlotRecord, b: SlotRecord) => a.week - b.week || a.weekday - b.weekday || a.start_time.localeCompare(b.start_time) || a.id - b.id;

/** A template with its calls; their preferred carers named by `nameCarers` (the rota's read of workforce; by id without it). */
export async function templateDetail(db: Db, template: TemplateRecord, nameCarers?: (ids: number[]) => Promise<Map<number, string>>): Promise<TemplateDetail> {
  const [slots, [row]] = await Promise.all([
    db.select().from(templateSlots).where(eq(templateSlots.template_id, template.id)).then((rows) => rows.sort(slotOrder)),
    templateRows(db, eq(visitTemplates.id, template.id)),
  ]);
  const preferred = [...new Set(slots.flatMap((slot) => slot.preferred_carer_ids))];
  const carerNames = nameCarers && preferred.length ? await nameCarers(preferred) : new Map<number, string>();
  const slotIds = [...new Set(slots.map((slot) => slot.visit_slot_id).filter((id): id is number => id !== null))];
  const named = slotIds.length ? await db.select({ id: visitSlotsRead.id, name: visitSlotsRead.name }).from(visitSlotsRead).where(inArray(visitSlotsRead.id, slotIds)) : [];
  const slotNames = new Map(named.map((row) => [row.id, row.name]));
  return {
    ...row!, // a template is ended, never deleted: the one given is there
    slots: slots.map(
      (slot): TemplateSlotRow => ({
        id: slot.id,
        week: slot.week,
        weekday: slot.weekday,
        start_time: slot.start_time,
        duration_minutes: slot.duration_minutes,
        carers_needed: slot.carers_needed === 2 ? 2 : 1,
        visit_slot_id: slot.visit_slot_id,
        visit_slot: slot.visit_slot_id ? (slotNames.get(slot.visit_slot_id) ?? null) : null,
        tasks: slot.tasks,
        preferred_carer_ids: slot.preferred_carer_ids,
        preferred_carers: slot.preferred_carer_ids.map((id) => ({ id, name: carerNames.get(id) ?? `Carer ${id}` })),
        notes: slot.notes,
      }),
    ),
  };
}

const slotValues = (slot: TemplateValues['slots'][number]) => ({
  week: slot.week,
  weekday: slot.weekday,
  start_time: slot.start_time,
  duration_minutes: slot.duration_minutes,
  carers_needed: slot.carers_needed,
  visit_slot_id: slot.visit_slot_id,
  tasks: slot.tasks,
  preferred_carer_ids: slot.preferred_carer_ids,
  notes: slot.notes,
});

const templateValues = (values: TemplateValues) => ({
  name: values.name,
  starts_on: values.starts_on,
  ends_on: values.ends_on,
  repeat_weeks: values.repeat_weeks,
  funder_code_id: values.funder_code_id,
  bank_holidays: values.bank_holidays,
  notes: values.notes,
});

export async function createTemplate(tx: Transaction, client: { id: number; branch_id: number }, values: TemplateValues, userId: number | null): Promise<TemplateRecord> {
  const [template] = await tx
    .insert(visitTemplates)
    .values({ ...templateValues(values), client_id: client.id, branch_id: client.branch_id, created_by: userId })
    .returning();
  await tx.insert(templateSlots).values(values.slots.map((slot) => ({ ...slotValues(slot), template_id: template!.id })));
  return template!;
}

/** The ids of `values`' slots that name a slot of another template (or none): refused by the route. */
export async function foreignSlotIds(db: Db, templateId: number, values: TemplateValues): Promise<number[]> {
  const named = values.slots.map((slot) => slot.id).filter((id): id is number => id !== null);
  if (!named.length) return [];
  const own = new Set((await db.select({ id: templateSlots.id }).from(templateSlots).where(eq(templateSlots.template_id, templateId))).map((row) => row.id));
  return named.filter((id) => !own.has(id));
}

/** The furthest day a template's visits were generated to (null: none yet). */
export async function furthestDay(db: Db, templateId: number): Promise<string | null> {
  const [row] = await db.select({ last: max(visits.visit_date) }).from(visits).where(eq(visits.template_id, templateId));
  return row?.last ?? null;
}

export type ChangeContext = { userId: number | null; clientStatus: Map<number, string>; clientNames?: Map<number, string>; facts: RuleFacts };

const emptyChanges = (): TemplateVisitChanges => ({ changed: 0, removed: 0, created: 0, kept: 0, skipped: 0, unchanged: 0 });

/**
 * Saves `values` over the template and carries the change to its future visits: those not started and not changed
 * by hand follow the new pattern (updated, or removed when their call left it), new calls get visits up to the
 * furthest day already generated; locked ones are kept, started or closed ones skipped.
 */
export async function updateTemplate(tx: Transaction, template: TemplateRecord, values: TemplateValues, context: ChangeContext): Promise<{ changes: TemplateVisitChanges; ids: number[] }> {
  const changes = emptyChanges();
  const ids: number[] = [];
  const now = clock.now();
  const today = londonDate(now);
  const [horizonRow] = await tx.select({ last: max(visits.visit_date) }).from(visits).where(eq(visits.template_id, template.id));
  const horizon = horizonRow?.last ?? null;

  await tx
    .update(visitTemplates)
    .set({ ...templateValues(values), version: template.version + 1, updated_at: now })
    .where(eq(visitTemplates.id, template.id));

  // The calls: kept (by id), added, removed.
  const oldSlots = await tx.select().from(templateSlots).where(eq(templateSlots.template_id, template.id));
  const keptIds = new Set(values.slots.map((slot) => slot.id).filter((id): id is number => id !== null));
  const newSlots = new Map<number, ReturnType<typeof slotValues>>();
  for (const slot of values.slots) {
    if (slot.id !== null && oldSlots.some((old) => old.id === slot.id)) {
      await tx.update(templateSlots).set(slotValues(slot)).where(eq(templateSlots.id, slot.id));
      newSlots.set(slot.id, slotValues(slot));
    } else {
      await tx.insert(templateSlots).values({ ...slotValues(slot), template_id: template.id });
    }
  }

  const holidays = horizon && horizon >= today ? await bankHolidaysBetween(tx, today, horizon) : new Set<string>();
  const future = await tx
    .select()
    .from(visits)
    .where(and(eq(visits.template_id, template.id), gt(visits.planned_start, now)))
    .orderBy(visits.planned_start);
  const carers = future.length ? await tx.select().from(visitCarers).where(inArray(visitCarers.visit_id, future.map((visit) => visit.id))) : [];
  const removed: number[] = [];
  const writes: VisitWrite[] = [];
  const carersOn = (visitId: number) => carers.filter((row) => row.visit_id === visitId).sort((a, b) => a.position - b.position);
  const reason = `The template “${values.name}” changed`;
  for (const visit of future) {
    if (!PLANNABLE_STATUSES.includes(visit.status)) {
      changes.skipped += 1;
      continue;
    }
    if (visit.locked) {
      changes.kept += 1;
      continue;
    }
    const slot = visit.template_slot_id === null ? undefined : newSlots.get(visit.template_slot_id);
    const fits =
      slot &&
      visit.visit_date >= values.starts_on &&
      (!values.ends_on || visit.visit_date <= values.ends_on) &&
      isoWeekday(visit.visit_date) === slot.weekday &&
      cycleWeek(values.starts_on, values.repeat_weeks, visit.visit_date) === slot.week &&
      !(values.bank_holidays === 'skip' && holidays.has(visit.visit_date));
    if (!slot || !fits) {
      removed.push(visit.id);
      writes.push({ before: { ...visit, carers: carersOn(visit.id) }, after: null, reason });
      continue;
    }
    const start = londonInstant(visit.visit_date, slot.start_time);
    const end = new Date(Date.parse(start) + slot.duration_minutes * 60_000).toISOString();
    const onVisit = carersOn(visit.id);
    const keepCarers = onVisit.slice(0, slot.carers_needed);
    const next = {
      planned_start: start,
      planned_end: end,
      carers_needed: slot.carers_needed,
      tasks: slot.tasks as VisitTask[],
      requires_medication: slot.tasks.some((task) => task.kind === 'medication'),
      funder_code_id: values.funder_code_id,
      notes: slot.notes,
      status: keepCarers.length >= slot.carers_needed ? ('assigned' as const) : ('unassigned' as const),
    };
    const before = {
      planned_start: new Date(visit.planned_start).toISOString(),
      planned_end: new Date(visit.planned_end).toISOString(),
      carers_needed: visit.carers_needed,
      tasks: visit.tasks,
      requires_medication: visit.requires_medication,
      funder_code_id: visit.funder_code_id,
      notes: visit.notes,
      status: visit.status,
    };
    const differs = (Object.keys(next) as (keyof typeof next)[]).filter((key) => JSON.stringify(next[key]) !== JSON.stringify(before[key]));
    if (!differs.length) {
      changes.unchanged += 1;
      continue;
    }
    if (onVisit.length > keepCarers.length) {
      await tx.delete(visitCarers).where(and(eq(visitCarers.visit_id, visit.id), gt(visitCarers.position, slot.carers_needed)));
    }
    await tx
      .update(visits)
      .set({ ...next, planned_start: new Date(next.planned_start), planned_end: new Date(next.planned_end), version: visit.version + 1, updated_at: now })
      .where(eq(visits.id, visit.id));
    ids.push(visit.id);
    writes.push({ before: { ...visit, carers: onVisit }, after: { ...visit, ...next, planned_start: new Date(next.planned_start), planned_end: new Date(next.planned_end), carers: keepCarers }, reason });
    await tx.insert(visitLogs).values({
      visit_id: visit.id,
      user_id: context.userId,
      action: 'edited',
      summary: `The template “${values.name}” changed: ${differs.map((key) => key.replace(/_/g, ' ')).join(', ')}.`,
      before: Object.fromEntries(differs.map((key) => [key, before[key]])),
      after: Object.fromEntries(differs.map((key) => [key, next[key]])),
    });
    changes.changed += 1;
  }
  if (removed.length) await tx.delete(visits).where(inArray(visits.id, removed));
  changes.removed = removed.length;
  ids.push(...removed);
  // Their carers hear of it from the events (moved, taken off, removed), written with the change.
  await publishVisitChanges(tx, writes, context.userId);

  // Calls no longer in the pattern go (their past visits keep their history; the link is cleared).
  const gone = oldSlots.filter((slot) => !keptIds.has(slot.id)).map((slot) => slot.id);
  if (gone.length) await tx.delete(templateSlots).where(inArray(templateSlots.id, gone));

  // New calls (and calls moved to other days) get visits up to the furthest day already generated.
  if (horizon && horizon >= today) {
    const generated = await generateVisits(tx, {
      from: today,
      to: horizon,
      templateIds: [template.id],
      clientStatus: context.clientStatus,
      clientNames: context.clientNames,
      bankHolidays: holidays,
      facts: context.facts,
      userId: context.userId,
    });
    changes.created = generated.created;
    ids.push(...[...generated.createdByBranch.values()].flat());
  }
  return { changes, ids };
}

/**
 * Ends a template: no more visits from it; its future visits not started are removed (changed by hand: kept), each
 * with its event (removed: their carers are told).
 */
export async function endTemplate(tx: Transaction, template: TemplateRecord, userId: number | null): Promise<{ removed: number; kept: number; skipped: number; ids: number[] }> {
  const now = clock.now();
  const today = londonDate(now);
  const endsOn = template.starts_on > today ? template.starts_on : template.ends_on && template.ends_on < today ? template.ends_on : today;
  await tx.update(visitTemplates).set({ active: false, ends_on: endsOn, version: template.version + 1, updated_at: now }).where(eq(visitTemplates.id, template.id));
  const future = await tx.select().from(visits).where(and(eq(visits.template_id, template.id), gt(visits.planned_start, now)));
  const removable = future.filter((visit) => PLANNABLE_STATUSES.includes(visit.status) && !visit.locked).map((visit) => visit.id);
  if (removable.length) {
    const carers = await tx.select().from(visitCarers).where(inArray(visitCarers.visit_id, removable));
    const gone = future.filter((visit) => removable.includes(visit.id));
    await tx.delete(visits).where(inArray(visits.id, removable));
    await publishVisitChanges(tx, gone.map((visit) => ({ before: { ...visit, carers: carers.filter((row) => row.visit_id === visit.id) }, after: null, reason: `The template “${template.name}” ended` })), userId);
  }
  return {
    removed: removable.length,
    kept: future.filter((visit) => PLANNABLE_STATUSES.includes(visit.status) && visit.locked).length,
    skipped: future.filter((visit) => !PLANNABLE_STATUSES.includes(visit.status)).length,
    ids: removable,
  };
}

// ------------------------------------------------------------------------------------------------ client slots

export async function clientSlotsOf(db: Db, clientId: number): Promise<{ slots: ClientSlotRow[]; stamp: string }> {
  const rows = await db
    .select({ slot: clientSlots, name: visitSlotsRead.name, order: visitSlotsRead.display_order })
    .from(clientSlots)
    .leftJoin(visitSlotsRead, eq(visitSlotsRead.id, clientSlots.visit_slot_id))
    .where(eq(clientSlots.client_id, clientId))
    .orderBy(asc(clientSlots.preferred_start));
  const stamp = rows.reduce((latest, row) => {
    const at = new Date(row.slot.updated_at).toISOString();
    return at > latest ? at : latest;
  }, '');
  return {
    stamp: rows.length ? `${rows.length}@${stamp}` : '',
    slots: rows.map(({ slot, name }) => ({
      id: slot.id,
      visit_slot_id: slot.visit_slot_id,
      visit_slot: name ?? `Slot ${slot.visit_slot_id}`,
      preferred_start: slot.preferred_start,
      earliest_start: slot.earliest_start,
      latest_start: slot.latest_start,
      time_critical: slot.time_critical,
      time_critical_reason: slot.time_critical_reason,
      notes: slot.notes,
    })),
  };
}

export async function saveClientSlots(tx: Transaction, clientId: number, slots: ClientSlotValues[], userId: number | null): Promise<void> {
  await tx.delete(clientSlots).where(eq(clientSlots.client_id, clientId));
  if (slots.length) {
    await tx.insert(clientSlots).values(
      slots.map((slot) => ({
        client_id: clientId,
        visit_slot_id: slot.visit_slot_id,
        preferred_start: slot.preferred_start,
        earliest_start: slot.earliest_start,
        latest_start: slot.latest_start,
        time_critical: slot.time_critical,
        time_critical_reason: slot.time_critical ? slot.time_critical_reason : '',
        notes: slot.notes,
        updated_by: userId,
      })),
    );
  }
}

/** Whether every visit slot id names a visit slot of reference data. */
export async function unknownVisitSlots(db: Db, ids: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const found = new Set((await db.select({ id: visitSlotsRead.id }).from(visitSlotsRead).where(inArray(visitSlotsRead.id, wanted))).map((row) => row.id));
  return wanted.filter((id) => !found.has(id));
}
