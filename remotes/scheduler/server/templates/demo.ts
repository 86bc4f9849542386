import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { londonDate, londonInstant } from '@hcm/contract/engine';
import type { Transaction } from '@hcm/server/platform';
import type { VisitTask } from '../../contract/visits.js';
import { branches } from '@hcm/server/schema';
import { templateSlots, visitCarers, visitLogs, visits, visitTemplates } from '../tables.js';
import { addDays } from './days.js';
import { generateVisits, generationFacts } from './generate.js';
import { loadRuleFacts, ruleBatch, scopeOf, type PlannedVisit } from '../rules/check.js';
import { seedSources } from '../sources/seed-sources.js';
import { clearAttention } from '../visits/attention.js';
import { carerComplianceRead, carersRead, clientsRead, funderCodesRead, visitSlotsRead } from '../read-models.js';
import { bankHolidaysBetween } from './read-models.js';
import { clientSlots } from './tables.js';
import { clock } from '@hcm/contract/time';

// The demo's schedule: a rota template for every demo client (care-records) with a realistic package and its
// funder, the commissioned windows of two, and visits generated from the first day of last month (a whole month
// for finance to invoice and pay, and the current one open) to two weeks ahead across the three branches. Carers
// (workforce) are put on them in their own branch without overlaps, only when rosterable (carer_compliance); the
// visits still to come only through the rules, the same check as a manual assignment (rules/check.ts, with the facts
// the seed can read: sources/seed-sources.ts), so the demo never puts a carer where the product refuses one; a
// preferred carer the rules refuse leaves the visit unassigned and flagged as needing attention. Some future visits
// are left unassigned for the rota to fill. The past has happened (the days before today):
// completed with actual times a few minutes off and auto-confirmed, one missed, one cancelled the evening before,
// a few cancelled late enough to be chargeable, one extra call booked at short notice (a call-out), and one still
// without a check-out (for the back-office corrections). Dates follow londonDate(), so the demo stays current.

const task = (key: string, label: string, kind: VisitTask['kind']): VisitTask => ({ key, label, kind });
const T = {
  wash: task('wash-dress', 'Help to wash and dress', 'personal-care'),
  breakfast: task('breakfast', 'Breakfast and a hot drink', 'meal'),
  meds: task('medication', 'Medication from the blister pack (record on the MAR)', 'medication'),
  lunch: task('lunch', 'Hot lunch and a drink', 'meal'),
  tea: task('tea', 'Light tea and a drink', 'meal'),
  bed: task('bed', 'Help to undress and settle for the night', 'personal-care'),
  pendant: task('pendant', 'Check the pendant alarm is on', 'other'),
  reposition: task('reposition', 'Reposition and record on the turn chart', 'personal-care'),
  mouth: task('mouth-care', 'Mouth care and comfort', 'personal-care'),
  glucose: task('glucose', 'Blood glucose check (record it)', 'medication'),
  domestic: task('domestic', 'Tidy the kitchen and put a wash on', 'domestic'),
  social: task('social', 'Company and a chat', 'social'),
  exercise: task('exercises', 'Encourage the physio exercises', 'other'),
  stockings: task('stockings', 'Compression stockings', 'personal-care'),
  shopping: task('shopping', 'Support with shopping and budgeting', 'social'),
};

