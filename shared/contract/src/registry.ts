import type { NavigationItem } from './navigation.js';

/** The six areas, each a module-federation remote built and deployed alone. */
export const AREA_NAMES = ['care-records', 'workforce', 'scheduler', 'finance', 'quality-audits', 'reference-data'] as const;
export type AreaName = (typeof AREA_NAMES)[number];

/**
 * What a remote declares about itself (its `area.json`): the host reads it as data through the registry.
 * `routePrefixes` are the paths under /app that the area mounts: a first segment ('carers'), or deeper where
 * areas share a first segment ('live-events/carers'); `home` is its landing page.
 */
export type AreaDescriptor = {
  name: AreaName;
  title: string;
  description: string;
  home: string;
  routePrefixes: string[];
  navigation: NavigationItem[];
  /** What this area adds to other areas' screens through their declared extension points. */
  extensions?: AreaExtension[];
  /**
   * Other https origins this area's screens show images from (a street map's tile server): the page's
   * Content-Security-Policy allows them for images alone, never for scripts or fetches.
   */
  imageOrigins?: string[];
};

/**
 * A contribution to another area's extension point: e.g. the scheduler adds its `client-slots` tab to the client
 * record (point 'client-record.tab', key 'client-slots'). `module` is the exposed module of this area that renders
 * it (its default export, given the point's props and `extensionKey`); the owner of the point decides where it shows.
 */
export type AreaExtension = {
  point: string;
  key: string;
  title: string;
  module: string;
  /**
   * Permissions the user needs, all of them, to be offered the contribution (names from the catalogue, as in
   * navigation). Absent: everyone who sees the point sees it. The area's API still checks its own routes.
   */
  permission?: readonly string[];
};

/**
 * What an area's screens load from other origins as its settings stand now (a map provider chosen in Settings): the
 * API's registry adds them to the area's entry and the page's Content-Security-Policy allows each kind for what it
 * names alone. Every entry is an https host-source (see isHttpsHostSource); anything else is dropped.
 */
export type PageSources = {
  scripts?: string[];
  styles?: string[];
  images?: string[];
  fonts?: string[];
  /** Fetches and sockets. */
  connections?: string[];
  frames?: string[];
};

export const PAGE_SOURCE_KINDS = ['scripts', 'styles', 'images', 'fonts', 'connections', 'frames'] as const satisfies readonly (keyof PageSources)[];

/** A deployed version of an area, as the registry lists it; `container` is its module-federation name. */
export type AreaRegistration = AreaDescriptor & {
  version: string;
  container: string;
  manifestUrl: string;
  /** What its screens load from elsewhere under the current settings (absent when the registry could not be asked). */
  pageSources?: PageSources;
};

/** What the host reads at start-up: where the API is, and the active version of every area. */
export type Registry = {
  productLabel: string;
  apiUrl: string;
  /** The chat socket's address (CHAT_PUBLIC_URL); empty or absent means ws(s) on port 3002 of the API's host. */
  chatUrl?: string;
  areas: AreaRegistration[];
  /**
   * The product's time when the page was served, sent only when the server's clock is set (HCM_NOW): the page's
   * clock follows it, so screens and server agree on today.
   */
  clockAt?: string;
};

/** The extension point through which areas add panels to the dashboard (the host renders them in registry order). */
export const DASHBOARD_PANEL_POINT = 'dashboard.panel';

/** The module every remote exposes: a component that renders the routes under one of its prefixes. */
export const AREA_EXPOSE = './Area';

/** The registered area contributing `key` to an extension point, with its contribution (undefined if none does). */
export function extensionFor<T extends AreaDescriptor>(areas: readonly T[], point: string, key: string): { area: T; extension: AreaExtension } | undefined {
  for (const area of areas) {
    const extension = area.extensions?.find((candidate) => candidate.point === point && candidate.key === key);
    if (extension) return { area, extension };
  }
  return undefined;
}

/** Which registered area mounts the first segment of a path under /app, if any. */
export function areaForPrefix<T extends AreaDescriptor>(areas: readonly T[], prefix: string): T | undefined {
  return areas.find((area) => area.routePrefixes.includes(prefix));
}

/** Whether a path (/app/live-events/carers/file-alerts) lies under a prefix ('live-events/carers'). */
export function isUnderPrefix(path: string, prefix: string): boolean {
  const base = `/app/${prefix}`;
  return path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}?`);
}

/** An https origin alone (scheme, host, optional port; no path, no wildcard): what a CSP source may safely name. */
export function isHttpsOrigin(value: string): boolean {
  try {
    return /^https:\/\/[a-z0-9.-]+(:\d+)?$/.test(value) && new URL(value).origin === value;
  } catch {
    return false;
  }
}

/**
 * An https origin whose host may start with one "*." (https://*.googleapis.com): a CSP host-source that names one
 * site's hosts and never a path, a scheme alone, a keyword or everything.
 */
export function isHttpsHostSource(value: string): boolean {
  const wildcard = /^https:\/\/\*\.([a-z0-9-]+\.[a-z0-9.-]+(?::\d+)?)$/.exec(value);
  return wildcard ? isHttpsOrigin(`https://${wildcard[1]}`) : isHttpsOrigin(value);
}

