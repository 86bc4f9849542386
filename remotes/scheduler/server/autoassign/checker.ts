import type { Assignment, LatenessReport, Problem, WtrReport } from './problem.js';

// The independent checker of auto-assign's answers: it shares nothing with the solver but the problem's types (not
// even rules/day.ts: it runs each carer's day itself), works from the problem's raw data (its own distance, its own
// sweep over each carer's week) and lists every hard-rule break it finds. The solver's tests and the benchmark
// require none. It also counts, on its own, the visits reached beyond the punctuality window and the Working Time
// Regulations breaches of the answer (checkReport), where auto-assign added a visit.

export type HardBreak = { visitId: number; carerId: number; rule: string; detail: string };

const R = 6371.0088;
const toRad = (degrees: number) => (degrees * Math.PI) / 180;

/** Straight-line kilometres (the checker's own haversine). */
function distance(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const x = Math.sin(toRad(b.latitude - a.latitude) / 2);
  const y = Math.sin(toRad(b.longitude - a.longitude) / 2);
  const c = x * x + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * y * y;
  return 2 * R * Math.atan2(Math.sqrt(c), Math.sqrt(Math.max(0, 1 - c)));
}

export type CheckReport = { breaks: HardBreak[]; late: LatenessReport; wtr: WtrReport };

export function checkSolution(problem: Problem, assignments: readonly Assignment[]): HardBreak[] {
  return checkReport(problem, assignments).breaks;
}

