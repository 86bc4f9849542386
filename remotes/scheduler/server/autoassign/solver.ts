import { londonDate, londonTime } from '@hcm/contract/engine';
import type { Assignment, Metrics, Point, Problem, ProblemVisit, Solution, Unassigned } from './problem.js';

// Auto-assign's solver: which carers go to a week's visits, whose times are fixed (UK visits are commissioned at set
// times, so this is an assignment problem with travel between consecutive visits, not free routing).
//
// Method, and why: a greedy construction by difficulty, then local search within a time budget.
//  1. Every visit's eligible carers are worked out once (status, compliance, training, medication competence,
//     gender, declined, an availability window covering the visit). Visits are placed hardest first: double-ups,
//     then those with the fewest eligible carers, then by start. Each takes the eligible carer whose route it fits
//     (no overlap, travel from the visit before and to the visit after within the punctuality window, the visa's
//     weekly cap, Working Time Regulations when they refuse) at the lowest cost: added travel, minus continuity
//     (the client's regular and preferred carers, and carers already with the client this week), plus a fair-
//     spread term (share of contracted hours used) and soft-rule penalties (most hours wanted, furthest travel,
//     48-hour average when only warned).
//  2. Local search until the budget is spent: every unfilled position tries each eligible carer after moving the
//     one visit in its way to another carer (ejection chain of depth one); then visits are relocated one at a
//     time to a cheaper carer (a first-improvement descent over the same cost).
// Exact solving does not scale here: highs (a WebAssembly MIP solver) took 9.6 s for 250 visits × 40 carers, and a
// branch's week is 10,000 × 200; the heuristic answers that in about a second and a half and leaves the rest of the
// 5 s budget to improvement. A MIP could repair one day at a time behind it; not needed at today's quality.
// Every answer is verified by ./checker.ts, which shares nothing with this file but the types.

export type SolverOptions = {
  /** Milliseconds of wall-clock time for construction and local search (the API's ceiling; 1,500 by default). */
  timeBudgetMs?: number;
  /**
   * Instead of the time budget: moves of local search (one visit tried elsewhere), so that the same input gives the
   * same answer on any machine, busy or idle. Tests and reproducible runs use it.
   */
  workBudget?: number;
  /** The plain greedy baseline instead: visits in time order, each to the nearest carer it fits. */
  baseline?: boolean;
  seed?: number;
  weights?: Weights;
};

const EARTH_KM = 6371.0088;
const RAD = Math.PI / 180;
const WTR_WEEK = 48 * 60;
const DAILY_REST = 11 * 60;
const BREAK_AFTER = 6 * 60;
const BREAK = 20;

/** What the cost rewards, in minutes of travel: the client's regular carers, preferred ones, carers already with the client this week, an even use of contracted hours, and carers living near. */
export type Weights = { history: number; preferred: number; thisWeek: number; load: number; homeKm: number };
/** Tuned on the benchmark: a third of positions to known carers for about 45 % more travel than the nearest-carer greedy. */
export const DEFAULT_WEIGHTS: Weights = { history: 10, preferred: 8, thisWeek: 3, load: 10, homeKm: 0.5 };
/** Travel first: continuity only breaks ties. */
export const TRAVEL_FIRST: Weights = { history: 0, preferred: 0, thisWeek: 0, load: 5, homeKm: 0.5 };
const P_MAX_HOURS = 120;
const P_MAX_TRAVEL = 60;
const P_WTR_SOFT = 200;

