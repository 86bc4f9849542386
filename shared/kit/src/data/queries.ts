import { useRef } from 'react';
import { queryOptions, useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@hcm/contract';
import type { ResourceRow, ResourceSpec } from '@hcm/contract/engine';
import { api, resourcePath, useSession } from '@hcm/kit';
import { dataOf, sessionIdentityOf, type ApiError } from './client';
import { apiKey, resourceKeys, type ApiParams } from './keys';

type Key = readonly unknown[];

/** What a screen may add to a query: when it runs, how fresh it must be, placeholder data… (not its key or function). */
export type QueryExtras<T> = Omit<UseQueryOptions<T, ApiError, T, Key>, 'queryKey' | 'queryFn' | 'placeholderData'> & {
  /** The message when the server gives none (e.g. 'The notices could not be loaded.'). */
  failure?: string;
  /** Keep the last answer on screen while another (the next page, a new filter) loads: see useKeptWhileLoading. */
  keepPrevious?: boolean;
};

/**
 * The last answer stays on screen (as `data`, with `isPlaceholderData`) while the query asks for another key,
 * as a paged list does between pages. Never across users: after a sign-out or an account switch the previous
 * answer is not kept (TanStack's own placeholderData would hand the previous account's page to the next).
 */
export function useKeptWhileLoading<T>(query: UseQueryResult<T, ApiError>): UseQueryResult<T, ApiError> {
  const identity = useSession((state) => sessionIdentityOf(state.user));
  const kept = useRef<{ identity: string | null; data: T } | null>(null);
  if (query.data !== undefined) kept.current = { identity, data: query.data };
  if (query.data !== undefined || !kept.current || kept.current.identity !== identity || !query.isFetching) return query;
  return { ...query, data: kept.current.data, isPlaceholderData: true } as UseQueryResult<T, ApiError>;
}

/** `GET path?params` as a query: cached under apiKey(path, params); a failed answer is an ApiError. */
export function apiQuery<T>(path: string, params?: ApiParams, failure?: string) {
  return queryOptions<T, ApiError, T, Key>({
    queryKey: apiKey(path, params),
    queryFn: async () => dataOf(await (params === undefined ? api.get<T>(path) : api.get<T>(path, params)), failure),
  });
}

/**
 * Reads `GET path?params` through the shared cache: two components asking the same at once make one request;
 * an answer younger than the stale time is shown without a request. `data` is the answer's data, `error` an
 * ApiError (its message is the server's, or `failure`).
 */
export function useApiQuery<T>(path: string, params?: ApiParams, { failure, keepPrevious = false, ...extras }: QueryExtras<T> = {}): UseQueryResult<T, ApiError> {
  const query = useQuery({ ...apiQuery<T>(path, params, failure), ...extras });
  const kept = useKeptWhileLoading(query);
  return keepPrevious ? kept : query;
}

/** One page of a resource's list (`GET /api/v1/{resource}?params`), cached per (resource, params). */
export function resourceListQuery<Row>(resource: string, params: ApiParams, failure = 'The list could not be loaded.') {
  return queryOptions<Page<Row>, ApiError, Page<Row>, Key>({
    queryKey: resourceKeys.list(resource, params),
    queryFn: async () => dataOf(await api.get<Page<Row>>(resourcePath(resource), params), failure),
  });
}

/** One record of a resource (`GET /api/v1/{resource}/{id}`), cached per id. */
export function resourceRecordQuery<Row>(resource: string, id: number | string, failure = 'This record could not be loaded.') {
  return queryOptions<Row, ApiError, Row, Key>({
    queryKey: resourceKeys.record(resource, id),
    queryFn: async () => dataOf(await api.get<Row>(resourcePath(resource, id)), failure),
  });
}

/**
 * A page of a resource's list, for a screen that shows one page at a time: the previous page stays on screen
 * while the next one loads (useKeptWhileLoading), so paging, sorting and filtering do not flash a spinner.
 */
export function useResourceListPage<Row>(resource: string, params: ApiParams, { failure, keepPrevious = true, ...extras }: QueryExtras<Page<Row>> = {}) {
  const query = useQuery({ ...resourceListQuery<Row>(resource, params, failure), ...extras });
  const kept = useKeptWhileLoading(query);
  return keepPrevious ? kept : query;
}

/** A record of a resource by id, typed by the caller (hand-written screens: users, roles, branches). */
export function useResourceRecord<Row>(resource: string, id: number | string, { failure, keepPrevious: _keepPrevious, ...extras }: QueryExtras<Row> = {}) {
  return useQuery({ ...resourceRecordQuery<Row>(resource, id, failure), ...extras });
}

/** A page of a declared resource's list, its rows typed from the declaration (fields of its schema, id, timestamps). */
export function useDeclaredPage<Spec extends ResourceSpec>(spec: Spec, params: ApiParams, extras: QueryExtras<Page<ResourceRow<Spec>>> = {}) {
  return useResourceListPage<ResourceRow<Spec>>(spec.name, params, { failure: `${spec.title} could not be loaded.`, ...extras });
}

/** A declared resource's record by id, typed from the declaration. */
export function useDeclaredRecord<Spec extends ResourceSpec>(spec: Spec, id: number | string, extras: QueryExtras<ResourceRow<Spec>> = {}) {
  return useResourceRecord<ResourceRow<Spec>>(spec.name, id, { failure: `This ${spec.singular} could not be loaded.`, ...extras });
}
