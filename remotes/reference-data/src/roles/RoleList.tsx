import { Link } from 'react-router-dom';
import type { RoleListRow } from '@hcm/contract/schemas';
import { PageHeader, useCan, useRouteName } from '@hcm/kit';
import { ListTable, useResourceList, type Column } from '@hcm/kit/table';
import { NoAccess } from '../users/NoAccess';

export const ROLES_PATH = '/app/datatables/user-roles';

/** datatables/user-roles: list and edit only (spec); the super admin holds every permission by rule. */
export function RoleList() {
  useRouteName('User roles');
  const can = useCan();
  const list = useResourceList<RoleListRow>('user-roles');

  const columns: Column<RoleListRow>[] = [
    {
      key: 'label',
      sortable: true,
      label: 'Role',
      render: (role) => (role.editable && can('roles.edit') ? <Link to={`${ROLES_PATH}/${role.id}/edit`}>{role.label}</Link> : role.label),
    },
    { key: 'description', label: 'Description', sortable: true, render: (role) => role.description || (role.editable ? '' : 'Every permission, by rule.') },
    { key: 'permission_count', label: 'Permissions', sortable: true },
    { key: 'user_count', label: 'Users', sortable: true },
    { key: 'two_factor_required', label: 'Two-factor required', sortable: true, render: (role) => (role.two_factor_required ? 'Yes' : 'No') },
  ];

  if (!can('roles.view')) return <NoAccess what="roles" />;
  return (
    <>
      <PageHeader title="User roles" />
      <ListTable
        caption="User roles"
        columns={columns}
        page={list.result}
        loading={list.loading}
        error={list.error}
        sort={list.query.sort}
        mode={list.query.mode}
        onSort={list.sortBy}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        onRetry={list.reload}
        rowKey={(role) => role.id}
        empty="No roles."
      />
    </>
  );
}
