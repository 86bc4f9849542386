import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSolution } from './checker.js';
import { scaleProblem } from './generator.js';
import type { Problem, ProblemCarer, ProblemVisit } from './problem.js';
import { greedyBaseline, solve } from './solver.js';

// The solver on small problems whose best answer is known, and the independent checker catching breaks injected
// into an answer.

const DAY = Date.parse('2026-11-30T00:00:00Z') / 60_000; // Monday, UK winter: wall-clock is UTC
const hm = (day: number, hhmm: string) => DAY + day * 1440 + Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const A = { latitude: 51.54, longitude: -0.14 };
const B = { latitude: 51.545, longitude: -0.145 }; // about 650 m from A
const FAR = { latitude: 51.64, longitude: -0.14 }; // 11 km north

const carer = (id: number, extra: Partial<ProblemCarer> = {}): ProblemCarer => ({
  id,
  name: `Carer ${id}`,
  gender: 'female',
  home: A,
  windows: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ start: hm(day, '07:00'), end: hm(day, '22:00') })),
  rosterable: true,
  lapsesAt: null,
  trainingOk: true,
  medication: true,
  capMinutes: null,
  maxMinutes: null,
  maxTravelKm: null,
  contractedMinutes: 37 * 60,
  optedOut: false,
  priorMinutes: 0,
  priorWeeks: 0,
  ...extra,
});
const visit = (id: number, from: string, to: string, extra: Partial<ProblemVisit> = {}): ProblemVisit => ({
  id,
  clientId: id,
  clientName: `Client ${id}`,
  day: 0,
  start: hm(0, from),
  end: hm(0, to),
  place: A,
  carersNeeded: 1,
  medication: false,
  fixedCarerIds: [],
  gender: null,
  declinedCarerIds: [],
  preferredCarerIds: [],
  ...extra,
});
const problem = (visits: ProblemVisit[], carers: ProblemCarer[], extra: Partial<Problem> = {}): Problem => ({
  visits,
  carers,
  travel: { speedKmh: 30, roadFactorPercent: 130 },
  punctualityMinutes: 0,
  wtrHard: false,
  history: new Map(),
  ...extra,
});
const carerOf = (solution: ReturnType<typeof solve>, visitId: number) => solution.assignments.filter((item) => item.visitId === visitId).map((item) => item.carerId).sort();

test('the hard rules decide who may go: medication, gender, declined, availability, compliance', () => {
  const p = problem(
    [visit(1, '09:00', '09:30', { medication: true }), visit(2, '11:00', '11:30', { gender: 'male' }), visit(3, '13:00', '13:30', { declinedCarerIds: [10] }), visit(4, '23:00', '23:30')],
    [carer(10, { medication: false }), carer(11, { gender: 'male', rosterable: true }), carer(12, { rosterable: false })],
  );
  const solution = solve(p);
  assert.deepEqual(carerOf(solution, 1), [11], 'only 11 has medication competence');
  assert.deepEqual(carerOf(solution, 2), [11]);
  assert.deepEqual(carerOf(solution, 3), [11]);
  assert.deepEqual(carerOf(solution, 4), [], 'nobody works at 23:00');
  assert.equal(solution.unassigned.length, 1);
  assert.match(solution.unassigned[0]!.reason, /No carer for Client 4 23:00–23:30 on 2026-11-30: 2 not available then, 1 not rosterable/);
  assert.deepEqual(checkSolution(p, solution.assignments), []);
});

test('a carer whose right to work ends mid-week gets visits up to its last day only; the checker flags one after', () => {
  const wednesday = (id: number) => ({ ...visit(id, '09:00', '09:30'), day: 2, start: hm(2, '09:00'), end: hm(2, '09:30') });
  // Carer 12's last day is Tuesday: from Wednesday 00:00 they may not work.
  const p = problem([visit(1, '09:00', '09:30'), wednesday(2)], [carer(12, { lapsesAt: hm(2, '00:00') })]);
  const solution = solve(p);
  assert.deepEqual(carerOf(solution, 1), [12]);
  assert.deepEqual(carerOf(solution, 2), []);
  assert.match(solution.unassigned[0]!.reason, /on 2026-12-02: 1 not rosterable/);
  assert.deepEqual(checkSolution(p, solution.assignments), []);
  assert.deepEqual(checkSolution(p, [{ visitId: 2, carerId: 12 }]).map((item) => `${item.rule}: ${item.detail}`), ['compliance: after a check that blocks rostering lapses (right to work, DBS)']);
});

test('a double-up gets two different carers; travel between visits is respected', () => {
  const p = problem([visit(1, '09:00', '10:00', { carersNeeded: 2 }), visit(2, '10:05', '10:35', { place: FAR })], [carer(10), carer(11)]);
  const solution = solve(p);
  assert.deepEqual(carerOf(solution, 1), [10, 11]);
  // 11 km at 30 km/h × 1.3 is about 29 minutes: nobody from the double-up reaches visit 2 by 10:05.
  assert.deepEqual(carerOf(solution, 2), []);
  assert.match(solution.unassigned[0]!.reason, /2 busy with other visits or unable to get there in time/);
  // With a punctuality window of 30 minutes it can be reached.
  assert.equal(solve({ ...p, punctualityMinutes: 30 }).unassigned.length, 0);
});

