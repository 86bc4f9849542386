import { isDeepStrictEqual } from 'node:util';
import { checkReport } from './checker.js';
import { scaleProblem } from './generator.js';
import { DEFAULT_WORK_BUDGET, greedyBaseline, solve, TRAVEL_FIRST } from './solver.js';
import type { Problem, Solution } from './problem.js';

// The auto-assign benchmark (node --import tsx server/autoassign/bench.ts, from remotes/scheduler): one branch's week
// of 10,000 visits and 200 carers, solved with the default work budget (moves, not time: the answer does not depend
// on the machine's load) under a wall-clock ceiling, verified by the independent checker (0 hard breaks required),
// against the plain greedy baseline. Each answer's carers' days are simulated by the checker (each visit its
// commissioned length, lateness carried over): visits reached beyond the punctuality window, and the Working Time
// Regulations breaches (11 hours' daily rest, 20-minute break, 48-hour average). The solver runs twice: the answers
// must be identical. Then the same week with the Working Time Regulations refusing, and the Mankowska et al. (2014)
// instances (./mankowska/).

const CEILING_MS = 60_000;
const cpu = () => process.cpuUsage().user / 1000;

type Row = { name: string; solution: Solution; problem: Problem; wallMs: number; cpuMs: number };

function row({ name, solution, problem, wallMs, cpuMs }: Row): string {
  const report = checkReport(problem, solution.assignments);
  const m = solution.metrics;
  return [
    name.padEnd(17),
    String(Math.round(wallMs)).padStart(7),
    String(Math.round(cpuMs)).padStart(7),
    String(m.assigned).padStart(9),
    String(m.unassigned).padStart(6),
    `${m.continuityPercent.toFixed(1)}%`.padStart(7),
    String(m.travelMinutes).padStart(7),
    `${report.late.lateVisits}/${report.late.maxLateMinutes}`.padStart(9),
    `${report.wtr.restBreaches}/${report.wtr.carers}/${report.wtr.shortestRestMinutes === null ? '-' : (report.wtr.shortestRestMinutes / 60).toFixed(1)}`.padStart(12),
    String(report.wtr.breakBreaches + report.wtr.weeklyBreaches).padStart(6),
    String(report.breaks.length).padStart(6),
    m.stoppedBy.padStart(9),
  ].join(' ');
}

function timed(name: string, problem: Problem, run: () => Solution): Row {
  const wall = performance.now();
  const started = cpu();
  const solution = run();
  return { name, solution, problem, wallMs: performance.now() - wall, cpuMs: cpu() - started };
}

async function main(): Promise<void> {
  const generated = performance.now();
  const problem = scaleProblem({ visits: 10_000, carers: 200, seed: 42 });
  const positions = problem.visits.reduce((sum, visit) => sum + visit.carersNeeded, 0);
  console.log(`Scale problem: ${problem.visits.length} visits (${positions} carer positions, ${problem.visits.filter((v) => v.carersNeeded === 2).length} double-ups, ${problem.visits.filter((v) => v.medication).length} with medication), ${problem.carers.length} carers, one week; generated in ${Math.round(performance.now() - generated)} ms`);
  console.log(`Punctuality window ${problem.punctualityMinutes} min (beyond it refused), Working Time Regulations on warn; work budget ${DEFAULT_WORK_BUDGET} moves, ceiling ${CEILING_MS} ms.`);

  const options = { timeBudgetMs: CEILING_MS };
  const rows: Row[] = [
    timed('greedy', problem, () => greedyBaseline(problem, options)),
    timed('auto', problem, () => solve(problem, options)),
    timed('auto again', problem, () => solve(problem, options)),
    timed('travel-1st', problem, () => solve(problem, { ...options, weights: TRAVEL_FIRST })),
  ];
  const refusing = { ...problem, wtrHard: true };
  rows.push(timed('auto, WTR refuse', refusing, () => solve(refusing, options)));

  console.log('');
  console.log('late: visits reached beyond the window / worst minutes; rest: days under 11 h rest / carers / shortest (h); other WTR: 20-min break and 48-h average');
  console.log(
    [
      'method'.padEnd(17),
      'wall ms'.padStart(7),
      'cpu ms'.padStart(7),
      'assigned'.padStart(9),
      'empty'.padStart(6),
      'contin.'.padStart(7),
      'travel'.padStart(7),
      'late'.padStart(9),
      'rest'.padStart(12),
      'o.WTR'.padStart(6),
      'breaks'.padStart(6),
      'stopped'.padStart(9),
    ].join(' '),
  );
  for (const item of rows) console.log(row(item));

  const [, first, second] = rows;
  const identical = isDeepStrictEqual(first!.solution.assignments, second!.solution.assignments) && isDeepStrictEqual(first!.solution.unassigned, second!.solution.unassigned);
  const breaks = rows.reduce((sum, item) => sum + checkReport(item.problem, item.solution.assignments).breaks.length, 0);
  console.log('');
  console.log(`Two runs identical: ${identical ? 'yes' : 'NO'} (${first!.solution.assignments.length} assignments, ${first!.solution.metrics.moves} moves, stopped: ${first!.solution.metrics.stoppedBy}); hard-rule breaks: ${breaks}`);
  const reasons = first!.solution.unassigned.slice(0, 3).map((item) => `  - ${item.reason}`);
  if (reasons.length) console.log(`Unassigned, e.g.:\n${reasons.join('\n')}`);
  let failed = breaks > 0 || !identical || rows.some((item) => item.solution.metrics.stoppedBy === 'ceiling');

  const { runMankowska } = await import('./mankowska/run.js');
  failed = !(await runMankowska()) || failed;
  if (failed) process.exitCode = 1;
}

await main();
