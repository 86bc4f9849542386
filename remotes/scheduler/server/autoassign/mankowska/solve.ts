import type { MankowskaInstance } from './parser.js';

// Auto-assign's method adapted to the Mankowska et al. (2014) problem, where times are not fixed: each staff member
// leaves the depot at 0, serves patients inside their windows (waiting when early, tardy when late) and returns;
// double services are two tasks by two staff members, together (mind = maxd = 0) or with a least and most gap.
// Objective (theirs, λ = 1/3 each): (total distance + total tardiness + largest tardiness) / 3.
//
// Same approach as the weekly solver: construction hardest first (double services, then by the window's end),
// each task (a double service: both tasks at once) put where the objective grows least among the qualified staff
// and positions, then improvement within a time budget — every task (pair) relocated to its best place until
// nothing improves, then ruin and recreate (a few patients out, put back best first) while time is left, keeping
// the best answer. A schedule's start times are worked out by a forward pass per route, then double services'
// gaps are enforced by pushing starts later and passing again (a schedule that never settles is infeasible).
// Difference to the paper: a double service is always done by two different staff members.

type Task = { node: number; service: number; partner: number; first: boolean };
export type MankowskaResult = { objective: number; distance: number; tardiness: number; maxTardiness: number; milliseconds: number; /** Moves the search made (its work, whatever the budget). */ moves: number; routes: number[][]; starts: number[]; tasks: Task[] };

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

/**
 * How long the search goes on: `timeBudgetMs` of wall-clock time (the default, 1 s), or `workBudget` moves (a task
 * taken out and put back), which gives the same answer for the same input on any machine, busy or not.
 */
export type MankowskaBudget = { timeBudgetMs?: number; workBudget?: number; seed?: number };

