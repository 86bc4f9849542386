import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { Button, PageHeader, useCan, useRouteName, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { readSavedFilter, writeSavedFilter } from '@hcm/kit/storage';
import { ListTable, type Column } from '@hcm/kit/table';
import { CARER_STATUSES, COMPLIANCE_STATES, type CarerOverviewRow } from '../../contract/index';
import styles from './people.module.css';
import { formatDate } from '@hcm/contract/format';

type Filters = { branch_id: string; status: string; compliance: string };
type Saved = { filters: Filters; search: string };
const NONE: Saved = { filters: { branch_id: '', status: '', compliance: '' }, search: '' };

const labelOf = (choices: readonly { value: string; label: string }[], value: string | null) => choices.find((choice) => choice.value === value)?.label ?? '—';

/**
 * /app/carers: the carers of the user's branches (applicants and leavers included, by status) with their compliance,
 * filtered by branch, status and compliance state and searched by name, town, postcode or email. The filters and
 * search are kept in the `carer` saved-filter slot.
 */
export default function CarersList() {
  useRouteName('Carers');
  const can = useCan();
  const branches = useSession((state) => state.user?.branches ?? []);
  const [saved] = useState(() => readSavedFilter<Saved>('carer', NONE));
  const [filters, setFilters] = useState<Filters>({ ...NONE.filters, ...saved.filters });
  const [typed, setTyped] = useState(saved.search);
  const [search, setSearch] = useState(saved.search);
  const [paging, setPaging] = useState({ page: 1, pageSize: 25, sort: 'name', mode: 'asc' as 'asc' | 'desc' });
  useEffect(() => writeSavedFilter<Saved>('carer', { filters, search }), [filters, search]);
  const params = { ...filters, search, page: paging.page, page_size: paging.pageSize, sort: paging.sort, mode: paging.mode };
  const list = useApiQuery<Page<CarerOverviewRow>>('api/v1/carers/overview', params, { keepPrevious: true });

  const choose = (key: keyof Filters, value: string) => {
    setFilters((previous) => ({ ...previous, [key]: value }));
    setPaging((previous) => ({ ...previous, page: 1 }));
  };

  const columns: Column<CarerOverviewRow>[] = [
    { key: 'name', label: 'Name', sortable: true, render: (row) => <Link to={`/app/carers/${row.id}/edit/csw-details`}>{row.name}</Link> },
    { key: 'status', label: 'Status', sortable: true, render: (row) => labelOf(CARER_STATUSES, row.status) },
    { key: 'branch', label: 'Branch', sortable: true },
    { key: 'role', label: 'Role', render: (row) => row.role ?? '—' },
    {
      key: 'compliance',
      label: 'Compliance',
      sortable: true,
      render: (row) => (
        <span className={styles.state} data-state={row.compliance ?? 'unknown'}>
          {row.compliance ? labelOf(COMPLIANCE_STATES, row.compliance) : 'Not checked'}
          {row.rosterable === false ? ' · cannot be rostered' : ''}
        </span>
      ),
    },
    { key: 'next_expiry', label: 'Next expiry', sortable: true, render: (row) => formatDate(row.next_expiry) || '—' },
    { key: 'phone', label: 'Mobile' },
    { key: 'town', label: 'Town' },
  ];

  return (
    <>
      <PageHeader
        title="Carers"
        actions={
          <span className={styles.actions}>
            <Link to="/app/carers/training-matrix">Training matrix</Link>
            {can('carers.create') ? (
              <Link className={styles.primaryLink} to="/app/carer/add">
                Add carer
              </Link>
            ) : null}
          </span>
        }
      />
      <form
        className={styles.filters}
        role="search"
        aria-label="Filter carers"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(typed.trim());
          setPaging((previous) => ({ ...previous, page: 1 }));
        }}
      >
        <label>
          Search
          <input type="search" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="Name, town, postcode or email" />
        </label>
        <label>
          Branch
          <select value={filters.branch_id} onChange={(event) => choose('branch_id', event.target.value)}>
            <option value="">All my branches</option>
            {branches.map((branch) => (
              <option key={branch.id} value={String(branch.id)}>{branch.name}</option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select value={filters.status} onChange={(event) => choose('status', event.target.value)}>
            <option value="">Any status</option>
            {CARER_STATUSES.map((status) => (
              <option key={status.value} value={status.value}>{status.label}</option>
            ))}
          </select>
        </label>
        <label>
          Compliance
          <select value={filters.compliance} onChange={(event) => choose('compliance', event.target.value)}>
            <option value="">Any</option>
            {COMPLIANCE_STATES.map((state) => (
              <option key={state.value} value={state.value}>{state.label}</option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary">Search</Button>
      </form>
      <ListTable
        caption="Carers"
        columns={columns}
        page={list.data ?? null}
        loading={list.isFetching}
        error={list.error ? list.error.message : null}
        sort={paging.sort}
        mode={paging.mode}
        onSort={(column) => setPaging((previous) => ({ ...previous, sort: column, mode: previous.sort === column && previous.mode === 'asc' ? 'desc' : 'asc' }))}
        onPage={(page) => setPaging((previous) => ({ ...previous, page }))}
        onPageSize={(pageSize) => setPaging((previous) => ({ ...previous, pageSize, page: 1 }))}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        empty="No carer matches these filters."
      />
    </>
  );
}
