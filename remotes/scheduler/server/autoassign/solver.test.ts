import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkReport, checkSolution } from './checker.js';
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
  latenessHard: true,
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
  assert.match(solution.unassigned[0]!.reason, /2 unable to travel there from their visit before or on to their visit after within the 0-minute window/);
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
  assert.equal(solution.metrics.stoppedBy, 'converged');
  assert.deepEqual(checkSolution(p, solution.assignments), []);
  const baseline = greedyBaseline(p);
  assert.deepEqual(checkSolution(p, baseline.assignments), []);
  // Continuity costs some travel, and so now and then a position the nearest-carer greedy fills: within 2 %.
  assert.ok(solution.metrics.unassigned <= baseline.metrics.unassigned * 1.02 + 2, `${solution.metrics.unassigned} vs ${baseline.metrics.unassigned}`);
  assert.ok(solution.metrics.continuityPercent > baseline.metrics.continuityPercent + 10);
  assert.equal(solution.metrics.assigned + solution.metrics.unassigned, p.visits.reduce((sum, v) => sum + v.carersNeeded, 0));
  // Lateness carried over the carers' days: none beyond the window (refused), by the solver's count and the checker's.
  assert.deepEqual(solution.metrics.late, { lateVisits: 0, maxLateMinutes: 0 });
  assert.deepEqual(checkReport(p, solution.assignments).late, { lateVisits: 0, maxLateMinutes: 0 });
});

// ---------------------------------------------------------------- issue 29

const at = (minutes: number) => hm(0, '09:00') + minutes;
const hop = Math.ceil(((6371.0088 * 2 * Math.asin(Math.sqrt(Math.sin(((B.latitude - A.latitude) * Math.PI) / 360) ** 2 + Math.cos((A.latitude * Math.PI) / 180) * Math.cos((B.latitude * Math.PI) / 180) * Math.sin(((B.longitude - A.longitude) * Math.PI) / 360) ** 2)) * 1.3) / 30) * 60);

test('issue 29: lateness carries over a carer’s day: each hop within the window, the day beyond it is refused; warned and counted when set', () => {
  // Back to back, A → B → A → B: each hop needs `hop` minutes (within a 3-minute window each), together they run on.
  const day = [0, 1, 2, 3].map((index) => ({ ...visit(index + 1, '09:00', '09:30', { place: index % 2 ? B : A }), start: at(30 * index), end: at(30 * index + 30) }));
  const window = hop + 1;
  assert.ok(2 * hop > window && hop <= window, `a hop of ${hop} minutes`);
  // Two carers: the second is far from everyone's home (the cost prefers the first), so the refusal is the day's.
  const p = problem(day, [carer(10), carer(11, { home: FAR })], { punctualityMinutes: window });
  const solution = solve(p);
  assert.equal(solution.unassigned.length, 0);
  assert.deepEqual(checkReport(p, solution.assignments).late, { lateVisits: 0, maxLateMinutes: 0 });
  // One carer only: two visits in a row is fine, the third would be reached 2 × hop minutes late (the fourth, at the
  // second's place, is reached on time once the third is left out).
  const alone = problem(day, [carer(10)], { punctualityMinutes: window });
  const refused = solve(alone);
  assert.deepEqual(refused.unassigned.map((item) => item.visitId), [3]);
  assert.equal(refused.unassigned[0]!.reason, `No carer for Client 3 10:00–10:30 on 2026-11-30: 1 would arrive more than ${window} minutes late, their earlier visits that day running on.`);
  assert.deepEqual(checkSolution(alone, refused.assignments), []);
  // The checker, on its own, refuses a day that runs on.
  assert.deepEqual(checkSolution(alone, day.map((item) => ({ visitId: item.id, carerId: 10 }))).map((item) => item.rule), ['lateness', 'lateness']);
  // Set to warn: all four assigned, the lateness counted by the solver and by the checker.
  const warned = { ...alone, latenessHard: false };
  const warnedAnswer = solve(warned);
  assert.equal(warnedAnswer.unassigned.length, 0);
  assert.equal(warnedAnswer.metrics.late.lateVisits, 2);
  assert.ok(warnedAnswer.metrics.late.maxLateMinutes > window);
  assert.equal(checkReport(warned, warnedAnswer.assignments).late.lateVisits, 2);
  assert.deepEqual(checkSolution(warned, warnedAnswer.assignments), []);
});

test('issue 29: a visit that would make a later visit of the day late is refused, with that reason', () => {
  // The carer's own visits (fixed): 09:30 at B then 10:00 at A, back to back. A new visit 09:00–09:30 at A delays
  // 09:30 by one hop (allowed) and so 10:00 by two (beyond the window).
  const window = hop + 1;
  const fixed = [
    { ...visit(2, '09:30', '10:00', { place: B, fixedCarerIds: [10] }) },
    { ...visit(3, '10:00', '10:30', { place: A, fixedCarerIds: [10] }) },
  ];
  const p = problem([visit(1, '09:00', '09:30', { place: A }), ...fixed], [carer(10)], { punctualityMinutes: window });
  const solution = solve(p);
  assert.equal(solution.unassigned.length, 1);
  assert.match(solution.unassigned[0]!.reason, /No carer for Client 1 09:00–09:30 on 2026-11-30: 1 would then reach a later visit of their day more than \d+ minutes late\./);
  // The checker blames the added visit for the later one's lateness.
  assert.deepEqual(checkSolution(p, [{ visitId: 1, carerId: 10 }]).map((item) => `${item.visitId}:${item.rule}`), ['1:lateness']);
});

