import { useCallback } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiResult } from '@hcm/kit';
import { ApiError } from './client';
import { resourceKeys } from './keys';

type Key = readonly unknown[];

/**
 * After a write: every cached answer under `keys` is out of date. What is on screen is asked again at once;
 * what is not is dropped, so the next screen to show it asks the server rather than showing the old answer
 * (a deleted row never reappears for a moment). Resolves once the screens' new answers are in.
 */
export async function invalidateKeys(client: QueryClient, keys: readonly Key[]): Promise<void> {
  for (const queryKey of keys) client.removeQueries({ queryKey, type: 'inactive' });
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** What a write to a resource makes stale: its lists, and the record written (with its history). */
export function resourceWriteKeys(resource: string, id?: number | string | null): Key[] {
  return id === undefined || id === null ? [resourceKeys.lists(resource)] : [resourceKeys.lists(resource), resourceKeys.record(resource, id)];
}

/** `invalidateKeys` with the page's cache, for writes made outside a mutation (e.g. the tracker store's). */
export function useInvalidate(): (keys: readonly Key[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback((keys) => invalidateKeys(client, keys), [client]);
}

export type ApiMutationOptions<T, V> = {
  /** The write: an API client call (its answer, never thrown). */
  request: (variables: V) => Promise<ApiResult<T>>;
  /** The keys the write makes stale, invalidated once it succeeded (not awaited: the screen goes on at once). */
  invalidates?: readonly Key[] | ((variables: V, data: T | null) => readonly Key[]);
  /** The message of a failed write when the server gives none. */
  failure?: string;
};

/**
 * A write through the data layer. `submit(variables)` resolves to the API client's answer, success or not,
 * so a form keeps its ways: the message, a 422's per-field errors (applyServerErrors), a 409's explanation.
 * On success the keys in `invalidates` are invalidated. The mutation's state (isPending, error as an
 * ApiError) is there too.
 */
export function useApiMutation<T, V = void>({ request, invalidates, failure }: ApiMutationOptions<T, V>) {
  const client = useQueryClient();
  const mutation = useMutation<ApiResult<T>, ApiError, V>({
    mutationFn: async (variables) => {
      const answer = await request(variables);
      if (answer.error) throw new ApiError(answer, failure);
      return answer;
    },
    onSuccess: (answer, variables) => {
      const keys = typeof invalidates === 'function' ? invalidates(variables, answer.data) : (invalidates ?? []);
      void invalidateKeys(client, keys);
    },
  });
  const { mutateAsync } = mutation;
  const submit = useCallback(
    async (variables: V): Promise<ApiResult<T>> => {
      try {
        return await mutateAsync(variables);
      } catch (thrown) {
        if (thrown instanceof ApiError) return thrown.answer as ApiResult<T>;
        throw thrown;
      }
    },
    [mutateAsync],
  );
  return { ...mutation, submit };
}
