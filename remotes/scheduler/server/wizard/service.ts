import { londonDate, londonInstant } from '@hcm/contract/engine';
import type { Database, Transaction } from '@hcm/server/platform';
import { callLabel, plannedHoursPerWeek, type WizardCallCheck, type WizardCheckResult, type WizardData, type WizardPatternValues } from '../../contract/wizard.js';
import type { RuleFinding } from '../../contract/visits.js';
import { loadRuleBatch, type PlannedVisit } from '../rules/check.js';
import type { SchedulingSources } from '../sources/types.js';
import { addDays, cycleWeek, minutesOf } from '../templates/days.js';
import { templateSlots, visitTemplates } from '../tables.js';
import { clock } from '@hcm/contract/time';

// The wizard's work beyond saving answers: where each call falls, the check of step 5 (every visit publishing makes,
// with its call's preferred carers, through the assignment rules), and the template publishing makes.

/** The first day on or after `from` (and the package's start) that a call of the cycle falls on. */
export function firstDayOf(call: { week: number; weekday: number }, startsOn: string, repeatWeeks: number, from: string): string {
  let day = from > startsOn ? from : startsOn;
  for (let step = 0; step < 7 * 8 + 7; step += 1) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay() || 7;
    if (weekday === call.weekday && cycleWeek(startsOn, repeatWeeks, day) === call.week) return day;
    day = addDays(day, 1);
  }
  return day;
}

/** The planned instants of a call on a day (UK wall-clock; a call may run past midnight). */
export function instantsOf(day: string, startTime: string, durationMinutes: number): { start: string; end: string } {
  const start = londonInstant(day, startTime);
  return { start, end: new Date(Date.parse(start) + durationMinutes * 60_000).toISOString() };
}

/** Calls of one week and day that overlap: the index of the earlier call each later one overlaps. */
export function overlappingCalls(calls: WizardPatternValues['calls']): Map<number, number> {
  const overlaps = new Map<number, number>();
  calls.forEach((call, index) => {
    const start = minutesOf(call.start_time);
    calls.slice(0, index).forEach((other, otherIndex) => {
      if (overlaps.has(index) || other.week !== call.week || other.weekday !== call.weekday) return;
      const otherStart = minutesOf(other.start_time);
      if (start < otherStart + other.duration_minutes && otherStart < start + call.duration_minutes) overlaps.set(index, otherIndex);
    });
  });
  return overlaps;
}

/** The days publishing makes visits for: from the package's start (today at the earliest), `weeks` weeks, to its end. */
export function publishPeriod(pkg: { starts_on: string; ends_on: string | null | '' }, weeks: number, today = londonDate()): { from: string; to: string } {
  const from = pkg.starts_on > today ? pkg.starts_on : today;
  const lastDay = addDays(from, weeks * 7 - 1);
  return { from, to: pkg.ends_on && pkg.ends_on < lastDay ? pkg.ends_on : lastDay };
}

/** The days of `from`…`to` a call of the cycle falls on (less bank holidays when the package skips them). */
export function daysOfCall(call: { week: number; weekday: number }, startsOn: string, repeatWeeks: number, from: string, to: string, skip: ReadonlySet<string>): string[] {
  const days: string[] = [];
  for (let day = from > startsOn ? from : startsOn; day <= to; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay() || 7;
    if (weekday === call.weekday && cycleWeek(startsOn, repeatWeeks, day) === call.week && !skip.has(day)) days.push(day);
  }
  return days;
}

/**
 * Step 5: every visit publishing would make (every call, every week of `period`) checked with its preferred carers
 * through the rules, as publishing puts them on (rules/check.ts, one batch; in time order, a carer put on one visit
 * busy for the next). A carer the rules refuse on every visit of a call is a problem to fix (step 3 or 4); one
 * refused on some days only (a holiday in week 2, a check lapsing) leaves those visits unassigned when published,
 * flagged for a planner, and is listed so the planner knows before publishing.
 */
