import { mkdirSync, writeFileSync } from 'node:fs';
import { bestKnownBy, INSTANCES, loadInstance, type BestKnown } from './instances.js';
import { solveMankowska, type MankowskaResult, type MankowskaVisit } from './solve.js';
import { verifyMankowska } from './verify.js';

// The Mankowska, Meisel & Bierwirth (2014) bench: chosen instances solved on a work budget (with a wall-clock
// ceiling), each answer checked by the independent verifier, beside the best known value and whose it is
// (README.md, "Best known values"). `./bench.ts` is the command line; `../bench.ts` calls runMankowska().

export { loadInstance } from './instances.js';
export { verifyMankowska } from './verify.js';

export type BenchOptions = {
  /** Sets (A–E) or labels (A3, B3…); default all of A–E. */
  only?: string[];
  /** Moves per instance (default: the solver's defaultWork). */
  work?: number;
  /** Wall-clock ceiling per instance, ms (default 60,000). */
  ceilingMs?: number;
  seed?: number;
  /** A folder to write each answer to, as <label>.json (routes with 1-based nodes and services, as in the files). */
  saveTo?: string;
  log?: (line: string) => void;
};

export type BenchRow = { row: BestKnown; objective: number; gap: number; milliseconds: number; work: number; stoppedBy: string; problems: string[] };

const pad = (text: string, width: number) => text.padStart(width);

/** An answer as stored in solutions/: one line per staff member, each visit [node, service, start] numbered from 1. */
export function answerFile(row: BestKnown, result: MankowskaResult): string {
  const head = {
    instance: row.file,
    label: row.label,
    objective: result.objective,
    distance: result.distance,
    tardiness: result.tardiness,
    maxTardiness: result.maxTardiness,
    seed: result.seed,
    work: result.work,
    stoppedBy: result.stoppedBy,
    note: 'routes: one per staff member (staff 1 first), each visit [node, service, start] with nodes and services numbered from 1 as in the instance file (node 1 is the depot)',
  };
  const routes = result.routes.map((route) => `  ${JSON.stringify(route.map((visit) => [visit.node + 1, visit.service + 1, visit.start]))}`);
  return `${JSON.stringify(head, null, 1).replace(/\n}$/, ',')}\n "routes": [\n${routes.join(',\n')}\n ]\n}\n`;
}

/** Reads an answer stored by answerFile (0-based nodes and services again). */
export function readAnswerFile(text: string): { label: string; objective: number; routes: MankowskaVisit[][] } {
  const data = JSON.parse(text) as { label: string; objective: number; routes: [number, number, number][][] };
  return { label: data.label, objective: data.objective, routes: data.routes.map((route) => route.map(([node, service, start]) => ({ node: node - 1, service: service - 1, start }))) };
}

export function benchMankowska(options: BenchOptions = {}): { rows: BenchRow[]; ok: boolean } {
  const log = options.log ?? console.log;
  const wanted = options.only?.length ? options.only.map((item) => item.toUpperCase()) : ['A', 'B', 'C', 'D', 'E'];
  const chosen = INSTANCES.filter((row) => wanted.includes(row.label) || wanted.includes(row.label[0]!));
  log(`Mankowska et al. (2014) instances, objective (distance + total tardiness + largest tardiness) / 3; seed ${options.seed ?? 1}, work ${options.work ?? 'default'}, ceiling ${options.ceilingMs ?? 60_000} ms`);
  log(`${'inst'.padEnd(5)} ${pad('pat', 4)} ${pad('staff', 5)} ${pad('ours', 9)} ${pad('best known', 10)} ${'whose'.padEnd(26)} ${pad('gap %', 7)} ${pad('ms', 7)} ${pad('moves', 10)} stop    check`);
  const rows: BenchRow[] = [];
  for (const row of chosen) {
    const instance = loadInstance(row.label);
    const result = solveMankowska(instance, { work: options.work, ceilingMs: options.ceilingMs, seed: options.seed });
    const problems = verifyMankowska(instance, result);
    const gap = ((result.objective - row.bestKnown) / row.bestKnown) * 100;
    if (options.saveTo) {
      mkdirSync(options.saveTo, { recursive: true });
      writeFileSync(`${options.saveTo}/${row.label}.json`, answerFile(row, result));
    }
    rows.push({ row, objective: result.objective, gap, milliseconds: result.milliseconds, work: result.work, stoppedBy: result.stoppedBy, problems });
    log(
      `${row.label.padEnd(5)} ${pad(String(row.patients), 4)} ${pad(String(row.staff), 5)} ${pad(result.objective.toFixed(3), 9)} ${pad(row.bestKnown.toFixed(3), 10)} ${bestKnownBy(row).padEnd(26)} ${pad(`${gap >= 0 ? '+' : ''}${gap.toFixed(2)}`, 7)} ${pad(String(result.milliseconds), 7)} ${pad(String(result.work), 10)} ${result.stoppedBy.padEnd(7)} ${problems.length ? `INFEASIBLE: ${problems.slice(0, 3).join('; ')}` : 'feasible'}`,
    );
  }
  const sets = [...new Set(rows.map((item) => item.row.label[0]!))];
  for (const set of sets) {
    const inSet = rows.filter((item) => item.row.label[0] === set);
    const mean = inSet.reduce((sum, item) => sum + item.gap, 0) / inSet.length;
    const worst = Math.max(...inSet.map((item) => item.gap));
    const ms = inSet.reduce((sum, item) => sum + item.milliseconds, 0) / inSet.length;
    log(`set ${set}: ${inSet.length} instances, mean gap ${mean.toFixed(2)} %, worst ${worst.toFixed(2)} %, mean ${Math.round(ms)} ms, ${inSet.every((item) => !item.problems.length) ? 'all feasible' : 'SOME INFEASIBLE'}`);
  }
  return { rows, ok: rows.every((item) => !item.problems.length) };
}

/** For ../bench.ts: A3 and B3 on a short budget; false when an answer fails the verification. */
export async function runMankowska(): Promise<boolean> {
  console.log('');
  return benchMankowska({ only: ['A3', 'B3'], work: 200_000, ceilingMs: 5_000 }).ok;
}
