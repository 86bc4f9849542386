import { londonDate, londonInstant } from '@hcm/contract/engine';
import type { Database, Transaction } from '@hcm/server/platform';
import { callLabel, plannedHoursPerWeek, type WizardCallCheck, type WizardCheckResult, type WizardData, type WizardPatternValues } from '../../contract/wizard.js';
import type { RuleFinding } from '../../contract/visits.js';
import { checkAssignment } from '../rules/check.js';
import type { SchedulingSources } from '../sources/types.js';
import { addDays, cycleWeek, minutesOf } from '../templates/days.js';
import { templateSlots, visitTemplates } from '../tables.js';
import { clock } from '@hcm/contract/time';

// The wizard's work beyond saving answers: where each call first falls, the check of step 5 (every call with its
// preferred carers through the assignment rules), and the template publishing makes.

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

/** Step 5: the first cycle's visit of every call checked with each of its preferred carers. */
export async function checkDraft(db: Database, sources: SchedulingSources, data: WizardData, client: { id: number; branch_id: number; status: string; name: string }): Promise<WizardCheckResult> {
  const pkg = data.package!;
  const calls = data.pattern!.calls;
  const preferred = data.carers?.preferred ?? [];
  const from = londonDate();
  const results: WizardCallCheck[] = [];
  for (const [index, call] of calls.entries()) {
    const date = firstDayOf(call, pkg.starts_on, pkg.repeat_weeks, from);
    const { start, end } = instantsOf(date, call.start_time, call.duration_minutes);
    const carerIds = preferred[index]?.carer_ids ?? [];
    const findings: RuleFinding[] = [];
    for (const carerId of carerIds) {
      const visit = {
        id: null,
        branch_id: client.branch_id,
        client_id: client.id,
        date,
        planned_start: start,
        planned_end: end,
        carers_needed: call.carers_needed as 1 | 2,
        requires_medication: call.tasks.some((task) => task.kind === 'medication'),
        carer_ids: carerIds.filter((id) => id !== carerId),
      };
      findings.push(...(await checkAssignment(db, sources, visit, carerId)));
    }
    results.push({ call: index, label: callLabel(call, pkg.repeat_weeks), date, hard: findings.filter((finding) => finding.severity === 'hard'), soft: findings.filter((finding) => finding.severity === 'soft') });
  }
  const packageProblems: string[] = [];
  const packageWarnings: string[] = [];
  if (client.status !== 'active') packageProblems.push(`${client.name} is not receiving care now (${client.status.replace('-', ' ')}): no visits can be planned.`);
  if (pkg.ends_on && pkg.ends_on < from) packageProblems.push(`The package ended on ${pkg.ends_on}: change its dates.`);
  const planned = plannedHoursPerWeek(calls, pkg.repeat_weeks);
  if (Math.abs(planned - pkg.hours_per_week) >= 0.25) packageWarnings.push(`The pattern plans ${planned} hours a week on average; ${pkg.hours_per_week} are commissioned.`);
  const unnamed = calls.filter((_, index) => !(preferred[index]?.carer_ids.length ?? 0)).length;
  if (unnamed) packageWarnings.push(`${unnamed} call${unnamed === 1 ? ' has' : 's have'} no preferred carer: ${unnamed === 1 ? 'it' : 'they'} will wait for auto-assign or the planner.`);
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
