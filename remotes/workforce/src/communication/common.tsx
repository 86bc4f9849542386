import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE, type Page } from '@hcm/contract';
import { apiKey, useApiQuery, useQueryClient } from '@hcm/kit/data';
import { ListTable, type Column } from '@hcm/kit/table';
import { formatDateTime } from '@hcm/contract/format';

// Small helpers the communication screens share.

export function DateTime({ value }: { value: string | null }) {
  return value ? <time dateTime={value}>{formatDateTime(value) || '—'}</time> : <>—</>;
}

export type Loaded<T> = { data: T | null; error: string | null; loading: boolean; reload: () => void; setData: (data: T) => void };

type GetOptions = {
  /**
   * Not kept once the screen is left: a thread, whose "New" marks are those of the visit that loaded it (the
   * next visit asks again and shows them read), instead of the cached answer shown while asking again.
   */
  perVisit?: boolean;
};

/**
 * GET one API path through the data layer (again whenever the path or query changes); `reload` asks again,
 * `setData` puts the server's newer answer (a sent message, a retried email) in the cache in its place.
 * Communication changes from outside (carers and families write, others read): each visit asks the server
 * again, showing the cached answer meanwhile; a paged list keeps its page on screen while the next loads.
 */
export function useApiGet<T>(path: string, query?: Record<string, string | number>, failure = 'This could not be loaded.', { perVisit = false }: GetOptions = {}): Loaded<T> {
  const params = query ?? {};
  const client = useQueryClient();
  const answer = useApiQuery<T>(path, params, { failure, staleTime: 0, keepPrevious: query !== undefined, ...(perVisit ? { gcTime: 0 } : {}) });
  const key = JSON.stringify(apiKey(path, params));
  const { refetch } = answer;
  const reload = useCallback(() => void refetch(), [refetch]);
  const setData = useCallback((data: T) => client.setQueryData(JSON.parse(key) as unknown[], data), [client, key]);
  return { data: answer.data ?? null, error: answer.error?.message ?? null, loading: answer.isFetching, reload, setData };
}

type PagedListProps<Row> = {
  /** The API path of the list, and the filters it is asked with (a change of filter goes back to page 1). */
  path: string;
  filters: Record<string, string>;
  caption: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  empty: string;
  failure: string;
};

/** A list the server pages (no sorting): the table, its page and page size, and the request behind them. */
export function PagedList<Row>({ path, filters, caption, columns, rowKey, empty, failure }: PagedListProps<Row>) {
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ filterKey, page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const current = paging.filterKey === filterKey ? paging : { filterKey, page: 1, pageSize: paging.pageSize };
  const list = useApiGet<Page<Row>>(path, { ...filters, page: current.page, page_size: current.pageSize }, failure);
  return (
    <ListTable
      caption={caption}
      columns={columns}
      page={list.data}
      loading={list.loading}
      error={list.error}
      onSort={() => undefined}
      onPage={(page) => setPaging({ ...current, page })}
      onPageSize={(pageSize) => setPaging({ ...current, page: 1, pageSize })}
      onRetry={list.reload}
      rowKey={rowKey}
      empty={empty}
    />
  );
}
