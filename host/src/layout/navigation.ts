import { GROUP_TARGET, resolveTarget, routeIdFromPath, type AreaRegistration, type NavigationItem } from '@hcm/contract';

/** The shell's own sidebar items; every area adds its items from the registry after these. */
export const SHELL_NAVIGATION: NavigationItem[] = [
  { name: 'dashboard', title: 'Dashboard', target: '/app/dashboard', permission: ['dashboard.view'] },
  { name: 'outbox', title: 'Outbox', target: '/app/outbox', permission: ['mail.outbox.view'] },
  { name: 'areas', title: 'Areas and versions', target: '/app/areas', permission: ['areas.view'] },
  { name: 'background-work', title: 'Background work', target: '/app/background-work', permission: ['areas.view'] },
];

/** The whole sidebar tree, unfiltered: the shell's items, then each active area's, in registry order. */
export function sidebarTree(areas: readonly AreaRegistration[]): NavigationItem[] {
  return [...SHELL_NAVIGATION, ...areas.flatMap((area) => area.navigation)];
}

/**
 * Top-level menu entries the shell shows inside another top-level group (by item name, as the areas'
 * area.json name them): the group a person doing that job opens anyway. Applied to the tree a user may see,
 * so an entry whose new parent that user cannot see stays at the top level: nothing becomes unreachable.
 */
export const MENU_PLACEMENT: Readonly<Record<string, string>> = {
  'client-live-events': 'clients',
  reablement: 'clients',
  'assessment-visits': 'scheduling',
  recruitment: 'workforce',
  calendar: 'workforce',
  export: 'finance',
  // Meetings, news and events (communication) and Users and access (administration) stay at the top level: they
  // are not reference data, though the reference-data area serves them.
};

/**
 * The order of the top level, by job: the day's care work first, then people, quality and money, then
 * settings and the platform's pages. '*' is where entries not named here go (an area's new menu), in
 * registry order.
 */
export const MENU_ORDER: readonly string[] = [
  'dashboard',
  'clients',
  'health-professionals',
  'scheduling',
  'live',
  'visits',
  'workforce',
  'communication',
  'office',
  'quality',
  'audits',
  'kpis',
  'dashboards',
  'finance',
  'ai',
  '*',
  'audit-trail',
  'reference-data',
  'users-and-access',
  'outbox',
  'areas',
  'background-work',
];

/**
 * The sidebar as the shell shows it, from the tree the user may see (filterNavigation's result): entries of
 * MENU_PLACEMENT move under their group (after its own items), and the top level follows MENU_ORDER. Every
 * link stays in the tree and no target changes.
 */
export function arrangeMenu(items: readonly NavigationItem[]): NavigationItem[] {
  const topNames = new Set(items.map((item) => item.name));
  const isGroup = (name: string) => items.some((item) => item.name === name && item.target === GROUP_TARGET);
  const moves = (item: NavigationItem) => {
    const parent = MENU_PLACEMENT[item.name];
    return parent !== undefined && parent !== item.name && topNames.has(parent) && isGroup(parent) && !MENU_PLACEMENT[parent];
  };
  const placed = items
    .filter((item) => !moves(item))
    .map((item) => {
      const adopted = items.filter((child) => moves(child) && MENU_PLACEMENT[child.name] === item.name);
      return adopted.length ? { ...item, children: [...(item.children ?? []), ...adopted] } : item;
    });
  const rest = MENU_ORDER.indexOf('*');
  const rank = (item: NavigationItem) => {
    const index = MENU_ORDER.indexOf(item.name);
    return index === -1 ? rest : index;
  };
  // A stable sort: entries of equal rank (the unnamed ones) keep registry order.
  return placed
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * The title of the menu entry whose target (USERID resolved) is `pathname`: the page's name for the document
 * title when the screen does not name its route.
 */
export function menuTitleForPath(items: readonly NavigationItem[], pathname: string): string | undefined {
  const routeId = routeIdFromPath(pathname);
  for (const item of items) {
    if (item.target !== GROUP_TARGET && resolveTarget(item.target, routeId) === pathname) return item.title;
    const fromChild = item.children && menuTitleForPath(item.children, pathname);
    if (fromChild) return fromChild;
  }
  return undefined;
}

const SMALL_WORDS = new Set(['and', 'of', 'the', 'for', 'to', '&']);

/** What the collapsed rail shows for an entry: the initials of its first two words ("QA"), or "Cl" for one word. */
export function menuInitials(title: string): string {
  const words = title.split(/[\s,/]+/).filter((word) => word && !SMALL_WORDS.has(word.toLowerCase()));
  const [first = '', second] = words;
  if (second) return `${first.charAt(0)}${second.charAt(0)}`.toUpperCase();
  return `${first.charAt(0).toUpperCase()}${first.charAt(1)}`;
}
