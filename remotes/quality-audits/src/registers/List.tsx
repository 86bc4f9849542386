import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Page, SortMode } from '@hcm/contract';
import { PageHeader, useCan, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { useSavedFilter } from '@hcm/kit/storage';
import { ListTable, type Column } from '@hcm/kit/table';
import { REGISTERS, SEVERITIES, labelOf, type RegisterInfo, type RegisterKind, type RegisterRow } from '../../contract/registers';
import { QA_API, useBranchChoices } from './common';
import styles from './registers.module.css';
import { formatDate } from '@hcm/contract/format';

export type ListFilter = { status: string; branch_id: string; search: string; from: string; to: string; overdue: string };
export const NO_FILTER: ListFilter = { status: '', branch_id: '', search: '', from: '', to: '', overdue: '' };
type FilterState = [ListFilter, (update: ListFilter) => void, () => void];

/** A register's list: filters kept in the spec's saved-filter slot (CQC notifications keep theirs for the visit only). */
export default function RegisterList({ kind }: { kind: RegisterKind }) {
  const info = REGISTERS[kind];
  return info.filterSlot ? <SavedList key={kind} info={info} slot={info.filterSlot} /> : <PlainList key={kind} info={info} />;
}

function SavedList({ info, slot }: { info: RegisterInfo; slot: NonNullable<RegisterInfo['filterSlot']> }) {
  const state = useSavedFilter<ListFilter>(slot, NO_FILTER);
  return <ListBody info={info} filter={state as unknown as FilterState} />;
}

function PlainList({ info }: { info: RegisterInfo }) {
  const [filter, setFilter] = useState(NO_FILTER);
  return <ListBody info={info} filter={[filter, setFilter, () => setFilter(NO_FILTER)]} />;
}

function ListBody({ info, filter: [filter, setFilter, clearFilter] }: { info: RegisterInfo; filter: FilterState }) {
  useRouteName(info.title);
  const can = useCan();
  const branches = useBranchChoices();
  const [order, setOrder] = useState<{ sort: string; mode: SortMode }>({ sort: 'occurred_on', mode: 'desc' });
  const [paging, setPaging] = useState({ page: 1, page_size: 25 });
  const params = Object.fromEntries(Object.entries({ ...filter, ...order, ...paging }).filter(([, value]) => value !== '').map(([key, value]) => [key, String(value)]));
  const list = useApiQuery<Page<RegisterRow>>(`${QA_API}/${info.kind}`, params, { failure: `The ${info.title.toLowerCase()} could not be loaded.`, keepPrevious: true });
  const choose = (key: keyof ListFilter, value: string) => {
    setFilter({ ...filter, [key]: value });
    setPaging((previous) => ({ ...previous, page: 1 }));
  };
  const mayAdd = can(info.kind === 'cqc-notifications' ? 'quality.cqc' : 'quality.edit');
  const columns: Column<RegisterRow>[] = [
    { key: 'reference', label: 'Reference', sortable: true, render: (row) => <Link to={`${row.id}/edit`}>{row.reference}</Link> },
    { key: 'occurred_on', label: info.dateLabel, sortable: true, render: (row) => formatDate(row.occurred_on) },
    { key: 'headline', label: 'What', render: (row) => row.headline },
    { key: 'summary', label: 'Summary', render: (row) => (row.summary.length > 90 ? `${row.summary.slice(0, 88)}…` : row.summary) },
    { key: 'people', label: 'People involved', render: (row) => row.people },
    { key: 'branch', label: 'Branch', render: (row) => row.branch },
    { key: 'status', label: 'Status', sortable: true, render: (row) => labelOf(info.statuses, row.status) },
    ...(info.hasSeverity ? [{ key: 'severity', label: 'Severity', sortable: true, render: (row: RegisterRow) => (row.severity ? labelOf(SEVERITIES, row.severity) : '') }] : []),
    {
      key: 'due_on',
      label: info.kind === 'complaints' ? 'Respond by' : 'Due',
      sortable: true,
      render: (row) => (row.due_on ? <span className={row.overdue ? styles.overdue : undefined}>{formatDate(row.due_on)}{row.overdue ? ' (overdue)' : ''}</span> : ''),
    },
  ];
  return (
    <>
      <PageHeader title={info.title} actions={mayAdd ? <Link to="add">Add {info.singular}</Link> : undefined} />
      <form className={styles.filters} aria-label={`Filter ${info.title.toLowerCase()}`} onSubmit={(event) => event.preventDefault()}>
        <label>
          Search
          <input type="search" value={filter.search} onChange={(event) => choose('search', event.target.value)} />
        </label>
        <label>
          Status
          <select value={filter.status} onChange={(event) => choose('status', event.target.value)}>
            <option value="">Any status</option>
            {info.statuses.map((status) => (
              <option key={status.value} value={status.value}>
                {status.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Branch
          <select value={filter.branch_id} onChange={(event) => choose('branch_id', event.target.value)}>
            <option value="">All my branches</option>
            {branches.map((branch) => (
              <option key={branch.id} value={String(branch.id)}>
                {branch.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={filter.from} onChange={(event) => choose('from', event.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={filter.to} onChange={(event) => choose('to', event.target.value)} />
        </label>
        <label>
          <span>
            <input type="checkbox" checked={filter.overdue === '1'} onChange={(event) => choose('overdue', event.target.checked ? '1' : '')} /> Overdue only
          </span>
        </label>
        <button type="button" onClick={clearFilter}>
          Clear filters
        </button>
      </form>
      <ListTable<RegisterRow>
        caption={info.title}
        columns={columns}
        page={list.data ?? null}
        loading={list.isFetching}
        error={list.error?.message ?? null}
        sort={order.sort}
        mode={order.mode}
        onSort={(sort) => setOrder((previous) => ({ sort, mode: previous.sort === sort && previous.mode === 'asc' ? 'desc' : 'asc' }))}
        onPage={(page) => setPaging((previous) => ({ ...previous, page }))}
        onPageSize={(size) => setPaging({ page: 1, page_size: size })}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        empty={`No ${info.title.toLowerCase()} match these filters.`}
      />
    </>
  );
}
