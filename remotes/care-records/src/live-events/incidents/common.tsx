import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Page, SavedFilterSlot, SortMode } from '@hcm/contract';
import { PageHeader, useAreaEvent, useLiveConnection, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { ListTable, type Column } from '@hcm/kit/table';
import { INCIDENTS_TOPIC } from '../../../contract';
import { styles } from '../../daily/common';
import { useSlotFilter as useSlotFilterOf, useUrlFilter as useUrlFilterOf, WhoWhenFields, type FilterStore as FilterStore_ } from '../filters';

// What the incident and feedback lists share: their filter (kept in a saved-filter slot, or in the address when
// the list has no slot of its own), the toolbar, the paged and sorted table, and live refresh (a pushed report
// refetches the list; with the socket down the list refreshes every 30 seconds and says so).

export type ReportFilter = { from: string; to: string; branch_id: string; client_id: string; carer_id: string; kind: string; state: string };
const EMPTY: ReportFilter = { from: '', to: '', branch_id: '', client_id: '', carer_id: '', kind: '', state: '' };

type FilterStore = FilterStore_<ReportFilter>;

/** The filter in a saved-filter slot (restored when the user comes back). */
export const useSlotFilter = (slot: SavedFilterSlot): FilterStore => useSlotFilterOf(slot, EMPTY);

/** The filter in the address (?from=&kind=…), for a list without a slot of its own: a link keeps it. */
export const useUrlFilter = (): FilterStore => useUrlFilterOf(EMPTY);

type Choice = { value: string; label: string };

function FilterBar({ filter, setFilter, kinds, states }: { filter: ReportFilter; setFilter: FilterStore[1]; kinds?: readonly Choice[]; states: readonly Choice[] }) {
  const change = (key: keyof ReportFilter) => (event: { target: { value: string } }) => setFilter((now) => ({ ...now, [key]: event.target.value }));
  return (
    <div className={styles.toolbar} role="group" aria-label="Filters">
      <WhoWhenFields filter={filter} change={change} />
      {kinds ? (
        <label>
          Kind
          <select value={filter.kind} onChange={change('kind')}>
            <option value="">All kinds</option>
            {kinds.map((kind) => <option key={kind.value} value={kind.value}>{kind.label}</option>)}
          </select>
        </label>
      ) : null}
      <label>
        State
        <select value={filter.state} onChange={change('state')}>
          <option value="">Any state</option>
          {states.map((state) => <option key={state.value} value={state.value}>{state.label}</option>)}
        </select>
      </label>
    </div>
  );
}

type ReportScreenProps<Row> = {
  title: string;
  intro: ReactNode;
  path: string;
  filter: FilterStore;
  kinds?: readonly Choice[];
  states: readonly Choice[];
  defaultSort: string;
  columns: Column<Row>[];
  caption: string;
  empty: string;
  /** Incident lists refetch when a fall or safeguarding concern is pushed. */
  live?: boolean;
};

/** A report list screen: heading, filters, the live state, and the table the API filters, sorts and pages. */
export function ReportScreen<Row extends { id: number }>(props: ReportScreenProps<Row>) {
  useRouteName(props.title);
  const [filter, setFilter] = props.filter;
  const [order, setOrder] = useState<{ sort: string; mode: SortMode }>({ sort: props.defaultSort, mode: 'desc' });
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const connected = useLiveConnection();
  const list = useApiQuery<Page<Row>>(
    props.path,
    { ...filter, sort: order.sort, mode: order.mode, page: paging.page, page_size: paging.pageSize },
    { failure: `${props.caption} could not be loaded.`, keepPrevious: true, refetchInterval: connected ? false : 30_000 },
  );
  useAreaEvent('care-records', INCIDENTS_TOPIC, () => {
    if (props.live) void list.refetch();
  });
  const filterStore: FilterStore[1] = (update) => {
    setFilter(update);
    setPaging((now) => ({ ...now, page: 1 }));
  };
  const sortBy = (column: string) => setOrder((now) => ({ sort: column, mode: now.sort === column && now.mode === 'asc' ? 'desc' : 'asc' }));
  return (
    <div className={styles.screen}>
      <PageHeader title={props.title} />
      <p className={styles.muted}>{props.intro}</p>
      <p role="status" className={styles.muted}>
        {connected ? 'Live: new reports appear as carers send them.' : 'Live updates are unavailable: the list refreshes every 30 seconds.'}
      </p>
      <FilterBar filter={filter} setFilter={filterStore} kinds={props.kinds} states={props.states} />
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
        rowKey={(row) => row.id}
        empty={props.empty}
      />
    </div>
  );
}

/** The client's name linked to their record. */
export const clientLink = (row: { client_id: number; client_name: string; branch_name: string }) => (
  <>
    <Link to={`/app/clients/${row.client_id}`}>{row.client_name}</Link>
    {row.branch_name ? <span className={styles.muted}> ({row.branch_name})</span> : null}
  </>
);

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
export { styles };