export async function checkDraft(
  db: Database,
  sources: SchedulingSources,
  data: WizardData,
  client: { id: number; branch_id: number; status: string; name: string },
  period: { from: string; to: string },
  bankHolidays: ReadonlySet<string> = new Set(),
): Promise<WizardCheckResult> {
  const pkg = data.package!;
  const calls = data.pattern!.calls;
  const preferred = data.carers?.preferred ?? [];
  const from = londonDate();
  const skip = pkg.bank_holidays === 'skip' ? bankHolidays : new Set<string>();
  const visitsOf = calls.map((call, index) => {
    const carerIds = preferred[index]?.carer_ids ?? [];
    return daysOfCall(call, pkg.starts_on, pkg.repeat_weeks, period.from, period.to, skip).map((date) => {
      const { start, end } = instantsOf(date, call.start_time, call.duration_minutes);
      const visit: PlannedVisit = {
        id: null,
        branch_id: client.branch_id,
        client_id: client.id,
        date,
        planned_start: start,
        planned_end: end,
        carers_needed: call.carers_needed as 1 | 2,
        requires_medication: call.tasks.some((task) => task.kind === 'medication'),
        carer_ids: [],
        tasks: call.tasks,
        preferred_carer_ids: carerIds,
      };
      return { call: index, carerIds, visit };
    });
  });
  const all = visitsOf.flat().sort((a, b) => a.visit.planned_start.localeCompare(b.visit.planned_start));
  const rules = await loadRuleBatch(db, sources, all.map((item) => item.visit), [...new Set(preferred.flatMap((entry) => entry.carer_ids))]);
  // Per call and carer: the hard findings of each visit they were refused on, and the warnings of the others.
  const refused = calls.map(() => new Map<number, { date: string; findings: RuleFinding[] }[]>());
  const soft = calls.map(() => [] as RuleFinding[]);
  for (const { call, carerIds, visit } of all) {
    for (const carerId of carerIds) {
      if (visit.carer_ids.length >= visit.carers_needed) break;
      const findings = rules.check({ ...visit, carer_ids: [...visit.carer_ids] }, carerId).map((finding) => ({ ...finding, carer_id: finding.carer_id ?? carerId }));
      const hard = findings.filter((finding) => finding.severity === 'hard');
      if (hard.length) {
        refused[call]!.set(carerId, [...(refused[call]!.get(carerId) ?? []), { date: visit.date, findings: hard }]);
        continue;
      }
      visit.carer_ids.push(carerId);
      rules.commit(visit, carerId);
      soft[call]!.push(...findings.filter((finding) => finding.severity === 'soft'));
    }
  }
  const once = (findings: RuleFinding[]) => findings.filter((finding, index) => findings.findIndex((other) => other.message === finding.message) === index);
  const results: WizardCallCheck[] = calls.map((call, index) => {
    const count = visitsOf[index]!.length;
    const hard: RuleFinding[] = [];
    const leftUnassigned: NonNullable<WizardCallCheck['left_unassigned']> = [];
    for (const [, days] of refused[index]!) {
      // Refused on every visit of the call: the carer cannot do it; on some days only: those visits wait for a planner.
      if (days.length === count) hard.push(...once(days[0]!.findings));
      else for (const day of days) leftUnassigned.push(...once(day.findings).map((finding) => ({ date: day.date, carer_id: finding.carer_id, message: finding.message })));
    }
    return {
      call: index,
      label: callLabel(call, pkg.repeat_weeks),
      date: visitsOf[index]![0]?.visit.date ?? firstDayOf(call, pkg.starts_on, pkg.repeat_weeks, period.from),
      visits: count,
      hard,
      left_unassigned: leftUnassigned,
      soft: once(soft[index]!),
    };
  });
  const packageProblems: string[] = [];
  const packageWarnings: string[] = [];
  if (client.status !== 'active') packageProblems.push(`${client.name} is not receiving care now (${client.status.replace('-', ' ')}): no visits can be planned.`);
  if (pkg.ends_on && pkg.ends_on < from) packageProblems.push(`The package ended on ${pkg.ends_on}: change its dates.`);
  const planned = plannedHoursPerWeek(calls, pkg.repeat_weeks);
  if (Math.abs(planned - pkg.hours_per_week) >= 0.25) packageWarnings.push(`The pattern plans ${planned} hours a week on average; ${pkg.hours_per_week} are commissioned.`);
  const unnamed = calls.filter((_, index) => !(preferred[index]?.carer_ids.length ?? 0)).length;
  if (unnamed) packageWarnings.push(`${unnamed} call${unnamed === 1 ? ' has' : 's have'} no preferred carer: ${unnamed === 1 ? 'it' : 'they'} will wait for auto-assign or the planner.`);
  const left = results.reduce((sum, call) => sum + new Set((call.left_unassigned ?? []).map((item) => item.date)).size, 0);
  if (left) packageWarnings.push(`${left} visit${left === 1 ? '' : 's'} will be published without a preferred carer the rules refuse that day, flagged as needing attention.`);
  const hardCount = results.reduce((sum, call) => sum + call.hard.length, 0) + packageProblems.length;
  const softCount = results.reduce((sum, call) => sum + call.soft.length, 0) + packageWarnings.length;
  return { checked_at: clock.now().toISOString(), calls: results, hard_count: hardCount, soft_count: softCount, hours_planned: planned, hours_commissioned: pkg.hours_per_week, package_problems: packageProblems, package_warnings: packageWarnings };
}

/** Publishing: the client's rota template with one slot per call (preferred carers on it). */
export async function createTemplateFrom(tx: Transaction, data: WizardData, client: { id: number; branch_id: number }, userId: number): Promise<number> {
  const pkg = data.package!;
  const [template] = await tx
    .insert(visitTemplates)
    .values({
      client_id: client.id,
      branch_id: client.branch_id,
      name: pkg.name,
      starts_on: pkg.starts_on,
      ends_on: pkg.ends_on || null,
      repeat_weeks: pkg.repeat_weeks,
      funder_code_id: data.client!.funder_code_id,
      bank_holidays: pkg.bank_holidays,
      notes: [pkg.notes, `Commissioned: ${pkg.hours_per_week} hours a week.`].filter(Boolean).join('\n'),
      created_by: userId,
    })
    .returning({ id: visitTemplates.id });
  await tx.insert(templateSlots).values(
    data.pattern!.calls.map((call, index) => ({
      template_id: template!.id,
      week: call.week,
      weekday: call.weekday,
      start_time: call.start_time,
      duration_minutes: call.duration_minutes,
      carers_needed: call.carers_needed,
      tasks: call.tasks,
      preferred_carer_ids: data.carers?.preferred[index]?.carer_ids ?? [],
    })),
  );
  return template!.id;
}
