import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { INSTANCES, instanceRow, loadInstance } from './instances.js';
import { parseMankowska, type MankowskaInstance } from './parser.js';
import { readAnswerFile } from './run.js';
import { solveMankowska } from './solve.js';
import { earliestSchedule, verifyMankowska } from './verify.js';

// The Mankowska et al. (2014) bench (README.md): the 50 instances read as the format says, the independent verifier
// catching broken answers (and agreeing with a published solution's cost), the same answer for the same work, the
// wall-clock ceiling, and set A solved to the best known values on a small work budget. Budgets are moves, never
// time: nothing here depends on the machine's speed or load.

function objectiveOf(instance: MankowskaInstance, routes: { node: number; start: number }[][]): number {
  let distance = 0;
  let tardiness = 0;
  let largest = 0;
  for (const route of routes) {
    if (!route.length) continue;
    const stops = [0, ...route.map((visit) => visit.node), instance.nodes - 1];
    for (let i = 1; i < stops.length; i += 1) distance += instance.distance[stops[i - 1]!]![stops[i]!]!;
    for (const visit of route) {
      const lateness = Math.max(0, visit.start - instance.latest[visit.node]!);
      tardiness += lateness;
      largest = Math.max(largest, lateness);
    }
  }
  return (distance + tardiness + largest) / 3;
}

test('the parser reads all 50 instances of sets A–E', () => {
  assert.equal(INSTANCES.length, 50);
  const sizes: Record<string, [number, number]> = { A: [10, 3], B: [25, 5], C: [50, 10], D: [75, 15], E: [100, 20] };
  for (const row of INSTANCES) {
    const instance = loadInstance(row.label);
    const [patients, staff] = sizes[row.label[0]!]!;
    assert.equal(instance.nodes, patients + 2, row.label);
    assert.equal(instance.staff, staff, row.label);
    assert.equal(row.patients, patients);
    assert.equal(instance.distance.length, instance.nodes);
    assert.equal(instance.processing.length, instance.nodes);
    assert.equal(instance.latest.length, instance.nodes);
    assert.ok(instance.doubleService.size > 0, row.label);
    for (const patient of instance.doubleService) assert.equal(instance.requires[patient]!.filter(Boolean).length, 2, `${row.label} node ${patient + 1}`);
    // The lower bounds are rounded to one decimal (A1: 218.2 against 218.199).
    assert.ok(row.bestKnown <= row.mankowska2014 && row.bestKnown >= row.lowerBound - 0.05, row.label);
  }
  const a3 = loadInstance('A3');
  assert.deepEqual([...a3.doubleService].sort((a, b) => a - b), [8, 9, 10]);
  assert.equal(a3.distance[0]![1], 39.20459);
  assert.equal(a3.processing[1]![2]![5], 16);
  assert.equal(a3.latest[11], 1000);
  assert.deepEqual([a3.minGap[9], a3.maxGap[9]], [2, 4]);
  assert.throws(() => parseMankowska('broken', 'nbNodes\n3\nnbServi\n1\n'), /expected "nbVehi"/);
});

