import { filterNavigation, GROUP_TARGET, navigationLeaves, SUPER_ADMIN, type NavigationItem, type PermissionSubject } from '@hcm/contract';
import { demoAreas, demoSubject, type DemoRole } from './demoMenus.testing';
import { arrangeMenu, isJobOf, MENU_WORK_LIMIT, menuInitials, menuTitleForPath, sidebarTree } from './navigation';

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
  group('reference-data', 'Settings and reference data', [link('branches', 'Branches')]),
  group('office', 'Meetings, news and events', [link('news-feed', 'News feed')]),
  group('users-and-access', 'Users and access', [link('users', 'Users')]),
];

const OFFICE: PermissionSubject = { userRole: 'office_staff', userPermissions: ['clients.view', 'clients.edit', 'scheduler.view', 'datatables.view'] };

describe('arrangeMenu: fewer top-level groups, ordered by job', () => {
  it('moves the satellite menus into the group of that job and orders the top level by job', () => {
    const menu = arrangeMenu(TREE, OFFICE);
    expect(menu.map((item) => item.title)).toEqual([
      'Dashboard',
      'Clients',
      'Scheduling',
      'Carers and staff',
      'Meetings, news and events',
      'Something new',
      'Settings and reference data',
      'Administration',
    ]);
    expect(menu.find((item) => item.name === 'clients')?.children?.map((item) => item.title)).toEqual(['All clients', 'Health professionals', 'Client live events', 'Reablement']);
    expect(menu.find((item) => item.name === 'reference-data')?.children?.map((item) => item.title)).toEqual(['Branches']);
    expect(menu.find((item) => item.name === 'administration')?.children?.map((item) => item.title)).toEqual(['Users and access', 'Outbox']);
  });

  it('keeps every link, with its target unchanged', () => {
    const before = navigationLeaves(TREE).map((item) => `${item.title} ${item.target}`).sort();
    expect(navigationLeaves(arrangeMenu(TREE, OFFICE)).map((item) => `${item.title} ${item.target}`).sort()).toEqual(before);
  });

  it('leaves an entry at the top level when the user cannot see the group it would move into', () => {
    const withoutClients = TREE.filter((item) => item.name !== 'clients' && item.name !== 'reference-data');
    const menu = arrangeMenu(withoutClients, OFFICE);
    // At the top level, or under More with the other work beyond the limit.
    const titles = [...menu, ...(menu.find((item) => item.name === 'more')?.children ?? [])].map((item) => item.title);
    expect(titles).toEqual(expect.arrayContaining(['Client live events', 'Reablement', 'Health professionals']));
  });

  it('leaves a lone administration page at the top level: a group of one saves nothing', () => {
    const titles = arrangeMenu(TREE.filter((item) => item.name !== 'outbox'), OFFICE).map((item) => item.title);
    expect(titles).toContain('Users and access');
    expect(titles).not.toContain('Administration');
  });
});

describe('arrangeMenu: beyond MENU_WORK_LIMIT, work folds under More by job', () => {
  const WORK = [
    link('dashboard', 'Dashboard'),
    ...['clients', 'scheduling', 'live', 'visits', 'workforce', 'communication', 'quality', 'finance'].map((name) => ({
      ...group(name, name, [link(`${name}-home`)]),
      permission: [`${name}.view`],
    })),
  ];
  const titles = (items: readonly NavigationItem[]) => items.map((item) => item.title);

  it('keeps the dashboard and the first entries by MENU_ORDER when the user’s job does not decide', () => {
    const menu = arrangeMenu(WORK, { userRole: 'viewer', userPermissions: WORK.flatMap((item) => item.permission ?? []) });
    expect(menu).toHaveLength(MENU_WORK_LIMIT + 1);
    expect(titles(menu)).toEqual(['Dashboard', 'clients', 'scheduling', 'live', 'visits', 'workforce', 'More']);
    expect(titles(menu.at(-1)!.children!)).toEqual(['communication', 'quality', 'finance']);
  });

  it('puts the user’s job at the top level first: entries where they may change things, not only see them', () => {
    const permissions = [...WORK.flatMap((item) => item.permission ?? []), 'finance.invoices.generate', 'quality.edit', 'clients.safeguarding.view'];
    const menu = arrangeMenu(WORK, { userRole: 'finance_lead', userPermissions: permissions });
    // Finance and Quality are this user's job; clients.safeguarding.view only shows more, so Clients is not.
    expect(titles(menu)).toEqual(['Dashboard', 'clients', 'scheduling', 'live', 'quality', 'finance', 'More']);
    expect(titles(menu.at(-1)!.children!)).toEqual(['visits', 'workforce', 'communication']);
  });

  it('folds nothing when one entry only would go under More', () => {
    const seven = WORK.slice(0, MENU_WORK_LIMIT + 1);
    expect(titles(arrangeMenu(seven, { userRole: SUPER_ADMIN, userPermissions: [] }))).toEqual(titles(seven));
  });
});

