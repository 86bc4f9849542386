import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page } from '@hcm/contract';

// Paging of every list the API serves (?page=&page_size=, answered as a Page with last_page): read once here,
// leniently, and answered in one shape. Cursor-paged histories (a chat's messages: ?before=) are not pages.

/** The largest page and page size a request may name: PostgreSQL's 32-bit integer. */
export const MAX_PAGE_NUMBER = 2_147_483_647;

/** Which page of a list, and how many rows a page holds. */
export type Paging = { page: number; pageSize: number };

/** A query parameter's value as text, trimmed: the first of a repeated one; undefined when absent or not text. */
export function queryParam(query: unknown, name: string): string | undefined {
  const value = ((query ?? {}) as Record<string, unknown>)[name];
  const single = Array.isArray(value) ? value[0] : value;
  return typeof single === 'string' ? single.trim() : undefined;
}

/** A whole number from 1 to MAX_PAGE_NUMBER, or null (absent, not a number, 0, negative, fractional, too big). */
function pageNumber(raw: string | undefined): number | null {
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_PAGE_NUMBER ? value : null;
}

/**
 * ?page=&page_size=, leniently, as every list in the product: a value that makes no sense (absent, not a whole
 * number, below 1, beyond the 32-bit range) falls back to the default instead of failing the list, and
 * page_size is capped at MAX_PAGE_SIZE so one request cannot ask for everything. A page beyond the last is
 * answered as an empty page.
 */
export function parsePaging(query: unknown): Paging {
  return {
    page: pageNumber(queryParam(query, 'page')) ?? DEFAULT_PAGE,
    pageSize: Math.min(pageNumber(queryParam(query, 'page_size')) ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}

/** How many rows come before the page (SQL OFFSET). */
export function pageOffset(paging: Paging): number {
  return (paging.page - 1) * paging.pageSize;
}

/** The answer of a list: a page of rows out of `total`; last_page is at least 1, even for no rows. */
export function pageOf<T>(rows: T[], total: number, paging: Paging): Page<T> {
  const { page, pageSize } = paging;
  return { data: rows, total, page, page_size: pageSize, last_page: Math.max(1, Math.ceil(total / pageSize)) };
}

/** The page of a list held whole in memory (a short catalogue, e.g. roles or permissions). */
export function pageOfAll<T>(rows: readonly T[], paging: Paging): Page<T> {
  const start = pageOffset(paging);
  return pageOf(rows.slice(start, start + paging.pageSize), rows.length, paging);
}
