import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SharedRecord } from '@hcm/build-config/shared-modules';

// The shared.json every build writes beside itself (shared/build-config/webpack.js): each shared singleton's
// version and the range that side requires. Whether a remote fits the host is decided by the one rule in
// shared/build-config/shared-modules.js (sharedFitProblems), as on the sources.

export { sharedFitProblems, type SharedRecord } from '@hcm/build-config/shared-modules';

export function readSharedRecord(file: string): SharedRecord | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as SharedRecord;
}

/** The active host's record (host/dist/shared.json), or null where no host is built here (the API alone). */
export const hostSharedRecord = (repoRoot: string) => readSharedRecord(path.join(repoRoot, 'host', 'dist', 'shared.json'));