type Call = { slot: string; start: string; minutes: number; carers?: 1 | 2; tasks: VisitTask[]; weekdays?: number[] };

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/** A client's package from their care needs: four calls, double-ups for hoist or end-of-life care, medication. */
function packageOf(careNeeds: string, index: number): Call[] {
  const needs = careNeeds.toLowerCase();
  const double: 1 | 2 = /two carers|hoist|double/.test(needs) ? 2 : 1;
  const meds = /medication|tablets|warfarin|insulin|glucose/.test(needs);
  if (/four calls/.test(needs)) {
    return [
      { slot: 'Morning', start: '08:00', minutes: 45, carers: double, tasks: double === 2 ? [T.wash, T.reposition, T.mouth, T.meds] : [T.wash, T.breakfast, T.meds] },
      { slot: 'Lunch', start: '12:30', minutes: 30, carers: double, tasks: double === 2 ? [T.reposition, T.mouth] : [T.lunch] },
      { slot: 'Afternoon', start: '17:00', minutes: 30, carers: double, tasks: double === 2 ? [T.reposition, T.social] : [T.tea] },
      { slot: 'Evening', start: '20:30', minutes: 30, carers: double, tasks: double === 2 ? [T.reposition, T.mouth, T.meds] : [T.bed, T.pendant] },
    ];
  }
  if (/three calls/.test(needs)) {
    return [
      { slot: 'Morning', start: '08:30', minutes: 45, tasks: meds ? [T.wash, T.stockings, T.meds] : [T.wash, T.breakfast] },
      { slot: 'Lunch', start: '12:45', minutes: 30, tasks: [T.lunch] },
      { slot: 'Evening', start: '18:30', minutes: 30, tasks: [T.tea, T.stockings] },
    ];
  }
  if (/two calls/.test(needs)) {
    return [
      { slot: 'Morning', start: '07:45', minutes: 30, tasks: meds ? [T.glucose, T.meds, T.breakfast] : [T.wash, T.breakfast] },
      { slot: 'Afternoon', start: '16:45', minutes: 30, tasks: meds ? [T.glucose, T.tea] : [T.tea] },
    ];
  }
  if (/24-hour|shared support/.test(needs)) {
    return [
      { slot: 'Morning', start: '09:00', minutes: 180, tasks: [T.shopping, T.domestic], weekdays: [1, 2, 3, 4, 5] },
      { slot: 'Afternoon', start: '14:00', minutes: 180, tasks: [T.social, T.tea], weekdays: EVERY_DAY },
    ];
  }
  if (/2 hours/.test(needs)) return [{ slot: 'Lunch', start: '11:00', minutes: 120, tasks: [T.meds, T.shopping, T.domestic] }];
  if (/morning call.*evening call/.test(needs)) {
    return [
      { slot: 'Morning', start: '08:15', minutes: 45, tasks: [T.wash, T.breakfast, T.meds] },
      { slot: 'Evening', start: '18:00', minutes: 30, tasks: [T.tea, T.social] },
    ];
  }
  if (/reablement/.test(needs)) {
    return [
      { slot: 'Morning', start: '09:15', minutes: 45, tasks: [T.wash, T.exercise] },
      { slot: 'Evening', start: '19:00', minutes: 15, tasks: [T.meds] },
    ];
  }
  return index % 2
    ? [{ slot: 'Morning', start: '09:00', minutes: 45, tasks: [T.wash, T.breakfast] }]
    : [
        { slot: 'Morning', start: '08:30', minutes: 30, tasks: [T.wash, T.breakfast] },
        { slot: 'Evening', start: '19:30', minutes: 30, tasks: [T.bed] },
      ];
}

const TRAVEL_MS = 15 * 60_000;
const MINUTE = 60_000;

/** A small deterministic spread (−span…+span) from a number, so the demo is the same every time. */
const jitter = (seed: number, span: number) => ((seed * 7919) % (2 * span + 1)) - span;

