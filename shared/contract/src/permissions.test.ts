import { ALL_PERMISSIONS, can, canAny, isPermission } from './permissions';

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

  it('names every catalogue permission <area>.<action>', () => {
    for (const permission of ALL_PERMISSIONS) expect(permission).toMatch(/^[a-z]+(-[a-z]+)*(\.[a-z]+(-[a-z]+)*)+$/);
    expect(isPermission('branches.view')).toBe(true);
    expect(isPermission('branches.fly')).toBe(false);
  });
});
