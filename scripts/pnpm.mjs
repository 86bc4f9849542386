#!/usr/bin/env node
// Runs the project's pinned pnpm with only Node and npm on the machine: `npx pnpm@<pinned>`.
// The version comes from package.json's packageManager so there is one place to change it.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { packageManager } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const version = packageManager.replace(/^pnpm@/, '').split('+')[0];

/** Runs pnpm; a failure ends this process with its code, unless `mayFail` (then the code is answered). */
export function pnpm(args, { mayFail = false, ...options } = {}) {
  const result = spawnSync('npx', ['--yes', `pnpm@${version}`, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, npm_config_update_notifier: 'false' },
    ...options,
  });
  if (result.status !== 0 && !mayFail) process.exit(result.status ?? 1);
  return result.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) pnpm(process.argv.slice(2));
