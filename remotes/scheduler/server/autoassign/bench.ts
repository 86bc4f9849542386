import { checkSolution } from './checker.js';
import { scaleProblem } from './generator.js';
import { greedyBaseline, solve, TRAVEL_FIRST } from './solver.js';
import type { Metrics } from './problem.js';

// The auto-assign benchmark (node --import tsx server/autoassign/bench.ts, from remotes/scheduler): one branch's week
// of 10,000 visits and 200 carers, solved within 5 s on two cores, verified by the independent checker (0 hard
// breaks required), against the plain greedy baseline. Then the Mankowska et al. (2014) instances (./mankowska/).

const BUDGET_MS = 5000;

function row(name: string, metrics: Metrics, breaks: number): string {
  return [
    name.padEnd(10),
    String(metrics.milliseconds).padStart(7),
    String(metrics.assigned).padStart(9),
    String(metrics.unassigned).padStart(11),
    `${metrics.continuityPercent.toFixed(1)}%`.padStart(11),
    metrics.carersPerClient.toFixed(2).padStart(9),
    String(metrics.travelMinutes).padStart(11),
    `${metrics.loadSpreadPercent.toFixed(1)}%`.padStart(8),
    String(breaks).padStart(7),
  ].join(' ');
}

async function main(): Promise<void> {
  const generated = performance.now();
  const problem = scaleProblem({ visits: 10_000, carers: 200, seed: 42 });
  const positions = problem.visits.reduce((sum, visit) => sum + visit.carersNeeded, 0);
  console.log(`Scale problem: ${problem.visits.length} visits (${positions} carer positions, ${problem.visits.filter((v) => v.carersNeeded === 2).length} double-ups, ${problem.visits.filter((v) => v.medication).length} with medication), ${problem.carers.length} carers, one week; generated in ${Math.round(performance.now() - generated)} ms`);

  const baseline = greedyBaseline(problem);
  const baselineBreaks = checkSolution(problem, baseline.assignments);
  const started = performance.now();
  const solution = solve(problem, { timeBudgetMs: 2500 });
  const solveMs = Math.round(performance.now() - started);
  const checked = performance.now();
  const breaks = checkSolution(problem, solution.assignments);
  const checkMs = Math.round(performance.now() - checked);

  console.log('');
  console.log(`${'method'.padEnd(10)} ${'ms'.padStart(7)} ${'assigned'.padStart(9)} ${'unassigned'.padStart(11)} ${'continuity'.padStart(11)} ${'carers/cl'.padStart(9)} ${'travel min'.padStart(11)} ${'spread'.padStart(8)} ${'breaks'.padStart(7)}`);
  console.log(row('greedy', baseline.metrics, baselineBreaks.length));
  console.log(row('auto', solution.metrics, breaks.length));
  const travelFirst = solve(problem, { timeBudgetMs: 2500, weights: TRAVEL_FIRST });
  console.log(row('travel-1st', travelFirst.metrics, checkSolution(problem, travelFirst.assignments).length));
  console.log('');
  console.log(`Auto-assign: ${solveMs} ms (budget ${BUDGET_MS} ms), checker ${checkMs} ms, hard-rule breaks: ${breaks.length}`);
  const reasons = solution.unassigned.slice(0, 3).map((item) => `  - ${item.reason}`);
  if (reasons.length) console.log(`Unassigned, e.g.:\n${reasons.join('\n')}`);
  if (breaks.length) console.log(breaks.slice(0, 5));
  let failed = breaks.length > 0 || solveMs >= BUDGET_MS;

  const { runMankowska } = await import('./mankowska/run.js');
  failed = !(await runMankowska()) || failed;
  if (failed) process.exitCode = 1;
}

await main();
