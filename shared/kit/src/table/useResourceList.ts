import { useCallback, useState } from 'react';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, type SortMode } from '@hcm/contract';
import { useResourceListPage } from '@hcm/kit/data';

export type ListState = {
  page: number;
  pageSize: number;
  sort?: string;
  mode?: SortMode;
  search?: string;
  /** Filter values by query key (a field name, or `<field>_from` / `<field>_to` for dates); '' means none. */
  filters?: Record<string, string>;
};

/** The query string of a list request: paging, sort, search and the filters that hold a value. */
export function listQueryParams(query: ListState): Record<string, string | number | undefined> {
  return {
    ...query.filters,
    page: query.page,
    page_size: query.pageSize,
    sort: query.sort,
    mode: query.mode,
    search: query.search,
  };
}

/**
 * One page of `GET /api/v1/{resource}` through the data layer: cached per (resource, query), so coming back to
 * a list shows it at once, and a write to the resource (create, update, delete) invalidates it. Asks again
 * whenever the page, page size, sort, search or filters change, keeping the previous page on screen meanwhile.
 * Sorting keeps the current page, as the spec's list tables do.
 */
export function useResourceList<Row>(resource: string, initial: Partial<ListState> = {}) {
  const [query, setQuery] = useState<ListState>({ page: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE, ...initial });
  const list = useResourceListPage<Row>(resource, listQueryParams(query));

  const sortBy = useCallback((column: string) => {
    setQuery((previous) => ({
      ...previous,
      sort: column,
      mode: previous.sort === column && previous.mode === 'asc' ? 'desc' : 'asc',
    }));
  }, []);
  const { refetch } = list;

  return {
    query,
    result: list.data ?? null,
    error: list.error ? list.error.message : null,
    loading: list.isFetching,
    sortBy,
    setPage: (page: number) => setQuery((previous) => ({ ...previous, page })),
    setPageSize: (pageSize: number) => setQuery((previous) => ({ ...previous, pageSize, page: 1 })),
    setSearch: (search: string) => setQuery((previous) => ({ ...previous, search, page: 1 })),
    setFilters: (filters: Record<string, string>) => setQuery((previous) => ({ ...previous, filters, page: 1 })),
    reload: () => void refetch(),
  };
}
