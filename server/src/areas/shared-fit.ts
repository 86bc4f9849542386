import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Whether a remote version fits the host that serves the page (shared/build-config/webpack.js writes shared.json
// beside every build: each shared singleton's version and the range that side requires). A singleton is loaded
// once for the page, so the host's version must satisfy the remote's range and the remote's the host's, as the
// build-time check does between the sources (shared/build-config/shared-modules.js).

export type SharedRecord = Record<string, { version: string; requiredVersion: string }>;

/** Whether `version` (x.y.z) satisfies a caret range `^a.b.c` as npm reads it (0.x ranges stay in the minor). */
export function caretSatisfies(version: string, range: string): boolean {
  const parse = (text: string) => text.replace(/^[\^=v]/, '').split('-')[0]!.split('.').map(Number) as [number, number, number];
  const [major, minor, patch] = parse(version);
  const [floorMajor, floorMinor, floorPatch] = parse(range);
  if (!range.startsWith('^')) return major === floorMajor && minor === floorMinor && patch === floorPatch;
  const atLeast = major !== floorMajor ? major > floorMajor : minor !== floorMinor ? minor > floorMinor : patch >= floorPatch;
  if (!atLeast) return false;
  return floorMajor > 0 ? major === floorMajor : major === 0 && minor === floorMinor;
}

export function readSharedRecord(file: string): SharedRecord | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as SharedRecord;
}

/** The active host's record (host/dist/shared.json), or null where no host is built here (the API alone). */
export const hostSharedRecord = (repoRoot: string) => readSharedRecord(path.join(repoRoot, 'host', 'dist', 'shared.json'));

/** Sentences naming each shared package on which a remote version and the host disagree, with both versions. */
export function sharedFitProblems(remote: SharedRecord, host: SharedRecord, remoteLabel: string): string[] {
  const problems: string[] = [];
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
