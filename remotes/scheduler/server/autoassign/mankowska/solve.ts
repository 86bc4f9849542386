import type { MankowskaInstance } from './parser.js';

// A simulated annealing search for the problem of Mankowska, Meisel & Bierwirth (2014): each staff member leaves the
// depot, serves patients (waiting when early, tardy when late) and returns; a patient's service is done by a staff
// member qualified for it; a double service is two services by two different staff members, at the same time
// (mind = maxd = 0) or the second (the higher service number) between mind and maxd after the first. Objective:
// (total distance + total tardiness + largest tardiness) / 3. README.md, "The search", says how it works and what it
// assumes of the paper's model.
//
// For given routes, the earliest start of every service is the longest path in the graph of the route order and
// the gaps (all are "start ≥ other start + constant"); the least such schedule minimises every start, so it gives
// the least tardiness of those routes. Routes whose order and gaps contradict each other have no schedule.
// A move re-times only what it can change: the touched routes from the first changed place on, and, through double
// services, their partners' routes from the partner on (and so on); the rest keeps its times.
//
// The budget is work, not time: `work` moves tried (each one evaluated or refused); the same instance, seed and work
// give the same answer on any machine. A wall-clock ceiling (`ceilingMs`, default 60 s) stops the search (and the
// construction) early when the machine is too slow for the work asked; the answer then says `stoppedBy: 'ceiling'`.

export type MankowskaVisit = { node: number; service: number; start: number };
export type MankowskaResult = {
  objective: number;
  distance: number;
  tardiness: number;
  maxTardiness: number;
  /** Per staff member, the services in the order done: node and service (0-based, as in the parser) and start. */
  routes: MankowskaVisit[][];
  /** Moves tried. */
  work: number;
  milliseconds: number;
  stoppedBy: 'work' | 'ceiling';
  seed: number;
};

export type MankowskaOptions = {
  /** Moves to try (default: defaultWork(instance)). */
  work?: number;
  /** Wall-clock ceiling in milliseconds (default 60,000). */
  ceilingMs?: number;
  seed?: number;
  /** Milliseconds since an arbitrary origin, for the ceiling only (default performance.now; a test may pass its own). */
  clock?: () => number;
};

/** The default work, 20,000 × patients^1.5 moves: 0.63 million on set A, 20 million on set E (README.md, "Results"). */
export function defaultWork(instance: MankowskaInstance): number {
  const patients = instance.nodes - 2;
  return Math.round(20_000 * patients * Math.sqrt(patients));
}

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

const NONE = 0x3fffffff;
/** The search's settings (README.md, "The search"). */
const RUNS = 2;
const HOT = 100;
const COLD = 0.003;
const RUIN_EVERY = 300;
const RUIN_MAX = 12;

