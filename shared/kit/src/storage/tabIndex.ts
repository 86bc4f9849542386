import { useCallback, useState } from 'react';
import type { TabIndexKey } from '@hcm/contract';

/**
 * Where each tab index lives (spec §3: "tab_index and header_tab_index in browser storage, and
 * anchor_tab_index"). tab_index and header_tab_index are the user's place among a screen's tabs and the
 * header's tabs: localStorage, so coming back later (another tab, tomorrow) opens the same tab.
 * anchor_tab_index follows in-page anchor links, which only mean something during one visit: sessionStorage,
 * so it survives a reload but neither leaks into another browser tab nor outlives the visit.
 */
export function storageFor(key: TabIndexKey): Storage | undefined {
  try {
    return key === 'anchor_tab_index' ? window.sessionStorage : window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings): the index then lives in memory only.
    return undefined;
  }
}

/** The storage key: the spec's name, or `<name>:<scope>` so two screens can keep their own index. */
const storageKey = (key: TabIndexKey, scope?: string) => (scope ? `${key}:${scope}` : key);

export function readTabIndex(key: TabIndexKey, scope?: string): number | undefined {
  try {
    const raw = storageFor(key)?.getItem(storageKey(key, scope));
    const index = raw === null || raw === undefined ? NaN : Number(raw);
    return Number.isInteger(index) && index >= 0 ? index : undefined;
  } catch {
    return undefined;
  }
}

export function writeTabIndex(key: TabIndexKey, index: number, scope?: string): void {
  try {
    storageFor(key)?.setItem(storageKey(key, scope), String(index));
  } catch {
    // Full or blocked storage: the index is not remembered, nothing else breaks.
  }
}

/** A tab index kept in browser storage (see storageFor): [index, setIndex]; 0 when none is stored. */
export function useStoredTabIndex(key: TabIndexKey, scope?: string, initial = 0) {
  const [index, setIndexState] = useState(() => readTabIndex(key, scope) ?? initial);
  const setIndex = useCallback(
    (next: number) => {
      writeTabIndex(key, next, scope);
      setIndexState(next);
    },
    [key, scope],
  );
  return [index, setIndex] as const;
}