function kmBetween(a: Point, b: Point): number {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLon = (b.longitude - a.longitude) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A small deterministic random number generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function solve(problem: Problem, options: SolverOptions = {}): Solution {
  const began = performance.now();
  const { visits, carers } = problem;
  const V = visits.length;
  const C = carers.length;
  const factor = problem.travel.roadFactorPercent / 100;
  const speed = problem.travel.speedKmh;
  const window = problem.punctualityMinutes;
  const rng = random(options.seed ?? 1);
  const w = options.weights ?? DEFAULT_WEIGHTS;

  const carerIndex = new Map(carers.map((carer, index) => [carer.id, index]));
  const travel = (a: ProblemVisit, b: ProblemVisit): number => {
    if (!a.place || !b.place) return 0;
    if (a.place === b.place || (a.place.latitude === b.place.latitude && a.place.longitude === b.place.longitude)) return 0;
    return Math.ceil(((kmBetween(a.place, b.place) * factor) / speed) * 60);
  };
  const homeKm = carers.map(() => new Map<number, number>());
  const fromHome = (ci: number, vi: number): number => {
    const carer = carers[ci]!;
    const visit = visits[vi]!;
    if (!carer.home || !visit.place) return 0;
    let km = homeKm[ci]!.get(visit.clientId);
    if (km === undefined) {
      km = kmBetween(carer.home, visit.place) * factor;
      homeKm[ci]!.set(visit.clientId, km);
    }
    return km;
  };

  // ---------------------------------------------------------------- state
  const routes: number[][] = carers.map(() => []);
  const minutes = new Float64Array(C);
  const on: number[][] = visits.map(() => []);
  const fixed: boolean[][] = visits.map(() => []);
  const withClient = new Map<number, Map<number, number>>();
  const duration = visits.map((visit) => visit.end - visit.start);

  const lowerBound = (route: number[], start: number) => {
    let low = 0;
    let high = route.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (visits[route[middle]!]!.start < start) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const place = (vi: number, ci: number, isFixed: boolean) => {
    const route = routes[ci]!;
    route.splice(lowerBound(route, visits[vi]!.start), 0, vi);
    minutes[ci] = minutes[ci]! + duration[vi]!;
    on[vi]!.push(ci);
    fixed[vi]!.push(isFixed);
    const client = visits[vi]!.clientId;
    const map = withClient.get(client) ?? new Map<number, number>();
    map.set(ci, (map.get(ci) ?? 0) + 1);
    withClient.set(client, map);
  };
  const remove = (vi: number, ci: number) => {
    const route = routes[ci]!;
    route.splice(route.indexOf(vi), 1);
    minutes[ci] = minutes[ci]! - duration[vi]!;
    const at = on[vi]!.indexOf(ci);
    on[vi]!.splice(at, 1);
    fixed[vi]!.splice(at, 1);
    const map = withClient.get(visits[vi]!.clientId)!;
    map.set(ci, map.get(ci)! - 1);
  };

  // ---------------------------------------------------------------- eligibility (static)
  const eligible: number[][] = visits.map((visit) => {
    const list: number[] = [];
    for (let ci = 0; ci < C; ci += 1) {
      const carer = carers[ci]!;
      if (!carer.rosterable || !carer.trainingOk) continue;
      if (carer.lapsesAt !== null && visit.start >= carer.lapsesAt) continue;
      if (visit.medication && !carer.medication) continue;
      if (visit.gender && carer.gender !== visit.gender) continue;
      if (visit.declinedCarerIds.includes(carer.id)) continue;
      if (!carer.windows.some((w) => w.start <= visit.start && visit.end <= w.end)) continue;
      list.push(ci);
    }
    return list;
  });

  // Fixed carers first.
  for (let vi = 0; vi < V; vi += 1) {
    for (const id of visits[vi]!.fixedCarerIds) {
      const ci = carerIndex.get(id);
      if (ci !== undefined) place(vi, ci, true);
    }
  }

  // ---------------------------------------------------------------- feasibility and cost of putting vi on ci
  const dayWork = (ci: number, day: number, extra: number): { first: number; last: number; longest: number } | null => {
    const route = routes[ci]!;
    const list: number[] = [];
    for (const vi of route) if (visits[vi]!.day === day) list.push(vi);
    if (extra >= 0) {
      list.push(extra);
      list.sort((a, b) => visits[a]!.start - visits[b]!.start);
    }
    if (!list.length) return null;
    let stretchStart = visits[list[0]!]!.start;
    let stretchEnd = visits[list[0]!]!.end;
    let longest = 0;
    for (let index = 1; index < list.length; index += 1) {
      const previous = visits[list[index - 1]!]!;
      const next = visits[list[index]!]!;
      if (next.start - previous.end - travel(previous, next) >= BREAK) {
        longest = Math.max(longest, stretchEnd - stretchStart);
        stretchStart = next.start;
      }
      stretchEnd = Math.max(stretchEnd, next.end);
    }
    return { first: visits[list[0]!]!.start, last: stretchEnd, longest: Math.max(longest, stretchEnd - stretchStart) };
  };

  const wtrFits = (ci: number, vi: number): boolean => {
    const carer = carers[ci]!;
    const visit = visits[vi]!;
    if (!carer.optedOut && (carer.priorMinutes + minutes[ci]! + duration[vi]!) / (carer.priorWeeks + 1) > WTR_WEEK) return false;
    const today = dayWork(ci, visit.day, vi)!;
    if (today.longest > BREAK_AFTER) return false;
    const before = dayWork(ci, visit.day - 1, -1);
    if (before && today.first - before.last < DAILY_REST) return false;
    const after = dayWork(ci, visit.day + 1, -1);
    if (after && after.first - today.last < DAILY_REST) return false;
    return true;
  };

  /** The cost of putting vi on ci now, or Infinity when a hard rule forbids it. */
  const cost = (vi: number, ci: number): number => {
    const visit = visits[vi]!;
    const carer = carers[ci]!;
    if (on[vi]!.includes(ci)) return Infinity;
    if (carer.capMinutes !== null && minutes[ci]! + duration[vi]! > carer.capMinutes) return Infinity;
    const route = routes[ci]!;
    const pos = lowerBound(route, visit.start);
    let added = 0;
    const previous = pos > 0 ? visits[route[pos - 1]!]! : null;
    const next = pos < route.length ? visits[route[pos]!]! : null;
    if (previous) {
      if (previous.end > visit.start) return Infinity;
      const t = travel(previous, visit);
      if (previous.end + t > visit.start + window) return Infinity;
      if (previous.day === visit.day) added += t;
    }
    if (next) {
      if (visit.end > next.start) return Infinity;
      const t = travel(visit, next);
      if (visit.end + t > next.start + window) return Infinity;
      if (next.day === visit.day) added += t;
    }
    if (previous && next && previous.day === visit.day && next.day === visit.day) added -= travel(previous, next);
    if (problem.wtrHard && !wtrFits(ci, vi)) return Infinity;
    if (options.baseline) return added + fromHome(ci, vi) * 0.01;

    let score = added + w.homeKm * fromHome(ci, vi);
    if ((problem.history.get(visit.clientId)?.get(carer.id) ?? 0) > 0) score -= w.history;
    if (visit.preferredCarerIds.includes(carer.id)) score -= w.preferred;
    if ((withClient.get(visit.clientId)?.get(ci) ?? 0) > 0) score -= w.thisWeek;
    const after = minutes[ci]! + duration[vi]!;
    score += w.load * (after / (carer.contractedMinutes ?? 37.5 * 60 * 0.67));
    if (carer.maxMinutes !== null && after > carer.maxMinutes) score += P_MAX_HOURS;
    if (carer.maxTravelKm !== null && fromHome(ci, vi) > carer.maxTravelKm) score += P_MAX_TRAVEL;
    if (!problem.wtrHard && !carer.optedOut && (carer.priorMinutes + after) / (carer.priorWeeks + 1) > WTR_WEEK) score += P_WTR_SOFT;
    return score;
  };

  const bestCarer = (vi: number, exclude = -1): { ci: number; cost: number } => {
    let best = -1;
    let bestCost = Infinity;
    for (const ci of eligible[vi]!) {
      if (ci === exclude) continue;
      const c = cost(vi, ci);
      if (c < bestCost) {
        bestCost = c;
        best = ci;
      }
    }
    return { ci: best, cost: bestCost };
  };

  // ---------------------------------------------------------------- construction
  const order = visits.map((_, index) => index);
  if (options.baseline) order.sort((a, b) => visits[a]!.start - visits[b]!.start || a - b);
  else {
    // Hard first (double-ups, then visits few carers may take, fewest first), the rest in time order so routes grow
    // along the day (placing easy visits by difficulty scatters them and costs travel).
    const scarce = Math.max(3, Math.round(C * 0.1));
    const rank = (vi: number) => (visits[vi]!.carersNeeded === 2 ? 0 : eligible[vi]!.length <= scarce ? 1 : 2);
    order.sort((a, b) => rank(a) - rank(b) || (rank(a) === 1 ? eligible[a]!.length - eligible[b]!.length : 0) || visits[a]!.start - visits[b]!.start || a - b);
  }

  const missing = (vi: number) => visits[vi]!.carersNeeded - on[vi]!.length;
  for (const vi of order) {
    while (missing(vi) > 0) {
      const { ci } = bestCarer(vi);
      if (ci < 0) break;
      place(vi, ci, false);
    }
  }

  // ---------------------------------------------------------------- improvement
  let searchMoves = 0;
  if (!options.baseline) {
    const budget = options.timeBudgetMs ?? 1500;
    let moves = 0;
    // Whether a share of the budget (0.8: the first fill and the relocations; 1: the last fill) is spent.
    const spent = (share: number) => (options.workBudget !== undefined ? moves >= options.workBudget * share : performance.now() > began + budget * share);
    // 1. Fill empty positions by moving the one visit in the way (again after the relocations of 2).
    const fill = (share: number) => {
    for (const vi of order.filter((item) => missing(item) > 0)) {
      if (spent(share)) break;
      moves += 1;
      for (const ci of eligible[vi]!) {
        if (missing(vi) <= 0) break;
        if (on[vi]!.includes(ci)) continue;
        if (cost(vi, ci) < Infinity) {
          place(vi, ci, false);
          continue;
        }
        // In a feasible route only the visits either side of vi's place can be in its way.
        const route = routes[ci]!;
        const pos = lowerBound(route, visits[vi]!.start);
        const blockers = [route[pos - 1], route[pos]].filter((other): other is number => other !== undefined);
        for (const other of blockers) {
          const at = on[other]!.indexOf(ci);
          if (at < 0 || fixed[other]![at]) continue;
          remove(other, ci);
          if (cost(vi, ci) === Infinity) {
            place(other, ci, false);
            continue;
          }
          place(vi, ci, false);
          const moved = bestCarer(other, ci);
          if (moved.ci >= 0) {
            place(other, moved.ci, false);
            break;
          }
          remove(vi, ci);
          place(other, ci, false);
        }
      }
    }
    };
    fill(0.8);
    // 2. Relocate visits to cheaper carers while the budget lasts.
    const movable = order.filter((vi) => on[vi]!.length > 0);
    let improved = true;
    while (improved && !spent(0.8)) {
      improved = false;
      for (let index = movable.length - 1; index > 0; index -= 1) {
        const swap = Math.floor(rng() * (index + 1));
        [movable[index], movable[swap]] = [movable[swap]!, movable[index]!];
      }
      for (let k = 0; k < movable.length; k += 1) {
        if ((k & 255) === 0 && spent(0.8)) break;
        moves += 1;
        const vi = movable[k]!;
        for (let position = 0; position < on[vi]!.length; position += 1) {
          if (fixed[vi]![position]) continue;
          const ci = on[vi]![position]!;
          remove(vi, ci);
          const here = cost(vi, ci);
          const best = bestCarer(vi, ci);
          if (best.ci >= 0 && best.cost < here - 1) {
            place(vi, best.ci, false);
            improved = true;
          } else place(vi, ci, false);
        }
      }
    }
    fill(1);
    searchMoves = moves;
  }

  // ---------------------------------------------------------------- the answer
  const assignments: Assignment[] = [];
  const unassigned: Unassigned[] = [];
  for (let vi = 0; vi < V; vi += 1) {
    on[vi]!.forEach((ci, position) => {
      if (!fixed[vi]![position]) assignments.push({ visitId: visits[vi]!.id, carerId: carers[ci]!.id });
    });
    if (missing(vi) > 0) unassigned.push({ visitId: visits[vi]!.id, missing: missing(vi), reason: explain(vi) });
  }

  function explain(vi: number): string {
    const visit = visits[vi]!;
    const counts = { status: 0, compliance: 0, medication: 0, gender: 0, declined: 0, unavailable: 0, busy: 0, cap: 0, wtr: 0 };
    for (let ci = 0; ci < C; ci += 1) {
      const carer = carers[ci]!;
      if (on[vi]!.includes(ci)) continue;
      if (!carer.windows.length) counts.status += 1;
      else if (!carer.rosterable || !carer.trainingOk || (carer.lapsesAt !== null && visit.start >= carer.lapsesAt)) counts.compliance += 1;
      else if (visit.medication && !carer.medication) counts.medication += 1;
      else if (visit.gender && carer.gender !== visit.gender) counts.gender += 1;
      else if (visit.declinedCarerIds.includes(carer.id)) counts.declined += 1;
      else if (!carer.windows.some((w) => w.start <= visit.start && visit.end <= w.end)) counts.unavailable += 1;
      else if (carer.capMinutes !== null && minutes[ci]! + duration[vi]! > carer.capMinutes) counts.cap += 1;
      else if (problem.wtrHard && !wtrFits(ci, vi)) counts.wtr += 1;
      else counts.busy += 1;
    }
    const when = `${londonTime(new Date(visit.start * 60_000))}–${londonTime(new Date(visit.end * 60_000))} on ${londonDate(new Date(visit.start * 60_000))}`;
    const parts = [
      counts.busy && `${counts.busy} busy with other visits or unable to get there in time`,
      counts.unavailable && `${counts.unavailable} not available then`,
      counts.medication && `${counts.medication} without medication competence`,
      counts.gender && `${counts.gender} not of the gender ${visit.clientName} asks for`,
      counts.declined && `${counts.declined} declined by ${visit.clientName}`,
      counts.cap && `${counts.cap} at their visa’s weekly hours`,
      counts.wtr && `${counts.wtr} at a Working Time Regulations limit`,
      counts.compliance && `${counts.compliance} not rosterable (compliance or training)`,
      counts.status && `${counts.status} not working this week`,
    ].filter(Boolean);
    const need = missing(vi) === 2 ? 'No two carers' : visit.carersNeeded === 2 ? 'No second carer' : 'No carer';
    return `${need} for ${visit.clientName} ${when}: ${parts.join(', ') || 'no carer in the branch'}.`;
  }

  const metrics = measure(problem, routes.map((route) => route.map((vi) => visits[vi]!.id)), assignments.length, unassigned.reduce((sum, item) => sum + item.missing, 0));
  metrics.milliseconds = Math.round(performance.now() - began);
  metrics.moves = searchMoves;
  return { assignments, unassigned, metrics };
}

/** The quality of an answer: continuity, carers per client, travel, fair spread (shared by solver and baseline). */
export function measure(problem: Problem, routesByCarer: number[][], assigned: number, unassigned: number): Metrics {
  const byId = new Map(problem.visits.map((visit) => [visit.id, visit]));
  const factor = problem.travel.roadFactorPercent / 100;
  let known = 0;
  let filled = 0;
  let travelMinutes = 0;
  const clientCarers = new Map<number, Set<number>>();
  const use: number[] = [];
  routesByCarer.forEach((route, ci) => {
    const carer = problem.carers[ci]!;
    let worked = 0;
    route.forEach((id, index) => {
      const visit = byId.get(id)!;
      filled += 1;
      worked += visit.end - visit.start;
      if ((problem.history.get(visit.clientId)?.get(carer.id) ?? 0) > 0 || visit.preferredCarerIds.includes(carer.id)) known += 1;
      const set = clientCarers.get(visit.clientId) ?? new Set<number>();
      set.add(carer.id);
      clientCarers.set(visit.clientId, set);
      const previous = index > 0 ? byId.get(route[index - 1]!)! : null;
      if (previous && previous.day === visit.day && previous.place && visit.place) travelMinutes += Math.ceil(((kmBetween(previous.place, visit.place) * factor) / problem.travel.speedKmh) * 60);
    });
    if (carer.contractedMinutes) use.push((100 * worked) / carer.contractedMinutes);
  });
  const mean = use.length ? use.reduce((a, b) => a + b, 0) / use.length : 0;
  const spread = use.length ? Math.sqrt(use.reduce((sum, value) => sum + (value - mean) ** 2, 0) / use.length) : 0;
  return {
    assigned,
    unassigned,
    continuityPercent: filled ? Math.round((1000 * known) / filled) / 10 : 0,
    carersPerClient: clientCarers.size ? Math.round((100 * [...clientCarers.values()].reduce((sum, set) => sum + set.size, 0)) / clientCarers.size) / 100 : 0,
    travelMinutes,
    loadSpreadPercent: Math.round(spread * 10) / 10,
    milliseconds: 0,
    moves: 0,
  };
}

/** The plain greedy baseline: visits in time order, each to the feasible carer with the least added travel. */
export function greedyBaseline(problem: Problem): Solution {
  return solve(problem, { baseline: true });
}
