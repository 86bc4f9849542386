// What the tests need that npm cannot install: Debian's Chromium headless shell (the browser journeys) and Debian's
// PostgreSQL (the server suite's pass). Checked in the first seconds of `npm test`: as root they are installed with
// apt-get; otherwise the run stops at once with the command to type, instead of failing after ten minutes.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findPostgresBin } from './postgres-cluster.mjs';

/**
 * The journeys' browser (playwright/playwright.config.ts): Debian's headless shell (package chromium-headless-shell),
 * Chromium's engine without the full browser's windowing, which took about 40 % less CPU a journey than the full
 * browser run headless (148 → 84 CPU-s on 38 journeys); the full browser where only it is installed.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Debian package names of what is missing (CHROMIUM_PATH stands in for the browser). As root the headless shell is
 * installed even beside the full browser; otherwise the full browser will do.
 */
export function missingPackages(env = process.env, root = isRoot()) {
  const missing = [];
  if (env.CHROMIUM_PATH ? !existsSync(env.CHROMIUM_PATH) : !existsSync(HEADLESS_SHELL) && (root || !existsSync(FULL_CHROMIUM))) missing.push('chromium-headless-shell');
  if (!findPostgresBin()) missing.push('postgresql');
  return missing;
}

/** Installs what is missing as root, or stops the process with the command to run. */
export function ensurePrerequisites() {
  const missing = missingPackages();
  if (!missing.length) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (!isRoot()) {
    console.error(`npm test needs Debian's ${missing.join(' and ')}, and this is not root. Run as root:\n\n  ${command}\n\nthen npm test again.`);
    process.exit(1);
  }
  console.log(`Installing Debian's ${missing.join(' and ')} (as root): ${command}`);
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', ...missing]]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) {
      console.error(`apt-get ${args[0]} failed (exit ${result.status}); install them by hand:\n\n  ${command}`);
      process.exit(1);
    }
  }
}
