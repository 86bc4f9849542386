import type { AreaRegistration } from '@hcm/contract';
import { loadArea, type AreaModule } from './federation';

// An area's code, loaded once per version and attempt. Apart from RemoteArea (which renders it, with the router),
// so the login screen can start loading the area a bookmark opens without loading react-router with it.

/** One load per area version and attempt, shared by every mount, the sidebar's preload and retries. */
export type AreaLoad = { module?: AreaModule; error?: unknown; settled: Promise<void> };
const loads = new Map<string, AreaLoad>();

export function areaLoad(area: AreaRegistration, attempt: number): AreaLoad {
  const key = `${area.name}@${area.version}#${attempt}`;
  let load = loads.get(key);
  if (!load) {
    const entry: AreaLoad = { settled: Promise.resolve() };
    entry.settled = loadArea(area, attempt > 0).then(
      (module) => void (entry.module = module),
      (error: unknown) => {
        console.error(`The ${area.title} area could not be loaded:`, error);
        entry.error = error;
      },
    );
    loads.set(key, entry);
    load = entry;
  }
  return load;
}

/**
 * Starts fetching an area's code ahead of a likely visit (the pointer is over its menu item, the page opened
 * inside it, or the browser is idle after sign-in); resolves once it has loaded or failed.
 */
export function preloadArea(area: AreaRegistration): Promise<void> {
  return areaLoad(area, 0).settled;
}
