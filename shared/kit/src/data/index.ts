// The client data layer (TanStack Query), a shared singleton of its own: one cache for the host and every
// remote. Not loaded with the login screen; the host mounts DataProvider around the signed-in app.
export { ApiError, createQueryClient, dataOf, forgetData, forgetDataOnSessionChange, MAX_RETRIES, queryClient, sessionIdentityOf, shouldRetry, STALE_TIME_MS } from './client';
export { DataProvider } from './DataProvider';
export { apiKey, resourceKeys, sentParams, type ApiParams } from './keys';
export {
  apiQuery,
  resourceListQuery,
  resourceRecordQuery,
  useApiQuery,
  useDeclaredPage,
  useDeclaredRecord,
  useResourceListPage,
  useKeptWhileLoading,
  useResourceRecord,
  type QueryExtras,
} from './queries';
export { invalidateKeys, resourceWriteKeys, useApiMutation, useInvalidate, type ApiMutationOptions } from './mutations';
// Straight from TanStack Query, so screens need no other import for these.
export { useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
