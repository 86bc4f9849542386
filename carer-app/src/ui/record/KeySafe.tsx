import { useEffect, useRef, useState } from 'react';
import type { KeySafeAnswer } from '@hcm/area-care-records/contract/live-medication.js';
import { ApiError, isOffline, isSignedOut } from '../../api.js';
import { CACHE, run } from '../../queue/db.js';
import { useServices } from '../App.js';

type KeptSheet = { key: string; value: { data?: { key_facts?: { key_safe?: { location?: string; code?: string } | null } } } };

/**
 * Care sheets kept by an earlier version of the app carried the key-safe code: it is taken out of every kept sheet
 * (the location stays), so the phone holds no code at all.
 */
export async function forgetKeptKeySafeCodes(db: IDBDatabase): Promise<void> {
  const rows = await run<KeptSheet[]>(db, CACHE, 'readonly', (store) => store.getAll());
  for (const row of rows) {
    const keySafe = row.value?.data?.key_facts?.key_safe;
    if (!row.key.startsWith('care:') || !keySafe || !('code' in keySafe)) continue;
    const { code: _code, ...kept } = keySafe;
    const value = { ...row.value, data: { ...row.value.data, key_facts: { ...row.value.data!.key_facts, key_safe: kept } } };
    await run(db, CACHE, 'readwrite', (store) => store.put({ key: row.key, value }));
  }
}

/** How long the code stays on screen after a tap. */
export const KEY_SAFE_SHOWN_MS = 30_000;

/**
 * The key safe: where it is (from the care sheet), and its code on a tap — read from the server each time (the
 * read is audited there), never kept on the phone, shown for 30 seconds and then hidden again.
 */
export function KeySafe({ clientId, location }: { clientId: number; location: string }) {
  const { api, session, signedOut } = useServices();
  const [code, setCode] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const hide = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setCode(null);
  };
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const reveal = async () => {
    setAsking(true);
    setProblem('');
    try {
      const { body } = await api.request<KeySafeAnswer>('GET', `/api/v1/carer-app/clients/${clientId}/key-safe`, { token: session.token });
      setCode(body.data.code);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(hide, KEY_SAFE_SHOWN_MS);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setProblem('Your role may not see key safe codes: ask the office how to get in.');
      else if (isSignedOut(error)) return signedOut();
      else if (isOffline(error)) setProblem('No connection: the key safe code is only shown online (it is never kept on the phone). Call the office.');
      else setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setAsking(false);
    }
  };

  return (
    <div className="key-safe">
      <p>
        <strong>Key safe</strong>
        {location ? `: ${location}` : ''}
      </p>
      {code !== null ? (
        <div className="row">
          <p role="status">
            Code: <strong className="code">{code}</strong> <span className="hint">(hidden again after 30 seconds)</span>
          </p>
          <button type="button" className="secondary" onClick={hide}>
            Hide the code
          </button>
        </div>
      ) : (
        <button type="button" className="secondary" disabled={asking} onClick={() => void reveal()}>
          {asking ? 'Asking the office system…' : 'Show the key safe code'}
        </button>
      )}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
