import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { USER_TYPE_LABELS, type RoleListRow, type UserListRow } from '@hcm/contract/schemas';
import { Button, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { ButtonLink } from '@hcm/kit/routing';
import { ListTable, useResourceList, type Column } from '@hcm/kit/table';
import { useListRows } from './useChoices';
import styles from './users.module.css';
import { NoAccess } from './NoAccess';
import { formatDateTime } from '@hcm/contract/format';

/** /app/users: every user the signed-in user may see (a super admin all; others those sharing a branch). */
export function UserList() {
  useRouteName('Users');
  const can = useCan();
  const list = useResourceList<UserListRow>('users', { sort: 'name', mode: 'asc' });
  const [search, setSearch] = useState('');
  const roles = useListRows<RoleListRow>('user-roles', can('roles.view')).map((role) => ({ value: String(role.id), label: role.label }));
  const branches = useListRows<{ id: number; name: string }>('branches', can('branches.view')).map((branch) => ({ value: String(branch.id), label: branch.name }));
  const filters = list.query.filters ?? {};

  const columns: Column<UserListRow>[] = [
    {
      key: 'name',
      label: 'Name',
      sortable: true,
      render: (user) => (can('users.edit') ? <Link to={`/app/users/${user.id}/edit`}>{user.name}</Link> : user.name),
    },
    { key: 'email', label: 'Email', sortable: true },
    { key: 'role_label', label: 'Role', sortable: true, render: (user) => user.role_label ?? 'No role' },
    { key: 'branches', label: 'Branches', render: (user) => user.branches.map((branch) => branch.name).join(', ') || 'None' },
    { key: 'user_type', label: 'Type', sortable: true, render: (user) => USER_TYPE_LABELS[user.user_type] },
    {
      key: 'disabled',
      label: 'Status',
      sortable: true,
      render: (user) => <span className={[styles.badge, user.disabled ? styles.danger : styles.ok].join(' ')}>{user.disabled ? 'Disabled' : 'Active'}</span>,
    },
    { key: 'two_factor', label: 'Two-factor', render: (user) => (user.two_factor_enabled ? 'On' : 'Off') },
    {
      key: 'last_sign_in_at',
      label: 'Last sign-in',
      render: (user) => (user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : 'Never'),
    },
  ];

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    list.setSearch(search.trim());
  };
  const handleFilter = (key: string, value: string) => list.setFilters({ ...filters, [key]: value });

  const filter = (key: string, label: string, options: { value: string; label: string }[]) => (
    <label htmlFor={`user-filter-${key}`} className={styles.filter}>
      {label}
      <select id={`user-filter-${key}`} value={filters[key] ?? ''} onChange={(event) => handleFilter(key, event.target.value)}>
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );

  if (!can('users.view')) return <NoAccess what="users" />;
  return (
    <>
      <PageHeader title="Users" actions={can('users.create') ? <ButtonLink to="/app/users/add">Add user</ButtonLink> : null} />
      <div className={styles.toolbar}>
        <form role="search" className={styles.search} onSubmit={handleSearch}>
          <label htmlFor="user-search">Search users</label>
          <input id="user-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Name or email" />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        {roles.length ? filter('role', 'Role', roles) : null}
        {branches.length ? filter('branch', 'Branch', branches) : null}
        {filter('disabled', 'Status', [
          { value: 'false', label: 'Active' },
          { value: 'true', label: 'Disabled' },
        ])}
      </div>
      <ListTable
        caption="Users"
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
        rowKey={(user) => user.id}
        empty={list.query.search || Object.values(filters).some(Boolean) ? 'No user matches.' : 'No users yet.'}
      />
    </>
  );
}
