import { useState } from 'react';
import type { Page, SavedFilterSlot, SortMode } from '@hcm/contract';
import { useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { ListTable, type Column } from '@hcm/kit/table';
import styles from './reviews.module.css';
import { useSlotFilter as useSlotFilterOf, useUrlFilter as useUrlFilterOf } from '../filters';

// What the reviews' live lists share: the filter kept in its saved-filter slot (or in the address when the list
// has no slot), sorting and paging sent to the API, the branch choice, and UK dates.

export { styles };

type Filter = Record<string, string>;

/** The list's filter in its saved-filter slot's cookie; changed a few keys at a time. */
export function useSlotFilter<F extends Filter>(slot: SavedFilterSlot, initial: F) {
  const [filter, setFilter] = useSlotFilterOf(slot, initial);
  return [filter, (change: Partial<F>) => setFilter((previous) => ({ ...previous, ...change }))] as const;
}

/** The list's filter in the address (?alert=overdue&within=30), for lists without a slot of their own. */
export function useUrlFilter<F extends Filter>(initial: F) {
  const [filter, setFilter] = useUrlFilterOf(initial);
  return [filter, (change: Partial<F>) => setFilter((previous) => ({ ...previous, ...change }))] as const;
}

/** A live list read from the API: its filter (slot or address), sort and page. */
export function useLiveList<Row, F extends Filter>(path: string, [filter, setFilterValue]: readonly [F, (change: Partial<F>) => void], failure: string) {
  const [sorting, setSorting] = useState<{ sort?: string; mode?: SortMode }>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 25 });
  // A new filter (from this list or the screen around it) starts again at page 1.
  const filterKey = JSON.stringify(filter);
  const [seenFilter, setSeenFilter] = useState(filterKey);
  if (seenFilter !== filterKey) {
    setSeenFilter(filterKey);
    setPaging((now) => ({ ...now, page: 1 }));
  }
  const params = Object.fromEntries(Object.entries({ ...filter, ...sorting }).filter(([, value]) => value !== undefined && value !== ''));
  const list = useApiQuery<Page<Row>>(path, { ...params, page: paging.page, page_size: paging.pageSize }, { failure, keepPrevious: true });
  const table = (caption: string, columns: Column<Row>[], rowKey: (row: Row) => string | number, empty: string) => (
    <ListTable
      caption={caption}
      columns={columns}
      page={list.data ?? null}
      loading={list.isFetching}
      error={list.error?.message ?? null}
      sort={sorting.sort}
      mode={sorting.mode}
      onSort={(column) => setSorting((now) => ({ sort: column, mode: now.sort === column && now.mode !== 'desc' ? 'desc' : 'asc' }))}
      onPage={(page) => setPaging((now) => ({ ...now, page }))}
      onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
      onRetry={() => void list.refetch()}
      rowKey={rowKey}
      empty={empty}
    />
  );
  return { filter, setFilter: setFilterValue, list, table };
}

/** "Branch": all the user's branches, or one. */
export function BranchSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const branches = useSession((state) => state.user?.branches ?? []);
  return (
    <label>
      Branch
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All my branches</option>
        {branches.map((branch) => (
          <option key={branch.id} value={String(branch.id)}>
            {branch.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The client's record tab: /app/clients/:id/<tab>. */
export const recordPath = (clientId: number, tab: string) => `/app/clients/${clientId}/${tab}`;
