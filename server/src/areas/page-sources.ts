import { cleanPageSources, type PageSources } from '@hcm/contract';
import type { Database } from '../db/client.js';
import type { AreaModule } from '../modules/area-module.js';

// What each area's screens load from other origins under the current settings (AreaModule.pageSources), for the
// public registry and from there the page's Content-Security-Policy (web/security.ts). An area that cannot answer
// loses its sources until it can, never the registry: the page still works, its map falls back to the plan.

/** Each asked area's well-formed sources (cleanPageSources), by area name; an area with none is left out. */
export async function areaPageSources(
  modules: readonly AreaModule[],
  names: readonly string[],
  db: Database,
  log: (message: string) => void,
): Promise<Map<string, PageSources>> {
  const found = new Map<string, PageSources>();
  await Promise.all(
    modules
      .filter((module) => module.pageSources && names.includes(module.name))
      .map(async (module) => {
        try {
          const sources = cleanPageSources(await module.pageSources!(db));
          if (Object.keys(sources).length) found.set(module.name, sources);
        } catch (error) {
          log(`The ${module.name} area could not say what its screens load from elsewhere (${(error as Error).message}); the page allows none of it for now.`);
        }
      }),
  );
  return found;
}
