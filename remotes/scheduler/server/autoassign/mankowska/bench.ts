import { benchMankowska } from './run.js';

// The Mankowska et al. (2014) bench from the command line (README.md, "Bench"), from remotes/scheduler:
//   node --import tsx server/autoassign/mankowska/bench.ts --sets=A,B [--work=2000000] [--budget-ms=60000] [--seed=1]
//     [--save=folder]
// --sets takes sets (A–E) or labels (A3,B3); --work is moves per instance (default: the solver's, by size);
// --budget-ms is the wall-clock ceiling per instance; --save writes each answer to <folder>/<label>.json.
// Exit code 1 when an answer fails the verification.

const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const number = (name: string) => {
  const value = flag(name);
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`--${name} must be a number, not "${value}"`);
  return parsed;
};

const { ok } = benchMankowska({
  only: (flag('sets') ?? flag('instances'))?.split(',').filter(Boolean),
  work: number('work'),
  ceilingMs: number('budget-ms'),
  seed: number('seed'),
  saveTo: flag('save'),
});
if (!ok) process.exitCode = 1;
