import type { CurrentUser } from '@hcm/contract';
import type { SwitchAccount } from '@hcm/contract/schemas';
import { api, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';

// Account switching from the host: the list of accounts, the switch and the way back. Each switch gives a new
// session (new cookies), after which the current user is loaded again.

export const switchAccountPath = (parentId: number, targetId: number) => `/switch-account/${parentId}/${targetId}`;

/**
 * The accounts the signed-in user may switch to, through the data layer: the header's menu and the
 * confirmation page share one answer. `null` while loading; none when they cannot be read.
 */
export function useSwitchAccounts(enabled = true): SwitchAccount[] | null {
  const accounts = useApiQuery<SwitchAccount[]>('api/v1/account/switch-accounts-list', undefined, { enabled });
  return accounts.data ?? (accounts.isError ? [] : null);
}

/**
 * POST /api/v1/account/switch, then the session store holds the target (with switchedFrom); the data layer
 * forgets every cached answer when the session's user changes (DataProvider).
 */
export async function switchTo(targetId: number): Promise<{ error: string | null }> {
  const answer = await api.post<{ data: CurrentUser }>('api/v1/account/switch', { user_id: targetId });
  if (answer.error) return { error: answer.message || 'The switch did not work.' };
  await useSession.getState().loadUser();
  return { error: null };
}

/** POST /api/v1/account/switch-back, then the session store holds the parent again. */
export async function switchBack(): Promise<{ error: string | null }> {
  const answer = await api.post<{ data: CurrentUser }>('api/v1/account/switch-back');
  await useSession.getState().loadUser();
  return { error: answer.error ? answer.message || 'Switching back did not work.' : null };
}
