import { ALL_PERMISSIONS, PERMISSIONS, type Permission } from '@hcm/contract';
import { permissionArea } from '@hcm/contract/schemas';

export type PermissionGroup = { area: string; permissions: { name: Permission; description: string }[] };

/** The catalogue grouped by area (the part of a name before its first dot), in catalogue order. */
export function permissionGroups(): PermissionGroup[] {
  const groups = new Map<string, PermissionGroup>();
  for (const name of ALL_PERMISSIONS) {
    const area = permissionArea(name);
    if (!groups.has(area)) groups.set(area, { area, permissions: [] });
    groups.get(area)!.permissions.push({ name, description: PERMISSIONS[name] });
  }
  return [...groups.values()];
}

/** A readable heading for an area: 'health-professionals' → 'Health professionals'. */
export function areaTitle(area: string): string {
  const words = area.replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
