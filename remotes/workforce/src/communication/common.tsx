import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE, type Page } from '@hcm/contract';
import { api } from '@hcm/kit';
import { ListTable, type Column } from '@hcm/kit/table';

// Small helpers the communication screens share.

/** 2026-03-02T09:05:00Z → 2 Mar 2026, 09:05 (in the browser's time zone). */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function DateTime({ value }: { value: string | null }) {
  return value ? <time dateTime={value}>{formatDateTime(value)}</time> : <>—</>;
}

export type Loaded<T> = { data: T | null; error: string | null; loading: boolean; reload: () => void; setData: (data: T) => void };

/** GET one API path (again whenever the path or query changes); `reload` asks again. */
export function useApiGet<T>(path: string, query?: Record<string, string | number>, failure = 'This could not be loaded.'): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const queryKey = JSON.stringify(query ?? {});

  useEffect(() => {
    let current = true;
    setLoading(true);
    void api.get<T>(path, JSON.parse(queryKey) as Record<string, string | number>).then((answer) => {
      if (!current) return;
      setLoading(false);
      if (answer.error || answer.data === null || answer.data === undefined) {
        setError(answer.message || failure);
      } else {
        setError(null);
        setData(answer.data);
      }
    });
    return () => {
      current = false;
    };
  }, [path, queryKey, attempt, failure]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { data, error, loading, reload, setData };
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
