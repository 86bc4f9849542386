import { GROUP_TARGET, navigationLeaves, type NavigationItem } from '@hcm/contract';
import { arrangeMenu, menuInitials, menuTitleForPath } from './navigation';

const link = (name: string, title = name): NavigationItem => ({ name, title, target: `/app/${name}`, permission: [] });
const group = (name: string, title: string, children: NavigationItem[]): NavigationItem => ({ name, title, target: GROUP_TARGET, permission: [], children });

// The shapes of the areas' menus (registry order: shell, care-records, …, reference-data), trimmed.
const TREE: NavigationItem[] = [
  link('dashboard', 'Dashboard'),
  link('outbox', 'Outbox'),
  group('clients', 'Clients', [link('clients-all', 'All clients')]),
  link('health-professionals', 'Health professionals'),
  group('client-live-events', 'Client live events', [link('live-incidents', 'Incidents at visits')]),
  group('reablement', 'Reablement', [link('reablement-dashboard', 'Reablement dashboard')]),
  group('workforce', 'Carers and staff', [link('carers-all', 'Carers')]),
  group('recruitment', 'Recruitment', [link('recruitment-applicants', 'Applicants')]),
  group('brand-new', 'Something new', [link('new-thing', 'New thing')]),
  group('scheduling', 'Scheduling', [link('scheduler-home', 'Scheduling overview')]),
  group('reference-data', 'Reference data', [link('branches', 'Branches')]),
  group('office', 'Meetings, news and events', [link('news-feed', 'News feed')]),
  group('users-and-access', 'Users and access', [link('users', 'Users')]),
];

describe('arrangeMenu: fewer top-level groups, ordered by job', () => {
  it('moves the satellite menus into the group of that job and orders the top level by job', () => {
    const menu = arrangeMenu(TREE);
    expect(menu.map((item) => item.title)).toEqual([
      'Dashboard',
      'Clients',
      'Health professionals',
      'Scheduling',
      'Carers and staff',
      'Meetings, news and events',
      'Something new',
      'Reference data',
      'Users and access',
      'Outbox',
    ]);
    expect(menu.find((item) => item.name === 'clients')?.children?.map((item) => item.title)).toEqual(['All clients', 'Client live events', 'Reablement']);
    expect(menu.find((item) => item.name === 'reference-data')?.children?.map((item) => item.title)).toEqual(['Branches']);
  });

  it('keeps every link, with its target unchanged', () => {
    const before = navigationLeaves(TREE).map((item) => `${item.title} ${item.target}`).sort();
    expect(navigationLeaves(arrangeMenu(TREE)).map((item) => `${item.title} ${item.target}`).sort()).toEqual(before);
  });

  it('leaves an entry at the top level when the user cannot see the group it would move into', () => {
    const withoutClients = TREE.filter((item) => item.name !== 'clients' && item.name !== 'reference-data');
    const titles = arrangeMenu(withoutClients).map((item) => item.title);
    expect(titles).toEqual(expect.arrayContaining(['Client live events', 'Reablement']));
  });
});

describe('menuTitleForPath', () => {
  it('finds the entry of the page, USERID standing for the page id', () => {
    const tree = [group('clients', 'Clients', [link('all', 'All clients'), { name: 'record', title: 'Client record', target: '/app/clients/USERID/edit/profile-info', permission: [] }])];
    expect(menuTitleForPath(tree, '/app/all')).toBe('All clients');
    expect(menuTitleForPath(tree, '/app/clients/42/edit/profile-info')).toBe('Client record');
    expect(menuTitleForPath(tree, '/app/nowhere')).toBeUndefined();
  });
});

describe('menuInitials', () => {
  it('takes two words’ initials, skipping small words, or the first two letters of one word', () => {
    expect(menuInitials('Carers and staff')).toBe('CS');
    expect(menuInitials('Meetings, news and events')).toBe('MN');
    expect(menuInitials('Clients')).toBe('Cl');
    expect(menuInitials('KPIs')).toBe('KP');
  });
});
