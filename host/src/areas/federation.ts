import { getInstance } from '@module-federation/enhanced/runtime';
import { AREA_EXPOSE, type AreaRegistration } from '@hcm/contract';
import type { ComponentType } from 'react';

export type AreaModule = { default: ComponentType<{ prefix: string }> };

/** How long an area may take to load before the shell gives up and offers a retry. */
export const AREA_LOAD_TIMEOUT_MS = 20_000;

function federation() {
  const instance = getInstance();
  if (!instance) throw new Error('Module federation is not initialised.');
  return instance;
}

/** Makes every registered area known to the runtime; nothing is fetched until one is visited. */
export function registerAreas(areas: readonly AreaRegistration[]): void {
  federation().registerRemotes(areas.map((area) => ({ name: area.container, entry: area.manifestUrl })));
}

/**
 * Loads an area's exposed routes. On a retry the remote is registered again with `force`, which drops the
 * failed entry so its manifest is fetched anew.
 */
export async function loadArea(area: AreaRegistration, retry: boolean): Promise<AreaModule> {
  const name = area.container;
  if (retry) federation().registerRemotes([{ name, entry: area.manifestUrl }], { force: true });
  // A stalled request would leave the area loading for ever; past the timeout it counts as unavailable.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The ${area.title} area took too long to load.`)), AREA_LOAD_TIMEOUT_MS);
  });
  const module = await Promise.race([
    federation().loadRemote<AreaModule>(`${name}/${AREA_EXPOSE.replace('./', '')}`),
    timeout,
  ]).finally(() => clearTimeout(timer));
  if (!module?.default) throw new Error(`The ${area.title} area did not expose its routes.`);
  return module;
}

/** Loads another exposed module of an area (an extension it contributes to another area's screen). */
export function loadExposedModule(area: AreaRegistration, module: string): Promise<unknown> {
  return federation().loadRemote(`${area.container}/${module.replace('./', '')}`);
}
