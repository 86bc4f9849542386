import type { NavigationItem } from './navigation.js';

/** The six areas, each a module-federation remote built and deployed alone. */
export const AREA_NAMES = ['care-records', 'workforce', 'scheduler', 'finance', 'quality-audits', 'reference-data'] as const;
export type AreaName = (typeof AREA_NAMES)[number];

/**
 * What a remote declares about itself (its `area.json`): the host reads it as data through the registry.
 * `routePrefixes` are the first segments under /app that the area mounts; `home` is its landing page.
 */
export type AreaDescriptor = {
  name: AreaName;
  title: string;
  description: string;
  home: string;
  routePrefixes: string[];
  navigation: NavigationItem[];
};

/** A deployed version of an area, as the registry lists it. */
export type AreaRegistration = AreaDescriptor & {
  version: string;
  manifestUrl: string;
};

/** What the host reads at start-up: where the API is, and the active version of every area. */
export type Registry = {
  productLabel: string;
  apiUrl: string;
  areas: AreaRegistration[];
};

/** The module-federation container name of an area (identifiers cannot hold dashes). */
export function containerName(area: AreaName | string): string {
  return area.replaceAll('-', '_');
}

/** The module every remote exposes: a component that renders the routes under one of its prefixes. */
export const AREA_EXPOSE = './Area';

/** Which registered area mounts the first segment of a path under /app, if any. */
export function areaForPrefix<T extends AreaDescriptor>(areas: readonly T[], prefix: string): T | undefined {
  return areas.find((area) => area.routePrefixes.includes(prefix));
}
