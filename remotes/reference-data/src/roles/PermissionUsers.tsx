import { Link, useParams } from 'react-router-dom';
import type { PermissionHolderRow } from '@hcm/contract/schemas';
import { ErrorPanel, Loading, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { ButtonLink } from '@hcm/kit/routing';
import { ListTable, useResourceList, type Column } from '@hcm/kit/table';
import { PERMISSIONS_PATH } from './PermissionList';
import { usePermissionCatalogue } from './permissionGroups';

/** datatables/user-permissions/:id/edit/users: the users holding a permission (through their role, or as super admins). */
export function PermissionUsers() {
  const { id = '' } = useParams();
  useRouteName('Users holding a permission');
  const can = useCan();
  const list = useResourceList<PermissionHolderRow>(`user-permissions/${encodeURIComponent(id)}/users`);
  const catalogue = usePermissionCatalogue();
  if (catalogue.error) return <ErrorPanel title="The permissions could not be loaded">{catalogue.error.message}</ErrorPanel>;
  if (!catalogue.data) return <Loading label="Loading permission…" />;
  const permission = catalogue.data.find((entry) => entry.name === id);
  if (!permission) return <ErrorPanel title="No such permission">{id} is not in the permission catalogue.</ErrorPanel>;

  const columns: Column<PermissionHolderRow>[] = [
    { key: 'name', label: 'Name', render: (user) => (can('users.edit') ? <Link to={`/app/users/${user.id}/edit`}>{user.name}</Link> : user.name) },
    { key: 'email', label: 'Email' },
    { key: 'role_label', label: 'Role', render: (user) => user.role_label ?? 'No role' },
    { key: 'disabled', label: 'Status', render: (user) => (user.disabled ? 'Disabled' : 'Active') },
  ];

  return (
    <>
      <PageHeader
        title={`Users holding ${id}`}
        actions={
          <ButtonLink to={PERMISSIONS_PATH} variant="secondary">
            All permissions
          </ButtonLink>
        }
      />
      <p>{permission.description}. Super admins hold every permission.</p>
      <ListTable
        caption={`Users holding ${id}`}
        columns={columns}
        page={list.result}
        loading={list.loading}
        error={list.error}
        onSort={list.sortBy}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        onRetry={list.reload}
        rowKey={(user) => user.id}
        empty="No user holds this permission."
      />
    </>
  );
}
