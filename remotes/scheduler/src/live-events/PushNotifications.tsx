import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { Button, PageHeader, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { ListTable, type Column } from '@hcm/kit/table';
import styles from '../visits/visits.module.css';
import { formatDateTime } from '@hcm/contract/format';

// /app/live-events/carers/push-notifications: the log of push notifications sent to carers' phones (a new visit,
// a changed time, a visit taken off them or cancelled), from the platform's push log, filtered by carer, kind,
// delivery and period; the filter lives in the URL (no saved filter slot is named for it). Newest first.

type PushRow = { id: number; user_id: number; user_name: string; kind: string; title: string; body: string; data: { visit_id?: number }; provider: string; status: string; error: string | null; created_at: string };
type CarerChoice = { id: number; name: string; status: string };

const KINDS = [
  { value: 'visit.new', label: 'New visit' },
  { value: 'visit.changed', label: 'Visit changed' },
  { value: 'visit.cancelled', label: 'Visit cancelled or taken off' },
];
const STATUSES = [
  { value: 'recorded', label: 'Recorded (no push service configured)' },
  { value: 'sent', label: 'Sent' },
  { value: 'no-device', label: 'No signed-in phone' },
  { value: 'failed', label: 'Failed' },
];
const FILTERS = ['user_id', 'kind', 'status', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];
const labelOf = (choices: { value: string; label: string }[], value: string) => choices.find((choice) => choice.value === value)?.label ?? value;

export default function PushNotifications() {
  useRouteName('Push notifications');
  const [search, setSearch] = useSearchParams();
  const [paging, setPaging] = useState({ page: 1, pageSize: 25 });
  const filters = Object.fromEntries(FILTERS.map((name) => [name, search.get(name) ?? ''])) as Record<Filter, string>;
  const choose = (name: Filter, value: string) => {
    const next = new URLSearchParams(search);
    next.set(name, value);
    setSearch(next, { replace: true });
    setPaging((previous) => ({ ...previous, page: 1 }));
  };
  const carers = useApiQuery<CarerChoice[]>('api/v1/carers/rota');
  const list = useApiQuery<Page<PushRow>>('api/v1/push-notifications', { ...filters, page: paging.page, page_size: paging.pageSize }, { keepPrevious: true, failure: 'The push notifications could not be loaded.' });

  const columns: Column<PushRow>[] = [
    { key: 'created_at', label: 'Sent', render: (row) => formatDateTime(row.created_at) || '—' },
    { key: 'user_name', label: 'Carer' },
    { key: 'kind', label: 'Kind', render: (row) => labelOf(KINDS, row.kind) },
    { key: 'message', label: 'Message', render: (row) => `${row.title}: ${row.body}` },
    { key: 'visit', label: 'Visit', render: (row) => (row.data?.visit_id ? <Link to={`/app/visits/${row.data.visit_id}`}>Visit {row.data.visit_id}</Link> : '—') },
    { key: 'status', label: 'Delivery', render: (row) => `${labelOf(STATUSES, row.status)}${row.error ? `: ${row.error}` : ''}` },
  ];

  return (
    <div className={styles.screen}>
      <PageHeader title="Push notifications" />
      <form className={styles.filters} role="search" aria-label="Filter the push notifications" onSubmit={(event) => event.preventDefault()}>
        <label>
          Carer
          <select value={filters.user_id} onChange={(event) => choose('user_id', event.target.value)}>
            <option value="">Any carer</option>
            {(Array.isArray(carers.data) ? carers.data : []).map((carer) => <option key={carer.id} value={String(carer.id)}>{carer.name}</option>)}
          </select>
        </label>
        <label>
          Kind
          <select value={filters.kind} onChange={(event) => choose('kind', event.target.value)}>
            <option value="">Any kind</option>
            {KINDS.map((kind) => <option key={kind.value} value={kind.value}>{kind.label}</option>)}
          </select>
        </label>
        <label>
          Delivery
          <select value={filters.status} onChange={(event) => choose('status', event.target.value)}>
            <option value="">Any</option>
            {STATUSES.map((status) => <option key={status.value} value={status.value}>{status.label}</option>)}
          </select>
        </label>
        <label>
          From
          <input type="date" value={filters.from} onChange={(event) => choose('from', event.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={filters.to} onChange={(event) => choose('to', event.target.value)} />
        </label>
        <Button variant="secondary" onClick={() => setSearch(new URLSearchParams(), { replace: true })}>Clear filters</Button>
      </form>
      <ListTable
        caption="Push notifications to carers"
        columns={columns}
        page={list.data ?? null}
        loading={list.isFetching}
        error={list.error ? list.error.message : null}
        onSort={() => undefined}
        onPage={(page) => setPaging((previous) => ({ ...previous, page }))}
        onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        empty="No push notification matches these filters."
      />
    </div>
  );
}
