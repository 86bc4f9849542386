import { useCallback, useState } from 'react';

/** Where a user's choice is kept: one key per user, so two people sharing a browser keep their own. */
export const sidebarCollapsedKey = (userId: number) => `hcm_sidebar_collapsed:${userId}`;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings): the choice then lasts until the page is left.
    return undefined;
  }
}

function readCollapsed(userId: number): boolean {
  try {
    return storage()?.getItem(sidebarCollapsedKey(userId)) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether the wide-screen sidebar is collapsed to its rail for the signed-in user, remembered in localStorage
 * per user id. An account switch reads the other user's choice (the state is per id, not one flag).
 */
export function useSidebarCollapsed(userId: number | undefined): [boolean, (collapsed: boolean) => void] {
  const [chosen, setChosen] = useState<Record<number, boolean>>({});
  const collapsed = userId === undefined ? false : (chosen[userId] ?? readCollapsed(userId));
  const setCollapsed = useCallback(
    (next: boolean) => {
      if (userId === undefined) return;
      try {
        if (next) storage()?.setItem(sidebarCollapsedKey(userId), '1');
        else storage()?.removeItem(sidebarCollapsedKey(userId));
      } catch {
        // Full or blocked storage: not remembered, nothing else breaks.
      }
      setChosen((previous) => ({ ...previous, [userId]: next }));
    },
    [userId],
  );
  return [collapsed, setCollapsed];
}
