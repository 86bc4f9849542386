import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader, useRouteName, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { ListTable, type Column } from '@hcm/kit/table';
import { DUE_FILTERS, DUE_SOON_DAYS, dueKindsOf, type DueFilter, type DueKind, type DueList as DueListData, type DueRow } from '../../contract/due';
import type { StaffOwner } from '../record/types';
import styles from './documents.module.css';
import { ukToday } from '@hcm/contract/time';
import { formatDate } from '@hcm/contract/format';

const TITLE = 'Supervisions and appraisals due';
const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** The row's state in words (the colour only repeats it). */
export function stateInWords(row: Pick<DueRow, 'state' | 'days_overdue' | 'never_done' | 'next_due'>, today: string): string {
  if (row.state === 'overdue') return row.never_done ? `Never done: overdue by ${days(row.days_overdue)}` : `Overdue by ${days(row.days_overdue)}`;
  const until = Math.round((Date.parse(`${row.next_due}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  const when = until <= 0 ? 'Due today' : `Due in ${days(until)}`;
  if (row.state === 'due') return row.never_done ? `${when} (first one)` : when;
  return row.never_done ? 'Not due yet (first one)' : 'Not due yet';
}

/**
 * /app/carers/due and /app/employees/due: who is due a supervision, spot check (carers) or annual appraisal,
 * overdue first, in the user's branches; each name opens that tab of the person's file.
 */
export default function DueList({ owner }: { owner: StaffOwner }) {
  useRouteName(TITLE);
  const kinds = dueKindsOf(owner);
  const branches = useSession((state) => state.user?.branches ?? []);
  const [search, setSearch] = useSearchParams();
  const kind = (kinds.find((candidate) => candidate.kind === search.get('kind'))?.kind ?? kinds[0]!.kind) as DueKind;
  const state = (DUE_FILTERS.find((filter) => filter.value === search.get('state'))?.value ?? 'all') as DueFilter;
  const branchId = search.get('branch_id') ?? '';
  const [paging, setPaging] = useState({ page: 1, pageSize: 25 });
  const list = useApiQuery<DueListData>(`api/v1/${owner}/due`, { kind, state, branch_id: branchId, page: paging.page, page_size: paging.pageSize }, { keepPrevious: true });
  const today = ukToday();
  const kindLabel = kinds.find((candidate) => candidate.kind === kind)!.label;

  const choose = (key: 'kind' | 'state' | 'branch_id', value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next, { replace: true });
    setPaging((previous) => ({ ...previous, page: 1 }));
  };

  const columns: Column<DueRow>[] = [
    { key: 'name', label: 'Name', render: (row) => <Link to={`/app/${owner}/${row.id}/edit/${row.kind}`}>{row.name}</Link> },
    { key: 'branch', label: 'Branch' },
    { key: 'last_date', label: 'Last one', render: (row) => (row.last_date ? formatDate(row.last_date) : `Never (started ${formatDate(row.start_date) || '—'})`) },
    { key: 'next_due', label: 'Next due', render: (row) => formatDate(row.next_due) || '—' },
    {
      key: 'state',
      label: 'State',
      render: (row) => (
        <span className={styles.state} data-state={row.state}>
          {stateInWords(row, today)}
        </span>
      ),
    },
  ];

  const counts = list.data?.counts;
  const interval = list.data?.interval;
  return (
    <>
      <PageHeader title={TITLE} />
      <form className={styles.filters} aria-label={`Filter ${owner === 'carers' ? 'carers' : 'office employees'} due`} onSubmit={(event) => event.preventDefault()}>
        <label>
          What
          <select value={kind} onChange={(event) => choose('kind', event.target.value)}>
            {kinds.map((candidate) => (
              <option key={candidate.kind} value={candidate.kind}>{candidate.label}</option>
            ))}
          </select>
        </label>
        <label>
          Show
          <select value={state} onChange={(event) => choose('state', event.target.value === 'all' ? '' : event.target.value)}>
            {DUE_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>{filter.label}</option>
            ))}
          </select>
        </label>
        {branches.length > 1 ? (
          <label>
            Branch
            <select value={branchId} onChange={(event) => choose('branch_id', event.target.value)}>
              <option value="">All my branches</option>
              {branches.map((branch) => (
                <option key={branch.id} value={String(branch.id)}>{branch.name}</option>
              ))}
            </select>
          </label>
        ) : null}
      </form>
      {counts && interval ? (
        <p className={styles.summary} role="status">
          {kindLabel} every {interval.every} {interval.unit}: {counts.overdue} overdue, {counts.due} due within {DUE_SOON_DAYS} days, {counts.upcoming} not due yet
          {counts.never_done ? `; ${counts.never_done} never had one` : ''}.
        </p>
      ) : null}
      <ListTable
        caption={`${kindLabel} due`}
        columns={columns}
        page={list.data ?? null}
        loading={list.isFetching}
        error={list.error ? list.error.message : null}
        onSort={() => undefined}
        onPage={(page) => setPaging((previous) => ({ ...previous, page }))}
        onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        empty={state === 'all' ? 'Nobody at work in these branches.' : state === 'overdue' ? 'Nobody is overdue.' : `Nobody is due in the next ${DUE_SOON_DAYS} days.`}
      />
    </>
  );
}
