import { londonDate, londonTime } from '@hcm/contract/engine';
import { simulateDay, type DayVisit } from '../rules/day.js';
import type { Assignment, LatenessReport, Metrics, Point, Problem, ProblemVisit, Solution, StoppedBy, Unassigned, WtrReport } from './problem.js';

// Auto-assign's solver: which carers go to a week's visits, whose times are fixed (UK visits are commissioned at set
// times, so this is an assignment problem with travel between consecutive visits, not free routing).
//
// Method, and why: a greedy construction by difficulty, then local search within a work budget.
//  1. Every visit's eligible carers are worked out once (status, compliance, training, medication competence,
//     gender, declined, an availability window covering the visit). Visits few carers may take are placed first
//     (fewest first), then the rest by start. Each takes the eligible carer whose day it fits at
//     the lowest cost. Fitting is the carer's whole day as it would run (rules/day.ts, the one definition the rule
//     check and the timeline use too): each visit lasts its commissioned length, the carer arrives at
//     max(planned start, previous visit's end + travel), so lateness carries over; a visit reached beyond the
//     punctuality window is refused (or, when set to warn, penalised), this one or any later one of the day. Also
//     no overlap, the visa's weekly cap, Working Time Regulations when they refuse. The cost: added travel, minus
//     continuity (the client's regular and preferred carers, and carers already with the client this week), plus
//     a fair-spread term (share of contracted hours used) and soft-rule penalties (most hours wanted, furthest
//     travel, and on "warn" the Working Time Regulations: 11 hours' daily rest, 20-minute break, 48-hour average).
//  2. Local search: every unfilled position tries each eligible carer after moving the one visit in its way to
//     another carer (ejection chain of depth one); then visits are relocated one at a time to a cheaper carer (a
//     first-improvement descent over the same cost, in a seeded shuffled order); then the fill again; last, any
//     position a carer is free for is filled directly.
// Reproducible: the budget is work (moves), not time, and every order is stable (ties by index), so the same input
// and seed give the same answer on any machine, busy or idle. A wall-clock ceiling (construction included) is the
// safety net: an answer it cut short says so (`stoppedBy: 'ceiling'`), and a visit it never reached says that.
// Exact solving does not scale here: highs (a WebAssembly MIP solver) took 9.6 s for 250 visits × 40 carers, and a
// branch's week is 10,000 × 200. Every answer is verified by ./checker.ts, which shares nothing with this file but
// the types.

export type SolverOptions = {
  /** The wall-clock ceiling in ms, construction included (the API's setting; 10,000 by default). */
  timeBudgetMs?: number;
  /** Moves of local search (one visit tried elsewhere): the budget that decides the answer (60,000 by default). */
  workBudget?: number;
  /** The plain greedy baseline instead: visits in time order, each to the nearest carer it fits. */
  baseline?: boolean;
  seed?: number;
  weights?: Weights;
  /** Milliseconds since some origin (performance.now by default): tests drive the ceiling with it. */
  now?: () => number;
};

const EARTH_KM = 6371.0088;
const RAD = Math.PI / 180;
const WTR_WEEK = 48 * 60;
const DAILY_REST = 11 * 60;
const BREAK_AFTER = 6 * 60;
const BREAK = 20;
const MS = 60_000;

/** What the cost rewards, in minutes of travel: the client's regular carers, preferred ones, carers already with the client this week, an even use of contracted hours, and carers living near. */
export type Weights = { history: number; preferred: number; thisWeek: number; load: number; homeKm: number };
/** Tuned on the benchmark: a third of positions to known carers for about 45 % more travel than the nearest-carer greedy. */
export const DEFAULT_WEIGHTS: Weights = { history: 10, preferred: 8, thisWeek: 3, load: 10, homeKm: 0.5 };
/** Travel first: continuity only breaks ties. */
export const TRAVEL_FIRST: Weights = { history: 0, preferred: 0, thisWeek: 0, load: 5, homeKm: 0.5 };
export const DEFAULT_WORK_BUDGET = 25_000;
export const DEFAULT_CEILING_MS = 10_000;
const P_MAX_HOURS = 120;
const P_MAX_TRAVEL = 60;
const P_WTR_SOFT = 200;
/** On "warn": a day made to rest less than 11 hours before or after, plus the minutes short. */
const P_REST = 250;
/** On "warn": a day made to run over 6 hours without a 20-minute break. */
const P_BREAK = 150;
/** On "warn" for lateness: per minute a visit of the day is reached beyond the window. */
const P_LATE_MINUTE = 8;

