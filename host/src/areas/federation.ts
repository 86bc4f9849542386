import { getInstance } from '@module-federation/enhanced/runtime';
import { AREA_EXPOSE, type AreaRegistration } from '@hcm/contract';
import type { ComponentType } from 'react';

export type AreaModule = { default: ComponentType<{ prefix: string }> };

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
  const module = await federation().loadRemote<AreaModule>(`${name}/${AREA_EXPOSE.replace('./', '')}`);
  if (!module?.default) throw new Error(`The ${area.title} area did not expose its routes.`);
  return module;
}