/** The first day of the month before `day`'s. */
export function firstOfPreviousMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12-01` : `${year}-${String(month - 1).padStart(2, '0')}-01`;
}

/**
 * Who pays for the demo's clients, by branch and client index: Camden's council, its NHS continuing healthcare
 * and private payers; Leeds' council and direct payments; elsewhere private payers and direct payments.
 */
const FUNDERS_BY_BRANCH: Record<string, string[]> = { CAM: ['LBC', 'LBC', 'NHS-NCL', 'PRIV'], 'LDS-SL': ['LCC', 'LCC', 'DP'] };
const OTHER_FUNDERS = ['PRIV', 'DP'];

export async function seedDemoSchedule(tx: Transaction): Promise<void> {
  const today = londonDate();
  const from = firstOfPreviousMonth(today);
  const to = addDays(today, 13);
  const now = clock.nowMs();

  const clients = await tx.select().from(clientsRead).where(isNull(clientsRead.deleted_at)).orderBy(asc(clientsRead.id));
  if (!clients.length) return;
  const slotRows = await tx.select().from(visitSlotsRead).where(isNull(visitSlotsRead.deleted_at));
  const slotId = new Map(slotRows.map((row) => [row.name, row.id]));
  const funderRows = await tx.select({ id: funderCodesRead.id, code: funderCodesRead.code }).from(funderCodesRead).where(isNull(funderCodesRead.deleted_at)).orderBy(asc(funderCodesRead.id));
  const funderIdByCode = new Map(funderRows.map((row) => [row.code, row.id]));
  const branchCode = new Map((await tx.select({ id: branches.id, code: branches.code }).from(branches)).map((row) => [row.id, row.code]));
  const branchIndex = new Map<number, number>();
  /** The nth client of a branch takes the branch's nth funder in turn (the first funder when codes are missing). */
  const funderFor = (branchId: number): number | null => {
    const index = branchIndex.get(branchId) ?? 0;
    branchIndex.set(branchId, index + 1);
    const codes = FUNDERS_BY_BRANCH[branchCode.get(branchId) ?? ''] ?? OTHER_FUNDERS;
    return funderIdByCode.get(codes[index % codes.length]!) ?? funderRows[0]?.id ?? null;
  };

  const carers = await tx
    .select({ id: carersRead.id, first: carersRead.first_name, last: carersRead.last_name, branch_id: carersRead.branch_id })
    .from(carersRead)
    .innerJoin(carerComplianceRead, eq(carerComplianceRead.carer_id, carersRead.id))
    .where(and(eq(carersRead.status, 'active'), eq(carerComplianceRead.rosterable, true), isNull(carersRead.deleted_at)))
    .orderBy(asc(carersRead.id));
  const carersOf = (branchId: number) => carers.filter((carer) => carer.branch_id === branchId);

  // Templates: every client still with the agency (those in hospital or paused keep theirs; generation skips them).
  const templateIds: number[] = [];
  for (const [index, client] of clients.entries()) {
    if (['ended', 'deceased'].includes(client.status)) continue;
    const calls = packageOf(client.care_needs, index);
    const team = carersOf(client.branch_id);
    const startsOn = client.start_date > from ? client.start_date : addDays(from, -((index * 3) % 20));
    const [template] = await tx
      .insert(visitTemplates)
      .values({
        client_id: client.id,
        branch_id: client.branch_id,
        name: calls.length >= 4 ? 'Four calls a day' : calls.length === 1 ? 'Daily call' : `${calls.length} calls a day`,
        starts_on: startsOn,
        repeat_weeks: 1,
        funder_code_id: funderFor(client.branch_id),
        bank_holidays: index % 4 === 3 ? 'skip' : 'run',
        notes: client.care_needs.slice(0, 300),
      })
      .returning({ id: visitTemplates.id });
    templateIds.push(template!.id);
    const rows = calls.flatMap((call, callIndex) =>
      (call.weekdays ?? EVERY_DAY).map((weekday) => {
        // A preferred carer for most calls (continuity); the first two clients of a branch name two for double-ups.
        const preferred = team.length ? [team[(index + callIndex) % team.length]!.id] : [];
        if (call.carers === 2 && team.length > 1) preferred.push(team[(index + callIndex + 1) % team.length]!.id);
        return {
          template_id: template!.id,
          week: 1,
          weekday,
          start_time: call.start,
          duration_minutes: call.minutes,
          carers_needed: call.carers ?? 1,
          visit_slot_id: slotId.get(call.slot) ?? null,
          tasks: call.tasks,
          preferred_carer_ids: (index + callIndex) % 5 === 4 ? [] : preferred,
          notes: '',
        };
      }),
    );
    await tx.insert(templateSlots).values(rows);
  }

  // Commissioned windows: Margaret's morning medication is time-critical; Desmond's insulin before breakfast.
  const windows: [number, string, string, string, string, boolean, string][] = [];
  if (clients[0]) windows.push([clients[0].id, 'Morning', '08:00', '07:30', '08:30', true, 'Time-critical medication (anticoagulant for atrial fibrillation)'], [clients[0].id, 'Lunch', '12:30', '12:00', '13:30', false, '']);
  if (clients[1]) windows.push([clients[1].id, 'Morning', '07:45', '07:30', '08:00', true, 'Insulin before breakfast'], [clients[1].id, 'Afternoon', '16:45', '16:15', '17:15', true, 'Insulin before tea']);
  const known = windows.filter(([, slot]) => slotId.has(slot));
  if (known.length) {
    await tx.insert(clientSlots).values(
      known.map(([client_id, slot, preferred_start, earliest_start, latest_start, time_critical, time_critical_reason]) => ({
        client_id,
        visit_slot_id: slotId.get(slot)!,
        preferred_start,
        earliest_start,
        latest_start,
        time_critical,
        time_critical_reason,
      })),
    );
  }

  // Visits from the first of last month to two weeks ahead, their preferred carers put on through the rules; then
  // carers on the others (own branch, no overlap, travel between; through the rules from now on).
  const sources = seedSources(tx, today);
  await generateVisits(tx, {
    from,
    to,
    templateIds,
    clientStatus: new Map(clients.map((client) => [client.id, client.status])),
    bankHolidays: await bankHolidaysBetween(tx, from, to),
    facts: await generationFacts(tx, sources, { from, to, templateIds }),
    userId: null,
    events: false,
  });
  const made = await tx
    .select()
    .from(visits)
    .where(and(inArray(visits.template_id, templateIds), gte(visits.visit_date, from), lte(visits.visit_date, to)))
    .orderBy(asc(visits.planned_start), asc(visits.id));
  const onVisits = await tx.select().from(visitCarers).where(inArray(visitCarers.visit_id, made.map((visit) => visit.id)));
  const busy = new Map<number, { start: number; end: number }[]>();
  const carersOn = new Map<number, number[]>();
  const byId = new Map(made.map((visit) => [visit.id, visit]));
  for (const row of onVisits) {
    carersOn.set(row.visit_id, [...(carersOn.get(row.visit_id) ?? []), row.carer_id]);
    const visit = byId.get(row.visit_id)!;
    busy.set(row.carer_id, [...(busy.get(row.carer_id) ?? []), { start: new Date(visit.planned_start).getTime(), end: new Date(visit.planned_end).getTime() }]);
  }
  const free = (carerId: number, start: number, end: number) => !(busy.get(carerId) ?? []).some((slot) => slot.start < end + TRAVEL_MS && start < slot.end + TRAVEL_MS);

  const newCarers: { visit_id: number; position: number; carer_id: number }[] = [];
  const logs: (typeof visitLogs.$inferInsert)[] = [];
  const names = new Map(carers.map((carer) => [carer.id, `${carer.first} ${carer.last}`]));
  // Leave about one future visit in eight for the rota (and auto-assign) to fill; the rules leave others (a day off).
  const leftForTheRota = new Set<number>();
  for (const [position, visit] of made.entries()) {
    const start = new Date(visit.planned_start).getTime();
    if (start <= now || position % 8 !== 7) continue;
    leftForTheRota.add(visit.id);
    const on = carersOn.get(visit.id) ?? [];
    if (on.length) {
      await tx.delete(visitCarers).where(eq(visitCarers.visit_id, visit.id));
      await tx.update(visits).set({ status: 'unassigned' }).where(eq(visits.id, visit.id));
      for (const carerId of on) busy.set(carerId, (busy.get(carerId) ?? []).filter((slot) => slot.start !== start));
      carersOn.set(visit.id, []);
    }
  }
  // The visits still to come are staffed through the rules, the carers put on earlier counted busy for the later.
  const toStaff = made.filter((visit) => new Date(visit.planned_start).getTime() > now && !leftForTheRota.has(visit.id) && (carersOn.get(visit.id) ?? []).length < visit.carers_needed);
  const planned = new Map<number, PlannedVisit>(
    toStaff.map((visit) => [
      visit.id,
      {
        id: visit.id,
        branch_id: visit.branch_id,
        client_id: visit.client_id,
        date: visit.visit_date,
        planned_start: new Date(visit.planned_start).toISOString(),
        planned_end: new Date(visit.planned_end).toISOString(),
        carers_needed: visit.carers_needed as 1 | 2,
        requires_medication: visit.requires_medication,
        carer_ids: [...(carersOn.get(visit.id) ?? [])],
        tasks: visit.tasks,
      },
    ]),
  );
  const rules = planned.size ? await ruleBatch(tx, await loadRuleFacts(tx, sources, scopeOf([...planned.values()], carers.map((carer) => carer.id))), [...planned.values()]) : null;
  const staffed: number[] = [];
  for (const visit of made) {
    if (leftForTheRota.has(visit.id)) continue;
    const start = new Date(visit.planned_start).getTime();
    const end = new Date(visit.planned_end).getTime();
    const on = carersOn.get(visit.id) ?? [];
    const team = carersOf(visit.branch_id);
    const plannedVisit = planned.get(visit.id);
    for (let offset = 0; on.length < visit.carers_needed && offset < team.length; offset += 1) {
      const carer = team[(visit.client_id + offset) % team.length]!;
      if (on.includes(carer.id) || !free(carer.id, start, end)) continue;
      if (plannedVisit && rules) {
        plannedVisit.carer_ids = [...on];
        if (rules.check(plannedVisit, carer.id).some((finding) => finding.severity === 'hard')) continue;
        rules.commit(plannedVisit, carer.id);
      }
      on.push(carer.id);
      newCarers.push({ visit_id: visit.id, position: on.length, carer_id: carer.id });
      busy.set(carer.id, [...(busy.get(carer.id) ?? []), { start, end }]);
      logs.push({ visit_id: visit.id, action: 'assigned', summary: `${names.get(carer.id)} assigned.`, after: { carer_id: carer.id }, at: new Date(Math.min(now, start - 3 * 86_400_000)) });
    }
    carersOn.set(visit.id, on);
    if (on.length >= visit.carers_needed) staffed.push(visit.id);
  }
  // Staffed after all (another carer the rules allow, or the past as it happened): no longer needing a planner.
  await clearAttention(tx, staffed);
  for (let index = 0; index < newCarers.length; index += 500) await tx.insert(visitCarers).values(newCarers.slice(index, index + 500));

  // What happened: the past is completed, with a missed visit, a cancellation and a visit never checked out.
  // Days before today have happened; today's visits are the carers' devices' to play (npm start replays the day
  // so far through the device simulator, and the late and missed engine watches the rest).
  const past = made.filter((visit) => visit.visit_date < today && (carersOn.get(visit.id) ?? []).length >= visit.carers_needed);
  const special = {
    missed: past[Math.floor(past.length * 0.3)]?.id,
    cancelled: past[Math.floor(past.length * 0.55)]?.id,
    open: [...past].reverse().find((visit) => visit.visit_date < today)?.id,
  };
  // Cancelled by the family an hour or two before the call: inside the funders' notice, so chargeable.
  const lateCancellations = new Set([0.12, 0.41, 0.68, 0.86].map((share) => past[Math.floor(past.length * share)]?.id).filter((id): id is number => id !== undefined));
  const completed: { id: number; start: string; end: string }[] = [];
  const started: { id: number; start: string }[] = [];
  const toAssigned: number[] = [];
  const toUnassigned: number[] = [];
  for (const visit of made) {
    const on = carersOn.get(visit.id) ?? [];
    const start = new Date(visit.planned_start).getTime();
    const end = new Date(visit.planned_end).getTime();
    if (on.length < visit.carers_needed) {
      if (visit.status !== 'unassigned') toUnassigned.push(visit.id);
      continue;
    }
    if (visit.id === special.cancelled) {
      await tx
        .update(visits)
        .set({ status: 'cancelled', cancel_reason: 'client-request', cancel_detail: 'Her daughter took her out for a family lunch; rang the office the evening before.', cancel_chargeable: false, cancelled_at: new Date(start - 14 * 60 * MINUTE), locked: true, version: 2 })
        .where(eq(visits.id, visit.id));
      logs.push({ visit_id: visit.id, action: 'cancelled', summary: 'Cancelled by the client or family: a family lunch.', reason: 'Rang the office the evening before.', at: new Date(start - 14 * 60 * MINUTE) });
    } else if (lateCancellations.has(visit.id)) {
      const noticeMinutes = 60 + (visit.id % 3) * 30;
      await tx
        .update(visits)
        .set({ status: 'cancelled', cancel_reason: 'client-request', cancel_detail: 'Rang the office shortly before the call: not needed today.', cancel_chargeable: true, cancelled_at: new Date(start - noticeMinutes * MINUTE), locked: true, version: 2 })
        .where(eq(visits.id, visit.id));
      logs.push({ visit_id: visit.id, action: 'cancelled', summary: `Cancelled by the client or family ${noticeMinutes} minutes before the call: chargeable.`, reason: 'Late cancellation, inside the notice period.', at: new Date(start - noticeMinutes * MINUTE) });
    } else if (visit.id === special.missed) {
      await tx.update(visits).set({ status: 'missed', version: 2 }).where(eq(visits.id, visit.id));
      logs.push({ visit_id: visit.id, action: 'status', summary: 'Marked missed: the carer’s car broke down and no cover was found in time.', at: new Date(end + 30 * MINUTE) });
    } else if (visit.id === special.open) {
      started.push({ id: visit.id, start: new Date(start + 4 * MINUTE).toISOString() });
      logs.push({ visit_id: visit.id, action: 'status', summary: 'Checked in; no check-out recorded.', at: new Date(start + 4 * MINUTE) });
    } else if (visit.visit_date < today) {
      const late = jitter(visit.id, 9);
      const longer = jitter(visit.id + 3, 6);
      completed.push({ id: visit.id, start: new Date(start + late * MINUTE).toISOString(), end: new Date(end + (late + longer) * MINUTE).toISOString() });
    } else if (visit.status !== 'assigned') {
      toAssigned.push(visit.id);
    }
  }
  const callOut = await addCallOut(tx, { made, carersOn, free, carersOf, lastMonth: from, today });
  if (callOut) {
    completed.push(callOut.completed);
    logs.push(...callOut.logs);
  }

  // Booked when the rota was drawn up, two weeks ahead (not when the demo was seeded): only the call-out is short notice.
  await tx.update(visits).set({ created_at: sql`least(${visits.created_at}, ${visits.planned_start} - interval '14 days')` }).where(inArray(visits.template_id, templateIds));

  if (toAssigned.length) await tx.update(visits).set({ status: 'assigned' }).where(inArray(visits.id, toAssigned));
  if (toUnassigned.length) await tx.update(visits).set({ status: 'unassigned' }).where(inArray(visits.id, toUnassigned));
  for (let index = 0; index < completed.length; index += 500) {
    const rows = completed.slice(index, index + 500).map((row) => sql`(${row.id}::integer, ${row.start}::timestamptz, ${row.end}::timestamptz)`);
    // Checked in and out within the branch's thresholds: confirmed by themselves, so pay and invoices see them.
    await tx.execute(sql`update ${visits} set status = 'completed', actual_start = v.s, actual_end = v.e, confirmation = 'auto-confirmed', confirmed_at = v.e, version = 2 from (values ${sql.join(rows, sql`, `)}) as v(id, s, e) where ${visits.id} = v.id`);
  }
  for (const row of started) await tx.update(visits).set({ status: 'in-progress', actual_start: new Date(row.start), version: 2 }).where(eq(visits.id, row.id));
  for (let index = 0; index < logs.length; index += 500) await tx.insert(visitLogs).values(logs.slice(index, index + 500));
}

type Made = typeof visits.$inferSelect;
type LogRow = typeof visitLogs.$inferInsert;

/**
 * One extra call booked at short notice (a call-out): a lunchtime welfare call last month, booked two hours
 * before it began, for a client with no lunchtime call that day, on a carer of their branch free then.
 */
async function addCallOut(
  tx: Transaction,
  demo: {
    made: Made[];
    carersOn: Map<number, number[]>;
    free: (carerId: number, start: number, end: number) => boolean;
    carersOf: (branchId: number) => { id: number }[];
    lastMonth: string;
    today: string;
  },
): Promise<{ completed: { id: number; start: string; end: string }; logs: LogRow[] } | null> {
  const day = addDays(demo.lastMonth, 9) < demo.today ? addDays(demo.lastMonth, 9) : null;
  if (!day) return null;
  const sameDay = demo.made.filter((visit) => visit.visit_date === day && visit.status !== 'cancelled');
  for (const visit of sameDay) {
    const { planned_start, planned_end } = plannedWindow(day, '14:30', 30);
    const start = planned_start.getTime();
    const end = planned_end.getTime();
    if (sameDay.some((other) => other.client_id === visit.client_id && new Date(other.planned_start).getTime() < end && start < new Date(other.planned_end).getTime())) continue;
    const carer = demo.carersOf(visit.branch_id).find((candidate) => demo.free(candidate.id, start, end));
    if (!carer) continue;
    const bookedAt = new Date(start - 2 * 60 * MINUTE);
    const [added] = await tx
      .insert(visits)
      .values({
        branch_id: visit.branch_id,
        client_id: visit.client_id,
        visit_date: day,
        planned_start,
        planned_end,
        carers_needed: 1,
        status: 'assigned',
        source: 'manual',
        tasks: [T.social, T.tea],
        funder_code_id: visit.funder_code_id,
        notes: 'Extra welfare call: the family rang at lunchtime worried she had not eaten.',
        locked: true,
        created_at: bookedAt,
        updated_at: bookedAt,
      })
      .returning({ id: visits.id });
    await tx.insert(visitCarers).values({ visit_id: added!.id, position: 1, carer_id: carer.id, assigned_at: bookedAt });
    const late = jitter(added!.id, 6);
    return {
      completed: { id: added!.id, start: new Date(start + late * MINUTE).toISOString(), end: new Date(end + late * MINUTE).toISOString() },
      logs: [
        { visit_id: added!.id, action: 'created', summary: 'Extra call booked at short notice (call-out).', at: bookedAt },
        { visit_id: added!.id, action: 'assigned', summary: 'Carer assigned.', after: { carer_id: carer.id }, at: bookedAt },
      ],
    };
  }
  return null;
}

/** The instants of a UK wall-clock start and length on a day. */
function plannedWindow(day: string, start: string, minutes: number): { planned_start: Date; planned_end: Date } {
  const planned_start = new Date(londonInstant(day, start));
  return { planned_start, planned_end: new Date(planned_start.getTime() + minutes * MINUTE) };
}
