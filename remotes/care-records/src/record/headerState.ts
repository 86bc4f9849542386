import { useCallback, useEffect, useState } from 'react';

// Whether the client record's summary header (name, NHS number, allergies, high-risk alerts) is expanded, per user
// in this browser: a client's header is expanded the first time the user opens their record, then collapsed to its
// summary line (allergies and the number of alerts stay in it); the user's own choice, once made, is kept.

type Stored = { seen: number[]; open?: boolean };

/** How many clients' "seen" marks are kept (the oldest are dropped). */
const SEEN_KEPT = 300;

export const headerStorageKey = (userId: number | string) => `care-records:record-header:${userId}`;

function read(key: string): Stored {
  try {
    const raw = window.localStorage.getItem(key);
    const parsed = raw ? (JSON.parse(raw) as Partial<Stored>) : {};
    return { seen: Array.isArray(parsed.seen) ? parsed.seen.filter((id): id is number => typeof id === 'number') : [], ...(typeof parsed.open === 'boolean' ? { open: parsed.open } : {}) };
  } catch {
    return { seen: [] };
  }
}

function write(key: string, value: Stored): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Blocked or full storage: the header simply starts expanded next time.
  }
}

/**
 * The clients each user had seen when this page loaded: a record opened for the first time stays in full for the
 * rest of the page's life, however often its screen is mounted again (a tab change, a reload of its data).
 */
const seenWhenLoaded = new Map<string, ReadonlySet<number>>();
const seenBefore = (key: string): ReadonlySet<number> => {
  let seen = seenWhenLoaded.get(key);
  if (!seen) seenWhenLoaded.set(key, (seen = new Set(read(key).seen)));
  return seen;
};

/** As if the page were loaded again (tests): the clients seen so far count as seen before. */
export function forgetPageLoad(): void {
  seenWhenLoaded.clear();
}

/** [open, setOpen] for the header of `clientId` as seen by `userId`. */
export function useRecordHeaderOpen(userId: number | string | undefined, clientId: number): readonly [boolean, (open: boolean) => void] {
  const key = headerStorageKey(userId ?? 'anonymous');
  const [open, setOpenState] = useState(() => {
    const stored = read(key);
    // A client not seen before is shown in full, whatever the user chose for others.
    return !seenBefore(key).has(clientId) || stored.open === true;
  });
  useEffect(() => {
    const stored = read(key);
    if (stored.seen.includes(clientId)) return;
    write(key, { ...stored, seen: [...stored.seen, clientId].slice(-SEEN_KEPT) });
  }, [key, clientId]);
  const setOpen = useCallback(
    (next: boolean) => {
      setOpenState(next);
      write(key, { ...read(key), open: next });
    },
    [key],
  );
  return [open, setOpen] as const;
}
