import { useState } from 'react';
import type { Page, SavedFilterSlot } from '@hcm/contract';
import { useAreaEvent, useLiveConnection } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { useSavedFilter } from '@hcm/kit/storage';
import { LIVE_TOPIC, type ConfirmationState } from '../../../contract/live';
import { styles } from '../../visits/common';
import { formatNumber } from '@hcm/contract/format';

/** Without the socket the lists ask again this often, and say so. */
export const POLL_MS = 30_000;

/**
 * A live-events list: its filter kept in its saved-filter slot, paged and sorted by the API, refetched when a
 * check is pushed (LIVE_TOPIC) and every 30 s while the socket is down.
 */
export function useLiveList<Row, F extends Record<string, string>>(path: string, slot: SavedFilterSlot, initial: F, defaultSort: { sort: string; mode: 'asc' | 'desc' }) {
  const [filters, setFilters, clearFilters] = useSavedFilter<F>(slot, initial);
  const [paging, setPaging] = useState({ page: 1, pageSize: 25, ...defaultSort });
  const connected = useLiveConnection();
  const list = useApiQuery<Page<Row>>(path, { ...filters, page: paging.page, page_size: paging.pageSize, sort: paging.sort, mode: paging.mode }, { keepPrevious: true, failure: 'The list could not be loaded.', refetchInterval: connected ? false : POLL_MS });
  useAreaEvent('scheduler', LIVE_TOPIC, () => void list.refetch());
  const choose = (key: keyof F, value: string) => {
    setFilters((previous) => ({ ...previous, [key]: value }));
    setPaging((previous) => ({ ...previous, page: 1 }));
  };
  const tableProps = {
    page: list.data ?? null,
    loading: list.isFetching,
    error: list.error ? list.error.message : null,
    sort: paging.sort,
    mode: paging.mode,
    onSort: (column: string) => setPaging((previous) => ({ ...previous, page: 1, sort: column, mode: previous.sort === column && previous.mode === 'asc' ? ('desc' as const) : ('asc' as const) })),
    onPage: (page: number) => setPaging((previous) => ({ ...previous, page })),
    onPageSize: (pageSize: number) => setPaging((previous) => ({ ...previous, page: 1, pageSize })),
    onRetry: () => void list.refetch(),
  };
  return { filters, choose, clearFilters, list, tableProps, connected };
}

/** Whether the list is pushed live or refreshed every 30 s (the socket is down). */
export function LiveNote({ connected }: { connected: boolean }) {
  return <p className={styles.muted} role="status">{connected ? 'Live: updates as carers check in and out.' : 'The live connection is down: this list refreshes every 30 seconds.'}</p>;
}

export const yesNo = (value: boolean | null, yes: string, no: string) => (value === null ? 'Unknown' : value ? yes : no);
export const metres = (value: number | null) => (value === null ? '—' : value >= 1000 ? `${formatNumber(value / 1000, 1)} km` : `${Math.round(value)} m`);

export const CONFIRMATION_WORDS: Record<ConfirmationState, string> = {
  'not-due': 'Not checked out yet',
  pending: 'Waiting for the office',
  'auto-confirmed': 'Confirmed itself',
  confirmed: 'Confirmed by the office',
};