export function solveMankowska(instance: MankowskaInstance, options: MankowskaOptions = {}): MankowskaResult {
  const clock = options.clock ?? (() => performance.now());
  const began = clock();
  const ceilingMs = options.ceilingMs ?? 60_000;
  const seed = options.seed ?? 1;
  const workBudget = options.work ?? defaultWork(instance);
  const rng = random(seed);
  const below = (n: number) => Math.floor(rng() * n);
  let stoppedBy = 'work' as 'work' | 'ceiling';
  const pastCeiling = () => {
    if (stoppedBy === 'ceiling') return true;
    if (clock() - began >= ceilingMs) stoppedBy = 'ceiling';
    return stoppedBy === 'ceiling';
  };

  // ---------------------------------------------------------------- the model
  const N = instance.nodes;
  const K = instance.staff;
  const depotEnd = N - 1;
  const dist = new Float64Array(N * N);
  for (let i = 0; i < N; i += 1) for (let j = 0; j < N; j += 1) dist[i * N + j] = instance.distance[i]![j]!;
  const nodeOf: number[] = [];
  const serviceOf: number[] = [];
  const partnerOf: number[] = [];
  const firstOf: boolean[] = [];
  for (let node = 1; node < depotEnd; node += 1) {
    const needed = instance.requires[node]!.flatMap((yes, service) => (yes ? [service] : []));
    const paired = instance.doubleService.has(node) && needed.length === 2;
    for (const [i, service] of needed.entries()) {
      nodeOf.push(node);
      serviceOf.push(service);
      partnerOf.push(paired ? nodeOf.length - 1 + (i === 0 ? 1 : -1) : -1);
      firstOf.push(!paired || i === 0);
    }
  }
  const T = nodeOf.length;
  const node = Int32Array.from(nodeOf);
  const partner = Int32Array.from(partnerOf);
  const first = Uint8Array.from(firstOf, Number);
  const early = Float64Array.from(nodeOf, (n) => instance.earliest[n]!);
  const late = Float64Array.from(nodeOf, (n) => instance.latest[n]!);
  const gapMin = Float64Array.from(nodeOf, (n) => instance.minGap[n]!);
  const gapMax = Float64Array.from(nodeOf, (n) => instance.maxGap[n]!);
  const proc = new Float64Array(T * K);
  const qual = new Uint8Array(T * K);
  const staffFor: number[][] = [];
  for (let t = 0; t < T; t += 1) {
    staffFor.push([]);
    for (let k = 0; k < K; k += 1) {
      proc[t * K + k] = instance.processing[node[t]!]![k]![serviceOf[t]!]!;
      if (instance.qualified[k]![serviceOf[t]!]) {
        qual[t * K + k] = 1;
        staffFor[t]!.push(k);
      }
    }
    if (!staffFor[t]!.length) throw new Error(`${instance.name}: nobody may do service ${serviceOf[t]! + 1} at node ${node[t]! + 1}`);
  }
  for (let t = 0; t < T; t += 1) {
    const q = partner[t]!;
    if (q >= 0 && staffFor[t]!.length === 1 && staffFor[q]!.length === 1 && staffFor[t]![0] === staffFor[q]![0]) {
      throw new Error(`${instance.name}: the double service at node ${node[t]! + 1} has one qualified staff member`);
    }
  }
  const pairs = Array.from({ length: T }, (_, t) => t).filter((t) => partner[t]! >= 0 && first[t]);
  const tasksFor = Array.from({ length: K }, (_, k) => Array.from({ length: T }, (_, t) => t).filter((t) => qual[t * K + k]));
  // No feasible earliest start exceeds the latest window opening plus every service and the longest trip after it.
  let horizon = 0;
  for (let t = 0; t < T; t += 1) {
    let longest = 0;
    for (let j = 0; j < N; j += 1) longest = Math.max(longest, dist[node[t]! * N + j]!);
    let slowest = 0;
    for (let k = 0; k < K; k += 1) slowest = Math.max(slowest, proc[t * K + k]!);
    horizon += longest + slowest + (partner[t]! >= 0 ? gapMax[t]! : 0);
  }
  horizon += Math.max(...early, 0) + 1;

  // ---------------------------------------------------------------- the current answer
  // Each route lives in its own buffer; a move writes the new content of a touched route into a spare buffer and
  // swaps it in, keeping the old one to swap back when the move is refused.
  const routes: Int32Array[] = Array.from({ length: K }, () => new Int32Array(T));
  const len = new Int32Array(K);
  const routeOf = new Int32Array(T).fill(-1);
  const posOf = new Int32Array(T).fill(-1);
  const start = new Float64Array(T);
  const tard = new Float64Array(T);
  const routeDist = new Float64Array(K);
  let totalDist = 0;
  let totalTard = 0;
  let maxTard = 0;
  let maxTardTask = -1;

  const measureRoute = (r: number) => {
    const arr = routes[r]!;
    let previous = 0;
    let sum = 0;
    for (let i = 0; i < len[r]!; i += 1) {
      const n = node[arr[i]!]!;
      sum += dist[previous * N + n]!;
      previous = n;
    }
    return len[r]! ? sum + dist[previous * N + depotEnd]! : 0;
  };
  const place = (r: number) => {
    const arr = routes[r]!;
    for (let i = 0; i < len[r]!; i += 1) {
      routeOf[arr[i]!] = r;
      posOf[arr[i]!] = i;
    }
  };

  // ---------------------------------------------------------------- re-timing
  const affMin = new Int32Array(K).fill(NONE);
  const affRoutes = new Int32Array(K);
  let affRouteCount = 0;
  const affTasks = new Int32Array(T);
  let affCount = 0;
  const affPairs = new Int32Array(T);
  let affPairCount = 0;
  const affEpoch = new Int32Array(T);
  let epoch = 0;
  const oldStart = new Float64Array(T);
  const oldTard = new Float64Array(T);
  const lower = new Float64Array(T);
  const passFrom = new Int32Array(K).fill(NONE);
  const passRoutes = new Int32Array(K);
  let passCount = 0;
  let overHorizon = false;

  const scan = (r: number, from: number, to: number) => {
    const arr = routes[r]!;
    for (let i = from; i < to; i += 1) {
      const t = arr[i]!;
      oldStart[affCount] = start[t]!;
      oldTard[affCount] = tard[t]!;
      affTasks[affCount] = t;
      affCount += 1;
      affEpoch[t] = epoch;
      lower[t] = 0;
      const q = partner[t]!;
      // A partner taken out (ruin and recreate) puts no constraint on t until it is back.
      if (q >= 0 && routeOf[q]! >= 0) {
        if (first[t]) {
          affPairs[affPairCount] = t;
          affPairCount += 1;
        }
        markFrom(routeOf[q]!, posOf[q]!);
      }
    }
  };
  /** Marks route r as re-timed from position p on (its tail's partners' routes follow). */
  function markFrom(r: number, p: number) {
    const current = affMin[r]!;
    if (current === NONE) {
      affRoutes[affRouteCount] = r;
      affRouteCount += 1;
      affMin[r] = p;
      scan(r, p, len[r]!);
    } else if (p < current) {
      affMin[r] = p;
      scan(r, p, current);
    }
  }

  const pass = (r: number, p: number, initial: boolean) => {
    const arr = routes[r]!;
    const n = len[r]!;
    let time = 0;
    let previous = 0;
    if (p > 0) {
      const before = arr[p - 1]!;
      time = start[before]! + proc[before * K + r]!;
      previous = node[before]!;
    }
    for (let i = p; i < n; i += 1) {
      const t = arr[i]!;
      const here = node[t]!;
      let s = time + dist[previous * N + here]!;
      if (s < early[t]!) s = early[t]!;
      if (s < lower[t]!) s = lower[t]!;
      if (!initial && i > p && s === start[t]) return;
      if (s > horizon) overHorizon = true;
      start[t] = s;
      time = s + proc[t * K + r]!;
      previous = here;
    }
  };
  const requestPass = (r: number, p: number) => {
    if (passFrom[r] === NONE) {
      passRoutes[passCount] = r;
      passCount += 1;
      passFrom[r] = p;
    } else if (p < passFrom[r]!) passFrom[r] = p;
  };

  // The answer's objective can only be at least `floor` + (tardiness of the re-timed services) / 3 (with the largest
  // tardiness at least `floorMax`), and starts only grow while the gaps are being settled: once that bound passes
  // the move's acceptance limit the move is refused without settling further (an order that contradicts the gaps
  // grows its starts without end, so it is refused that way too, or by the round count or the horizon).
  let floor = 0;
  let floorMax = 0;
  const boundExceeds = (limit: number): boolean => {
    let sum = 0;
    let max = floorMax;
    for (let i = 0; i < affCount; i += 1) {
      const t = affTasks[i]!;
      const value = start[t]! - late[t]!;
      if (value > 0) {
        sum += value;
        if (value > max) max = value;
      }
    }
    return floor + (sum + max) / 3 > limit;
  };

  /** Re-times the marked region; false when it has no schedule or its objective would pass `limit`. */
  const settle = (limit: number): boolean => {
    overHorizon = false;
    for (let i = 0; i < affRouteCount; i += 1) pass(affRoutes[i]!, affMin[affRoutes[i]!]!, true);
    for (let round = 0; ; round += 1) {
      if (overHorizon || round > affCount + 1) return false;
      if (limit !== Infinity && boundExceeds(limit)) return false;
      for (let i = 0; i < affPairCount; i += 1) {
        const a = affPairs[i]!;
        const b = partner[a]!;
        const sa = start[a]!;
        const sb = start[b]!;
        if (sb < sa + gapMin[a]! - 1e-9) {
          lower[b] = sa + gapMin[a]!;
          requestPass(routeOf[b]!, posOf[b]!);
        } else if (sa < sb - gapMax[a]! - 1e-9) {
          lower[a] = sb - gapMax[a]!;
          requestPass(routeOf[a]!, posOf[a]!);
        }
      }
      if (!passCount) return true;
      for (let i = 0; i < passCount; i += 1) {
        const r = passRoutes[i]!;
        pass(r, passFrom[r]!, false);
        passFrom[r] = NONE;
      }
      passCount = 0;
    }
  };
  const clearMarks = () => {
    for (let i = 0; i < affRouteCount; i += 1) affMin[affRoutes[i]!] = NONE;
    for (let i = 0; i < passCount; i += 1) passFrom[passRoutes[i]!] = NONE;
    affRouteCount = 0;
    passCount = 0;
  };

  // ---------------------------------------------------------------- moves: stage, evaluate, keep or undo
  const spare: Int32Array[] = Array.from({ length: 4 }, () => new Int32Array(T));
  const stagedRoute = new Int32Array(4);
  const stagedLen = new Int32Array(4);
  const oldLen = new Int32Array(4);
  const oldDist = new Float64Array(4);
  let staged = 0;
  let savedDist = 0;
  let savedTard = 0;
  let savedMax = 0;
  let savedMaxTask = -1;

  /** The buffer for route r's new content, a copy of its current one at first. */
  const stage = (r: number): Int32Array => {
    for (let i = 0; i < staged; i += 1) if (stagedRoute[i] === r) return spare[i]!;
    const buffer = spare[staged]!;
    const source = routes[r]!;
    for (let i = 0, n = len[r]!; i < n; i += 1) buffer[i] = source[i]!;
    stagedRoute[staged] = r;
    stagedLen[staged] = len[r]!;
    staged += 1;
    return buffer;
  };
  const stagedIndex = (r: number) => {
    for (let i = 0; i < staged; i += 1) if (stagedRoute[i] === r) return i;
    return -1;
  };
  const insertAt = (buffer: Int32Array, i: number, p: number, t: number) => {
    buffer.copyWithin(p + 1, p, stagedLen[i]!);
    buffer[p] = t;
    stagedLen[i] = stagedLen[i]! + 1;
  };
  const removeAt = (buffer: Int32Array, i: number, p: number) => {
    buffer.copyWithin(p, p + 1, stagedLen[i]!);
    stagedLen[i] = stagedLen[i]! - 1;
  };

  /**
   * Swaps the staged routes in and re-times: the objective of the new answer, or Infinity when it has no schedule or
   * its objective would pass `limit` (then the times are left half done: undo() must follow).
   */
  const applyStaged = (limit: number): number => {
    savedDist = totalDist;
    savedTard = totalTard;
    savedMax = maxTard;
    savedMaxTask = maxTardTask;
    for (let i = 0; i < staged; i += 1) {
      const r = stagedRoute[i]!;
      const old = routes[r]!;
      const fresh = spare[i]!;
      let p = 0;
      const limitPos = Math.min(len[r]!, stagedLen[i]!);
      while (p < limitPos && old[p] === fresh[p]) p += 1;
      routes[r] = fresh;
      spare[i] = old;
      oldLen[i] = len[r]!;
      len[r] = stagedLen[i]!;
      oldDist[i] = routeDist[r]!;
      stagedLen[i] = p; // the first changed position, until undo needs it
    }
    for (let i = 0; i < staged; i += 1) {
      const r = stagedRoute[i]!;
      place(r);
      routeDist[r] = measureRoute(r);
      totalDist += routeDist[r]! - oldDist[i]!;
    }
    affCount = 0;
    affPairCount = 0;
    // Tardiness is never negative: the distance alone may already refuse the move.
    if (totalDist / 3 > limit) return Infinity;
    epoch += 1;
    for (let i = 0; i < staged; i += 1) {
      const r = stagedRoute[i]!;
      if (stagedLen[i]! < len[r]!) markFrom(r, stagedLen[i]!);
    }
    let untouched = totalTard;
    for (let i = 0; i < affCount; i += 1) untouched -= oldTard[i]!;
    const maxKept = maxTardTask >= 0 && affEpoch[maxTardTask] !== epoch;
    floor = (totalDist + untouched) / 3;
    floorMax = maxKept ? maxTard : 0;
    if (floor + floorMax / 3 > limit) return Infinity;
    if (!settle(limit)) return Infinity;
    let sum = totalTard;
    let max = maxTard;
    let maxTask = maxTardTask;
    for (let i = 0; i < affCount; i += 1) {
      const t = affTasks[i]!;
      const value = start[t]! > late[t]! ? start[t]! - late[t]! : 0;
      tard[t] = value;
      sum += value - oldTard[i]!;
      if (value > max) {
        max = value;
        maxTask = t;
      }
    }
    if (!maxKept && maxTask === maxTardTask && tard[maxTask]! < maxTard) {
      // The largest tardiness went down: find the new largest.
      max = 0;
      maxTask = -1;
      for (let t = 0; t < T; t += 1) {
        if (tard[t]! > max) {
          max = tard[t]!;
          maxTask = t;
        }
      }
    }
    totalTard = sum;
    maxTard = max;
    maxTardTask = maxTask;
    return (totalDist + totalTard + maxTard) / 3;
  };
  const keep = () => {
    clearMarks();
    staged = 0;
  };
  const undo = () => {
    for (let i = 0; i < affCount; i += 1) {
      const t = affTasks[i]!;
      start[t] = oldStart[i]!;
      tard[t] = oldTard[i]!;
    }
    for (let i = 0; i < staged; i += 1) {
      const r = stagedRoute[i]!;
      const fresh = routes[r]!;
      routes[r] = spare[i]!;
      spare[i] = fresh;
      len[r] = oldLen[i]!;
      routeDist[r] = oldDist[i]!;
      place(r);
    }
    totalDist = savedDist;
    totalTard = savedTard;
    maxTard = savedMax;
    maxTardTask = savedMaxTask;
    clearMarks();
    staged = 0;
  };
  const cancelStage = () => {
    staged = 0;
  };

  /** Times every route from scratch (after construction and when the best answer is restored). */
  const retimeAll = (): number => {
    totalDist = 0;
    affCount = 0;
    for (let r = 0; r < K; r += 1) {
      routeDist[r] = measureRoute(r);
      totalDist += routeDist[r]!;
      place(r);
    }
    affCount = 0;
    affPairCount = 0;
    epoch += 1;
    for (let r = 0; r < K; r += 1) if (len[r]) markFrom(r, 0);
    const ok = settle(Infinity);
    clearMarks();
    if (!ok) return Infinity;
    totalTard = 0;
    maxTard = 0;
    maxTardTask = -1;
    for (let t = 0; t < T; t += 1) {
      tard[t] = routeOf[t]! >= 0 && start[t]! > late[t]! ? start[t]! - late[t]! : 0;
      totalTard += tard[t]!;
      if (tard[t]! > maxTard) {
        maxTard = tard[t]!;
        maxTardTask = t;
      }
    }
    return (totalDist + totalTard + maxTard) / 3;
  };

  // ---------------------------------------------------------------- construction
  // Services by their window's opening (a double service's two at once), each appended to the end of the route (or
  // the two routes) where it adds least travel and tardiness: nothing follows it, so no order can contradict a gap.
  // Linear in services × staff² — far inside any ceiling; past the ceiling the rest go to the first qualified staff.
  {
    const finish = new Float64Array(K);
    const at = new Int32Array(K);
    const order = Array.from({ length: T }, (_, t) => t).filter((t) => first[t]);
    order.sort((a, b) => early[a]! - early[b]! || late[a]! - late[b]! || a - b);
    const arrive = (k: number, t: number) => Math.max(finish[k]! + dist[at[k]! * N + node[t]!]!, early[t]!);
    const append = (k: number, t: number, s: number) => {
      routes[k]![len[k]!] = t;
      len[k] = len[k]! + 1;
      finish[k] = s + proc[t * K + k]!;
      at[k] = node[t]!;
    };
    for (const [index, a] of order.entries()) {
      const hurry = stoppedBy === 'ceiling' || (index % 8 === 0 && pastCeiling());
      const b = partner[a]!;
      if (b < 0) {
        let best = Infinity;
        let chosen = staffFor[a]![0]!;
        if (!hurry) {
          for (const k of staffFor[a]!) {
            const s = arrive(k, a);
            const cost = dist[at[k]! * N + node[a]!]! + 2 * Math.max(0, s - late[a]!) + 0.1 * (s - finish[k]!);
            if (cost < best) {
              best = cost;
              chosen = k;
            }
          }
        }
        append(chosen, a, arrive(chosen, a));
        continue;
      }
      let best = Infinity;
      let chosen: [number, number, number, number] | null = null;
      for (const ka of staffFor[a]!) {
        for (const kb of staffFor[b]!) {
          if (ka === kb) continue;
          const ra = arrive(ka, a);
          const rb = arrive(kb, b);
          const sa = Math.max(ra, rb - gapMax[a]!);
          const sb = Math.max(rb, sa + gapMin[a]!);
          const cost = dist[at[ka]! * N + node[a]!]! + dist[at[kb]! * N + node[b]!]! + 2 * (Math.max(0, sa - late[a]!) + Math.max(0, sb - late[b]!)) + 0.1 * (sa - finish[ka]! + sb - finish[kb]!);
          if (cost < best) {
            best = cost;
            chosen = [ka, kb, sa, sb];
          }
          if (hurry) break;
        }
        if (hurry && chosen) break;
      }
      append(chosen![0], a, chosen![2]);
      append(chosen![1], b, chosen![3]);
    }
  }
  let current = retimeAll();
  if (!Number.isFinite(current)) throw new Error(`${instance.name}: the construction has no schedule`);

  // ---------------------------------------------------------------- the search
  const bestRoutes: Int32Array[] = Array.from({ length: K }, () => new Int32Array(T));
  const bestLen = new Int32Array(K);
  let bestValue = Infinity;
  const saveBest = () => {
    bestValue = current;
    for (let r = 0; r < K; r += 1) {
      bestRoutes[r]!.set(routes[r]!.subarray(0, len[r]!));
      bestLen[r] = len[r]!;
    }
  };
  const restoreBest = () => {
    for (let r = 0; r < K; r += 1) {
      routes[r]!.set(bestRoutes[r]!.subarray(0, bestLen[r]!));
      len[r] = bestLen[r]!;
    }
    current = retimeAll();
  };
  saveBest();

  /** A position in route r near where a service starting at `time` would fall (route r without task `skip`). */
  const positionNear = (r: number, time: number, skip: number): number => {
    const arr = routes[r]!;
    let p = 0;
    for (let i = 0; i < len[r]!; i += 1) {
      const t = arr[i]!;
      if (t === skip) continue;
      if (start[t]! >= time) break;
      p += 1;
    }
    const roll = rng();
    if (roll < 0.25 && p > 0) p -= 1;
    else if (roll > 0.75) p += 1;
    const size = len[r]! - (routeOf[skip] === r ? 1 : 0);
    return p > size ? size : p;
  };
  const randomStaff = (t: number, exclude: number): number => {
    const list = staffFor[t]!;
    if (list.length === 1) return list[0] === exclude ? -1 : list[0]!;
    for (let tries = 0; tries < 4; tries += 1) {
      const k = list[below(list.length)]!;
      if (k !== exclude) return k;
    }
    return -1;
  };

  /** Moves task t to route r at position p (of the route without t). False when not allowed. */
  const stageRelocate = (t: number, r: number, p: number): boolean => {
    const from = routeOf[t]!;
    const q = partner[t]!;
    if (!qual[t * K + r] || (q >= 0 && routeOf[q] === r)) return false;
    if (from === r && posOf[t] === p) return false;
    const source = stage(from);
    removeAt(source, stagedIndex(from), posOf[t]!);
    const target = stage(r);
    insertAt(target, stagedIndex(r), p, t);
    return true;
  };

  const relocate = (): boolean => {
    const t = below(T);
    const q = partner[t]!;
    const r = rng() < 0.15 ? routeOf[t]! : randomStaff(t, q >= 0 ? routeOf[q]! : -1);
    if (r < 0) return false;
    const size = len[r]! - (routeOf[t] === r ? 1 : 0);
    const p = rng() < 0.7 ? positionNear(r, start[t]!, t) : below(size + 1);
    return stageRelocate(t, r, p);
  };

  const swap = (): boolean => {
    const a = below(T);
    const candidates = tasksFor[routeOf[a]!]!;
    const b = candidates[below(candidates.length)]!;
    if (a === b) return false;
    const ra = routeOf[a]!;
    const rb = routeOf[b]!;
    const pa = posOf[a]!;
    const pb = posOf[b]!;
    if (ra === rb) {
      const buffer = stage(ra);
      buffer[pa] = b;
      buffer[pb] = a;
      return true;
    }
    if (!qual[a * K + rb] || !qual[b * K + ra]) return false;
    const qa = partner[a]!;
    const qb = partner[b]!;
    if (qa >= 0 && qa !== b && routeOf[qa] === rb) return false;
    if (qb >= 0 && qb !== a && routeOf[qb] === ra) return false;
    stage(ra)[pa] = b;
    stage(rb)[pb] = a;
    return true;
  };

  /** Exchanges the tails of two routes (2-opt*), cut near the same time. */
  const cross = (): boolean => {
    const r1 = below(K);
    const r2 = below(K);
    if (r1 === r2 || (!len[r1] && !len[r2])) return false;
    const i = below(len[r1]! + 1);
    const time = i < len[r1]! ? start[routes[r1]![i]!]! : i > 0 ? start[routes[r1]![i - 1]!]! + 1 : 0;
    let j = 0;
    while (j < len[r2]! && start[routes[r2]![j]!]! < time) j += 1;
    if (rng() < 0.3) j = below(len[r2]! + 1);
    if (i === len[r1] && j === len[r2]) return false;
    const a = routes[r1]!;
    const b = routes[r2]!;
    // The tails change hands: each must be qualified, and no double service may end up on one route.
    for (let x = i; x < len[r1]!; x += 1) {
      const t = a[x]!;
      if (!qual[t * K + r2]) return false;
      const q = partner[t]!;
      if (q >= 0 && routeOf[q] === r2 && posOf[q]! < j) return false;
    }
    for (let x = j; x < len[r2]!; x += 1) {
      const t = b[x]!;
      if (!qual[t * K + r1]) return false;
      const q = partner[t]!;
      if (q >= 0 && routeOf[q] === r1 && posOf[q]! < i) return false;
    }
    const s1 = stage(r1);
    const s2 = stage(r2);
    const i1 = stagedIndex(r1);
    const i2 = stagedIndex(r2);
    s1.set(b.subarray(j, len[r2]!), i);
    stagedLen[i1] = i + len[r2]! - j;
    s2.set(a.subarray(i, len[r1]!), j);
    stagedLen[i2] = j + len[r1]! - i;
    return true;
  };

  const segmentBuffer = new Int32Array(3);
  /** Moves a run of two or three services of one route elsewhere (the same or another route). */
  const orOpt = (): boolean => {
    const r1 = below(K);
    const size = 2 + below(2);
    if (len[r1]! < size) return false;
    const i = below(len[r1]! - size + 1);
    const a = routes[r1]!;
    const r2 = rng() < 0.3 ? r1 : below(K);
    for (let x = i; x < i + size; x += 1) {
      const t = a[x]!;
      if (!qual[t * K + r2]) return false;
      const q = partner[t]!;
      if (q >= 0 && r2 !== r1 && routeOf[q] === r2) return false;
    }
    const rest = len[r2]! - (r1 === r2 ? size : 0);
    const p = rng() < 0.7 ? Math.min(rest, positionNear(r2, start[a[i]!]!, -1)) : below(rest + 1);
    if (r1 === r2 && p === i) return false;
    const source = stage(r1);
    const segment = segmentBuffer.subarray(0, size);
    segment.set(a.subarray(i, i + size));
    const si = stagedIndex(r1);
    source.copyWithin(i, i + size, stagedLen[si]!);
    stagedLen[si] = stagedLen[si]! - size;
    const target = stage(r2);
    const ti = stagedIndex(r2);
    target.copyWithin(p + size, p, stagedLen[ti]!);
    target.set(segment, p);
    stagedLen[ti] = stagedLen[ti]! + size;
    return true;
  };

  /** Reverses a stretch of one route (2-opt). */
  const reverse = (): boolean => {
    const r = below(K);
    const n = len[r]!;
    if (n < 2) return false;
    const i = below(n - 1);
    const j = Math.min(n - 1, i + 1 + below(6));
    const buffer = stage(r);
    for (let x = i, y = j; x < y; x += 1, y -= 1) {
      const keepIt = buffer[x]!;
      buffer[x] = buffer[y]!;
      buffer[y] = keepIt;
    }
    return true;
  };

  /** Exchanges a run of up to three tasks of one route with a run of up to three of another, near the same time. */
  const exchange = (): boolean => {
    const r1 = below(K);
    const r2 = below(K);
    if (r1 === r2 || !len[r1] || !len[r2]) return false;
    const l1 = 1 + below(Math.min(3, len[r1]!));
    const l2 = 1 + below(Math.min(3, len[r2]!));
    const i = below(len[r1]! - l1 + 1);
    const a = routes[r1]!;
    const b = routes[r2]!;
    let j = 0;
    while (j < len[r2]! - l2 && start[b[j]!]! < start[a[i]!]!) j += 1;
    for (let x = i; x < i + l1; x += 1) {
      const t = a[x]!;
      const q = partner[t]!;
      if (!qual[t * K + r2] || (q >= 0 && routeOf[q] === r2 && (posOf[q]! < j || posOf[q]! >= j + l2))) return false;
    }
    for (let x = j; x < j + l2; x += 1) {
      const t = b[x]!;
      const q = partner[t]!;
      if (!qual[t * K + r1] || (q >= 0 && routeOf[q] === r1 && (posOf[q]! < i || posOf[q]! >= i + l1))) return false;
    }
    const s1 = stage(r1);
    const i1 = stagedIndex(r1);
    const s2 = stage(r2);
    const i2 = stagedIndex(r2);
    // New r1: a[0, i) + b[j, j + l2) + a[i + l1, n1); new r2 likewise.
    let w = i;
    for (let x = j; x < j + l2; x += 1) s1[w++] = b[x]!;
    for (let x = i + l1; x < len[r1]!; x += 1) s1[w++] = a[x]!;
    stagedLen[i1] = w;
    w = j;
    for (let x = i; x < i + l1; x += 1) s2[w++] = a[x]!;
    for (let x = j + l2; x < len[r2]!; x += 1) s2[w++] = b[x]!;
    stagedLen[i2] = w;
    return true;
  };

  /** Stages t into route k near the place where starts pass `at`. */
  const insertNear = (t: number, k: number, at: number) => {
    const buffer = stage(k);
    const index = stagedIndex(k);
    let p = 0;
    while (p < stagedLen[index]! && start[buffer[p]!]! < at) p += 1;
    const roll = rng();
    if (roll < 0.2 && p > 0) p -= 1;
    else if (roll > 0.8 && p < stagedLen[index]!) p += 1;
    insertAt(buffer, index, p, t);
  };
  /** Moves both services of a double service, each to a staff member of its own, near the time they start now. */
  const movePair = (): boolean => {
    if (!pairs.length) return false;
    const a = pairs[below(pairs.length)]!;
    const b = partner[a]!;
    const ka = randomStaff(a, -1);
    const kb = randomStaff(b, ka);
    if (ka < 0 || kb < 0) return false;
    const time = start[a]! + (rng() - 0.5) * 30;
    // Both out first, then both in.
    const ra = routeOf[a]!;
    const rb = routeOf[b]!;
    const bufA = stage(ra);
    removeAt(bufA, stagedIndex(ra), posOf[a]!);
    const bufB = stage(rb);
    const ib = stagedIndex(rb);
    let pb = posOf[b]!;
    if (ra === rb && posOf[a]! < pb) pb -= 1;
    removeAt(bufB, ib, pb);
    insertNear(a, ka, time);
    insertNear(b, kb, time + gapMin[a]!);
    return true;
  };

  // ---------------------------------------------------------------- ruin and recreate
  // A few related services (and their double services' partners) taken out and put back one by one where the
  // objective grows least: a jump the single moves cannot make (an order of double services that only changes
  // through orders with no schedule). Each position tried counts as one move of work.
  const checkpoint = {
    routes: new Int32Array(K * T),
    len: new Int32Array(K),
    start: new Float64Array(T),
    tard: new Float64Array(T),
    routeDist: new Float64Array(K),
    dist: 0,
    tardSum: 0,
    max: 0,
    maxTask: -1,
  };
  const saveCheckpoint = () => {
    for (let r = 0; r < K; r += 1) checkpoint.routes.set(routes[r]!.subarray(0, len[r]!), r * T);
    checkpoint.len.set(len);
    checkpoint.start.set(start);
    checkpoint.tard.set(tard);
    checkpoint.routeDist.set(routeDist);
    checkpoint.dist = totalDist;
    checkpoint.tardSum = totalTard;
    checkpoint.max = maxTard;
    checkpoint.maxTask = maxTardTask;
  };
  const restoreCheckpoint = () => {
    for (let r = 0; r < K; r += 1) {
      len[r] = checkpoint.len[r]!;
      routes[r]!.set(checkpoint.routes.subarray(r * T, r * T + len[r]!));
      place(r);
    }
    start.set(checkpoint.start);
    tard.set(checkpoint.tard);
    routeDist.set(checkpoint.routeDist);
    totalDist = checkpoint.dist;
    totalTard = checkpoint.tardSum;
    maxTard = checkpoint.max;
    maxTardTask = checkpoint.maxTask;
  };

  const removed = new Int32Array(T);
  let removedCount = 0;
  const isRemoved = new Uint8Array(T);
  const take = (t: number) => {
    if (isRemoved[t]) return;
    isRemoved[t] = 1;
    removed[removedCount] = t;
    removedCount += 1;
    const q = partner[t]!;
    if (q >= 0) take(q);
  };
  const score = new Float64Array(T);
  const byScore = Array.from({ length: T }, (_, t) => t);
  const maxDistance = Math.max(1, ...dist);
  const span = Math.max(1, ...late) - Math.min(...early);

  /** Chooses what to take out: related to a random service (place and time), a time slice, or the worst. */
  const chooseRuin = (wanted: number) => {
    let count = wanted;
    removedCount = 0;
    const kind = below(5);
    const seedTask = below(T);
    if (kind === 4) {
      // A whole route (of the seed's staff member), the shorter the likelier.
      const r = routeOf[seedTask]!;
      for (let t = 0; t < T; t += 1) score[t] = routeOf[t] === r ? rng() : 2 + rng();
      count = Math.max(count, Math.min(len[r]!, ruinMax));
    } else if (kind === 3) {
      // A slice of the day: the services starting closest to a random service's start.
      for (let t = 0; t < T; t += 1) score[t] = Math.abs(start[t]! - start[seedTask]!) + rng() * 10;
    } else if (kind === 2) {
      // The worst: the latest (tardiness) and the ones most out of their way.
      for (let t = 0; t < T; t += 1) score[t] = -(tard[t]! + rng() * 20);
    } else {
      // Related (Shaw): near in place and in window.
      const n = node[seedTask]!;
      for (let t = 0; t < T; t += 1) {
        score[t] = dist[n * N + node[t]!]! / maxDistance + Math.abs(early[t]! - early[seedTask]!) / span + (kind === 1 ? Math.abs(start[t]! - start[seedTask]!) / span : 0) + rng() * 0.3;
      }
    }
    byScore.sort((x, y) => score[x]! - score[y]!);
    for (let i = 0; i < T && removedCount < count; i += 1) take(byScore[i]!);
  };

  /** The ruin-and-recreate move; the objective after it (the answer is changed: restoreCheckpoint to refuse it). */
  const ruinAndRecreate = (count: number): number => {
    chooseRuin(count);
    for (let i = 0; i < removedCount; i += 1) {
      const t = removed[i]!;
      const r = routeOf[t]!;
      const arr = routes[r]!;
      arr.copyWithin(posOf[t]!, posOf[t]! + 1, len[r]!);
      len[r] = len[r]! - 1;
      place(r);
      routeOf[t] = -1;
      posOf[t] = -1;
      isRemoved[t] = 0;
    }
    let value = retimeAll();
    // Back in: double services first (the first half, then its partner), then by window, or at random.
    const order = Array.from(removed.subarray(0, removedCount));
    const sortKind = below(3);
    if (sortKind === 0) order.sort((x, y) => early[x]! - early[y]! || x - y);
    else if (sortKind === 1) order.sort((x, y) => late[x]! - late[y]! || x - y);
    else for (let i = order.length - 1; i > 0; i -= 1) {
      const j = below(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const t of order) {
      let bestAt = Infinity;
      let bestR = -1;
      let bestP = -1;
      const q = partner[t]!;
      const avoid = q >= 0 ? routeOf[q]! : -1;
      for (const r of staffFor[t]!) {
        if (r === avoid) continue;
        for (let p = 0; p <= len[r]!; p += 1) {
          work += 1;
          insertAt(stage(r), 0, p, t);
          const v = applyStaged(bestAt);
          if (v < bestAt) {
            bestAt = v;
            bestR = r;
            bestP = p;
          }
          undo();
          routeOf[t] = -1;
          posOf[t] = -1;
        }
      }
      if (bestR < 0) return Infinity;
      insertAt(stage(bestR), 0, bestP, t);
      value = applyStaged(Infinity);
      keep();
    }
    return value;
  };

  // Simulated annealing: RUNS independent runs from the construction, each cooling geometrically from HOT to COLD
  // over its share of the work (absolute temperatures: every instance lies on the same 100 × 100 grid); one move in
  // RUIN_EVERY is a ruin and recreate. The best answer of all runs is the answer.
  const moves = [relocate, relocate, relocate, swap, swap, cross, orOpt, movePair, reverse, exchange];
  const ruinMax = Math.max(2, Math.min(RUIN_MAX, Math.round(T * 0.12)));
  const built = routes.map((route) => route.slice());
  const builtLen = len.slice();
  let work = 0;
  let nextCheck = 0;
  search: for (let run = 0; run < RUNS; run += 1) {
    const until = run === RUNS - 1 ? workBudget : Math.floor(((run + 1) * workBudget) / RUNS);
    const from = work;
    const length = Math.max(1, until - from);
    if (run > 0) {
      for (let r = 0; r < K; r += 1) {
        routes[r]!.set(built[r]!.subarray(0, builtLen[r]!));
        len[r] = builtLen[r]!;
      }
      current = retimeAll();
    }
    let temperature = HOT;
    while (work < until) {
      if (work >= nextCheck) {
        nextCheck = work + 1024;
        if (pastCeiling()) break search;
        temperature = HOT * Math.pow(COLD / HOT, (work - from) / length);
      }
      // Accepted when value ≤ current − temperature · ln u (u uniform in (0, 1]): the Metropolis rule.
      const limit = current - temperature * Math.log(1 - rng()) + 1e-9;
      if (below(RUIN_EVERY) === 0) {
        saveCheckpoint();
        const value = ruinAndRecreate(2 + below(ruinMax - 1));
        if (value <= limit) {
          current = value;
          if (current < bestValue - 1e-9) saveBest();
        } else restoreCheckpoint();
        continue;
      }
      work += 1;
      if (!moves[below(moves.length)]!()) {
        cancelStage();
        continue;
      }
      const value = applyStaged(limit);
      if (value <= limit) {
        keep();
        current = value;
        if (current < bestValue - 1e-9) saveBest();
      } else undo();
    }
  }

  restoreBest();
  const visits: MankowskaVisit[][] = [];
  for (let r = 0; r < K; r += 1) {
    visits.push(Array.from(routes[r]!.subarray(0, len[r]!), (t) => ({ node: node[t]!, service: serviceOf[t]!, start: start[t]! })));
  }
  return {
    objective: current,
    distance: totalDist,
    tardiness: totalTard,
    maxTardiness: maxTard,
    routes: visits,
    work,
    milliseconds: Math.round(clock() - began),
    stoppedBy,
    seed,
  };
}
