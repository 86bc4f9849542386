import { areaPermissionProblems, can, canAny, defineAreaPermissions, isPermissionName, isPlatformPermission, PLATFORM_PERMISSIONS, permissionsUsableBy } from './permissions';

describe('can (spec §6)', () => {
  it('grants every permission to super_admin, even ones outside its list', () => {
    expect(can({ userRole: 'super_admin', userPermissions: [] }, 'finance.view')).toBe(true);
  });

  it('grants another role only the permissions in its list', () => {
    const office = { userRole: 'office_staff', userPermissions: ['branches.view'] };
    expect(can(office, 'branches.view')).toBe(true);
    expect(can(office, 'finance.view')).toBe(false);
  });

  it('grants nothing without a role, whatever the list says', () => {
    expect(can({ userRole: null, userPermissions: ['branches.view'] }, 'branches.view')).toBe(false);
    expect(can({ userRole: '', userPermissions: ['branches.view'] }, 'branches.view')).toBe(false);
    expect(can(null, 'branches.view')).toBe(false);
  });

  it('canAny needs one of the permissions', () => {
    const user = { userRole: 'office_staff', userPermissions: ['clients.view'] };
    expect(canAny(user, ['finance.view', 'clients.view'])).toBe(true);
    expect(canAny(user, ['finance.view'])).toBe(false);
  });

  it("names every platform permission <namespace>.<action>, and keeps only the platform's", () => {
    for (const permission of Object.keys(PLATFORM_PERMISSIONS)) expect(isPermissionName(permission)).toBe(true);
    expect(isPlatformPermission('branches.view')).toBe(true);
    expect(isPlatformPermission('branches.fly')).toBe(false);
    // An area's permission is its area's (remotes/<area>/contract/permissions.ts), not the platform's.
    expect(isPlatformPermission('clients.view')).toBe(false);
    expect(isPermissionName('Clients.View')).toBe(false);
    expect(isPermissionName('clients')).toBe(false);
  });
});

describe("an area's permissions", () => {
  const declaration = defineAreaPermissions({
    prefixes: ['rounds.'],
    permissions: {
      'rounds.view': { description: 'See rounds', roles: ['office_staff', 'registered_manager'], published: true },
      'rounds.edit': { description: 'Plan rounds', roles: ['registered_manager'] },
    },
    uses: ['clients.view'],
  });

  it('holds as declared', () => {
    expect(areaPermissionProblems('rounds', declaration)).toEqual([]);
  });

  it("may be named by the area's code: its own, the platform's and what it uses", () => {
    const usable = permissionsUsableBy(declaration);
    for (const name of ['rounds.view', 'rounds.edit', 'chat.use', 'clients.view']) expect(usable.has(name)).toBe(true);
    expect(usable.has('finance.view')).toBe(false);
  });

  it('names each problem: outside its prefixes, no description, an unknown role, a needless use', () => {
    const wrong = {
      prefixes: ['rounds.'],
      permissions: {
        'visits.view': { description: 'See visits', roles: [] },
        'rounds.edit': { description: ' ', roles: ['manager' as never] },
        'users.view': { description: 'See users', roles: [] },
      },
      uses: ['rounds.edit', 'chat.use'],
    } as const;
    expect(areaPermissionProblems('rounds', wrong)).toEqual([
      'rounds declares "visits.view", which does not start with one of its prefixes (rounds.)',
      'rounds declares "rounds.edit" without a description',
      'rounds grants "rounds.edit" to "manager", which is not a standard role',
      'rounds declares "users.view", which does not start with one of its prefixes (rounds.)',
      'rounds declares "users.view", the platform\'s permission',
      'rounds uses "rounds.edit", its own permission',
      'rounds uses "chat.use", the platform\'s permission (usable by every area without saying so)',
    ]);
  });
});