export function solveMankowska(instance: MankowskaInstance, options: MankowskaBudget = {}): MankowskaResult {
  const began = performance.now();
  const rng = random(options.seed ?? 1);
  const { distance: d, processing, earliest, latest, minGap, maxGap, qualified } = instance;
  const depotEnd = instance.nodes - 1;

  // ---------------------------------------------------------------- tasks
  const tasks: Task[] = [];
  for (let node = 1; node < depotEnd; node += 1) {
    const needed = instance.requires[node]!.flatMap((yes, service) => (yes ? [service] : []));
    if (instance.doubleService.has(node) && needed.length === 2) {
      tasks.push({ node, service: needed[0]!, partner: tasks.length + 1, first: true });
      tasks.push({ node, service: needed[1]!, partner: tasks.length - 1, first: false });
    } else for (const service of needed) tasks.push({ node, service, partner: -1, first: true });
  }
  const T = tasks.length;
  const K = instance.staff;
  const staffFor = tasks.map((task) => Array.from({ length: K }, (_, k) => k).filter((k) => qualified[k]![task.service]));

  // ---------------------------------------------------------------- evaluation
  const starts = new Float64Array(T);
  const lower = new Float64Array(T);
  const routed = new Int32Array(T);
  let stamp = 0;
  const evaluate = (routes: number[][]): number => {
    lower.fill(0);
    stamp += 1;
    for (const route of routes) for (const index of route) routed[index] = stamp;
    for (let round = 0; round < 60; round += 1) {
      for (let k = 0; k < K; k += 1) {
        let time = 0;
        let previous = 0;
        for (const index of routes[k]!) {
          const task = tasks[index]!;
          const start = Math.max(time + d[previous]![task.node]!, earliest[task.node]!, lower[index]!);
          starts[index] = start;
          time = start + processing[task.node]![k]![task.service]!;
          previous = task.node;
        }
      }
      let changed = false;
      for (let index = 0; index < T; index += 1) {
        const task = tasks[index]!;
        // A pair is checked once both its tasks are in routes (a partial schedule leaves the other out).
        if (task.partner < 0 || !task.first || routed[index] !== stamp || routed[task.partner] !== stamp) continue;
        const a = starts[index]!;
        const b = starts[task.partner]!;
        if (b < a + minGap[task.node]! - 1e-9) {
          lower[task.partner] = a + minGap[task.node]!;
          changed = true;
        } else if (b > a + maxGap[task.node]! + 1e-9) {
          lower[index] = b - maxGap[task.node]!;
          changed = true;
        }
      }
      if (!changed) {
        let travel = 0;
        let total = 0;
        let worst = 0;
        for (let k = 0; k < K; k += 1) {
          const route = routes[k]!;
          if (!route.length) continue;
          let previous = 0;
          for (const index of route) {
            travel += d[previous]![tasks[index]!.node]!;
            previous = tasks[index]!.node;
          }
          travel += d[previous]![depotEnd]!;
        }
        for (let index = 0; index < T; index += 1) {
          if (routed[index] !== stamp) continue;
          const late = Math.max(0, starts[index]! - latest[tasks[index]!.node]!);
          total += late;
          worst = Math.max(worst, late);
        }
        lastParts = { distance: travel, tardiness: total, maxTardiness: worst };
        return (travel + total + worst) / 3;
      }
    }
    return Infinity;
  };
  let lastParts = { distance: 0, tardiness: 0, maxTardiness: 0 };

  // ---------------------------------------------------------------- insertion
  const where = (routes: number[][], index: number) => routes.findIndex((route) => route.includes(index));
  const takeOut = (routes: number[][], index: number) => {
    const k = where(routes, index);
    if (k >= 0) routes[k]!.splice(routes[k]!.indexOf(index), 1);
  };
  /** Puts the task (and its partner) where the objective is least; false when nowhere is feasible. */
  const insertBest = (routes: number[][], index: number): boolean => {
    const task = tasks[index]!;
    let best = Infinity;
    let choice: [number, number, number, number] | null = null;
    if (task.partner < 0) {
      for (const k of staffFor[index]!) {
        for (let pos = 0; pos <= routes[k]!.length; pos += 1) {
          routes[k]!.splice(pos, 0, index);
          const value = evaluate(routes);
          routes[k]!.splice(pos, 1);
          if (value < best) {
            best = value;
            choice = [k, pos, -1, -1];
          }
        }
      }
      if (!choice) return false;
      routes[choice[0]]!.splice(choice[1], 0, index);
      return true;
    }
    const other = task.partner;
    for (const k1 of staffFor[index]!) {
      for (const k2 of staffFor[other]!) {
        if (k1 === k2) continue;
        for (let p1 = 0; p1 <= routes[k1]!.length; p1 += 1) {
          routes[k1]!.splice(p1, 0, index);
          for (let p2 = 0; p2 <= routes[k2]!.length; p2 += 1) {
            routes[k2]!.splice(p2, 0, other);
            const value = evaluate(routes);
            routes[k2]!.splice(p2, 1);
            if (value < best) {
              best = value;
              choice = [k1, p1, k2, p2];
            }
          }
          routes[k1]!.splice(p1, 1);
        }
      }
    }
    if (!choice) return false;
    routes[choice[0]]!.splice(choice[1], 0, index);
    routes[choice[2]]!.splice(choice[3], 0, other);
    return true;
  };

  const heads = tasks.map((task, index) => ({ task, index })).filter(({ task }) => task.first);
  const order = [...heads].sort((a, b) => Number(b.task.partner >= 0) - Number(a.task.partner >= 0) || latest[a.task.node]! - latest[b.task.node]! || a.index - b.index).map(({ index }) => index);

  let routes: number[][] = Array.from({ length: K }, () => []);
  for (const index of order) if (!insertBest(routes, index)) throw new Error(`${instance.name}: no staff member can do task ${index}`);

  let moves = 0;
  const budgetLeft = () => (options.workBudget !== undefined ? moves < options.workBudget : performance.now() - began < (options.timeBudgetMs ?? 1000));
  const descend = (current: number[][]) => {
    let value = evaluate(current);
    let improved = true;
    while (improved && budgetLeft()) {
      improved = false;
      for (const index of order) {
        moves += 1;
        const saved = current.map((route) => [...route]);
        takeOut(current, index);
        if (tasks[index]!.partner >= 0) takeOut(current, tasks[index]!.partner);
        insertBest(current, index);
        const next = evaluate(current);
        if (next < value - 1e-6) {
          value = next;
          improved = true;
        } else current.splice(0, current.length, ...saved);
      }
    }
    return value;
  };

  let bestValue = descend(routes);
  let best = routes.map((route) => [...route]);
  while (budgetLeft()) {
    moves += 1;
    const trial = best.map((route) => [...route]);
    const out = new Set<number>();
    const count = 2 + Math.floor(rng() * Math.max(1, Math.min(6, order.length / 4)));
    while (out.size < Math.min(count, order.length)) out.add(order[Math.floor(rng() * order.length)]!);
    for (const index of out) {
      takeOut(trial, index);
      if (tasks[index]!.partner >= 0) takeOut(trial, tasks[index]!.partner);
    }
    const back = [...out].sort((a, b) => Number(tasks[b]!.partner >= 0) - Number(tasks[a]!.partner >= 0) || rng() - 0.5);
    if (!back.every((index) => insertBest(trial, index))) continue;
    const value = descend(trial);
    if (value < bestValue - 1e-6) {
      bestValue = value;
      best = trial;
    }
  }
  routes = best;
  const objective = evaluate(routes);
  return { objective, ...lastParts, milliseconds: Math.round(performance.now() - began), moves, routes, starts: [...starts], tasks };
}
