import { useCallback, useEffect, useState } from 'react';
import { isOffline, isSignedOut } from '../api.js';
import { CACHE, getValue, putValue } from '../queue/db.js';
import { useServices } from './App.js';
import { clock, ukTime } from '@hcm/contract/time';

type Cached<T> = { data: T; fetchedAt: string };

/**
 * A read kept on the phone: what was last fetched shows at once (offline too), then the network's answer replaces
 * it and is kept. Offline, the screen says when what it shows was fetched.
 */
export function useCachedRead<T>(key: string, path: string) {
  const { api, db, session, signedOut } = useServices();
  const [cached, setCached] = useState<Cached<T> | null>(null);
  const [state, setState] = useState<'loading' | 'fresh' | 'offline' | 'error'>('loading');
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    const kept = await getValue<Cached<T>>(db, CACHE, key).catch(() => undefined);
    if (kept) setCached(kept);
    try {
      const { body } = await api.request<T>('GET', path, { token: session.token });
      const fresh = { data: body.data, fetchedAt: clock.now().toISOString() };
      setCached(fresh);
      setState('fresh');
      await putValue(db, CACHE, key, fresh);
    } catch (failure) {
      if (isSignedOut(failure)) return signedOut();
      if (isOffline(failure)) setState('offline');
      else {
        setState('error');
        setError(failure instanceof Error ? failure.message : String(failure));
      }
    }
  }, [api, db, key, path, session.token, signedOut]);

  useEffect(() => {
    void load();
  }, [load]);

  const note =
    state === 'offline'
      ? cached
        ? `Offline: showing what was fetched at ${ukTime(cached.fetchedAt)}.`
        : 'Offline, and nothing was fetched on this phone yet.'
      : state === 'error'
        ? error
        : '';
  return { data: cached?.data ?? null, loading: state === 'loading' && !cached, note, reload: load };
}
