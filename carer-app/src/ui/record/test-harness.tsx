// For the visit screen's tests: what App gives every screen (src/ui/App.tsx's Services), made of the real offline
// queue over fake-indexeddb and an Api that answers from a script (or fails as if offline), recording each call.
// A test file mocks '../App' with `appMock` (jest.mock('../App', () => jest.requireActual('./test-harness').appMock)).
import '../../queue/idb-test-env';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { DeviceVisit } from '@hcm/area-scheduler/contract/live-device.js';
import type { CareSheet } from '@hcm/area-care-records/contract/live-medication.js';
import { ApiError, writeSender, type Api, type Envelope } from '../../api';
import { openDb } from '../../queue/db';
import { WriteQueue, type NewWrite, type QueuedWrite } from '../../queue/queue';
import type { Services } from '../App';

const HarnessContext = createContext<Services | null>(null);
export const appMock = { useServices: () => useContext(HarnessContext)! };

export const SESSION = { token: 'device-token', email: 'aisha.bello@homecare.test', name: 'Aisha Bello', deviceId: 1 };

export type Call = { method: string; path: string; body: unknown; key: string | undefined; token: string | null | undefined };
/** The server's answer to a call: a status and envelope, or 'offline' (no answer at all). */
export type Answer = { status: number; message?: string; data?: unknown; errors?: Record<string, string[]> } | 'offline';

let dbSeq = 0;

export async function harness(script: (call: Call) => Answer = () => ({ status: 201, message: 'Saved.' })) {
  const db = await openDb(`record-test-${++dbSeq}`);
  const queue = new WriteQueue(db, () => SESSION.email);
  const calls: Call[] = [];
  const state = { script };
  const api: Api = {
    async request<T>(method: string, path: string, options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {}) {
      const call: Call = { method, path, body: options.body, key: options.headers?.['Idempotency-Key'], token: options.token };
      calls.push(call);
      const answer = state.script(call);
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      const body: Envelope<T> = { data: (answer.data ?? null) as T, message: answer.message, errors: answer.errors ?? null };
      if (answer.status >= 400) throw new ApiError(answer.status, answer.message ?? `The server answered ${answer.status}.`, answer.errors ?? null);
      return { status: answer.status, body };
    },
  };
  const signedOut = jest.fn();
  const send = () => queue.flush(writeSender(api, () => SESSION.token), { force: true });

  function Provider({ children }: { children: ReactNode }) {
    const [writes, setWrites] = useState<QueuedWrite[]>([]);
    // As App does: only the latest read of the queue is kept, however the reads finish.
    const latestRead = useRef(0);
    const refresh = useCallback(() => {
      const read = ++latestRead.current;
      queue.list().then((list) => read === latestRead.current && setWrites(list), () => undefined);
    }, []);
    useEffect(() => queue.subscribe(refresh), [refresh]);
    useEffect(refresh, [refresh]);
    const record = async (write: NewWrite) => {
      await queue.add(write);
      void send();
    };
    return <HarnessContext.Provider value={{ api, db, session: SESSION, writes, record, signedOut }}>{children}</HarnessContext.Provider>;
  }

  return {
    db,
    queue,
    api,
    calls,
    signedOut,
    Provider,
    /** Sends what waits, as the app does when it comes back online. */
    send,
    /** Changes how the server answers from now on. */
    answer(next: (call: Call) => Answer) {
      state.script = next;
    },
    /** The writes (POSTs) the server was sent. */
    posts: () => calls.filter((call) => call.method === 'POST'),
  };
}

export const VISIT: DeviceVisit = {
  id: 71,
  client_id: 3,
  client_name: 'Margaret Ellison',
  client_postcode: 'NW1 8AB',
  allergies: '',
  key_facts: null,
  care_url: '/api/v1/carer-app/clients/3/care',
  date: '2026-03-02',
  start_time: '09:30',
  end_time: '10:15',
  planned_start: '2026-03-02T09:30:00.000Z',
  planned_end: '2026-03-02T10:15:00.000Z',
  status: 'in-progress',
  tasks: [],
  requires_medication: true,
  carers_needed: 1,
  check_in: null,
  check_out: null,
};

export const SHEET: CareSheet = {
  client: { id: 3, name: 'Margaret Ellison', allergies: '', address: '14 Regent Street, London', postcode: 'NW1 8AB' },
  key_facts: { resuscitation: null, access: '', key_safe: { location: 'Left of the front door' } },
  calls: [],
  what_matters: '',
  as_needed: [],
  doses: [],
  outcome_codes: [
    { code: 'A', label: 'Administered', description: 'Given and seen taken.', counts_as_given: true, note_required: false },
    { code: 'NR', label: 'Not required', description: 'Not needed at this time.', counts_as_given: false, note_required: false },
  ],
};
