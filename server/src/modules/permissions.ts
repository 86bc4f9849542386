import {
  areaPermissionProblems,
  declaredEntries,
  isPlatformPermission,
  PLATFORM_PERMISSIONS,
  type PermissionCatalogEntry,
  type PermissionName,
} from '@hcm/contract';
import type { AreaModule } from './area-module.js';

// The permission catalogue, composed at the composition root (buildApp, from the modules of src/area-modules.ts):
// the platform's own permissions (PLATFORM_PERMISSIONS in @hcm/contract) and every registered area's
// (remotes/<area>/contract/permissions.ts, its module's `permissions`). The roles and permissions routes, the
// current user (a super admin holds every composed permission), the permission guard and the standard roles'
// seed all read it; nothing else knows the whole list.

/** The owner of the platform's permissions, as GET /api/v1/permissions names it. */
export const PLATFORM_OWNER = 'platform';

/**
 * Area permissions the platform's own routes name (debt, like the tables it still reads by name): the carers'
 * devices and the push notifications' log (auth/device-tokens.ts, notify/push.ts) answer the workforce's
 * carers.view and carers.edit. Their owner must publish them when it is composed; without it, only a super admin
 * reaches those routes.
 */
export const PLATFORM_USES: readonly PermissionName[] = ['carers.view', 'carers.edit'];

export type CatalogEntry = PermissionCatalogEntry & { published: boolean };

type Declarer = Pick<AreaModule, 'name' | 'permissions'>;

/** Every permission the API knows, in order: the platform's, then each area's in module order. */
export class PermissionCatalog {
  readonly entries: readonly CatalogEntry[];
  /** Every name, in catalogue order (what a super admin holds). */
  readonly names: readonly string[];
  private readonly byName: ReadonlyMap<string, CatalogEntry>;
  private readonly usesOf: ReadonlyMap<string, ReadonlySet<string>>;

  constructor(entries: readonly CatalogEntry[], usesOf: ReadonlyMap<string, ReadonlySet<string>>) {
    this.entries = entries;
    this.names = entries.map((entry) => entry.name);
    this.byName = new Map(entries.map((entry) => [entry.name, entry]));
    this.usesOf = usesOf;
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  entry(name: string): CatalogEntry | undefined {
    return this.byName.get(name);
  }

  /**
   * Why the area may not name this permission (a sentence), or null when it may: its own, the platform's, or
   * another area's that its owner publishes and this area lists in its `uses`.
   */
  refusal(area: string, name: string): string | null {
    const entry = this.byName.get(name);
    if (!entry) return `"${name}", which is not in the permission catalogue`;
    if (entry.owner === PLATFORM_OWNER || entry.owner === area) return null;
    if (!entry.published) return `"${name}", the ${entry.owner} area's permission, which it does not publish`;
    if (!this.usesOf.get(area)?.has(name)) {
      return `"${name}", the ${entry.owner} area's permission, without listing it in its uses (remotes/${area}/contract/permissions.ts)`;
    }
    return null;
  }
}

/**
 * Composes the catalogue from the platform's permissions and the modules' declarations. Refuses (throws, naming
 * area and permission) a permission declared twice (by two areas, or by an area and the platform), one outside its
 * area's prefixes, prefixes of two areas that overlap (or cover a platform permission), a grant to a role that is
 * not standard, and a `uses` (the area's, or the platform's PLATFORM_USES) of a permission no composed area
 * declares or its owner does not publish.
 */
export function composePermissions(modules: readonly Declarer[]): PermissionCatalog {
  const entries: CatalogEntry[] = Object.entries(PLATFORM_PERMISSIONS).map(([name, description]) => ({
    name,
    description,
    owner: PLATFORM_OWNER,
    published: true,
  }));
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const problems: string[] = [];
  const prefixes: { prefix: string; area: string }[] = [];
  const usesOf = new Map<string, ReadonlySet<string>>();

  for (const { name: area, permissions: declaration } of modules) {
    if (!declaration) continue;
    problems.push(...areaPermissionProblems(`The ${area} area`, declaration));
    for (const prefix of declaration.prefixes) {
      const clash = prefixes.find((other) => other.prefix.startsWith(prefix) || prefix.startsWith(other.prefix));
      if (clash) problems.push(`The ${area} area's prefix "${prefix}" overlaps the ${clash.area} area's "${clash.prefix}"`);
      const covered = Object.keys(PLATFORM_PERMISSIONS).find((name) => name.startsWith(prefix));
      if (covered) problems.push(`The ${area} area's prefix "${prefix}" covers the platform's permission "${covered}"`);
      prefixes.push({ prefix, area });
    }
    for (const [name, { description, published = false }] of declaredEntries(declaration)) {
      const existing = byName.get(name);
      if (existing) {
        // The platform's own names are reported by areaPermissionProblems.
        if (!isPlatformPermission(name)) problems.push(`The permission "${name}" is declared by two areas: ${existing.owner} and ${area}`);
        continue;
      }
      const entry = { name, description, owner: area, published };
      entries.push(entry);
      byName.set(name, entry);
    }
    usesOf.set(area, new Set(declaration.uses ?? []));
  }

  const usedBy = (user: string, name: string) => {
    const entry = byName.get(name);
    if (!entry) return `${user} uses "${name}", which no composed area declares`;
    if (entry.owner === PLATFORM_OWNER) return null;
    return entry.published ? null : `${user} uses "${name}", which its owner, the ${entry.owner} area, does not publish`;
  };
  for (const [area, uses] of usesOf) {
    for (const name of uses) {
      const problem = usedBy(`The ${area} area`, name);
      if (problem) problems.push(problem);
    }
  }
  for (const name of PLATFORM_USES) {
    // Named by the platform's routes whether or not their owner is composed (an app of a few areas, in tests).
    if (byName.has(name)) {
      const problem = usedBy('The platform', name);
      if (problem) problems.push(problem);
    }
  }

  if (problems.length) throw new Error(`The permission catalogue cannot be composed: ${problems.join('; ')}.`);
  return new PermissionCatalog(entries, usesOf);
}

/** The permissions a route's config names: `permission` and `anyPermission`. */
export function routePermissions(config: { permission?: string; anyPermission?: readonly string[] } | undefined): string[] {
  return [...(config?.permission === undefined ? [] : [config.permission]), ...(config?.anyPermission ?? [])];
}

/**
 * What the modules' declared resources name that their area may not (the engine guards every resource's routes
 * with its declaration's permissions): sentences, empty when all is well.
 */
export function resourcePermissionProblems(modules: readonly AreaModule[], catalog: PermissionCatalog): string[] {
  const problems: string[] = [];
  for (const module of modules) {
    for (const spec of module.resources ?? []) {
      for (const name of new Set(Object.values(spec.permissions))) {
        const refusal = catalog.refusal(module.name, name);
        if (refusal) problems.push(`The ${module.name} area's resource "${spec.name}" names ${refusal}`);
      }
    }
  }
  return problems;
}
