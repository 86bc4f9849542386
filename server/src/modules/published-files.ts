import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findRepoRoot } from '../areas/repo-root.js';
import { publishedShape, type AreaPublications, type PublishedShape } from './contracts.js';

// Each area's published.json (remotes/<area>/server/published.json): the shape of what it publishes at its current
// version. `npm test` fails when the shape changed and the version did not step up (contracts.test.ts);
// `npm run contracts:publish` records a new version's shape, and refuses a changed shape under the old version.

export const publishedFileOf = (area: string) => path.join(findRepoRoot(), 'remotes', area, 'server', 'published.json');

export function recordedShape(area: string): PublishedShape | null {
  const file = publishedFileOf(area);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PublishedShape) : null;
}

export const shapeText = (shape: PublishedShape) => `${JSON.stringify(shape, null, 2)}\n`;

/** Why an area's publications differ from its published.json, or null when they match. */
export function publishedFileProblem(area: string, publications: AreaPublications): string | null {
  const current = publishedShape(publications);
  const recorded = recordedShape(area);
  if (!recorded) return `${area} publishes, but remotes/${area}/server/published.json is missing: run npm run contracts:publish`;
  if (shapeText(recorded) === shapeText(current)) return null;
  if (recorded.version >= current.version) {
    return `${area} changed what it publishes without stepping its version up from ${recorded.version}: other areas may rely on the old shape. Step publishes.version up, then run npm run contracts:publish`;
  }
  return `${area} publishes version ${current.version}; published.json still records version ${recorded.version}: run npm run contracts:publish`;
}

/** Writes the area's published.json; refuses a changed shape under an unchanged version. */
export function writePublishedFile(area: string, publications: AreaPublications): 'unchanged' | 'written' {
  const problem = publishedFileProblem(area, publications);
  if (!problem) return 'unchanged';
  const recorded = recordedShape(area);
  if (recorded && recorded.version >= publications.version) throw new Error(problem);
  writeFileSync(publishedFileOf(area), shapeText(publishedShape(publications)));
  return 'written';
}