describe('isJobOf', () => {
  const clients = { ...group('clients', 'Clients', []), permission: ['clients.view'] };
  const assistant = { ...link('ai', 'Assistant'), permission: ['assistant.use'] };
  it('is a permission beyond seeing, of the namespace of one that shows the entry', () => {
    expect(isJobOf(clients, { userRole: 'office_staff', userPermissions: ['clients.view', 'clients.edit'] })).toBe(true);
    expect(isJobOf(clients, { userRole: 'office_staff', userPermissions: ['clients.view', 'clients.clinical.view', 'carers.edit'] })).toBe(false);
    expect(isJobOf(assistant, { userRole: 'office_staff', userPermissions: ['assistant.use'] })).toBe(false);
    expect(isJobOf(clients, { userRole: SUPER_ADMIN, userPermissions: [] })).toBe(true);
    expect(isJobOf(clients, null)).toBe(false);
  });
});

describe('sub-groups', () => {
  it('stand apart from work: the reference-data area’s group never folds under More, whatever the count', () => {
    const work = ['clients', 'scheduling', 'live', 'visits', 'workforce', 'communication', 'office', 'quality'].map((name) => group(name, name, [link(`${name}-list`)]));
    const menu = arrangeMenu([link('dashboard', 'Dashboard'), ...work, group('reference-data', 'Settings and reference data', [link('branches')])], OFFICE);
    expect(menu.map((item) => item.name)).toContain('reference-data');
    expect(menu.find((item) => item.name === 'more')?.children?.map((item) => item.name)).not.toContain('reference-data');
  });

  it('a sub-group of which the user sees one entry shows that entry in its place; a top-level group stays a group', () => {
    const tree = [
      group('reference-data', 'Settings and reference data', [
        link('datatables'),
        group('reference-data-agency', 'Agency and calendar', [link('branches'), link('areacodes')]),
        group('reference-data-staff', 'Staff, pay and training', [link('bands')]),
      ]),
      group('clients', 'Clients', [link('clients-list')]),
    ];
    const menu = arrangeMenu(tree, OFFICE);
    const settings = menu.find((item) => item.name === 'reference-data')!;
    expect(settings.children?.map((item) => item.name)).toEqual(['datatables', 'reference-data-agency', 'bands']);
    expect(menu.find((item) => item.name === 'clients')?.children?.map((item) => item.name)).toEqual(['clients-list']);
    expect(navigationLeaves(menu).map((item) => item.name).sort()).toEqual(navigationLeaves(tree).map((item) => item.name).sort());
  });
});

describe("the demo roles' menus (the areas' area.json and the seed's grants)", () => {
  const areas = demoAreas();
  const visibleTo = (role: DemoRole) => filterNavigation(sidebarTree(areas), demoSubject(role));
  const links = (items: readonly NavigationItem[]) =>
    navigationLeaves(items)
      .filter((item) => item.target !== GROUP_TARGET)
      .map((item) => `${item.name} ${item.target}`)
      .sort();

  // Office staff see at most eight top-level entries; the others at most nine (administration is one more).
  it.each([
    ['office_staff', 8],
    ['registered_manager', 9],
    [SUPER_ADMIN, 9],
    ['finance_officer', 8],
  ] as const)('%s sees at most %i top-level entries, and every link they could reach before, with the same target', (role, limit) => {
    const visible = visibleTo(role);
    const menu = arrangeMenu(visible, demoSubject(role));
    expect(visible.length).toBeGreaterThan(0);
    expect(menu.length).toBeLessThanOrEqual(limit);
    expect(links(menu)).toEqual(links(visible));
  });

  it("gives office staff the day's work at the top level, the rest under More and Settings and reference data", () => {
    const menu = arrangeMenu(visibleTo('office_staff'), demoSubject('office_staff'));
    expect(menu.map((item) => item.title)).toEqual([
      'Dashboard',
      'Clients',
      'Scheduling',
      'Live operations',
      'Visits',
      'Carers and staff',
      'More',
      'Settings and reference data',
    ]);
    expect(menu.find((item) => item.name === 'more')?.children?.map((item) => item.title)).toEqual(
      expect.arrayContaining(['Communication', 'Quality assurance', 'KPIs', 'Assistant']),
    );
    // The reference data's many lists sit under few sub-groups.
    expect(menu.find((item) => item.name === 'reference-data')?.children?.length).toBeLessThanOrEqual(6);
  });

  it('puts the finance officer’s job first and leaves the carer (the carers’ app only) no back-office menu', () => {
    const menu = arrangeMenu(visibleTo('finance_officer'), demoSubject('finance_officer'));
    expect(menu.map((item) => item.title)).toEqual(['Dashboard', 'Finance', 'Settings and reference data']);
    expect(arrangeMenu(visibleTo('carer'), demoSubject('carer'))).toEqual([]);
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
