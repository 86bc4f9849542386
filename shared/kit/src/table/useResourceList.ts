import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, type Page, type SortMode } from '@hcm/contract';
import { api, resourcePath } from '@hcm/kit';

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
 * One page of `GET /api/v1/{resource}`: refetches whenever the page, page size, sort, search or filters change.
 * Sorting keeps the current page, as the spec's list tables do.
 */
export function useResourceList<Row>(resource: string, initial: Partial<ListState> = {}) {
  const [query, setQuery] = useState<ListState>({ page: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE, ...initial });
  const [result, setResult] = useState<Page<Row> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let current = true;
    setLoading(true);
    void api
      .get<Page<Row>>(resourcePath(resource), listQueryParams(query))
      .then((answer) => {
        if (!current) return;
        setLoading(false);
        if (answer.error || !answer.data) setError(answer.message || 'The list could not be loaded.');
        else {
          setError(null);
          setResult(answer.data);
        }
      });
    return () => {
      current = false;
    };
  }, [resource, query, reloads]);

  const sortBy = useCallback((column: string) => {
    setQuery((previous) => ({
      ...previous,
      sort: column,
      mode: previous.sort === column && previous.mode === 'asc' ? 'desc' : 'asc',
    }));
  }, []);

  return {
    query,
    result,
    error,
    loading,
    sortBy,
    setPage: (page: number) => setQuery((previous) => ({ ...previous, page })),
    setPageSize: (pageSize: number) => setQuery((previous) => ({ ...previous, pageSize, page: 1 })),
    setSearch: (search: string) => setQuery((previous) => ({ ...previous, search, page: 1 })),
    setFilters: (filters: Record<string, string>) => setQuery((previous) => ({ ...previous, filters, page: 1 })),
    reload: () => setReloads((count) => count + 1),
  };
}
