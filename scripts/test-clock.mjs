#!/usr/bin/env node
// `npm run test:clock`: at each instant that has broken the suite,
//  - the server suite (on the embedded database) with the product's clock put there for every test process
//    (HCM_NOW, see server/scripts/run-tests.mjs);
//  - the unit and component tests (jest) with the machine's own clock put there by Debian's faketime (libfaketime),
//    when it is installed (`apt-get install faketime`), since those read the clock through jsdom and jest too.
// A test that depends on the day must fix its own instant (fixClock, setClock) and pass at all of these.
//
//   npm run test:clock                              every instant below, one after another
//   npm run test:clock -- 2027-10-30T23:30:00Z      just the instants given
// TEST_CONCURRENCY (default 2) sets how many test files run at once in each pass.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// UK wall-clock moments, written as the UTC instants they are.
export const CLOCK_INSTANTS = [
  ['2026-11-29T01:50:00Z', '01:50 on a Sunday'],
  ['2026-12-28T09:00:00Z', 'a bank holiday (the substitute for Boxing Day), 09:00'],
  ['2026-12-31T23:59:00Z', '23:59 on 31 December'],
  ['2027-03-28T00:30:00Z', '00:30 GMT on the day the clocks go forward'],
  ['2027-10-30T23:30:00Z', '00:30 BST on the day the clocks go back (still the 30th in UTC)'],
  ['2028-02-29T12:00:00Z', 'noon on 29 February'],
];

const root = fileURLToPath(new URL('..', import.meta.url));
const serverDir = fileURLToPath(new URL('../server', import.meta.url));
const faketime = ['/usr/bin/faketime', '/usr/local/bin/faketime'].find((file) => existsSync(file));
if (!faketime) console.log('faketime is not installed (apt-get install faketime): the unit tests run at the machine\'s time only.');
// faketime reads local time; the instants are UTC.
const asFaketime = (at) => at.replace('T', ' ').replace(/(\.\d+)?Z$/, '');
const asked = process.argv.slice(2);
const instants = asked.length ? asked.map((at) => [at, 'as asked']) : CLOCK_INSTANTS;
/** Runs a command to its end, its output shown as it comes: whether it passed. */
const passes = (command, args, options) =>
  new Promise((resolve) => spawn(command, args, { stdio: 'inherit', ...options }).on('close', (code) => resolve(code === 0)));

const results = [];
for (const [at, what] of instants) {
  // The unit tests and the server suite of one instant run side by side: each is mostly one process.
  console.log(`\n▶ the server suite at ${at} (${what})${faketime ? ", beside the unit tests with the machine's clock there" : ''}`);
  const began = Date.now();
  const unit = faketime
    ? passes(
        faketime,
        [asFaketime(at), process.execPath, 'scripts/pnpm.mjs', '-r', '--workspace-concurrency=1', '--no-bail', '--filter', '!@hcm/playwright', '--filter', '!@hcm/server', 'test'],
        { cwd: root, env: { ...process.env, TZ: 'UTC', HCM_NOW: '' } },
      )
    : Promise.resolve(true);
  const server = passes(process.execPath, ['scripts/run-tests.mjs'], {
    cwd: serverDir,
    env: { ...process.env, HCM_NOW: at, TEST_CONCURRENCY: process.env.TEST_CONCURRENCY || '2', TEST_DATABASE_URL: '' },
  });
  const [unitPassed, serverPassed] = await Promise.all([unit, server]);
  results.push({ at, what, passed: unitPassed && serverPassed, seconds: Math.round((Date.now() - began) / 1000) });
}
console.log('\nThe server suite by instant:');
for (const { at, what, passed, seconds } of results) console.log(`  ${passed ? '✔' : '✘'} ${at}  ${what}  (${seconds} s)`);
process.exit(results.every((result) => result.passed) ? 0 : 1);