/** Only the well-formed host-sources of each kind, sorted and once each: what a page may be allowed to load. */
export function cleanPageSources(sources: PageSources | undefined): PageSources {
  const clean: PageSources = {};
  for (const kind of PAGE_SOURCE_KINDS) {
    const valid = [...new Set((sources?.[kind] ?? []).filter((source) => typeof source === 'string' && isHttpsHostSource(source)))].sort();
    if (valid.length) clean[kind] = valid;
  }
  return clean;
}

/** Which registered area mounts a path under /app (the longest prefix wins), if any. */
export function areaForPath<T extends AreaDescriptor>(areas: readonly T[], path: string): T | undefined {
  let found: { area: T; length: number } | undefined;
  for (const area of areas) {
    for (const prefix of area.routePrefixes) {
      if (isUnderPrefix(path, prefix) && prefix.length > (found?.length ?? -1)) found = { area, length: prefix.length };
    }
  }
  return found?.area;
}

/**
 * What is wrong with an area's declaration, as a list of sentences (empty when it holds): the host relies on
 * a known name, a home under one of its prefixes, navigation with titles and targets, and permissions the area may
 * name (`isPermission`: its own, the platform's and those it uses of others; the API's composed catalogue at a
 * deploy). Each remote's contract test asserts this is empty.
 */
export function areaDescriptorProblems(descriptor: AreaDescriptor, isPermission: (name: string) => boolean): string[] {
  const problems: string[] = [];
  if (!(AREA_NAMES as readonly string[]).includes(descriptor.name)) problems.push(`unknown area name "${descriptor.name}"`);
  if (!descriptor.title) problems.push('the area has no title');
  if (!descriptor.routePrefixes.length) problems.push('the area mounts no route prefix');
  const homePrefix = /^\/app\/([^/]+)$/.exec(descriptor.home)?.[1];
  if (!homePrefix || !descriptor.routePrefixes.includes(homePrefix)) problems.push(`home ${descriptor.home} is not /app/<one of its prefixes>`);
  const visit = (items: readonly NavigationItem[]) => {
    for (const item of items) {
      if (!item.name || !item.title) problems.push(`navigation item ${item.name || '?'} needs a name and a title`);
      if (item.target !== '#') {
        if (!descriptor.routePrefixes.some((prefix) => isUnderPrefix(item.target, prefix))) problems.push(`navigation target ${item.target} is outside the area's prefixes`);
      }
      for (const permission of item.permission ?? []) {
        if (!isPermission(permission)) problems.push(`navigation item ${item.name} names unknown permission ${permission}`);
      }
      visit(item.children ?? []);
    }
  };
  visit(descriptor.navigation);
  for (const origin of descriptor.imageOrigins ?? []) {
    if (!isHttpsOrigin(origin)) problems.push(`image origin "${origin}" is not an https origin like https://tile.openstreetmap.org`);
  }
  for (const extension of descriptor.extensions ?? []) {
    if (!extension.point || !extension.key || !extension.title) problems.push(`extension ${extension.key || '?'} needs a point, a key and a title`);
    if (!/^\.\/[A-Za-z][\w-]*$/.test(extension.module)) problems.push(`extension ${extension.key} names module "${extension.module}", not an exposed module like ./ClientRecordTabs`);
    for (const permission of extension.permission ?? []) {
      if (!isPermission(permission)) problems.push(`extension ${extension.key} names unknown permission ${permission}`);
    }
  }
  if (!descriptor.navigation.length) problems.push('the area declares no navigation');
  return problems;
}

/** A deployed version of an area as the registry's admin view lists it (GET /api/v1/areas). */
export type AreaVersionView = {
  id: number;
  version: string;
  manifest_url: string;
  manifest_checksum: string;
  built_at: string;
  deployed_by: string;
  deployed_at: string;
  active: boolean;
};

/** One deploy, activation or rollback, with who and when. */
export type AreaEventView = {
  id: number;
  action: 'deploy' | 'activate' | 'rollback';
  version: string;
  from_version: string | null;
  actor: string;
  user_id: number | null;
  at: string;
};

/** An area's versions, the active one and its recent history. */
export type AreaHistory = {
  name: AreaName;
  title: string;
  active: { version: string; activated_by: string; activated_at: string } | null;
  versions: AreaVersionView[];
  events: AreaEventView[];
};
