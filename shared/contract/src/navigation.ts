import { SUPER_ADMIN, type PermissionSubject } from './permissions.js';

/** A sidebar item (spec §2.3, §3). A target of '#' marks a group that only opens and closes. */
export type NavigationItem = {
  name: string;
  title: string;
  target: string;
  /** Permissions of which the user needs one. Absent: hidden for everyone but super_admin. */
  permission?: readonly string[];
  allowedType?: readonly string[];
  children?: readonly NavigationItem[];
};

export const GROUP_TARGET = '#';
export const SUPPORTED_LIVING = 'supported-living';

/** §6: whether one item (not its children) is visible to the subject. */
export function isItemVisible(item: NavigationItem, subject: PermissionSubject | null | undefined): boolean {
  if (!subject) return false;
  if (subject.userRole === SUPER_ADMIN) return true;
  if (!item.permission) return false;
  if (item.permission.length === 0) return (item.allowedType ?? []).includes(SUPPORTED_LIVING);
  return item.permission.some((permission) => subject.userPermissions.includes(permission));
}

/** §6: the tree the subject may see; children are filtered by the same rule. */
export function filterNavigation(
  items: readonly NavigationItem[],
  subject: PermissionSubject | null | undefined,
): NavigationItem[] {
  return items
    .filter((item) => isItemVisible(item, subject))
    .map((item) => (item.children ? { ...item, children: filterNavigation(item.children, subject) } : item));
}

/** §2.3: the placeholder USERID in a target stands for the current route's `:id`. */
export function resolveTarget(target: string, routeId: string | undefined): string {
  if (target === GROUP_TARGET || routeId === undefined) return target;
  return target.replaceAll('USERID', routeId);
}

/** §2.3: an item is open when its target is the current full path, or when any child is open. */
export function isItemOpen(item: NavigationItem, fullPath: string, routeId?: string): boolean {
  if (item.target !== GROUP_TARGET && resolveTarget(item.target, routeId) === fullPath) return true;
  return (item.children ?? []).some((child) => isItemOpen(child, fullPath, routeId));
}

/** Every leaf of a tree, depth first: the sections an area home page lists. */
export function navigationLeaves(items: readonly NavigationItem[]): NavigationItem[] {
  return items.flatMap((item) => (item.children?.length ? navigationLeaves(item.children) : [item]));
}

/** The title of the item whose target is the given path, if any: a route's name for the page title. */
export function findTitleForPath(items: readonly NavigationItem[], path: string): string | undefined {
  for (const item of items) {
    if (item.target === path) return item.title;
    const fromChild = item.children && findTitleForPath(item.children, path);
    if (fromChild) return fromChild;
  }
  return undefined;
}

/**
 * The `:id` of the current page, for the USERID placeholder: the host mounts areas by prefix, so the id is
 * read from the path's shape `/app/<prefix>/<numeric id>/…` (clients/:id, carers/:id/edit, …).
 */
export function routeIdFromPath(pathname: string): string | undefined {
  return /^\/app\/[^/]+\/(\d+)(?:\/|$)/.exec(pathname)?.[1];
}
