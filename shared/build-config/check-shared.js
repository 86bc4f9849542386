#!/usr/bin/env node
// `hcm-check-shared`, run by each remote's test script: the remote's shared-module versions and the host's
// must accept each other (see shared-modules.js), or the page would run one of them against the wrong version.
import path from 'node:path';
import { sharedVersionProblems, workspaceRootOf } from './shared-modules.js';

const remoteDir = process.cwd();
const hostDir = path.join(workspaceRootOf(remoteDir), 'host');
const problems = sharedVersionProblems(remoteDir, hostDir);
if (problems.length) {
  console.error(`Shared modules of ${path.basename(remoteDir)} do not fit the host's:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Shared modules of ${path.basename(remoteDir)} fit the host's ranges.`);
