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

/** [open, setOpen] for the header of `clientId` as seen by `userId`. */
export function useRecordHeaderOpen(userId: number | string | undefined, clientId: number): readonly [boolean, (open: boolean) => void] {
  const key = headerStorageKey(userId ?? 'anonymous');
  const [open, setOpenState] = useState(() => {
    const stored = read(key);
    // A client not seen before is shown in full, whatever the user chose for others.
    return !stored.seen.includes(clientId) || stored.open === true;
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