test('difficulty first: the scarce carer is kept for the visit only they can do (greedy in time order is not)', () => {
  // 10 is the only one with medication competence; the 09:00 visit needs no medication, the 09:10 one does.
  const p = problem([visit(1, '09:00', '09:45'), visit(2, '09:10', '09:40', { medication: true })], [carer(10), carer(11, { medication: false, home: FAR })]);
  const solution = solve(p);
  assert.deepEqual(carerOf(solution, 2), [10]);
  assert.deepEqual(carerOf(solution, 1), [11]);
  assert.equal(solution.unassigned.length, 0);
  // The baseline takes visits in time order and gives visit 1 to the nearest carer, 10: visit 2 is left.
  const baseline = greedyBaseline(p);
  assert.equal(baseline.unassigned.length, 1);
});

test('continuity: the client’s regular carer wins between equals; the visa cap holds', () => {
  const p = problem([visit(1, '09:00', '09:30', { clientId: 7 }), visit(2, '12:00', '12:30', { clientId: 7, place: B })], [carer(10), carer(11)], { history: new Map([[7, new Map([[11, 5]])]]) });
  const solution = solve(p);
  assert.deepEqual(carerOf(solution, 1), [11]);
  assert.deepEqual(carerOf(solution, 2), [11]);
  assert.equal(solution.metrics.continuityPercent, 100);
  const capped = problem([visit(1, '09:00', '10:00'), visit(2, '11:00', '12:00')], [carer(10, { capMinutes: 60 })]);
  assert.equal(solve(capped).unassigned.length, 1);
  assert.match(solve(capped).unassigned[0]!.reason, /1 at their visa’s weekly hours/);
});

test('Working Time Regulations refuse when set: no 6 hours without a break, 11 hours of daily rest', () => {
  const long = [visit(1, '07:00', '10:00'), visit(2, '10:00', '13:30'), { ...visit(3, '21:00', '22:00'), day: 0 }, { ...visit(4, '07:00', '07:30'), day: 1, start: hm(1, '07:00'), end: hm(1, '07:30') }];
  const soft = solve(problem(long, [carer(10)]));
  assert.equal(soft.unassigned.length, 0, 'only warned');
  const hard = problem(long, [carer(10)], { wtrHard: true });
  const solution = solve(hard);
  assert.equal(solution.unassigned.length, 2, JSON.stringify(solution.unassigned));
  assert.deepEqual(checkSolution(hard, solution.assignments), []);
  assert.ok(checkSolution(hard, soft.assignments).some((item) => item.rule === 'wtr-break'));
  assert.ok(checkSolution(hard, soft.assignments).some((item) => item.rule === 'wtr-daily-rest'));
});

test('the checker catches every kind of break injected into an answer', () => {
  const p = problem(
    [visit(1, '09:00', '10:00', { medication: true }), visit(2, '09:30', '10:30'), visit(3, '10:05', '10:30', { place: FAR }), visit(4, '12:00', '13:00', { gender: 'male', declinedCarerIds: [10] }), visit(5, '23:00', '23:30'), visit(6, '14:00', '15:00', { carersNeeded: 2 })],
    [carer(10, { medication: false, capMinutes: 60 }), carer(11)],
  );
  const rules = (assignments: { visitId: number; carerId: number }[]) => checkSolution(p, assignments).map((item) => item.rule).sort();
  assert.deepEqual(rules([{ visitId: 1, carerId: 10 }]), ['medication-competence']);
  assert.deepEqual(rules([{ visitId: 1, carerId: 11 }, { visitId: 2, carerId: 11 }]), ['overlap']);
  assert.deepEqual(rules([{ visitId: 1, carerId: 11 }, { visitId: 3, carerId: 11 }]), ['overlap'], 'no time to travel 11 km');
  assert.deepEqual(rules([{ visitId: 4, carerId: 10 }]), ['declined', 'gender']);
  assert.deepEqual(rules([{ visitId: 5, carerId: 11 }]), ['availability']);
  assert.deepEqual(rules([{ visitId: 6, carerId: 11 }, { visitId: 6, carerId: 11 }]), ['double-up']);
  assert.deepEqual(rules([{ visitId: 2, carerId: 10 }, { visitId: 6, carerId: 10 }]), ['visa-hours']);
  assert.deepEqual(rules([{ visitId: 2, carerId: 11 }, { visitId: 6, carerId: 11 }, { visitId: 6, carerId: 10 }]), []);
});

test('a scale problem: no hard break, far better continuity than the greedy baseline, about as many positions filled', () => {
  const p = scaleProblem({ visits: 1500, carers: 30, seed: 7 });
  // A budget in moves, not milliseconds: the search runs to its end (about 7,000 moves) on any machine, busy or not.
  const solution = solve(p, { workBudget: 20_000 });
  assert.deepEqual(solve(p, { workBudget: 20_000 }).assignments, solution.assignments, 'the same input gives the same answer');
  assert.deepEqual(checkSolution(p, solution.assignments), []);
  const baseline = greedyBaseline(p);
  assert.deepEqual(checkSolution(p, baseline.assignments), []);
  // Continuity costs some travel, and so now and then a position the nearest-carer greedy fills: within 2 %.
  assert.ok(solution.metrics.unassigned <= baseline.metrics.unassigned * 1.02 + 2, `${solution.metrics.unassigned} vs ${baseline.metrics.unassigned}`);
  assert.ok(solution.metrics.continuityPercent > baseline.metrics.continuityPercent + 10);
  assert.equal(solution.metrics.assigned + solution.metrics.unassigned, p.visits.reduce((sum, v) => sum + v.carersNeeded, 0));
});
