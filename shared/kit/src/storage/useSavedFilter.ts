import { useCallback, useRef, useState } from 'react';
import type { SavedFilterSlot } from '@hcm/contract';
import { deleteCookie, readCookie, writeCookie, type CookieOptions } from '@hcm/kit';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The filter saved in a slot's cookie, or `initial` when there is none or it cannot be read. When both are
 * objects the saved keys are laid over `initial`, so a filter that gained a field since it was saved still
 * has it.
 */
export function readSavedFilter<T>(slot: SavedFilterSlot, initial: T): T {
  const raw = readCookie(slot);
  if (raw === undefined) return initial;
  try {
    const saved: unknown = JSON.parse(raw);
    if (isPlainObject(initial)) return isPlainObject(saved) ? ({ ...initial, ...saved } as T) : initial;
    return saved as T;
  } catch {
    return initial;
  }
}

export function writeSavedFilter<T>(slot: SavedFilterSlot, filter: T, options?: CookieOptions): void {
  writeCookie(slot, JSON.stringify(filter), options);
}

type Update<T> = T | ((previous: T) => T);

/**
 * A list's filter, kept JSON-encoded in the cookie named by its saved-filter slot (spec §3) and restored
 * when the user comes back to the list. Answers [filter, setFilter, clearFilter]; clearing deletes the
 * cookie and goes back to the first `initial`. The slot is read once, on mount: give the component a `key`
 * if one instance can switch slots. Browsers cap a cookie near 4 KB: keep filters to ids and short text.
 */
export function useSavedFilter<T>(slot: SavedFilterSlot, initial: T, options: CookieOptions = {}) {
  const [initialFilter] = useState(initial);
  const [filter, setFilterState] = useState<T>(() => readSavedFilter(slot, initial));
  // The latest filter, for functional updates: the cookie is written here, outside React's updaters.
  const latest = useRef(filter);
  const { maxAgeSeconds, path } = options;

  const setFilter = useCallback(
    (update: Update<T>) => {
      const next = typeof update === 'function' ? (update as (previous: T) => T)(latest.current) : update;
      latest.current = next;
      writeSavedFilter(slot, next, { maxAgeSeconds, path });
      setFilterState(next);
    },
    [slot, maxAgeSeconds, path],
  );

  const clearFilter = useCallback(() => {
    deleteCookie(slot, { path });
    latest.current = initialFilter;
    setFilterState(initialFilter);
  }, [slot, path, initialFilter]);

  return [filter, setFilter, clearFilter] as const;
}
