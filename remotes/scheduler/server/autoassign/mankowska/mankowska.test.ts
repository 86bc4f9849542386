import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseMankowska } from './parser.js';
import { loadInstance, REFERENCE, verifyMankowska } from './run.js';
import { solveMankowska } from './solve.js';

// The Mankowska instances: parsed as the format says, solved to the reference on the small one, and the
// independent verification catching a broken answer.

test('the parser reads the blocks of an instance', () => {
  const instance = loadInstance('InstanzCPLEX_HCSRP_10_3');
  assert.equal(instance.nodes, 12);
  assert.equal(instance.staff, 3);
  assert.deepEqual([...instance.doubleService].sort((a, b) => a - b), [8, 9, 10]);
  assert.equal(instance.distance[0]![1], 39.20459);
  assert.equal(instance.processing[1]![2]![5], 16);
  assert.equal(instance.latest[11], 1000);
  assert.throws(() => parseMankowska('broken', 'nbNodes\n3\nnbServi\n1\n'), /expected "nbVehi"/);
});

test('A3 (10 patients) solved to the best known value; B3 within 10 %', () => {
  const a3 = loadInstance('InstanzCPLEX_HCSRP_10_3');
  // Budgets in moves, not milliseconds: the same answer on a busy machine as on an idle one.
  const result = solveMankowska(a3, { workBudget: 2000 });
  assert.deepEqual(verifyMankowska(a3, result), []);
  assert.ok(result.objective <= REFERENCE.InstanzCPLEX_HCSRP_10_3!.value + 0.05, String(result.objective));
  assert.ok(Math.abs(result.objective - (result.distance + result.tardiness + result.maxTardiness) / 3) < 1e-9);
  const b3 = loadInstance('InstanzCPLEX_HCSRP_25_3');
  const b = solveMankowska(b3, { workBudget: 300 });
  assert.deepEqual(verifyMankowska(b3, b), []);
  assert.ok(b.objective <= REFERENCE.InstanzCPLEX_HCSRP_25_3!.value * 1.1, String(b.objective));
});

test('the verification catches a missing task, a wrong staff member and a broken double service', () => {
  const a3 = loadInstance('InstanzCPLEX_HCSRP_10_3');
  const result = solveMankowska(a3, { workBudget: 500 });
  const dropped = { ...result, routes: result.routes.map((route, k) => (k === 0 ? route.slice(1) : route)) };
  assert.match(verifyMankowska(a3, dropped).join(), /not done/);
  // Staff 1 (index 0) does services 1–3 only: give them everything of staff 2.
  const wrong = { ...result, routes: [[...result.routes[0]!, ...result.routes[1]!], [], result.routes[2]!] };
  assert.match(verifyMankowska(a3, wrong).join(), /not qualified/);
  const pair = result.tasks.findIndex((task) => task.partner >= 0 && task.first);
  const starts = [...result.starts];
  starts[result.tasks[pair]!.partner] = starts[pair]! + 1000;
  assert.match(verifyMankowska(a3, { ...result, starts }).join(), /double service at node \d+: gap/);
});
