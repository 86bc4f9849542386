/** Every /api/v1 answer (and the auth routes) travels in this envelope; `status` is false on errors. */
export type FieldErrors = Record<string, string[]>;

export type ApiEnvelope<T = unknown> = {
  status: boolean;
  message: string;
  data: T;
  errors: FieldErrors | null;
};

/** A page of a list, as `GET /api/v1/{resource}?page=&page_size=` answers it. */
export type Page<T> = {
  data: T[];
  total: number;
  page: number;
  page_size: number;
  last_page: number;
  /** The count stopped at `total` (a list too long to count on every page, like the visit history): there are more. */
  more?: boolean;
};

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const PAGE_SIZE_CHOICES = [10, 25, 50, 100] as const;

export type SortMode = 'asc' | 'desc';

/** The query a list sends: page, page size and optional sort column and mode. */
export type ListQuery = {
  page?: number;
  page_size?: number;
  sort?: string;
  mode?: SortMode;
};

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
export const SESSION_COOKIE = 'hcm_session';
