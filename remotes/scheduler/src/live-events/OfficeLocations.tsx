import { useSearchParams } from 'react-router-dom';
import { PageHeader, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import type { Page } from '@hcm/contract';
import { ListTable, type Column } from '@hcm/kit/table';
import type { OfficeLocationRow } from '../../contract/live-device';
import { styles } from '../visits/common';
import { formatDateTime } from '@hcm/contract/format';

const KEYS = ['from', 'to', 'search', 'sort', 'mode', 'page', 'page_size'] as const;

/**
 * live-events/office-employees/locations: office employees who use the carers' app too (field supervisors on
 * spot checks, managers covering a call), each with their last position from a check in the period. The
 * filter is kept in the address (no saved-filter slot is named for it).
 */
export default function OfficeLocations() {
  useRouteName('Office staff locations');
  const [search, setSearch] = useSearchParams();
  const params = Object.fromEntries(KEYS.map((key) => [key, search.get(key) ?? ''])) as Record<(typeof KEYS)[number], string>;
  const set = (changes: Partial<Record<(typeof KEYS)[number], string>>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearch(next, { replace: true });
  };
  const list = useApiQuery<Page<OfficeLocationRow>>('api/v1/live/office-locations', { ...params, page: params.page || 1, page_size: params.page_size || 25 }, { keepPrevious: true, failure: 'The locations could not be loaded.' });
  const columns: Column<OfficeLocationRow>[] = [
    { key: 'name', label: 'Employee', sortable: true },
    { key: 'role', label: 'Role' },
    { key: 'recorded_at', label: 'Last check', sortable: true, render: (row) => `${row.kind === 'in' ? 'Check-in' : 'Check-out'} ${formatDateTime(row.recorded_at) || '—'}` },
    { key: 'client_name', label: 'At' },
    { key: 'position', label: 'Position', render: (row) => (row.latitude !== null && row.longitude !== null ? `${row.latitude.toFixed(5)}, ${row.longitude.toFixed(5)}` : 'No position') },
  ];
  return (
    <div className={styles.screen}>
      <PageHeader title="Office staff locations" />
      <form className={styles.filters} role="search" aria-label="Filter the office staff locations" onSubmit={(event) => event.preventDefault()}>
        <label>
          From
          <input type="date" value={params.from} onChange={(event) => set({ from: event.target.value, page: '' })} />
        </label>
        <label>
          To
          <input type="date" value={params.to} onChange={(event) => set({ to: event.target.value, page: '' })} />
        </label>
        <label>
          Employee
          <input type="search" value={params.search} onChange={(event) => set({ search: event.target.value, page: '' })} />
        </label>
      </form>
      <ListTable
        caption="Office employees' last positions"
        columns={columns}
        page={list.data ?? null}
        loading={list.isFetching}
        error={list.error ? list.error.message : null}
        sort={params.sort || 'recorded_at'}
        mode={params.mode === 'asc' ? 'asc' : 'desc'}
        onSort={(column) => set({ sort: column, mode: params.sort === column && params.mode !== 'asc' ? 'asc' : 'desc', page: '' })}
        onPage={(page) => set({ page: String(page) })}
        onPageSize={(pageSize) => set({ page_size: String(pageSize), page: '' })}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.user_id}
        empty="No office employee checked in or out with the app in this period: their positions show here when they do."
      />
    </div>
  );
}