test('issue 29: on "warn" the 11 hours’ daily rest costs: another carer is taken when one fits; breaches counted alike by solver and checker', () => {
  const late = { ...visit(1, '21:00', '22:00'), day: 0 };
  const early = { ...visit(2, '07:00', '08:00'), day: 1, start: hm(1, '07:00'), end: hm(1, '08:00') };
  // Carer 10 is the client's regular for both (continuity pulls both to them); 11 is free.
  const history = new Map([
    [1, new Map([[10, 5]])],
    [2, new Map([[10, 5]])],
  ]);
  const two = solve(problem([late, early], [carer(10), carer(11)], { history }));
  assert.notEqual(carerOf(two, 1)[0], carerOf(two, 2)[0], 'the two visits go to different carers');
  assert.deepEqual(two.metrics.wtr, { restBreaches: 0, carers: 0, shortestRestMinutes: null, breakBreaches: 0, weeklyBreaches: 0 });
  // One carer: both assigned (a warning, not a refusal), the breach counted with the rest it leaves (9 hours).
  const p = problem([late, early], [carer(10)], { history });
  const one = solve(p);
  assert.equal(one.unassigned.length, 0);
  assert.deepEqual(one.metrics.wtr, { restBreaches: 1, carers: 1, shortestRestMinutes: 540, breakBreaches: 0, weeklyBreaches: 0 });
  assert.deepEqual(checkReport(p, one.assignments).wtr, one.metrics.wtr);
  // On "refuse": none.
  const hard = solve({ ...p, wtrHard: true });
  assert.equal(hard.unassigned.length, 1);
  assert.equal(hard.metrics.wtr.restBreaches, 0);
});

test('issue 29: the same input and seed give the same answer; the work budget, not the clock, decides it', () => {
  const p = scaleProblem({ visits: 600, carers: 15, seed: 3 });
  // A clock that races (as on a loaded machine) changes nothing while under the ceiling.
  let tick = 0;
  const racing = () => (tick += 5);
  const first = solve(p, { workBudget: 3_000, seed: 9 });
  const second = solve(p, { workBudget: 3_000, seed: 9, now: racing, timeBudgetMs: 1e12 });
  assert.deepEqual(second.assignments, first.assignments);
  assert.deepEqual(second.unassigned, first.unassigned);
  assert.equal(second.metrics.moves, first.metrics.moves);
  assert.ok(['work', 'converged'].includes(first.metrics.stoppedBy));
});

test('issue 29: a tiny ceiling stops construction too: the answer is valid and the visits not reached say so', () => {
  const p = scaleProblem({ visits: 300, carers: 10, seed: 5 });
  // The clock moves a millisecond each time it is read: the ceiling of 40 ms falls during construction.
  let tick = 0;
  const solution = solve(p, { timeBudgetMs: 40, now: () => (tick += 1) });
  assert.equal(solution.metrics.stoppedBy, 'ceiling');
  assert.ok(solution.assignments.length > 0 && solution.assignments.length < 250, `${solution.assignments.length} placed`);
  assert.deepEqual(checkSolution(p, solution.assignments), []);
  const notTried = solution.unassigned.filter((item) => /not tried, auto-assign reached its time ceiling \(40 ms\) before this visit/.test(item.reason));
  assert.ok(notTried.length > 0);
  assert.equal(solution.metrics.assigned + solution.metrics.unassigned, p.visits.reduce((sum, v) => sum + v.carersNeeded, 0));
});

test('issue 29: reasons tell the truth: no carer the reason calls unable could take the visit without a hard break', () => {
  const p = scaleProblem({ visits: 1500, carers: 30, seed: 7 });
  const solution = solve(p, { workBudget: 20_000 });
  assert.ok(solution.unassigned.length > 10);
  for (const item of solution.unassigned.slice(0, 12)) {
    assert.doesNotMatch(item.reason, /free but not tried|busy/);
    const visit = p.visits.find((candidate) => candidate.id === item.visitId)!;
    const taken = new Set(solution.assignments.filter((a) => a.visitId === item.visitId).map((a) => a.carerId));
    for (const candidate of p.carers) {
      if (taken.has(candidate.id)) continue;
      const breaks = checkSolution(p, [...solution.assignments, { visitId: visit.id, carerId: candidate.id }]);
      assert.ok(breaks.length > 0, `carer ${candidate.id} could take visit ${visit.id}: ${item.reason}`);
    }
  }
});
