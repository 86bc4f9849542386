import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseMankowska, type MankowskaInstance } from './parser.js';
import { solveMankowska, type MankowskaResult } from './solve.js';

// The Mankowska, Meisel & Bierwirth (2014) instances stored here (see README.md for their source and terms), solved
// by auto-assign's method adapted to their objective, beside the reference values published for them.

/**
 * Reference values: the best known upper bounds as published by Kummer Neto, Buriol et al. (SBPO 2019, the
 * fix-and-optimize matheuristic) and listed with these very instance files by the INF05010 course repository of
 * UFRGS (2019/2). Same objective: (distance + total tardiness + largest tardiness) / 3. Mankowska et al.'s own
 * table (MIP and AVNS) was not found in the repositories searched; for A3 its value is the same 305.90.
 */
export const REFERENCE: Record<string, { label: string; value: number }> = {
  InstanzCPLEX_HCSRP_10_3: { label: 'A3', value: 305.9 },
  InstanzCPLEX_HCSRP_25_3: { label: 'B3', value: 399.2 },
};

const here = fileURLToPath(new URL('.', import.meta.url));

export function loadInstance(name: string): MankowskaInstance {
  return parseMankowska(name, readFileSync(`${here}${name}.txt`, 'utf8'));
}

/** An independent check of an answer: every task once, qualified staff, windows' starts, double services' gaps and staff. */
export function verifyMankowska(instance: MankowskaInstance, result: MankowskaResult): string[] {
  const problems: string[] = [];
  const seen = new Map<number, number>();
  result.routes.forEach((route, k) =>
    route.forEach((index) => {
      const task = result.tasks[index]!;
      seen.set(index, k);
      if (!instance.qualified[k]![task.service]) problems.push(`staff ${k + 1} not qualified for service ${task.service + 1} at node ${task.node + 1}`);
      if (result.starts[index]! < instance.earliest[task.node]! - 1e-6) problems.push(`node ${task.node + 1} started before its window`);
    }),
  );
  result.tasks.forEach((task, index) => {
    if (!seen.has(index)) problems.push(`service ${task.service + 1} at node ${task.node + 1} not done`);
    if (task.partner >= 0 && task.first) {
      const gap = result.starts[task.partner]! - result.starts[index]!;
      if (gap < instance.minGap[task.node]! - 1e-6 || gap > instance.maxGap[task.node]! + 1e-6) problems.push(`double service at node ${task.node + 1}: gap ${gap}`);
      if (seen.get(index) === seen.get(task.partner)) problems.push(`double service at node ${task.node + 1} by one staff member`);
    }
  });
  return problems;
}

export async function runMankowska(budgetMs = 1500): Promise<boolean> {
  console.log('');
  console.log('Mankowska et al. (2014) instances, objective (distance + tardiness + max tardiness) / 3:');
  console.log(`${'instance'.padEnd(26)} ${'patients'.padStart(8)} ${'staff'.padStart(5)} ${'ours'.padStart(8)} ${'reference'.padStart(9)} ${'gap'.padStart(7)} ${'distance'.padStart(9)} ${'tardiness'.padStart(9)} ${'max tard'.padStart(8)} ${'ms'.padStart(6)} check`);
  let ok = true;
  for (const [name, reference] of Object.entries(REFERENCE)) {
    const instance = loadInstance(name);
    const result = solveMankowska(instance, { timeBudgetMs: budgetMs });
    const problems = verifyMankowska(instance, result);
    ok &&= problems.length === 0;
    const gap = ((result.objective - reference.value) / reference.value) * 100;
    console.log(
      `${`${name} (${reference.label})`.padEnd(26)} ${String(instance.nodes - 2).padStart(8)} ${String(instance.staff).padStart(5)} ${result.objective.toFixed(2).padStart(8)} ${reference.value.toFixed(2).padStart(9)} ${`${gap >= 0 ? '+' : ''}${gap.toFixed(1)}%`.padStart(7)} ${result.distance.toFixed(1).padStart(9)} ${result.tardiness.toFixed(1).padStart(9)} ${result.maxTardiness.toFixed(1).padStart(8)} ${String(result.milliseconds).padStart(6)} ${problems.length ? problems.join('; ') : 'ok'}`,
    );
  }
  return ok;
}
