#!/usr/bin/env node
// `npm run test:clock`: `npm test`'s checks at each instant that has broken the suite, side by side:
//  - the server suite (on the embedded database) with the product's clock put there for every test process
//    (HCM_NOW, see server/scripts/run-tests.mjs);
//  - the browser journeys, the API and web servers started at the instant (HCM_NOW, playwright/playwright.config.ts),
//    the screens following the web server's clock and each journey's "today" the product's (playwright/tests/helpers.ts);
//  - the unit and component tests (jest) with the machine's own clock put there by Debian's faketime (libfaketime),
//    when it is installed (`apt-get install faketime`), since those read the clock through jsdom and jest too.
// A test that depends on the day must fix its own instant (fixClock, setClock) and pass at all of these.
//
//   npm run test:clock                                   every instant below, one after another
//   npm run test:clock -- 2027-10-30T23:30:00Z           just the instants given
//   npm run test:clock -- --only=journeys,server         just some of the checks (unit, server, journeys)
// TEST_CONCURRENCY (default 2) sets how many server test files run at once.
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
const args = process.argv.slice(2);
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
const runs = (check) => !only || only.includes(check);
const asked = args.filter((arg) => !arg.startsWith('--'));
const instants = asked.length ? asked.map((at) => [at, 'as asked']) : CLOCK_INSTANTS;
/** Runs a command to its end, its output shown as it comes: whether it passed. */
const passes = (command, args, options) =>
  new Promise((resolve) => spawn(command, args, { stdio: 'inherit', ...options }).on('close', (code) => resolve(code === 0)));

// The journeys run the production build, made once (the build does not depend on the clock).
if (runs('journeys') && !(await passes(process.execPath, ['scripts/pnpm.mjs', '-r', '--workspace-concurrency=2', 'build'], { cwd: root }))) {
  console.log('The build failed: no journeys can run.');
  process.exit(1);
}

const results = [];
for (const [at, what] of instants) {
  // One instant's checks run side by side: a busy machine must change nothing.
  console.log(`\n▶ ${only ? only.join(', ') : 'unit tests, server suite and journeys'} at ${at} (${what})`);
  const began = Date.now();
  const unit = faketime && runs('unit')
    ? passes(
        faketime,
        [asFaketime(at), process.execPath, 'scripts/pnpm.mjs', '-r', '--workspace-concurrency=1', '--no-bail', '--filter', '!@hcm/playwright', '--filter', '!@hcm/server', 'test'],
        { cwd: root, env: { ...process.env, TZ: 'UTC', HCM_NOW: '' } },
      )
    : Promise.resolve(true);
  const server = runs('server')
    ? passes(process.execPath, ['scripts/run-tests.mjs'], {
        cwd: serverDir,
        env: { ...process.env, HCM_NOW: at, TEST_CONCURRENCY: process.env.TEST_CONCURRENCY || '2', TEST_DATABASE_URL: '' },
      })
    : Promise.resolve(true);
  const journeys = runs('journeys')
    ? passes(process.execPath, ['scripts/pnpm.mjs', '--filter', '@hcm/playwright', 'test'], { cwd: root, env: { ...process.env, HCM_NOW: at, HCM_CLOCK_ORIGIN: '' } })
    : Promise.resolve(true);
  const [unitPassed, serverPassed, journeysPassed] = await Promise.all([unit, server, journeys]);
  const failed = [!unitPassed && 'unit tests', !serverPassed && 'server suite', !journeysPassed && 'journeys'].filter(Boolean);
  results.push({ at, what, failed, seconds: Math.round((Date.now() - began) / 1000) });
}
console.log('\nBy instant:');
for (const { at, what, failed, seconds } of results) console.log(`  ${failed.length ? '✘' : '✔'} ${at}  ${what}  (${seconds} s)${failed.length ? `: ${failed.join(', ')} failed` : ''}`);
process.exit(results.every((result) => !result.failed.length) ? 0 : 1);
