import { filterNavigation, isItemOpen, isItemVisible, navigationLeaves, resolveTarget, routeIdFromPath, type NavigationItem } from './navigation';

const office = { userRole: 'office_staff', userPermissions: ['clients.view'] };
const admin = { userRole: 'super_admin', userPermissions: [] };

const tree: NavigationItem[] = [
  { name: 'dashboard', title: 'Dashboard', target: '/app/dashboard', permission: ['dashboard.view'] },
  {
    name: 'clients',
    title: 'Clients',
    target: '#',
    permission: ['clients.view', 'clients.edit'],
    children: [
      { name: 'list', title: 'All clients', target: '/app/clients', permission: ['clients.view'] },
      { name: 'add', title: 'Add client', target: '/app/client/add', permission: ['clients.create'] },
      { name: 'record', title: 'Record', target: '/app/clients/USERID/edit/profile-info', permission: ['clients.view'] },
    ],
  },
  { name: 'sl-calendar', title: 'Supported living calendar', target: '/app/sl', permission: [], allowedType: ['supported-living'] },
  { name: 'dom-empty', title: 'Empty list', target: '/app/x', permission: [], allowedType: ['domiciliary'] },
  { name: 'no-list', title: 'No permission list', target: '/app/y' },
];

describe('navigation filter (spec §6)', () => {
  it('shows super_admin every item, even those without a permission list', () => {
    expect(filterNavigation(tree, admin).map((item) => item.name)).toEqual(['dashboard', 'clients', 'sl-calendar', 'dom-empty', 'no-list']);
  });

  it('shows others an item only when one of its permissions is theirs, and filters children the same way', () => {
    const visible = filterNavigation(tree, office);
    expect(visible.map((item) => item.name)).toEqual(['clients', 'sl-calendar']);
    expect(visible[0]?.children?.map((item) => item.name)).toEqual(['list', 'record']);
  });

  it('shows an item with an empty permission list only when its allowedType includes supported-living', () => {
    expect(isItemVisible(tree[2]!, office)).toBe(true);
    expect(isItemVisible(tree[3]!, office)).toBe(false);
  });

  it('hides an item without a permission list from everyone but super_admin', () => {
    expect(isItemVisible(tree[4]!, office)).toBe(false);
    expect(isItemVisible(tree[4]!, admin)).toBe(true);
  });

  it('shows nothing to nobody', () => {
    expect(filterNavigation(tree, null)).toEqual([]);
  });
});

describe('targets and open state (spec §2.3)', () => {
  it('replaces USERID with the route id, and leaves groups alone', () => {
    expect(resolveTarget('/app/clients/USERID/edit/profile-info', '42')).toBe('/app/clients/42/edit/profile-info');
    expect(resolveTarget('#', '42')).toBe('#');
  });

  it('reads the route id from /app/<prefix>/<id>/…', () => {
    expect(routeIdFromPath('/app/clients/42/edit/profile-info')).toBe('42');
    expect(routeIdFromPath('/app/clients')).toBeUndefined();
    expect(routeIdFromPath('/app/branches/add')).toBeUndefined();
  });

  it('opens an item whose target is the full path, and a group when any child is open', () => {
    const clients = tree[1]!;
    expect(isItemOpen(clients, '/app/clients')).toBe(true);
    expect(isItemOpen(clients, '/app/clients/42/edit/profile-info', '42')).toBe(true);
    expect(isItemOpen(clients, '/app/clients/7/edit/profile-info', '42')).toBe(false);
    expect(isItemOpen(clients, '/app/finance')).toBe(false);
  });

  it('lists the leaves of a tree', () => {
    expect(navigationLeaves(tree).map((item) => item.name)).toEqual(['dashboard', 'list', 'add', 'record', 'sl-calendar', 'dom-empty', 'no-list']);
  });
});