export function checkReport(problem: Problem, assignments: readonly Assignment[]): CheckReport {
  const breaks: HardBreak[] = [];
  const late: LatenessReport = { lateVisits: 0, maxLateMinutes: 0 };
  const wtr: WtrReport = { restBreaches: 0, carers: 0, shortestRestMinutes: null, breakBreaches: 0, weeklyBreaches: 0 };
  const visitById = new Map(problem.visits.map((visit) => [visit.id, visit]));
  const carerById = new Map(problem.carers.map((carer) => [carer.id, carer]));
  const add = (visitId: number, carerId: number, rule: string, detail: string) => breaks.push({ visitId, carerId, rule, detail });

  // Who is on each visit: the fixed carers and the new ones.
  const staffing = new Map<number, number[]>();
  for (const visit of problem.visits) staffing.set(visit.id, [...visit.fixedCarerIds]);
  for (const assignment of assignments) {
    const list = staffing.get(assignment.visitId);
    if (!list) {
      add(assignment.visitId, assignment.carerId, 'unknown-visit', 'no such visit in the problem');
      continue;
    }
    if (!carerById.has(assignment.carerId)) add(assignment.visitId, assignment.carerId, 'carer-status', 'no such carer in the problem');
    list.push(assignment.carerId);
  }

  const weeks = new Map<number, { start: number; end: number; day: number; id: number; place: { latitude: number; longitude: number } | null; added: boolean }[]>();
  for (const [visitId, list] of staffing) {
    const visit = visitById.get(visitId)!;
    if (new Set(list).size !== list.length) add(visitId, list[0]!, 'double-up', 'the same carer twice on one visit');
    if (list.length > visit.carersNeeded) add(visitId, list[list.length - 1]!, 'double-up', `${list.length} carers on a visit needing ${visit.carersNeeded}`);
    const newOnes = new Set(list.slice(visit.fixedCarerIds.length));
    for (const carerId of new Set(list)) {
      const carer = carerById.get(carerId);
      if (!carer) continue;
      const entry = weeks.get(carerId) ?? [];
      entry.push({ start: visit.start, end: visit.end, day: visit.day, id: visitId, place: visit.place, added: newOnes.has(carerId) });
      weeks.set(carerId, entry);
      // The carer's own eligibility is checked for the positions auto-assign filled (the fixed ones were the planner's).
      if (!newOnes.has(carerId)) continue;
      if (!carer.rosterable) add(visitId, carerId, 'compliance', 'not rosterable');
      else if (carer.lapsesAt !== null && visit.start >= carer.lapsesAt) add(visitId, carerId, 'compliance', 'after a check that blocks rostering lapses (right to work, DBS)');
      if (!carer.trainingOk) add(visitId, carerId, 'training', 'mandatory training lapsed');
      if (visit.medication && !carer.medication) add(visitId, carerId, 'medication-competence', 'medication visit');
      if (visit.gender !== null && visit.gender !== carer.gender) add(visitId, carerId, 'gender', `client asks for ${visit.gender}`);
      if (visit.declinedCarerIds.indexOf(carerId) >= 0) add(visitId, carerId, 'declined', 'declined by the client');
      let inside = false;
      for (const w of carer.windows) if (visit.start >= w.start && visit.end <= w.end) inside = true;
      if (!inside) add(visitId, carerId, 'availability', 'outside every availability window');
    }
  }

  const kmFactor = problem.travel.roadFactorPercent / 100;
  for (const [carerId, list] of weeks) {
    const carer = carerById.get(carerId)!;
    list.sort((a, b) => (a.start === b.start ? a.end - b.end : a.start - b.start));
    let total = 0;
    for (let i = 0; i < list.length; i += 1) {
      const item = list[i]!;
      total += item.end - item.start;
      if (i === 0) continue;
      const before = list[i - 1]!;
      if (before.end > item.start) {
        add(item.id, carerId, 'overlap', `overlaps visit ${before.id}`);
        continue;
      }
      if (before.place && item.place) {
        const minutes = ((distance(before.place, item.place) * kmFactor) / problem.travel.speedKmh) * 60;
        if (before.end + minutes > item.start + problem.punctualityMinutes + 1e-6) add(item.id, carerId, 'overlap', `${minutes.toFixed(1)} minutes' travel from visit ${before.id}, ${item.start - before.end} between`);
      }
    }
    if (carer.capMinutes !== null && total > carer.capMinutes) add(list[list.length - 1]!.id, carerId, 'visa-hours', `${total} minutes over a cap of ${carer.capMinutes}`);
    const days = new Map<number, typeof list>();
    for (const item of list) days.set(item.day, [...(days.get(item.day) ?? []), item]);
    const addedDays = new Set(list.filter((item) => item.added).map((item) => item.day));

    // Each day as it would run: visits last their planned length, the carer arrives when the last one ends plus the
    // travel (or at the planned start when earlier), so a late start makes the next arrival later too.
    for (const items of days.values()) {
      let free = -Infinity;
      let previous: (typeof list)[number] | null = null;
      let cause: (typeof list)[number] | null = null;
      for (const item of items) {
        const road = previous && previous.place && item.place ? ((distance(previous.place, item.place) * kmFactor) / problem.travel.speedKmh) * 60 : 0;
        const reached = Math.max(item.start, free + road);
        if (item.added) cause = item;
        const lateness = reached - item.start;
        if (lateness > problem.punctualityMinutes + 1e-6 && addedDays.has(item.day)) {
          late.lateVisits += 1;
          late.maxLateMinutes = Math.max(late.maxLateMinutes, Math.ceil(lateness - 1e-6));
          // The break is the latest visit auto-assign added at or before it: what pushed the day back (a hop too
          // long even when on time is already an overlap).
          const hopAlone = previous ? previous.end + road - item.start : 0;
          if (problem.latenessHard && hopAlone <= problem.punctualityMinutes + 1e-6) add(item.added ? item.id : (cause?.id ?? item.id), carerId, 'lateness', `visit ${item.id} reached ${lateness.toFixed(1)} minutes after its start`);
        }
        free = reached + (item.end - item.start);
        previous = item;
      }
    }

    // Working Time Regulations: each day's first start and last end, and its longest stretch without 20 minutes
    // off (travel is work). Breaches are hard when they refuse, and counted either way.
    const over48 = !carer.optedOut && (carer.priorMinutes + total) / (carer.priorWeeks + 1) > 48 * 60;
    if (over48 && addedDays.size) wtr.weeklyBreaches += 1;
    if (problem.wtrHard && over48) add(list[list.length - 1]!.id, carerId, 'wtr-weekly', 'more than 48 hours on average');
    let restBroken = false;
    for (const [day, items] of days) {
      let from = items[0]!.start;
      let longest = 0;
      let reach = items[0]!.end;
      for (let i = 1; i < items.length; i += 1) {
        const a = items[i - 1]!;
        const b = items[i]!;
        const road = a.place && b.place ? Math.ceil(((distance(a.place, b.place) * kmFactor) / problem.travel.speedKmh) * 60) : 0;
        if (b.start - a.end - road >= 20) {
          longest = Math.max(longest, reach - from);
          from = b.start;
        }
        reach = Math.max(reach, b.end);
      }
      longest = Math.max(longest, reach - from);
      if (longest > 6 * 60) {
        if (addedDays.has(day)) wtr.breakBreaches += 1;
        if (problem.wtrHard) add(items[0]!.id, carerId, 'wtr-break', `${longest} minutes without a break on day ${day}`);
      }
      const next = days.get(day + 1);
      if (next) {
        const rest = next[0]!.start - Math.max(...items.map((item) => item.end));
        if (rest < 11 * 60) {
          if (addedDays.has(day) || addedDays.has(day + 1)) {
            wtr.restBreaches += 1;
            restBroken = true;
            wtr.shortestRestMinutes = Math.min(wtr.shortestRestMinutes ?? Infinity, rest);
          }
          if (problem.wtrHard) add(next[0]!.id, carerId, 'wtr-daily-rest', `${rest} minutes' rest before day ${day + 1}`);
        }
      }
    }
    if (restBroken) wtr.carers += 1;
  }
  return { breaks, late, wtr };
}
