import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The workspace root (the nearest folder above this code holding pnpm-workspace.yaml), where remotes/<area>/dist
 * lives; WEB_ROOT overrides it, as for the web server. Searched, not counted, because this file runs both from
 * src/areas/ and bundled into dist/main.js.
 */
export function findRepoRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'pnpm-workspace.yaml'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return from;
    dir = parent;
  }
  return dir;
}

export const REPO_ROOT = process.env.WEB_ROOT ?? findRepoRoot();