test('the verifier passes a right answer and catches broken ones', () => {
  const a3 = loadInstance('A3');
  const result = solveMankowska(a3, { work: 5_000 });
  assert.deepEqual(verifyMankowska(a3, result), []);
  const routes = result.routes;
  const copy = () => routes.map((route) => route.map((visit) => ({ ...visit })));

  const dropped = copy();
  dropped[0]!.shift();
  assert.match(verifyMankowska(a3, { ...result, routes: dropped }).join(), /done 0 times/);

  // Staff 1 (index 0) does services 1–3 only: give them all of staff 2's.
  const wrong = copy();
  wrong[0]!.push(...wrong[1]!);
  wrong[1] = [];
  assert.match(verifyMankowska(a3, { ...result, routes: wrong }).join(), /not qualified/);

  // Node 10 (index 9) needs services 2 and 6 together within [2, 4]: push the second one's start far out.
  const gap = copy();
  const second = gap.flat().find((visit) => visit.node === 9 && visit.service === 5)!;
  second.start += 1000;
  assert.match(verifyMankowska(a3, { ...result, routes: gap }).join(), /double service at node 10: gap/);

  const early = copy();
  const firstVisit = early.find((route) => route.length)![0]!;
  firstVisit.start = 0;
  assert.match(verifyMankowska(a3, { ...result, routes: early }).join(), /cannot start|before its window/);

  assert.match(verifyMankowska(a3, { ...result, objective: result.objective - 1 }).join(), /objective .* claimed, the starts give/);

  // Starts later than they need be, the objective of those starts claimed: feasible, but not the routes' best.
  const late = copy();
  for (const route of late) for (const visit of route) visit.start += 50;
  const delayed = verifyMankowska(a3, { objective: objectiveOf(a3, late), routes: late });
  assert.deepEqual(delayed.filter((problem) => !/earliest schedule gives/.test(problem)), []);
  assert.match(delayed.join(), /the routes' earliest schedule gives/);

  // One staff member doing both halves of a double service (node 9, services 4 and 5: staff 2 may do both).
  const both = copy();
  const k4 = both.findIndex((route) => route.some((visit) => visit.node === 8 && visit.service === 3));
  const k5 = both.findIndex((route) => route.some((visit) => visit.node === 8 && visit.service === 4));
  const half = both[k5]!.find((visit) => visit.node === 8 && visit.service === 4)!;
  both[k5] = both[k5]!.filter((visit) => visit !== half);
  both[k4]!.push(half);
  assert.match(verifyMankowska(a3, { ...result, routes: both }).join(), /by one staff member/);
});

test('the verifier finds routes whose order contradicts the double services and agrees with a published solution', () => {
  // Node 9 (index 8, together) and node 10 (index 9, within [2, 4]) in opposite orders on two routes (the schedule
  // alone: qualifications aside).
  const a3 = loadInstance('A3');
  const crossed = [[], [{ node: 8, service: 3 }, { node: 9, service: 5 }], [{ node: 9, service: 1 }, { node: 8, service: 4 }]];
  assert.equal(earliestSchedule(a3, crossed), null);

  // Kummer Neto, Buriol & Araújo's BRKGA solution to B6 (GECCO 2020, afkummer/gecco2020-brkga, MIT licence,
  // solutions/routes/solution-25-6-1.txt), stated there as cost 472.02, distance 977.996, tardiness 294.755, largest
  // 143.311: the verifier works out the same values from its routes alone. [node, service], 0-based.
  const b6 = loadInstance('B6');
  const published = [
    [[16, 0], [25, 1], [5, 1], [22, 0], [2, 0], [3, 2], [4, 0], [13, 0], [24, 2], [23, 2], [15, 1], [12, 2], [1, 1]],
    [],
    [[6, 5], [25, 3], [20, 4], [18, 3], [21, 4], [9, 4], [19, 3], [24, 5], [23, 3]],
    [[11, 4], [17, 5], [20, 5], [19, 5], [14, 3]],
    [[22, 4], [7, 5], [8, 4], [18, 4], [21, 5], [10, 5]],
  ].map((route) => route.map(([node, service]) => ({ node: node!, service: service! })));
  const schedule = earliestSchedule(b6, published)!;
  assert.equal(schedule.objective.toFixed(2), '472.02');
  assert.equal(schedule.distance.toFixed(3), '977.996');
  assert.equal(schedule.tardiness.toFixed(3), '294.755');
  assert.equal(schedule.maxTardiness.toFixed(3), '143.311');
  const answer = { objective: schedule.objective, routes: published.map((route, k) => route.map((visit, i) => ({ ...visit, start: schedule.starts[k]![i]! }))) };
  assert.deepEqual(verifyMankowska(b6, answer), []);
});

test('the same instance, seed and work give the same answer', () => {
  const b3 = loadInstance('B3');
  const one = solveMankowska(b3, { work: 40_000, seed: 7 });
  const two = solveMankowska(b3, { work: 40_000, seed: 7 });
  assert.equal(one.stoppedBy, 'work');
  assert.equal(one.work, 40_000);
  assert.equal(two.objective, one.objective);
  assert.deepEqual(two.routes, one.routes);
  assert.deepEqual(verifyMankowska(b3, one), []);
});

test('the wall-clock ceiling stops a long run, and the construction', () => {
  const e1 = loadInstance('E1');
  // A clock that moves 10 ms each time it is read: the ceiling of 200 ms comes after about 20 readings, long
  // before the 2,000,000 moves asked for (which a run without the ceiling would do, and fail here).
  let now = 0;
  const ticking = () => (now += 10);
  const long = solveMankowska(e1, { work: 2_000_000, ceilingMs: 200, clock: ticking });
  assert.equal(long.stoppedBy, 'ceiling');
  assert.ok(long.work > 0 && long.work < 100_000, String(long.work));
  assert.deepEqual(verifyMankowska(e1, long), []);

  // Past the ceiling from the first reading on: the construction finishes the quick way (the rest to the first
  // qualified staff members), so its answer is worse than the full construction's, and there is no search.
  const built = solveMankowska(e1, { work: 0 });
  assert.equal(built.stoppedBy, 'work');
  let first = true;
  const late = () => (first ? ((first = false), 0) : 1e9);
  const rushed = solveMankowska(e1, { work: 2_000_000, ceilingMs: 1000, clock: late });
  assert.equal(rushed.stoppedBy, 'ceiling');
  assert.equal(rushed.work, 0);
  assert.ok(rushed.objective > built.objective, `${rushed.objective} against ${built.objective}`);
  assert.deepEqual(verifyMankowska(e1, rushed), []);
});

// Within 0.05 %: the best known values of A2, A5, A8 and A10 are Mankowska et al.'s, rounded to one decimal
// (A5: 189.5, where Ceschia et al. give 189.543).
test('set A reaches the best known values (to their rounding, 0.05 %) on 60,000 moves each', () => {
  for (const row of INSTANCES.filter((item) => item.label.startsWith('A'))) {
    const instance = loadInstance(row.label);
    const result = solveMankowska(instance, { work: 60_000 });
    assert.deepEqual(verifyMankowska(instance, result), [], row.label);
    const gap = (result.objective - row.bestKnown) / row.bestKnown;
    assert.ok(gap <= 0.0005, `${row.label}: ${result.objective} against ${row.bestKnown}`);
  }
});

test('the stored answers below the best known values pass the verifier at their stated objective', () => {
  const folder = fileURLToPath(new URL('./solutions/', import.meta.url));
  const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
  assert.ok(files.length >= 10);
  for (const name of files) {
    const answer = readAnswerFile(readFileSync(`${folder}${name}`, 'utf8'));
    const instance = loadInstance(answer.label);
    assert.deepEqual(verifyMankowska(instance, answer), [], name);
    assert.ok(answer.objective < instanceRow(answer.label).bestKnown, name);
  }
});
