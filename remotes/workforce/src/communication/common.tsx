import { useCallback, useEffect, useState } from 'react';
import { api } from '@hcm/kit';

// Small helpers the communication screens share.

/** 2026-03-02T09:05:00Z → 2 Mar 2026, 09:05 (in the browser's time zone). */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function DateTime({ value }: { value: string | null }) {
  return value ? <time dateTime={value}>{formatDateTime(value)}</time> : <>—</>;
}

export type Loaded<T> = { data: T | null; error: string | null; loading: boolean; reload: () => void; setData: (data: T) => void };

/** GET one API path (again whenever the path or query changes); `reload` asks again. */
export function useApiGet<T>(path: string, query?: Record<string, string | number>, failure = 'This could not be loaded.'): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const queryKey = JSON.stringify(query ?? {});

  useEffect(() => {
    let current = true;
    setLoading(true);
    void api.get<T>(path, JSON.parse(queryKey) as Record<string, string | number>).then((answer) => {
      if (!current) return;
      setLoading(false);
      if (answer.error || answer.data === null || answer.data === undefined) {
        setError(answer.message || failure);
      } else {
        setError(null);
        setData(answer.data);
      }
    });
    return () => {
      current = false;
    };
  }, [path, queryKey, attempt, failure]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { data, error, loading, reload, setData };
}
