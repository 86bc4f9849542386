export { useBranchChoices };
import { useBranchChoices } from '../lists';
import type { Page, SortMode } from '@hcm/contract';
import { londonDate } from '@hcm/contract/engine';
import { useApiQuery } from '@hcm/kit/data';
import { useListQuery } from '../lists';
import { formatDate } from '@hcm/contract/format';

export const RUNS = 'api/v1/finance/invoice-runs';
export const INVOICES = 'api/v1/finance/invoices';
export const UNCLAIMED = 'api/v1/finance/unclaimed';

export const shiftDay = (day: string, days: number) => {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** "Thu 1 Oct 2026 to Sat 31 Oct 2026". */
export const periodWords = (from: string, to: string) => `${formatDate(from)} to ${formatDate(to)}`;

/** Last calendar month (UK days): the usual monthly invoice period. */
export function lastMonth(today = londonDate()): { from: string; to: string } {
  const to = shiftDay(`${today.slice(0, 7)}-01`, -1);
  return { from: `${to.slice(0, 7)}-01`, to };
}

export type FunderChoice = { id: number; name: string; funder_type?: string };

/** Reference data's funder codes (a short list: the first 100 serve as the choices). */
export function useFunders(): FunderChoice[] {
  const funders = useApiQuery<Page<FunderChoice>>('api/v1/funder-codes', { page_size: 100, sort: 'name', mode: 'asc' }, { failure: 'The funders could not be loaded.' });
  return funders.data?.data ?? [];
}

/** A list answered page by page by the API: filters (kept by the caller), sort and paging. */
export function usePagedList<Row, Filters extends Record<string, string>>(path: string, filters: Filters, initialSort: { sort: string; mode: SortMode }, failure: string) {
  return useListQuery<Row>(path, filters, initialSort, failure);
}

export const STATUS_WORDS: Record<string, string> = { posted: 'Posted', sent: 'Sent', 'part-paid': 'Part paid', paid: 'Paid', void: 'Void (run reset)', reset: 'Reset' };
