import type { PermissionCatalogEntry } from '@hcm/contract';
import { permissionArea } from '@hcm/contract/schemas';
import { useApiQuery } from '@hcm/kit/data';

/** The permission catalogue the API composed: the platform's permissions and every registered area's. */
export const PERMISSION_CATALOGUE = 'api/v1/permissions';

/** The composed catalogue (names, descriptions, owners), through the shared cache. */
export function usePermissionCatalogue() {
  return useApiQuery<PermissionCatalogEntry[]>(PERMISSION_CATALOGUE, undefined, { failure: 'The permissions could not be loaded.' });
}

export type PermissionGroup = { area: string; permissions: { name: string; description: string }[] };

/** The catalogue grouped by area (the part of a name before its first dot), in catalogue order. */
export function permissionGroups(catalogue: readonly PermissionCatalogEntry[]): PermissionGroup[] {
  const groups = new Map<string, PermissionGroup>();
  for (const { name, description } of catalogue) {
    const area = permissionArea(name);
    if (!groups.has(area)) groups.set(area, { area, permissions: [] });
    groups.get(area)!.permissions.push({ name, description });
  }
  return [...groups.values()];
}

/** A readable heading for an area: 'health-professionals' → 'Health professionals'. */
export function areaTitle(area: string): string {
  const words = area.replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
