import { LOCAL_CACHE_TTL_MS } from '@hcm/contract';

import { clock } from '@hcm/contract/time';
/** Cached entries live in localStorage under this prefix. */
export const CACHE_PREFIX = 'hcm_cache:';

type CacheEntry<T> = { value: T; storedAt: number; expiresAt: number };

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The value cached under `key`, or undefined when there is none or it has expired (an expired entry is
 * removed). The local cache expires after 1 hour (spec §9) unless cacheSet was given another lifetime.
 */
export function cacheGet<T>(key: string): T | undefined {
  const store = storage();
  const raw = store?.getItem(CACHE_PREFIX + key);
  if (!store || raw === null || raw === undefined) return undefined;
  try {
    const entry = JSON.parse(raw) as CacheEntry<T>;
    if (typeof entry.expiresAt === 'number' && clock.nowMs() < entry.expiresAt) return entry.value;
  } catch {
    // Not ours or corrupt: drop it below.
  }
  store.removeItem(CACHE_PREFIX + key);
  return undefined;
}

/** Caches a JSON-serialisable `value` under `key` with a timestamp, for `ttlMs` (default 1 hour). */
export function cacheSet<T>(key: string, value: T, ttlMs: number = LOCAL_CACHE_TTL_MS): void {
  const storedAt = clock.nowMs();
  const entry: CacheEntry<T> = { value, storedAt, expiresAt: storedAt + ttlMs };
  try {
    storage()?.setItem(CACHE_PREFIX + key, JSON.stringify(entry));
  } catch {
    // Quota exceeded or blocked: the value is simply not cached.
  }
}

export function cacheDelete(key: string): void {
  storage()?.removeItem(CACHE_PREFIX + key);
}

/** Removes every expired entry (e.g. at start-up), so old entries do not fill the storage quota. */
export function cachePrune(): void {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index)).filter((key): key is string => key?.startsWith(CACHE_PREFIX) ?? false);
  for (const key of keys) cacheGet(key.slice(CACHE_PREFIX.length));
}
