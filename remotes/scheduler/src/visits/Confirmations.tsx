import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { api, Button, PageHeader, useAreaEvent, useCan, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { ListTable, type Column } from '@hcm/kit/table';
import { CONFIRMATION_STATES, LIVE_TOPIC } from '../../contract/live';
import type { ConfirmationRow } from '../../contract/live-device';
import { LiveThresholds } from '../live-events/device/LiveThresholds';
import { CONFIRMATION_WORDS } from '../live-events/device/useLiveList';
import { styles, useBranchChoices } from './common';
import { formatDate } from '@hcm/contract/format';

const FILTER_KEYS = ['state', 'branch_id', 'from', 'to'] as const;

/**
 * /app/visits/confirmations: the visits that did not confirm themselves (late, not on site, too short...), each
 * with its issues in words. Office staff select several and confirm them with a reason: only confirmed visits
 * reach pay and invoices. The filter is kept in the address; the list refreshes when a check is pushed.
 */
export default function Confirmations() {
  useRouteName('Visits to confirm');
  const can = useCan();
  const branches = useBranchChoices();
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, search.get(key) ?? (key === 'state' ? 'pending' : '')])) as Record<(typeof FILTER_KEYS)[number], string>;
  const [paging, setPaging] = useState({ page: 1, pageSize: 25, mode: 'asc' as 'asc' | 'desc' });
  const [selected, setSelected] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState('');
  const list = useApiQuery<Page<ConfirmationRow>>(
    'api/v1/visits/confirmations',
    { ...filters, page: paging.page, page_size: paging.pageSize, sort: 'planned_start', mode: paging.mode },
    { keepPrevious: true, failure: 'The visits to confirm could not be loaded.' },
  );
  useAreaEvent('scheduler', LIVE_TOPIC, () => void list.refetch());

  const choose = (key: (typeof FILTER_KEYS)[number], value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next, { replace: true });
    setPaging((previous) => ({ ...previous, page: 1 }));
    setSelected([]);
  };
  const rows = list.data?.data ?? [];
  const toggle = (id: number) => setSelected((previous) => (previous.includes(id) ? previous.filter((item) => item !== id) : [...previous, id]));

  async function confirm() {
    const answer = await api.post<{ confirmed: number[] }>('api/v1/visits/confirm', { ids: selected, reason });
    setErrors(answer.errors ?? {});
    if (answer.error) {
      setMessage(answer.message || 'The visits could not be confirmed.');
      return;
    }
    setMessage(answer.message || 'Confirmed.');
    setSelected([]);
    setReason('');
    void list.refetch();
  }

  const columns: Column<ConfirmationRow>[] = [
    {
      key: 'select',
      label: 'Select',
      render: (row) =>
        row.confirmation === 'confirmed' ? null : (
          <input type="checkbox" aria-label={`Select ${row.client_name}, ${formatDate(row.date) || '—'} ${row.start_time}`} checked={selected.includes(row.id)} onChange={() => toggle(row.id)} />
        ),
    },
    { key: 'planned_start', label: 'Planned', sortable: true, render: (row) => <Link to={`/app/visits/${row.id}`}>{formatDate(row.date) || '—'} {row.start_time}–{row.end_time}</Link> },
    { key: 'client_name', label: 'Client' },
    { key: 'carers', label: 'Carers', render: (row) => row.carer_names.join(', ') || 'No carer' },
    { key: 'actual', label: 'Actual', render: (row) => (row.actual_start ? `${row.actual_start}–${row.actual_end ?? '…'}` : 'No check-in') },
    { key: 'issues', label: 'Issues', render: (row) => (row.confirmation_issues.length ? <ul className={styles.list}>{row.confirmation_issues.map((issue) => <li key={issue}>{issue}</li>)}</ul> : '—') },
    { key: 'confirmation', label: 'State', render: (row) => `${CONFIRMATION_WORDS[row.confirmation]}${row.confirmed_by_name ? ` (${row.confirmed_by_name}: ${row.confirmation_reason || 'no reason'})` : ''}` },
  ];

  return (
    <div className={styles.screen}>
      <PageHeader title="Visits to confirm" actions={<Link to="/app/visits">All visits</Link>} />
      <form className={styles.filters} role="search" aria-label="Filter the visits to confirm" onSubmit={(event) => event.preventDefault()}>
        <label>
          State
          <select value={filters.state} onChange={(event) => choose('state', event.target.value)}>
            {CONFIRMATION_STATES.map((state) => <option key={state} value={state}>{CONFIRMATION_WORDS[state]}</option>)}
            <option value="all">Any state</option>
          </select>
        </label>
        <label>
          Branch
          <select value={filters.branch_id} onChange={(event) => choose('branch_id', event.target.value)}>
            <option value="">All my branches</option>
            {branches.map((branch) => <option key={branch.value} value={branch.value}>{branch.label}</option>)}
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
      </form>
      {can('visits.edit') ? (
        <form className={styles.filters} aria-label="Confirm the selected visits" onSubmit={(event) => { event.preventDefault(); void confirm(); }}>
          <Button variant="secondary" onClick={() => setSelected(rows.filter((row) => row.confirmation !== 'confirmed').map((row) => row.id))}>Select all on this page</Button>
          <label>
            Reason for confirming
            <input
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={errors.reason ? 'true' : undefined}
              aria-describedby={errors.reason ? 'confirm-reason-error' : undefined}
            />
          </label>
          {errors.reason ? <span id="confirm-reason-error" className={styles.invalid}>{errors.reason.join(' ')}</span> : null}
          <Button type="submit" disabled={!selected.length}>Confirm {selected.length || ''} selected</Button>
          {errors.ids ? <span className={styles.invalid}>{errors.ids.join(' ')}</span> : null}
        </form>
      ) : null}
      {message ? <p role="status">{message}</p> : null}
      <ListTable
        caption="Visits and why they wait"
        columns={columns}
        page={list.data ?? null}
        loading={list.isFetching}
        error={list.error ? list.error.message : null}
        sort="planned_start"
        mode={paging.mode}
        onSort={() => setPaging((previous) => ({ ...previous, page: 1, mode: previous.mode === 'asc' ? 'desc' : 'asc' }))}
        onPage={(page) => setPaging((previous) => ({ ...previous, page }))}
        onPageSize={(pageSize) => setPaging((previous) => ({ ...previous, page: 1, pageSize }))}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        empty="No visit waits in this state."
      />
      <LiveThresholds />
    </div>
  );
}
