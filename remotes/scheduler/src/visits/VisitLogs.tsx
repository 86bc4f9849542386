import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { Button, PageHeader, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { readSavedFilter, writeSavedFilter } from '@hcm/kit/storage';
import { ListTable, type Column } from '@hcm/kit/table';
import { VISIT_LOG_ACTIONS, type VisitLogRow } from '../../contract/visits';
import { logActionWords, styles, useVisitChoices, VISIT_LOGS_PATH } from './common';
import { warningsText } from './History';
import { formatDate, formatDateTime } from '@hcm/contract/format';

export type LogFilters = { from: string; to: string; action: string; client_id: string; carer_id: string; visit_id: string };
const NONE: LogFilters = { from: '', to: '', action: '', client_id: '', carer_id: '', visit_id: '' };

/**
 * /app/visits/logs: every change to the visits of the user's branches (when, who, action, summary, reason, the
 * warnings overridden), filtered by period, action, client, carer or one visit; kept in the `visit_logs` slot.
 */
export default function VisitLogs() {
  useRouteName('Visit history');
  const choices = useVisitChoices();
  const [search] = useSearchParams();
  const [filters, setFilters] = useState<LogFilters>(() => {
    const saved = readSavedFilter<LogFilters>('visit_logs', NONE);
    const visitId = search.get('visit_id');
    return visitId && /^\d+$/.test(visitId) ? { ...saved, visit_id: visitId } : saved;
  });
  const [paging, setPaging] = useState({ page: 1, pageSize: 25 });
  useEffect(() => writeSavedFilter<LogFilters>('visit_logs', filters), [filters]);
  const choose = (key: keyof LogFilters, value: string) => {
    setFilters((previous) => ({ ...previous, [key]: value }));
    setPaging((previous) => ({ ...previous, page: 1 }));
  };
  const list = useApiQuery<Page<VisitLogRow>>(VISIT_LOGS_PATH, { ...filters, page: paging.page, page_size: paging.pageSize }, { keepPrevious: true, failure: 'The visit history could not be loaded.' });

  const columns: Column<VisitLogRow>[] = [
    { key: 'at', label: 'When', render: (row) => formatDateTime(row.at) || '—' },
    { key: 'visit', label: 'Visit', render: (row) => <Link to={`/app/visits/${row.visit_id}`}>{row.client_name}, {formatDate(row.date) || '—'}</Link> },
    { key: 'user_name', label: 'Who', render: (row) => row.user_name ?? 'The system' },
    { key: 'action', label: 'Action', render: (row) => logActionWords(row.action) },
    { key: 'summary', label: 'Summary' },
    { key: 'reason', label: 'Reason', render: (row) => row.reason || '—' },
    { key: 'warnings', label: 'Warnings overridden', render: (row) => warningsText(row) },
  ];

  return (
    <div className={styles.screen}>
      <PageHeader title="Visit history" actions={<Link to="/app/visits">All visits</Link>} />
      <form className={styles.filters} role="search" aria-label="Filter the visit history" onSubmit={(event) => event.preventDefault()}>
        <label>
          From
          <input type="date" value={filters.from} onChange={(event) => choose('from', event.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={filters.to} onChange={(event) => choose('to', event.target.value)} />
        </label>
        <label>
          Action
          <select value={filters.action} onChange={(event) => choose('action', event.target.value)}>
            <option value="">Any action</option>
            {VISIT_LOG_ACTIONS.map((action) => <option key={action.value} value={action.value}>{action.label}</option>)}
          </select>
        </label>
        <label>
          Client
          <select value={filters.client_id} onChange={(event) => choose('client_id', event.target.value)}>
            <option value="">Any client</option>
            {choices.clients.map((client) => <option key={client.value} value={client.value}>{client.label}</option>)}
          </select>
        </label>
        <label>
          Carer
          <select value={filters.carer_id} onChange={(event) => choose('carer_id', event.target.value)}>
            <option value="">Any carer</option>
            {choices.carers.map((carer) => <option key={carer.value} value={carer.value}>{carer.label}</option>)}
          </select>
        </label>
        {filters.visit_id ? (
          <span className={styles.actions}>
            Visit {filters.visit_id} only
            <Button variant="secondary" onClick={() => choose('visit_id', '')}>All visits</Button>
          </span>
        ) : null}
        <Button variant="secondary" onClick={() => { setFilters(NONE); setPaging((previous) => ({ ...previous, page: 1 })); }}>
          Clear filters
        </Button>
      </form>
      <ListTable
        caption="Changes to visits"
        columns={columns}
        page={list.data ?? null}
        loading={list.isFetching}
        error={list.error ? list.error.message : null}
        onSort={() => undefined}
        onPage={(page) => setPaging((previous) => ({ ...previous, page }))}
        onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        empty="No change matches these filters."
      />
    </div>
  );
}
