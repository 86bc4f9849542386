import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Page, SortMode } from '@hcm/contract';
import { Button, PageHeader, useAreaEvent, useRouteName, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { ListTable, type Column } from '@hcm/kit/table';
import { ALERT_KINDS, ALERT_STATES, SUPPORT_URGENCIES, labelOfChoice, type AlertKind, type AlertRow } from '../../contract/live-engine';
import { LIVE_TOPIC } from '../../contract/live';
import styles from '../visits/visits.module.css';
import { ALERTS_PATH, AlertButtons, ResolveForm, alertProgress } from './alerts';
import { formatDateTime, formatTime } from '@hcm/contract/format';

// A list of alerts (the engine's late and missed alerts, or carers' support requests): filtered by state, kind,
// branch and day, sorted and paged by the API. The filter lives in the URL (the saved slot live_event_monitoring
// is the carers' devices screen's), so a filtered list can be bookmarked or sent to a colleague. A pushed live
// change refetches it.

const FILTERS = ['state', 'kind', 'branch_id', 'date'] as const;
type Filter = (typeof FILTERS)[number];

export function AlertList({ title, caption, kinds, empty }: { title: string; caption: string; kinds: readonly AlertKind[]; empty: string }) {
  useRouteName(title);
  const branches = useSession((state) => state.user?.branches ?? []);
  const [search, setSearch] = useSearchParams();
  const [paging, setPaging] = useState({ page: 1, pageSize: 25 });
  const [sort, setSort] = useState<{ sort: string; mode: SortMode }>({ sort: 'raised_at', mode: 'desc' });
  const [resolving, setResolving] = useState<AlertRow | null>(null);
  const filters = Object.fromEntries(FILTERS.map((name) => [name, search.get(name) ?? (name === 'state' ? 'active' : '')])) as Record<Filter, string>;
  const choose = (name: Filter, value: string) => {
    const next = new URLSearchParams(search);
    next.set(name, value);
    setSearch(next, { replace: true });
    setPaging((previous) => ({ ...previous, page: 1 }));
  };
  const kind = filters.kind && kinds.includes(filters.kind as AlertKind) ? filters.kind : kinds.join(',');
  const list = useApiQuery<Page<AlertRow>>(ALERTS_PATH, { ...filters, kind, ...sort, page: paging.page, page_size: paging.pageSize }, { keepPrevious: true, failure: 'The alerts could not be loaded.' });
  useAreaEvent('scheduler', LIVE_TOPIC, () => void list.refetch());

  const columns: Column<AlertRow>[] = [
    { key: 'raised_at', label: 'Raised', sortable: true, render: (row) => formatDateTime(row.raised_at) || '—' },
    { key: 'kind', label: 'Kind', sortable: true, render: (row) => `${row.kind_label}${row.urgency ? ` (${labelOfChoice(SUPPORT_URGENCIES, row.urgency)})` : ''}` },
    { key: 'visit', label: 'Visit', render: (row) => (row.visit_id ? <Link to={`/app/visits/${row.visit_id}`}>{row.client_name ?? `Visit ${row.visit_id}`}{row.planned_start ? `, ${formatTime(row.planned_start)}–${formatTime(row.planned_end)}` : ''}</Link> : 'No visit named') },
    { key: 'carer_name', label: 'Carer', render: (row) => row.carer_name ?? 'No carer assigned' },
    { key: 'detail', label: 'Detail' },
    { key: 'state', label: 'State', sortable: true, render: (row) => row.state_label },
    { key: 'progress', label: 'Progress', render: (row) => alertProgress(row) },
    { key: 'actions', label: 'Actions', render: (row) => <AlertButtons alert={row} onResolve={setResolving} /> },
  ];

  return (
    <div className={styles.screen}>
      <PageHeader title={title} actions={<Link to="/app/scheduler/live-view">Live view</Link>} />
      <form className={styles.filters} role="search" aria-label={`Filter ${caption.toLowerCase()}`} onSubmit={(event) => event.preventDefault()}>
        <label>
          State
          <select value={filters.state} onChange={(event) => choose('state', event.target.value)}>
            <option value="active">Open or acknowledged</option>
            <option value="">Any state</option>
            {ALERT_STATES.map((state) => <option key={state.value} value={state.value}>{state.label}</option>)}
          </select>
        </label>
        {kinds.length > 1 ? (
          <label>
            Kind
            <select value={filters.kind} onChange={(event) => choose('kind', event.target.value)}>
              <option value="">Any kind</option>
              {ALERT_KINDS.filter((choice) => kinds.includes(choice.value)).map((choice) => <option key={choice.value} value={choice.value}>{choice.label}</option>)}
            </select>
          </label>
        ) : null}
        <label>
          Branch
          <select value={filters.branch_id} onChange={(event) => choose('branch_id', event.target.value)}>
            <option value="">All my branches</option>
            {branches.map((branch) => <option key={branch.id} value={String(branch.id)}>{branch.name}</option>)}
          </select>
        </label>
        <label>
          Raised on
          <input type="date" value={filters.date} onChange={(event) => choose('date', event.target.value)} />
        </label>
        <Button variant="secondary" onClick={() => setSearch(new URLSearchParams(), { replace: true })}>Clear filters</Button>
      </form>
      {resolving ? <ResolveForm alert={resolving} onDone={() => setResolving(null)} /> : null}
      <ListTable
        caption={caption}
        columns={columns}
        page={list.data ?? null}
        loading={list.isFetching}
        error={list.error ? list.error.message : null}
        sort={sort.sort}
        mode={sort.mode}
        onSort={(column) => setSort((previous) => ({ sort: column, mode: previous.sort === column && previous.mode === 'asc' ? 'desc' : 'asc' }))}
        onPage={(page) => setPaging((previous) => ({ ...previous, page }))}
        onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        empty={empty}
      />
    </div>
  );
}
