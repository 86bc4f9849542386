import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { BRANCH_TYPE_LABELS, type Branch } from '@hcm/contract/schemas';
import { Button, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { ButtonLink } from '@hcm/kit/routing';
import { ListTable, useResourceList, type Column } from '@hcm/kit/table';
import styles from './branches.module.css';

export function BranchList() {
  useRouteName('Branches');
  const can = useCan();
  const list = useResourceList<Branch>('branches', { sort: 'name', mode: 'asc' });
  const [search, setSearch] = useState('');

  const columns: Column<Branch>[] = [
    {
      key: 'name',
      label: 'Name',
      sortable: true,
      render: (branch) => (can('branches.edit') ? <Link to={`/app/branches/${branch.id}/edit`}>{branch.name}</Link> : branch.name),
    },
    { key: 'code', label: 'Code', sortable: true },
    { key: 'type', label: 'Type', sortable: true, render: (branch) => BRANCH_TYPE_LABELS[branch.type] },
    { key: 'town', label: 'Town', sortable: true },
    { key: 'postcode', label: 'Postcode', sortable: true },
    { key: 'active', label: 'Status', sortable: true, render: (branch) => (branch.active ? 'Active' : 'Inactive') },
  ];

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    list.setSearch(search.trim());
  };

  return (
    <>
      <PageHeader title="Branches" actions={can('branches.create') ? <ButtonLink to="/app/branches/add">Add branch</ButtonLink> : null} />
      <form role="search" className={styles.search} onSubmit={handleSearch}>
        <label htmlFor="branch-search">Search branches</label>
        <input id="branch-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Name, code, town or postcode" />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <ListTable
        caption="Branches"
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
        rowKey={(branch) => branch.id}
        empty={list.query.search ? 'No branch matches your search.' : 'No branches yet. Add the first one.'}
      />
    </>
  );
}
