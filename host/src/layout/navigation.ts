import type { AreaRegistration, NavigationItem } from '@hcm/contract';

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
