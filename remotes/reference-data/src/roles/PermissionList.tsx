import { Link } from 'react-router-dom';
import type { PermissionListRow } from '@hcm/contract/schemas';
import { PageHeader, useCan, useRouteName } from '@hcm/kit';
import { ListTable, useResourceList, type Column } from '@hcm/kit/table';
import { areaTitle, permissionGroups, usePermissionCatalogue } from './permissionGroups';
import styles from './roles.module.css';
import { NoAccess } from '../users/NoAccess';

export const PERMISSIONS_PATH = '/app/datatables/user-permissions';

/** datatables/user-permissions: the catalogue, what each permission allows, and the roles holding it. */
export function PermissionList() {
  useRouteName('User permissions');
  const can = useCan();
  const list = useResourceList<PermissionListRow>('user-permissions', { pageSize: 50 });
  const area = list.query.filters?.area ?? '';
  // The areas to filter by, from the catalogue the API composed (the platform's and every area's permissions).
  const areas = permissionGroups(usePermissionCatalogue().data ?? []).map((group) => group.area);

  const columns: Column<PermissionListRow>[] = [
    { key: 'name', label: 'Permission', sortable: true, render: (row) => <code>{row.name}</code> },
    { key: 'description', label: 'Allows', sortable: true },
    { key: 'area', label: 'Area', sortable: true, render: (row) => areaTitle(row.area) },
    { key: 'owner', label: 'Declared by', sortable: true, render: (row) => (row.owner === 'platform' ? 'The platform' : `The ${row.owner.replace(/-/g, ' ')} area`) },
    {
      key: 'roles',
      label: 'Roles',
      render: (row) => (
        <ul className={styles.roles} aria-label={`Roles holding ${row.name}`}>
          {row.roles.map((role) => (
            <li key={role.id}>{role.label}</li>
          ))}
        </ul>
      ),
    },
    {
      key: 'users',
      label: 'Users',
      render: (row) => <Link to={`${PERMISSIONS_PATH}/${encodeURIComponent(row.id)}/edit/users`} aria-label={`Users holding ${row.name}`}>Users</Link>,
    },
  ];

  if (!can('roles.view')) return <NoAccess what="permissions" />;
  return (
    <>
      <PageHeader title="User permissions" />
      <label htmlFor="permission-area" className={styles.switch}>
        Area
        <select id="permission-area" value={area} onChange={(event) => list.setFilters({ area: event.target.value })}>
          <option value="">All</option>
          {areas.map((name) => (
            <option key={name} value={name}>
              {areaTitle(name)}
            </option>
          ))}
        </select>
      </label>
      <ListTable
        caption="User permissions"
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
        rowKey={(row) => row.id}
        empty="No permission in this area."
      />
    </>
  );
}
