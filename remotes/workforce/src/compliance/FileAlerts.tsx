import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { PageHeader, useRouteName, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { readSavedFilter, writeSavedFilter } from '@hcm/kit/storage';
import { ListTable, type Column } from '@hcm/kit/table';
import { COMPLIANCE_CHECKS, type FileAlertRow } from '../../contract/compliance';
import { StateBadge, styles, tabPath } from './common';
import { formatDate } from '@hcm/contract/format';

// The file alerts (/app/live-events/carers/file-alerts, /app/live-events/office-employees/alerts): every check of
// a file that lapsed, is missing or falls due within the alert windows (settings: 30, 14 and 7 days by default):
// lapsed first, then missing, then soonest due, with the window reached in words; filters kept in the saved filter
// slot live_event_file_alerts.

type Filter = { branch_id: string; window: string; check: string };
const EMPTY: Filter = { branch_id: '', window: '', check: '' };

const WINDOWS = [
  { value: '', label: 'Any' },
  { value: 'expired', label: 'Lapsed' },
  { value: 'missing', label: 'Missing' },
  { value: '7', label: 'Within 7 days' },
  { value: '14', label: 'Within 14 days' },
  { value: '30', label: 'Within 30 days' },
];

const windowWords = (window: string) => WINDOWS.find((item) => item.value === window)?.label ?? `Within ${window} days`;

export default function FileAlerts({ scope }: { scope: 'carers' | 'employees' }) {
  const title = scope === 'carers' ? 'File alerts' : 'Office employee alerts';
  useRouteName(title);
  const branches = useSession((state) => state.user?.branches ?? []);
  const [filter, setFilterState] = useState<Filter>(() => readSavedFilter('live_event_file_alerts', EMPTY));
  const [paging, setPaging] = useState({ page: 1, pageSize: 25 });
  const setFilter = (change: Partial<Filter>) => {
    const next = { ...filter, ...change };
    writeSavedFilter('live_event_file_alerts', next);
    setFilterState(next);
    setPaging((now) => ({ ...now, page: 1 }));
  };
  useEffect(() => setPaging((now) => ({ ...now, page: 1 })), [scope]);
  const checks = scope === 'carers' ? COMPLIANCE_CHECKS : COMPLIANCE_CHECKS.filter((check) => ['dbs', 'dbs-update-service', 'right-to-work'].includes(check.value));
  const list = useApiQuery<Page<FileAlertRow>>(`api/v1/${scope}/file-alerts`, { ...filter, page: paging.page, page_size: paging.pageSize }, { failure: 'The file alerts could not be loaded.', keepPrevious: true });
  const owner = scope === 'carers' ? 'carers' : 'employees';
  const columns: Column<FileAlertRow>[] = [
    { key: 'person_name', label: scope === 'carers' ? 'Carer' : 'Employee', render: (row) => <Link to={tabPath(owner, row.person_id, row.tab)}>{row.person_name}</Link> },
    { key: 'branch', label: 'Branch' },
    { key: 'label', label: 'Check', render: (row) => (<>{row.label}{row.blocks_rostering && scope === 'carers' ? <span className={styles.muted}> (needed to be rostered)</span> : null}</>) },
    { key: 'window', label: 'Alert', render: (row) => (<><strong>{windowWords(row.window)}</strong> <StateBadge check={row} /></>) },
    { key: 'expires_on', label: 'Date', render: (row) => formatDate(row.expires_on) || '—' },
    { key: 'detail', label: 'What to do' },
  ];
  return (
    <div className={styles.screen}>
      <PageHeader title={title} />
      <div className={styles.toolbar} role="search" aria-label="Filter the alerts">
        <label>
          Branch
          <select value={filter.branch_id} onChange={(event) => setFilter({ branch_id: event.target.value })}>
            <option value="">All my branches</option>
            {branches.map((branch) => (
              <option key={branch.id} value={String(branch.id)}>{branch.name}</option>
            ))}
          </select>
        </label>
        <label>
          Window
          <select value={filter.window} onChange={(event) => setFilter({ window: event.target.value })}>
            {WINDOWS.map((item) => (
              <option key={item.value} value={item.value}>{item.label}</option>
            ))}
          </select>
        </label>
        <label>
          Check
          <select value={filter.check} onChange={(event) => setFilter({ check: event.target.value })}>
            <option value="">Every check</option>
            {checks.map((check) => (
              <option key={check.value} value={check.value}>{check.label}</option>
            ))}
          </select>
        </label>
      </div>
      <ListTable
        caption={scope === 'carers' ? "Carers' checks missing, lapsed or due soon" : "Office employees' checks missing, lapsed or due soon"}
        columns={columns}
        page={list.data ?? null}
        loading={list.isFetching}
        error={list.error?.message ?? null}
        onSort={() => undefined}
        onPage={(page) => setPaging((now) => ({ ...now, page }))}
        onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
        onRetry={() => void list.refetch()}
        rowKey={(row) => `${row.person_id}-${row.check}`}
        empty="Nothing missing, lapsed or due soon."
      />
    </div>
  );
}
