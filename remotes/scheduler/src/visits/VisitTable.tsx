import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { useApiQuery, type ApiParams } from '@hcm/kit/data';
import { ListTable, type Column } from '@hcm/kit/table';
import type { VisitRow } from '../../contract/visits';
import { carersText, StatusText, timesOf, VISITS_PATH } from './common';
import { formatDate } from '@hcm/contract/format';

type Paging = { page: number; pageSize: number; sort: string; mode: 'asc' | 'desc' };

/** The columns every visit list shows: date, time, client, carers, status in words, funder and NPC codes. */
export function visitColumns(linkOf: (row: VisitRow) => string, extra: Column<VisitRow>[] = []): Column<VisitRow>[] {
  return [
    { key: 'date', label: 'Date', sortable: true, render: (row) => <Link to={linkOf(row)}>{formatDate(row.date) || '—'}</Link> },
    { key: 'time', label: 'Time', render: (row) => timesOf(row) },
    { key: 'client', label: 'Client', sortable: true, render: (row) => row.client_name },
    { key: 'carers', label: 'Carers', render: (row) => carersText(row) },
    { key: 'status', label: 'Status', sortable: true, render: (row) => <StatusText status={row.status} /> },
    { key: 'funder_code', label: 'Funder', render: (row) => row.funder_code ?? '—' },
    { key: 'npc_code', label: 'NPC', render: (row) => row.npc_code ?? '—' },
    ...extra,
  ];
}

/**
 * One page of GET /api/v1/visits (or another path answering pages of visits) with `filters`, sorted by a column's
 * click, paged by the kit's ListTable. The page goes back to the first whenever the filters change.
 */
export function VisitTable({
  caption,
  filters,
  linkOf,
  path = VISITS_PATH,
  extraColumns,
  empty,
  defaultSort = 'date',
}: {
  caption: string;
  filters: ApiParams;
  linkOf: (row: VisitRow) => string;
  path?: string;
  extraColumns?: Column<VisitRow>[];
  empty?: ReactNode;
  defaultSort?: string;
}) {
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 25, sort: defaultSort, mode: 'asc' });
  const filterKey = JSON.stringify(filters);
  const [seenFilters, setSeenFilters] = useState(filterKey);
  if (seenFilters !== filterKey) {
    // New filters: the first page again (set while rendering, so the request goes out once).
    setSeenFilters(filterKey);
    setPaging((previous) => ({ ...previous, page: 1 }));
  }
  const params: ApiParams = { ...filters, page: seenFilters === filterKey ? paging.page : 1, page_size: paging.pageSize, sort: paging.sort, mode: paging.mode };
  const list = useApiQuery<Page<VisitRow>>(path, params, { keepPrevious: true, failure: `${caption} could not be loaded.` });
  return (
    <ListTable
      caption={caption}
      columns={visitColumns(linkOf, extraColumns)}
      page={list.data ?? null}
      loading={list.isFetching}
      error={list.error ? list.error.message : null}
      sort={paging.sort}
      mode={paging.mode}
      onSort={(column) => setPaging((previous) => ({ ...previous, sort: column, mode: previous.sort === column && previous.mode === 'asc' ? 'desc' : 'asc' }))}
      onPage={(page) => setPaging((previous) => ({ ...previous, page }))}
      onPageSize={(pageSize) => setPaging((previous) => ({ ...previous, pageSize, page: 1 }))}
      onRetry={() => void list.refetch()}
      rowKey={(row) => row.id}
      empty={empty ?? 'No visit matches these filters.'}
    />
  );
}