/** Why a carer cannot take a visit now (the last verdict of `cost`). */
type Block = 'none' | 'on' | 'cap' | 'overlap' | 'travel' | 'late' | 'late-later' | 'wtr';

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
  const now = options.now ?? (() => performance.now());
  const began = now();
  const ceiling = options.timeBudgetMs ?? DEFAULT_CEILING_MS;
  const workBudget = options.workBudget ?? DEFAULT_WORK_BUDGET;
  let stoppedBy: StoppedBy = 'converged';
  const overCeiling = () => {
    if (stoppedBy === 'ceiling') return true;
    if (now() - began <= ceiling) return false;
    stoppedBy = 'ceiling';
    return true;
  };
  const { visits, carers } = problem;
  const V = visits.length;
  const C = carers.length;
  const factor = problem.travel.roadFactorPercent / 100;
  const speed = problem.travel.speedKmh;
  const window = problem.punctualityMinutes;
  const rng = random(options.seed ?? 1);
  const w = options.weights ?? DEFAULT_WEIGHTS;

  const carerIndex = new Map(carers.map((carer, index) => [carer.id, index]));
  // Travel between the week's places, worked out once per pair (a week has a few hundred homes, asked millions of times).
  const placeIds = new Map<string, number>();
  const placeOf = new Map<ProblemVisit, number>();
  for (const visit of visits) {
    if (!visit.place) continue;
    const name = `${visit.place.latitude},${visit.place.longitude}`;
    let id = placeIds.get(name);
    if (id === undefined) placeIds.set(name, (id = placeIds.size));
    placeOf.set(visit, id);
  }
  const P = placeIds.size;
  const travelMemo = P <= 5000 ? new Int32Array(P * P).fill(-1) : null;
  const travel = (a: ProblemVisit, b: ProblemVisit): number => {
    if (!a.place || !b.place) return 0;
    const from = placeOf.get(a)!;
    const to = placeOf.get(b)!;
    if (from === to) return 0;
    const at = from * P + to;
    const known = travelMemo ? travelMemo[at]! : -1;
    if (known >= 0) return known;
    const minutes = Math.ceil(((kmBetween(a.place, b.place) * factor) / speed) * 60);
    if (travelMemo) travelMemo[at] = minutes;
    return minutes;
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
  // The carers' days as they would run (rules/day.ts): arrival (minutes) and minutes late beyond the window, per
  // carer and visit; and each carer-day's span (first planned start, last planned end) for the daily rest.
  const arrival: Map<number, number>[] = carers.map(() => new Map());
  const lateBy: Map<number, number>[] = carers.map(() => new Map());
  const spans: Map<number, { first: number; last: number }>[] = carers.map(() => new Map());
  const dayVisit: DayVisit[] = visits.map((visit, vi) => ({ id: vi, start: visit.start * MS, minutes: visit.end - visit.start, postcode: '' }));
  const dayTravel = (from: DayVisit, to: DayVisit) => travel(visits[from.id]!, visits[to.id]!);

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
  /** The visits of `day` in a route around index `at` (a route is in start order, so a day's visits are together). */
  const daySlice = (route: number[], at: number, day: number): number[] => {
    let low = Math.min(at, route.length);
    while (low > 0 && visits[route[low - 1]!]!.day === day) low -= 1;
    let high = Math.max(low, at);
    while (high < route.length && visits[route[high]!]!.day === day) high += 1;
    return route.slice(low, high);
  };
  /** Simulates a carer's day again after a change (rules/day.ts) and keeps its arrivals, lateness and span. */
  const refreshDay = (ci: number, at: number, day: number) => {
    const list = daySlice(routes[ci]!, at, day);
    if (!list.length) {
      spans[ci]!.delete(day);
      return;
    }
    let last = -Infinity;
    for (const item of simulateDay(list.map((vi) => dayVisit[vi]!), dayTravel, window)) {
      arrival[ci]!.set(item.id, item.arrival / MS);
      lateBy[ci]!.set(item.id, item.lateByMinutes);
      last = Math.max(last, visits[item.id]!.end);
    }
    spans[ci]!.set(day, { first: visits[list[0]!]!.start, last });
  };
  const place = (vi: number, ci: number, isFixed: boolean) => {
    const route = routes[ci]!;
    const at = lowerBound(route, visits[vi]!.start);
    route.splice(at, 0, vi);
    minutes[ci] = minutes[ci]! + duration[vi]!;
    on[vi]!.push(ci);
    fixed[vi]!.push(isFixed);
    const client = visits[vi]!.clientId;
    const map = withClient.get(client) ?? new Map<number, number>();
    map.set(ci, (map.get(ci) ?? 0) + 1);
    withClient.set(client, map);
    refreshDay(ci, at, visits[vi]!.day);
  };
  const remove = (vi: number, ci: number) => {
    const route = routes[ci]!;
    const index = route.indexOf(vi);
    route.splice(index, 1);
    minutes[ci] = minutes[ci]! - duration[vi]!;
    const at = on[vi]!.indexOf(ci);
    on[vi]!.splice(at, 1);
    fixed[vi]!.splice(at, 1);
    const map = withClient.get(visits[vi]!.clientId)!;
    map.set(ci, map.get(ci)! - 1);
    arrival[ci]!.delete(vi);
    lateBy[ci]!.delete(vi);
    refreshDay(ci, index, visits[vi]!.day);
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

  // ---------------------------------------------------------------- Working Time Regulations of a carer-day
  /** The longest stretch without 20 minutes off (travel is work) of a carer's day, with `extra` in it (-1: none). */
  const longestStretch = (ci: number, day: number, extra: number): number => {
    const route = routes[ci]!;
    let low: number;
    if (extra >= 0) low = lowerBound(route, visits[extra]!.start);
    else {
      low = 0;
      while (low < route.length && visits[route[low]!]!.day !== day) low += 1;
    }
    while (low > 0 && visits[route[low - 1]!]!.day === day) low -= 1;
    let high = low;
    while (high < route.length && visits[route[high]!]!.day === day) high += 1;
    // The day's visits in start order, `extra` merged in at its place.
    const extraStart = extra >= 0 ? visits[extra]!.start : Infinity;
    let index = low;
    let extraDone = extra < 0;
    const next = (): number => {
      if (!extraDone && (index >= high || visits[route[index]!]!.start >= extraStart)) {
        extraDone = true;
        return extra;
      }
      return index < high ? route[index++]! : -1;
    };
    let previousIndex = next();
    if (previousIndex < 0) return 0;
    let stretchStart = visits[previousIndex]!.start;
    let stretchEnd = visits[previousIndex]!.end;
    let longest = 0;
    for (let current = next(); current >= 0; current = next()) {
      const previous = visits[previousIndex]!;
      const visit = visits[current]!;
      if (visit.start - previous.end - travel(previous, visit) >= BREAK) {
        longest = Math.max(longest, stretchEnd - stretchStart);
        stretchStart = visit.start;
      }
      stretchEnd = Math.max(stretchEnd, visit.end);
      previousIndex = current;
    }
    return Math.max(longest, stretchEnd - stretchStart);
  };
  /** Minutes of rest short of 11 hours between a carer's day and the days either side, with or without `vi` on it. */
  const restShort = (ci: number, vi: number, withVisit: boolean): number => {
    const visit = visits[vi]!;
    const span = spans[ci]!.get(visit.day);
    const today = withVisit ? (span ? { first: Math.min(span.first, visit.start), last: Math.max(span.last, visit.end) } : { first: visit.start, last: visit.end }) : span;
    if (!today) return 0;
    let short = 0;
    const before = spans[ci]!.get(visit.day - 1);
    if (before) short += Math.max(0, DAILY_REST - (today.first - before.last));
    const after = spans[ci]!.get(visit.day + 1);
    if (after) short += Math.max(0, DAILY_REST - (after.first - today.last));
    return short;
  };
  const overWeek = (ci: number, extra: number) => {
    const carer = carers[ci]!;
    return !carer.optedOut && (carer.priorMinutes + minutes[ci]! + extra) / (carer.priorWeeks + 1) > WTR_WEEK;
  };
  const daySpanWith = (ci: number, vi: number) => {
    const visit = visits[vi]!;
    const span = spans[ci]!.get(visit.day);
    return span ? Math.max(span.last, visit.end) - Math.min(span.first, visit.start) : duration[vi]!;
  };
  const wtrFits = (ci: number, vi: number): boolean => {
    if (overWeek(ci, duration[vi]!)) return false;
    if (restShort(ci, vi, true) > 0) return false;
    if (daySpanWith(ci, vi) > BREAK_AFTER && longestStretch(ci, visits[vi]!.day, vi) > BREAK_AFTER) return false;
    return true;
  };

  // ---------------------------------------------------------------- feasibility and cost of putting vi on ci
  let block: Block = 'none';
  const refuse = (why: Block) => {
    block = why;
    return Infinity;
  };
  /**
   * The cost of putting vi on ci now, or Infinity when a hard rule forbids it (`block` says which). Once the cost
   * reaches `bound` (a better carer's), the soft penalties still to add (never negative) are not worked out.
   */
  const cost = (vi: number, ci: number, bound = Infinity): number => {
    block = 'none';
    const visit = visits[vi]!;
    const carer = carers[ci]!;
    if (on[vi]!.includes(ci)) return refuse('on');
    if (carer.capMinutes !== null && minutes[ci]! + duration[vi]! > carer.capMinutes) return refuse('cap');
    const route = routes[ci]!;
    const pos = lowerBound(route, visit.start);
    let added = 0;
    let latePenalty = 0;
    const previousIndex = pos > 0 ? route[pos - 1]! : -1;
    const nextIndex = pos < route.length ? route[pos]! : -1;
    const previous = previousIndex >= 0 ? visits[previousIndex]! : null;
    const next = nextIndex >= 0 ? visits[nextIndex]! : null;
    let arrive = visit.start;
    if (previous) {
      if (previous.end > visit.start) return refuse('overlap');
      const t = travel(previous, visit);
      // One hop needing more than the window refuses whatever the setting (the overlap rule).
      if (previous.end + t > visit.start + window) return refuse('travel');
      if (previous.day === visit.day) {
        added += t;
        arrive = Math.max(visit.start, arrival[ci]!.get(previousIndex)! + duration[previousIndex]! + t);
        const late = arrive - visit.start;
        if (late > window) {
          if (problem.latenessHard) return refuse('late');
          latePenalty += P_LATE_MINUTE * late;
        }
      }
    }
    if (next) {
      if (visit.end > next.start) return refuse('overlap');
      const t = travel(visit, next);
      if (visit.end + t > next.start + window) return refuse('travel');
      if (next.day === visit.day) {
        added += t;
        // Later visits of the day change only when this one delays the next: then the day is simulated again.
        if (Math.max(next.start, arrive + duration[vi]! + t) > arrival[ci]!.get(nextIndex)!) {
          const list = daySlice(route, pos, visit.day);
          list.splice(lowerBound(list, visit.start), 0, vi);
          for (const item of simulateDay(list.map((index) => dayVisit[index]!), dayTravel, window)) {
            if (item.id === vi) continue;
            const was = lateBy[ci]!.get(item.id) ?? 0;
            if (item.lateByMinutes <= was) continue;
            if (problem.latenessHard) return refuse('late-later');
            latePenalty += P_LATE_MINUTE * (item.lateByMinutes - was);
          }
        }
      }
    }
    if (previous && next && previous.day === visit.day && next.day === visit.day) added -= travel(previous, next);
    if (problem.wtrHard && !wtrFits(ci, vi)) return refuse('wtr');
    if (options.baseline) return added + latePenalty + fromHome(ci, vi) * 0.01;

    let score = added + latePenalty + w.homeKm * fromHome(ci, vi);
    if ((problem.history.get(visit.clientId)?.get(carer.id) ?? 0) > 0) score -= w.history;
    if (visit.preferredCarerIds.includes(carer.id)) score -= w.preferred;
    if ((withClient.get(visit.clientId)?.get(ci) ?? 0) > 0) score -= w.thisWeek;
    const after = minutes[ci]! + duration[vi]!;
    score += w.load * (after / (carer.contractedMinutes ?? 37.5 * 60 * 0.67));
    if (carer.maxMinutes !== null && after > carer.maxMinutes) score += P_MAX_HOURS;
    if (carer.maxTravelKm !== null && fromHome(ci, vi) > carer.maxTravelKm) score += P_MAX_TRAVEL;
    if (!problem.wtrHard && score < bound) {
      // Working Time Regulations on "warn": breaches cost, so another carer is taken wherever one fits.
      if (overWeek(ci, duration[vi]!)) score += P_WTR_SOFT;
      const shortBefore = restShort(ci, vi, false);
      const shortAfter = restShort(ci, vi, true);
      if (shortAfter > shortBefore) score += (shortBefore === 0 ? P_REST : 0) + (shortAfter - shortBefore);
      if (daySpanWith(ci, vi) > BREAK_AFTER && longestStretch(ci, visit.day, vi) > BREAK_AFTER && longestStretch(ci, visit.day, -1) <= BREAK_AFTER) score += P_BREAK;
    }
    return score;
  };

  const bestCarer = (vi: number, exclude = -1): { ci: number; cost: number } => {
    let best = -1;
    let bestCost = Infinity;
    for (const ci of eligible[vi]!) {
      if (ci === exclude) continue;
      const c = cost(vi, ci, bestCost);
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
    // Visits few carers may take first (fewest first), the rest (double-ups too) in time order so days grow along
    // the day: a visit put in the middle of a day already planned leaves lateness to carry and fewer places after
    // it (double-ups first cost about 8 % more empty places on the benchmark once lateness carries over).
    const scarce = Math.max(3, Math.round(C * 0.1));
    const rank = (vi: number) => (eligible[vi]!.length <= scarce ? 1 : 2);
    order.sort((a, b) => rank(a) - rank(b) || (rank(a) === 1 ? eligible[a]!.length - eligible[b]!.length : 0) || visits[a]!.start - visits[b]!.start || a - b);
  }

  const missing = (vi: number) => visits[vi]!.carersNeeded - on[vi]!.length;
  const tried = new Uint8Array(V);
  for (const vi of order) {
    if (overCeiling()) break;
    tried[vi] = 1;
    while (missing(vi) > 0) {
      const { ci } = bestCarer(vi);
      if (ci < 0) break;
      place(vi, ci, false);
    }
  }

  // ---------------------------------------------------------------- improvement
  let moves = 0;
  const spent = (share: number) => {
    if (moves >= workBudget * share) {
      if (stoppedBy === 'converged') stoppedBy = 'work';
      return true;
    }
    return overCeiling();
  };
  if (!options.baseline && (stoppedBy as StoppedBy) !== 'ceiling') {
    // 1. Fill empty positions by moving the one visit in the way (again after the relocations of 2).
    const fill = (share: number) => {
      // Visits found with no other carer to go to (visit × carer it is on). Putting carers on visits only ever
      // takes room away, so that stays true until an ejection frees a carer's time: then it is forgotten.
      const stuck = new Set<number>();
      for (const vi of order.filter((item) => missing(item) > 0 && tried[item])) {
        if (spent(share)) break;
        moves += 1;
        for (const ci of eligible[vi]!) {
          if (missing(vi) <= 0) break;
          if (on[vi]!.includes(ci)) continue;
          if (cost(vi, ci) < Infinity) {
            place(vi, ci, false);
            continue;
          }
          // Only the carer's other visits can be in the way (not their visa's hours or a rest rule).
          if (block !== 'overlap' && block !== 'travel' && block !== 'late' && block !== 'late-later') continue;
          // In a feasible route the visits either side of vi's place can be in its way, and (lateness carrying
          // over) the one before those on the same day.
          const route = routes[ci]!;
          const pos = lowerBound(route, visits[vi]!.start);
          const blockers = [route[pos - 1], route[pos]].filter((other): other is number => other !== undefined);
          const before = route[pos - 2];
          if (before !== undefined && visits[before]!.day === visits[vi]!.day) blockers.push(before);
          for (const other of blockers) {
            const at = on[other]!.indexOf(ci);
            if (at < 0 || fixed[other]![at] || stuck.has(other * C + ci)) continue;
            remove(other, ci);
            if (cost(vi, ci) === Infinity) {
              place(other, ci, false);
              continue;
            }
            place(vi, ci, false);
            const moved = bestCarer(other, ci);
            if (moved.ci >= 0) {
              place(other, moved.ci, false);
              stuck.clear();
              break;
            }
            stuck.add(other * C + ci);
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
        if (moves >= workBudget * 0.8 || ((k & 255) === 0 && spent(0.8))) {
          spent(0.8);
          improved = false;
          break;
        }
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
  }
  // 3. Last, whatever the work budget: a position some carer is free for is filled (never left empty and called busy).
  for (const vi of order) {
    if (!tried[vi] || missing(vi) <= 0) continue;
    if (overCeiling()) break;
    while (missing(vi) > 0) {
      const { ci } = bestCarer(vi);
      if (ci < 0) break;
      place(vi, ci, false);
    }
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

  /** Why a visit has an empty position: for each carer not on it, the rule that stops them now (counted). */
  function explain(vi: number): string {
    const visit = visits[vi]!;
    const when = `${londonTime(new Date(visit.start * MS))}–${londonTime(new Date(visit.end * MS))} on ${londonDate(new Date(visit.start * MS))}`;
    const need = missing(vi) === 2 ? 'No two carers' : visit.carersNeeded === 2 ? 'No second carer' : 'No carer';
    if (!tried[vi]) return `${need} for ${visit.clientName} ${when}: not tried, auto-assign reached its time ceiling (${ceiling} ms) before this visit; run it again or assign it by hand.`;
    const counts = { status: 0, compliance: 0, medication: 0, gender: 0, declined: 0, unavailable: 0, overlap: 0, travel: 0, late: 0, lateLater: 0, cap: 0, wtr: 0, free: 0 };
    for (let ci = 0; ci < C; ci += 1) {
      const carer = carers[ci]!;
      if (on[vi]!.includes(ci)) continue;
      if (!carer.windows.length) counts.status += 1;
      else if (!carer.rosterable || !carer.trainingOk || (carer.lapsesAt !== null && visit.start >= carer.lapsesAt)) counts.compliance += 1;
      else if (visit.medication && !carer.medication) counts.medication += 1;
      else if (visit.gender && carer.gender !== visit.gender) counts.gender += 1;
      else if (visit.declinedCarerIds.includes(carer.id)) counts.declined += 1;
      else if (!carer.windows.some((w) => w.start <= visit.start && visit.end <= w.end)) counts.unavailable += 1;
      else if (cost(vi, ci) < Infinity) counts.free += 1;
      else if (block === 'cap') counts.cap += 1;
      else if (block === 'wtr') counts.wtr += 1;
      else if (block === 'late') counts.late += 1;
      else if (block === 'late-later') counts.lateLater += 1;
      else if (block === 'travel') counts.travel += 1;
      else counts.overlap += 1;
    }
    const parts = [
      counts.overlap && `${counts.overlap} with another visit at that time`,
      counts.travel && `${counts.travel} unable to travel there from their visit before or on to their visit after within the ${window}-minute window`,
      counts.late && `${counts.late} would arrive more than ${window} minutes late, their earlier visits that day running on`,
      counts.lateLater && `${counts.lateLater} would then reach a later visit of their day more than ${window} minutes late`,
      counts.unavailable && `${counts.unavailable} not available then`,
      counts.medication && `${counts.medication} without medication competence`,
      counts.gender && `${counts.gender} not of the gender ${visit.clientName} asks for`,
      counts.declined && `${counts.declined} declined by ${visit.clientName}`,
      counts.cap && `${counts.cap} at their visa’s weekly hours`,
      counts.wtr && `${counts.wtr} at a Working Time Regulations limit`,
      counts.compliance && `${counts.compliance} not rosterable (compliance or training)`,
      counts.status && `${counts.status} not working this week`,
      counts.free && `${counts.free} free but not tried: auto-assign reached its time ceiling (${ceiling} ms)`,
    ].filter(Boolean);
    return `${need} for ${visit.clientName} ${when}: ${parts.join(', ') || 'no carer in the branch'}.`;
  }

  // Lateness and Working Time Regulations of the answer, where auto-assign added a visit (its own model).
  const late: LatenessReport = { lateVisits: 0, maxLateMinutes: 0 };
  const wtr: WtrReport = { restBreaches: 0, carers: 0, shortestRestMinutes: null, breakBreaches: 0, weeklyBreaches: 0 };
  for (let ci = 0; ci < C; ci += 1) {
    const addedDays = new Set<number>();
    for (const vi of routes[ci]!) if (!fixed[vi]![on[vi]!.indexOf(ci)]) addedDays.add(visits[vi]!.day);
    if (!addedDays.size) continue;
    for (const vi of routes[ci]!) {
      const by = lateBy[ci]!.get(vi) ?? 0;
      if (by > 0 && addedDays.has(visits[vi]!.day)) {
        late.lateVisits += 1;
        late.maxLateMinutes = Math.max(late.maxLateMinutes, by);
      }
    }
    let breached = false;
    const days = [...spans[ci]!.keys()].sort((a, b) => a - b);
    for (const day of days) {
      const next = spans[ci]!.get(day + 1);
      if (next && (addedDays.has(day) || addedDays.has(day + 1))) {
        const rest = next.first - spans[ci]!.get(day)!.last;
        if (rest < DAILY_REST) {
          wtr.restBreaches += 1;
          breached = true;
          wtr.shortestRestMinutes = Math.min(wtr.shortestRestMinutes ?? Infinity, rest);
        }
      }
      if (addedDays.has(day) && longestStretch(ci, day, -1) > BREAK_AFTER) wtr.breakBreaches += 1;
    }
    if (breached) wtr.carers += 1;
    if (overWeek(ci, 0)) wtr.weeklyBreaches += 1;
  }

  const metrics = measure(problem, routes.map((route) => route.map((vi) => visits[vi]!.id)), assignments.length, unassigned.reduce((sum, item) => sum + item.missing, 0));
  metrics.milliseconds = Math.round(now() - began);
  metrics.moves = moves;
  metrics.late = late;
  metrics.wtr = wtr;
  metrics.stoppedBy = stoppedBy;
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
    late: { lateVisits: 0, maxLateMinutes: 0 },
    wtr: { restBreaches: 0, carers: 0, shortestRestMinutes: null, breakBreaches: 0, weeklyBreaches: 0 },
    stoppedBy: 'converged',
  };
}

/** The plain greedy baseline: visits in time order, each to the feasible carer with the least added travel. */
export function greedyBaseline(problem: Problem, options: Pick<SolverOptions, 'timeBudgetMs' | 'now'> = {}): Solution {
  return solve(problem, { ...options, baseline: true });
}
