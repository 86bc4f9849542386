import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Page, SavedFilterSlot, SortMode } from '@hcm/contract';
import { PageHeader, useLiveConnection, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { ListTable, type Column } from '@hcm/kit/table';
import { styles } from '../../daily/common';
import { useSlotFilter as useSlotFilterOf, useUrlFilter as useUrlFilterOf, WhoWhenFields, type FilterStore as FilterStoreOf } from '../filters';

// What medication's live-events lists share: the filter (in the list's saved-filter slot, or in the address when
// it has none), the toolbar, and the table the API filters, sorts and pages. Without the live socket the list
// refreshes every 30 seconds and says so.

export type MedicationFilter = { from: string; to: string; branch_id: string; client_id: string; carer_id: string; outcome: string; problem: string; state: string; month: string };
export const EMPTY_FILTER: MedicationFilter = { from: '', to: '', branch_id: '', client_id: '', carer_id: '', outcome: '', problem: '', state: '', month: '' };

export type FilterStore = FilterStoreOf<MedicationFilter>;

export const useSlotFilter = (slot: SavedFilterSlot): FilterStore => useSlotFilterOf(slot, EMPTY_FILTER);

/** For a list without a slot of its own: the filter in the address, so a link keeps it. */
export const useUrlFilter = (): FilterStore => useUrlFilterOf(EMPTY_FILTER);

export type Choice = { value: string; label: string };
/** An extra select of the toolbar: which filter key, its label and choices. */
export type ExtraFilter = { key: keyof MedicationFilter; label: string; any: string; choices: readonly Choice[] };

function FilterBar({ filter, setFilter, extras, dates }: { filter: MedicationFilter; setFilter: FilterStore[1]; extras: readonly ExtraFilter[]; dates: 'range' | 'month' }) {
  const change = (key: keyof MedicationFilter) => (event: { target: { value: string } }) => setFilter((now) => ({ ...now, [key]: event.target.value }));
  return (
    <div className={styles.toolbar} role="group" aria-label="Filters">
      {dates === 'month' ? (
        <label>
          Month
          <input type="month" value={filter.month} onChange={change('month')} />
        </label>
      ) : null}
      <WhoWhenFields filter={filter} change={change} carer={dates === 'range'} />
      {extras.map((extra) => (
        <label key={extra.key}>
          {extra.label}
          <select value={filter[extra.key]} onChange={change(extra.key)}>
            <option value="">{extra.any}</option>
            {extra.choices.map((choice) => <option key={choice.value} value={choice.value}>{choice.label}</option>)}
          </select>
        </label>
      ))}
    </div>
  );
}

type ListScreenProps<Row> = {
  title: string;
  intro: ReactNode;
  path: string;
  filter: FilterStore;
  extras?: readonly ExtraFilter[];
  dates?: 'range' | 'month';
  defaultSort: string;
  defaultMode?: SortMode;
  columns: Column<Row>[];
  caption: string;
  empty: string;
  rowKey: (row: Row) => number;
  children?: ReactNode;
};

/** A list screen: heading, filters, the live state, and the table. */
export function MedicationListScreen<Row>(props: ListScreenProps<Row>) {
  useRouteName(props.title);
  const [filter, setFilter] = props.filter;
  const [order, setOrder] = useState<{ sort: string; mode: SortMode }>({ sort: props.defaultSort, mode: props.defaultMode ?? 'desc' });
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const connected = useLiveConnection();
  const list = useApiQuery<Page<Row>>(
    props.path,
    { ...filter, sort: order.sort, mode: order.mode, page: paging.page, page_size: paging.pageSize },
    { failure: `${props.caption} could not be loaded.`, keepPrevious: true, refetchInterval: connected ? 60_000 : 30_000 },
  );
  const filterStore: FilterStore[1] = (update) => {
    setFilter(update);
    setPaging((now) => ({ ...now, page: 1 }));
  };
  const sortBy = (column: string) => setOrder((now) => ({ sort: column, mode: now.sort === column && now.mode === 'asc' ? 'desc' : 'asc' }));
  return (
    <div className={styles.screen}>
      <PageHeader title={props.title} />
      <p className={styles.muted}>{props.intro}</p>
      {connected ? null : <p role="status" className={styles.muted}>Live updates are unavailable: the list refreshes every 30 seconds.</p>}
      <FilterBar filter={filter} setFilter={filterStore} extras={props.extras ?? []} dates={props.dates ?? 'range'} />
      {props.children}
      <ListTable
        caption={props.caption}
        columns={props.columns}
        page={list.data ?? null}
        loading={list.isFetching}
        error={list.error?.message ?? null}
        sort={order.sort}
        mode={order.mode}
        onSort={sortBy}
        onPage={(page) => setPaging((now) => ({ ...now, page }))}
        onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
        onRetry={() => void list.refetch()}
        rowKey={props.rowKey}
        empty={props.empty}
      />
    </div>
  );
}

export const clientLink = (row: { client_id: number; client_name: string }) => <Link to={`/app/clients/${row.client_id}`}>{row.client_name}</Link>;
export { styles };
