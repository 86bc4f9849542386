#!/usr/bin/env node
// Real versions for the workspace's shared singletons (@hcm/contract, @hcm/kit). A singleton is loaded once for
// the page, by whichever side asks first, and the host and each remote check each other's version ranges
// (shared-modules.js); that check can only notice a change if a change means a new version. So the code each
// shared entry point reaches has a fingerprint, recorded with the package's version in shared-versions.json:
//   - the code changed and the version did not: `npm test` fails, naming the package (bump it);
//   - the version was bumped: `npm run shared:lock` records the new fingerprint (refused without a bump).
// Plain Node, no dependencies: it follows relative imports and the non-shared @hcm entry points they use.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageNameOf, SINGLETONS } from './shared-modules.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const LOCK_FILE = path.join(here, 'shared-versions.json');

/** The workspace packages among the shared singletons, with the entry points (export keys) shared of each. */
export function sharedWorkspaceEntries(singletons = SINGLETONS) {
  const entries = {};
  for (const request of singletons) {
    if (!request.startsWith('@hcm/')) continue;
    const name = packageNameOf(request);
    const subpath = request === name ? '.' : `.${request.slice(name.length)}`;
    (entries[name] ??= []).push(subpath);
  }
  return entries;
}

/** Where each @hcm workspace package lives (its folder), found from the workspace's own folders. */
export function workspacePackages(root) {
  const found = {};
  for (const folder of ['shared/contract', 'shared/kit', 'shared/build-config']) {
    const manifest = path.join(root, folder, 'package.json');
    if (existsSync(manifest)) found[JSON.parse(readFileSync(manifest, 'utf8')).name] = path.join(root, folder);
  }
  return found;
}

const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveRelative(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.js$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

function exportFile(packageDir, subpath) {
  const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const target = manifest.exports?.[subpath];
  return typeof target === 'string' ? path.join(packageDir, target) : null;
}

/**
 * The files a package's shared entry points reach: relative imports (code and CSS), and imports of other
 * @hcm entry points that are not themselves shared (those are bundled into this package's chunk); a shared
 * one is versioned on its own and not followed. Test files are never reached by an entry point.
 */
export function reachableFiles(packages, name, subpaths, singletons = SINGLETONS) {
  const seen = new Set();
  const queue = subpaths.map((subpath) => exportFile(packages[name], subpath)).filter(Boolean);
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(ts|tsx|js)$/.test(file)) continue;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2];
      if (specifier.startsWith('.')) {
        const resolved = resolveRelative(file, specifier);
        if (resolved) queue.push(resolved);
      } else if (specifier.startsWith('@hcm/') && !singletons.includes(specifier)) {
        const target = packageNameOf(specifier);
        if (!packages[target]) continue;
        const subpath = specifier === target ? '.' : `.${specifier.slice(target.length)}`;
        const resolved = exportFile(packages[target], subpath);
        if (resolved) queue.push(resolved);
      }
    }
  }
  return [...seen].sort();
}

/** sha256 of the reached files' paths (relative to the workspace) and contents. */
export function fingerprintOf(root, files) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(root, realpathSync(file)).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** x.y.z compared as numbers: positive when a is later than b. */
export function compareVersions(a, b) {
  const parse = (text) => text.split('-')[0].split('.').map(Number);
  const [x, y] = [parse(a), parse(b)];
  for (let index = 0; index < 3; index += 1) if (x[index] !== y[index]) return x[index] - y[index];
  return 0;
}

/** Each shared workspace package as it is now: version, fingerprint, and what the lock says. */
export function sharedVersionStates(root, lock, singletons = SINGLETONS) {
  const packages = workspacePackages(root);
  return Object.entries(sharedWorkspaceEntries(singletons)).map(([name, subpaths]) => {
    const version = JSON.parse(readFileSync(path.join(packages[name], 'package.json'), 'utf8')).version;
    const fingerprint = fingerprintOf(root, reachableFiles(packages, name, subpaths, singletons));
    return { name, version, fingerprint, locked: lock[name] ?? null };
  });
}

/** What is wrong between the shared packages and the lock, in sentences (none: all recorded). */
export function sharedVersionProblemsOf(states) {
  const problems = [];
  for (const { name, version, fingerprint, locked } of states) {
    if (!locked) problems.push(`${name} ${version} is shared but not recorded: run \`npm run shared:lock\`.`);
    else if (version === locked.version && fingerprint !== locked.fingerprint) {
      problems.push(
        `${name} changed since ${version} without a new version: the page loads one copy for the host and every remote, so bump its package.json version (semver) and run \`npm run shared:lock\`.`,
      );
    } else if (version !== locked.version && compareVersions(version, locked.version) < 0) {
      problems.push(`${name} went back from ${locked.version} to ${version}: versions only go up.`);
    } else if (version !== locked.version) {
      problems.push(`${name} is now ${version} (recorded: ${locked.version}): run \`npm run shared:lock\` to record it.`);
    }
  }
  return problems;
}

export function readLock(file = LOCK_FILE) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/** `npm run shared:lock`: records versions and fingerprints; refuses a changed package whose version did not move. */
export function writeLock(root, file = LOCK_FILE) {
  const states = sharedVersionStates(root, readLock(file));
  const refused = states.filter((state) => state.locked && state.version === state.locked.version && state.fingerprint !== state.locked.fingerprint);
  if (refused.length) return sharedVersionProblemsOf(refused);
  const lock = Object.fromEntries(states.map(({ name, version, fingerprint }) => [name, { version, fingerprint }]));
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  return [];
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(here, '../..');
  const problems = process.argv.includes('--write') ? writeLock(root) : sharedVersionProblemsOf(sharedVersionStates(root, readLock()));
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log(process.argv.includes('--write') ? `Recorded in ${path.relative(root, LOCK_FILE)}.` : 'Shared packages: every change has its version.');
}
