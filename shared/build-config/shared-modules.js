// The shared-singleton contract between the host and the remotes: which packages are shared once, at which
// versions, and a check that a remote's versions and the host's accept each other (run by every remote's
// test script through the `hcm-check-shared` command). Plain Node: no webpack here.
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The shared-singleton contract: every side shares these once, with explicit versions. Sub-paths of react
 * and react-dom (react/jsx-runtime, react-dom/client) are shared too, or React is duplicated.
 *
 * Engines and libraries only, never an area's declarations: those live in remotes/<area>/contract and are
 * bundled into that area's remote, so an area deployed alone shows its own declarations whatever area the user
 * opened first (a singleton is loaded once, by whichever remote asks first).
 */
export const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  'react-router-dom',
  'zustand',
  'react-hook-form',
  'valibot',
  'ky',
  '@tanstack/react-query',
  '@hcm/contract',
  '@hcm/contract/schemas',
  '@hcm/contract/time',
  '@hcm/contract/format',
  '@hcm/kit/resources',
  '@hcm/kit',
  '@hcm/kit/routing',
  '@hcm/kit/forms',
  '@hcm/kit/table',
  '@hcm/kit/elements',
  '@hcm/kit/storage',
  '@hcm/kit/pdf',
  '@hcm/kit/tracker',
  '@hcm/kit/data',
  '@hcm/kit/documents',
];

export function packageNameOf(request) {
  const parts = request.replace(/\/$/, '').split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The package.json of an installed package: found from its entry point, since not all export it. */
function installedManifest(name, projectDir) {
  // react-router comes in through react-router-dom, so it is looked up from there.
  const from = name === 'react-router' ? installedDir('react-router-dom', projectDir) : projectDir;
  return JSON.parse(readFileSync(path.join(installedDir(name, from), 'package.json'), 'utf8'));
}

export function installedDir(name, fromDir) {
  const require = createRequire(path.join(fromDir, 'package.json'));
  let dir = path.dirname(require.resolve(name));
  while (!existsSync(path.join(dir, 'package.json')) || JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== name) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the package.json of ${name}`);
    dir = parent;
  }
  return dir;
}

/** The installed version of each shared package, read from the consumer's own dependency tree. */
export function sharedConfig(projectDir) {
  const shared = {};
  for (const request of SINGLETONS) {
    const manifest = installedManifest(packageNameOf(request), projectDir);
    shared[request] = {
      singleton: true,
      version: manifest.version,
      requiredVersion: `^${manifest.version}`,
      strictVersion: false,
    };
  }
  return shared;
}

/** Whether `version` (x.y.z) satisfies a caret range `^a.b.c`, as npm reads it (0.x ranges stay in the minor). */
export function caretSatisfies(version, range) {
  const parse = (text) => text.replace(/^[\^=v]/, '').split('-')[0].split('.').map(Number);
  const [major, minor, patch] = parse(version);
  const [floorMajor, floorMinor, floorPatch] = parse(range);
  if (!range.startsWith('^')) return major === floorMajor && minor === floorMinor && patch === floorPatch;
  const atLeast = major !== floorMajor ? major > floorMajor : minor !== floorMinor ? minor > floorMinor : patch >= floorPatch;
  if (!atLeast) return false;
  if (floorMajor > 0) return major === floorMajor;
  return major === 0 && minor === floorMinor;
}

/** What a side of the page shares: each singleton's version and the range it requires (a build's shared.json). */
export function sharedRecordOf(projectDir) {
  return Object.fromEntries(
    Object.entries(sharedConfig(projectDir)).map(([request, { version, requiredVersion }]) => [request, { version, requiredVersion }]),
  );
}

/**
 * Sentences naming each shared package on which a remote and the host disagree, with both versions: a singleton
 * is loaded once for the page, so the host's version must satisfy the remote's range and the remote's the host's.
 * Used on the sources (each remote's test, `area:deploy`) and on built records (the area registry, host:deploy).
 */
export function sharedFitProblems(remote, host, remoteLabel) {
  const problems = [];
  for (const [request, needs] of Object.entries(remote)) {
    const provided = host[request];
    if (!provided) problems.push(`${request}: ${remoteLabel} shares it, the host does not provide it`);
    else if (!caretSatisfies(provided.version, needs.requiredVersion)) {
      problems.push(`${request}: ${remoteLabel} was built against ${needs.version} (needs ${needs.requiredVersion}), the host provides ${provided.version}`);
    } else if (!caretSatisfies(needs.version, provided.requiredVersion)) {
      problems.push(`${request}: ${remoteLabel} brings ${needs.version}, the host requires ${provided.requiredVersion}`);
    }
  }
  return problems;
}

/** Problems between a remote's shared modules and the host's, from their sources (see sharedFitProblems). */
export function sharedVersionProblems(remoteDir, hostDir) {
  return sharedFitProblems(sharedRecordOf(remoteDir), sharedRecordOf(hostDir), path.basename(remoteDir));
}

/** The workspace root (the folder holding pnpm-workspace.yaml) above `dir`. */
export function workspaceRootOf(dir) {
  let current = path.resolve(dir);
  while (!existsSync(path.join(current, 'pnpm-workspace.yaml'))) {
    const parent = path.dirname(current);
    if (parent === current) throw new Error(`No pnpm-workspace.yaml above ${dir}`);
    current = parent;
  }
  return current;
}
