import { useState } from 'react';
import type { Page, SortMode } from '@hcm/contract';
import { useCan, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';

// What finance's screens share for their lists: the branches a user may choose, and a list answered page by page
// by the API (sort and paging here; filters kept by the caller or by useFilteredList).

/** The user's branches (the session's); a super admin without any gets every branch. */
export function useBranchChoices(): { id: number; name: string }[] {
  const own = useSession((state) => state.user?.branches ?? []);
  const can = useCan();
  const all = useApiQuery<Page<{ id: number; name: string }>>('api/v1/branches', { page_size: 100 }, { enabled: own.length === 0 && can('branches.view') });
  return own.length ? own : (all.data?.data ?? []);
}

/** A list the API sorts and pages, asked with `params` (empty values left out). */
export function useListQuery<Row>(path: string, params: Record<string, string>, initialSort: { sort: string; mode: SortMode }, failure: string) {
  const [order, setOrder] = useState(initialSort);
  const [paging, setPaging] = useState({ page: 1, page_size: 25 });
  const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));
  const list = useApiQuery<Page<Row>>(path, { ...query, ...order, ...paging }, { failure, keepPrevious: true });
  const sortBy = (sort: string) => setOrder((previous) => ({ sort, mode: previous.sort === sort && previous.mode === 'asc' ? 'desc' : 'asc' }));
  const setPage = (page: number) => setPaging((previous) => ({ ...previous, page }));
  const setPageSize = (size: number) => setPaging({ page: 1, page_size: size });
  return {
    order,
    list,
    firstPage: () => setPaging((previous) => ({ ...previous, page: 1 })),
    sortBy,
    setPage,
    setPageSize,
    /** The ListTable's page, state, sorting and paging props, spread onto it: `<ListTable {...list.table} … />`. */
    table: {
      page: list.data ?? null,
      loading: list.isFetching,
      error: list.error?.message ?? null,
      sort: order.sort,
      mode: order.mode,
      onSort: sortBy,
      onPage: setPage,
      onPageSize: setPageSize,
      onRetry: () => void list.refetch(),
    },
  };
}

/** useListQuery with its filters held here: choosing one goes back to the first page. */
export function useFilteredList<Row, F extends Record<string, string>>(
  path: string,
  initial: F,
  initialSort: { sort: string; mode: SortMode },
  failure: string,
  toParams: (filters: F) => Record<string, string> = (filters) => filters,
) {
  const [filters, setFilters] = useState(initial);
  const { firstPage, ...rest } = useListQuery<Row>(path, toParams(filters), initialSort, failure);
  return {
    filters,
    ...rest,
    choose: (key: keyof F, value: string) => {
      setFilters((previous) => ({ ...previous, [key]: value }));
      firstPage();
    },
  };
}
