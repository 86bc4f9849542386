import { useCan, useRuntime, useSession } from '@hcm/kit';
import { apiKey, useApiQuery } from '@hcm/kit/data';
import type { Page } from '@hcm/contract';

export const QA_API = 'api/v1/quality-assurance';
/** Cached answers a write to a record makes stale: its register's lists, the record, the dashboard (and a linked record). */
export function writeKeys(kind: string, id?: number | null, linked?: { kind: string; id: number } | null): readonly (readonly unknown[])[] {
  return [
    apiKey(`${QA_API}/${kind}`),
    apiKey(`${QA_API}/dashboard`),
    ...(id ? [apiKey(`${QA_API}/${kind}/${id}`)] : []),
    ...(linked ? [apiKey(`${QA_API}/${linked.kind}/${linked.id}`)] : []),
  ];
}

/** The user's branches (the session's); a super admin without any gets every branch. */
export function useBranchChoices(): { id: number; name: string }[] {
  const own = useSession((state) => state.user?.branches ?? []);
  const can = useCan();
  const all = useApiQuery<Page<{ id: number; name: string }>>('api/v1/branches', { page_size: 100 }, { enabled: own.length === 0 && can('branches.view') });
  return own.length ? own : (all.data?.data ?? []);
}

/** An absolute URL of the API (for links the browser opens itself, such as a PDF). */
export function useApiUrl(path: string): string {
  const apiUrl = useRuntime((state) => state.registry.apiUrl).replace(/\/+$/, '');
  return `${apiUrl}/${path}`;
}
