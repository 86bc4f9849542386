import {
  GROUP_TARGET,
  resolveTarget,
  routeIdFromPath,
  SUPER_ADMIN,
  type AreaRegistration,
  type NavigationItem,
  type PermissionSubject,
} from '@hcm/contract';

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
  'health-professionals': 'clients',
  'client-live-events': 'clients',
  reablement: 'clients',
  'assessment-visits': 'scheduling',
  recruitment: 'workforce',
  calendar: 'workforce',
  export: 'finance',
  // Meetings, news and events (communication) and Users and access (administration) are not reference data,
  // though the reference-data area serves them.
};

/**
 * The order of the top level, by job: the day's care work first, then people, quality and money, then
 * settings and the platform's pages. '*' is where entries not named here go (an area's new menu), in
 * registry order. Inside More and Administration, entries keep this order too.
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
  'more',
  'reference-data',
  'administration',
  'audit-trail',
  'users-and-access',
  'outbox',
  'areas',
  'background-work',
];

/** Work entries a user sees at the top level whatever their job: the home page. */
export const MENU_PINNED: readonly string[] = ['dashboard'];

/**
 * At most this many entries of work (everything but settings and administration) stand at the top level; the
 * others fold under More. With More, Settings and reference data and Administration, the top level holds at
 * most nine entries, eight for a user who administers nothing.
 */
export const MENU_WORK_LIMIT = 6;

/** The group the work entries beyond MENU_WORK_LIMIT fold under: those the user's job needs least. */
export const MORE_GROUP = { name: 'more', title: 'More' } as const;

/** The reference-data area's group (settings and the lists): it stands apart from work, as Administration does. */
export const SETTINGS_GROUP = { name: 'reference-data' } as const;

/** The platform's pages for those who run the system, under one group when a user sees two or more of them. */
export const ADMINISTRATION_GROUP = {
  name: 'administration',
  title: 'Administration',
  entries: ['users-and-access', 'audit-trail', 'outbox', 'areas', 'background-work'],
} as const;


/** A group the shell makes of some entries; it shows to whoever sees one of them (they are already filtered). */
function shellGroup(name: string, title: string, children: NavigationItem[]): NavigationItem {
  const permission = [...new Set(children.flatMap((child) => child.permission ?? []))];
  return { name, title, target: GROUP_TARGET, permission, children };
}

const namespaceOf = (permission: string) => permission.slice(0, permission.indexOf('.'));

/**
 * Whether a top-level entry is the subject's job: they may change what it shows, not only see it. They hold a
 * permission, other than a '.view' one and other than those that show them the entry, of the namespace of one
 * that does (clients.edit for Clients, shown by clients.view; finance.invoices.generate for Finance). The
 * super admin's job is everything.
 */
export function isJobOf(item: NavigationItem, subject: PermissionSubject | null | undefined): boolean {
  if (!subject?.userRole) return false;
  if (subject.userRole === SUPER_ADMIN) return true;
  const held = subject.userPermissions;
  const showing = (item.permission ?? []).filter((permission) => held.includes(permission));
  const namespaces = new Set(showing.map(namespaceOf));
  return held.some((permission) => !showing.includes(permission) && !permission.endsWith('.view') && namespaces.has(namespaceOf(permission)));
}

const rankOf = (name: string) => {
  const index = MENU_ORDER.indexOf(name);
  return index === -1 ? MENU_ORDER.indexOf('*') : index;
};

/** By MENU_ORDER; a stable sort, so entries of equal rank (the unnamed ones) keep registry order. */
function inMenuOrder(items: readonly NavigationItem[]): NavigationItem[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rankOf(a.item.name) - rankOf(b.item.name) || a.index - b.index)
    .map(({ item }) => item);
}

/** MENU_PLACEMENT applied: the entries moved under their group, after its own items. */
function placeEntries(items: readonly NavigationItem[]): NavigationItem[] {
  const topNames = new Set(items.map((item) => item.name));
  const isGroup = (name: string) => items.some((item) => item.name === name && item.target === GROUP_TARGET);
  const moves = (item: NavigationItem) => {
    const parent = MENU_PLACEMENT[item.name];
    return parent !== undefined && parent !== item.name && topNames.has(parent) && isGroup(parent) && !MENU_PLACEMENT[parent];
  };
  return items
    .filter((item) => !moves(item))
    .map((item) => {
      const adopted = items.filter((child) => moves(child) && MENU_PLACEMENT[child.name] === item.name);
      return adopted.length ? { ...item, children: [...(item.children ?? []), ...adopted] } : item;
    });
}

/** A group inside an area's group holding one entry the user sees shows that entry in its place (one click fewer). */
function withoutLoneSubgroups(items: readonly NavigationItem[], depth = 0): NavigationItem[] {
  return items.map((item) => {
    if (!item.children) return item;
    const children = withoutLoneSubgroups(item.children, depth + 1);
    return depth > 0 && item.target === GROUP_TARGET && children.length === 1 ? children[0]! : { ...item, children };
  });
}

/**
 * The sidebar as the shell shows it to `subject`, from the tree they may see (filterNavigation's result):
 * - entries of MENU_PLACEMENT move under their group (after its own items);
 * - a sub-group an area declares, of which the user sees one entry, is that entry;
 * - the reference-data area's group (settings and the lists, in the sub-groups its area.json declares) stands apart;
 * - the platform's pages go under Administration when the user sees two or more of them;
 * - of the rest (work), when there are more than MENU_WORK_LIMIT + 1, MENU_WORK_LIMIT stay at the top level: the
 *   pinned ones, then the user's job (isJobOf), then the others, each in MENU_ORDER; the others fold under More.
 * The top level follows MENU_ORDER. Every link stays in the tree and no target changes.
 */
export function arrangeMenu(items: readonly NavigationItem[], subject: PermissionSubject | null | undefined): NavigationItem[] {
  // A sub-group an area declares, of which the user sees one entry, shows that entry (before the shell moves groups).
  const placed = placeEntries(withoutLoneSubgroups(items));
  const administration: readonly string[] = ADMINISTRATION_GROUP.entries;
  const isSettings = (item: NavigationItem) => item.name === SETTINGS_GROUP.name && item.target === GROUP_TARGET;
  const top: NavigationItem[] = [];

  const settings = placed.find(isSettings);
  if (settings) top.push(settings);

  const admin = inMenuOrder(placed.filter((item) => administration.includes(item.name)));
  if (admin.length > 1) top.push(shellGroup(ADMINISTRATION_GROUP.name, ADMINISTRATION_GROUP.title, admin));
  else top.push(...admin);

  const work = inMenuOrder(placed.filter((item) => !isSettings(item) && !administration.includes(item.name)));
  if (work.length <= MENU_WORK_LIMIT + 1) top.push(...work);
  else {
    const pinned = work.filter((item) => MENU_PINNED.includes(item.name));
    const job = work.filter((item) => !MENU_PINNED.includes(item.name) && isJobOf(item, subject));
    const others = work.filter((item) => !pinned.includes(item) && !job.includes(item));
    const kept = new Set([...pinned, ...job, ...others].slice(0, MENU_WORK_LIMIT));
    top.push(...work.filter((item) => kept.has(item)));
    top.push(shellGroup(MORE_GROUP.name, MORE_GROUP.title, work.filter((item) => !kept.has(item))));
  }
  return inMenuOrder(top);
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
