import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { createApi, writeSender, type Api } from '../api.js';
import type { AppConfig } from '../config.js';
import { WriteQueue, type NewWrite, type QueuedWrite } from '../queue/queue.js';
import { forgetSession, readSession, type Session } from '../session.js';
import { DayScreen } from './DayScreen.js';
import { SignIn } from './SignIn.js';

// The day's visits load with the app; a visit, time off and the waiting list each in their own file, fetched when
// first opened (the service worker keeps them all for offline use: precache.json lists every built file).
const VisitScreen = lazy(() => import('./VisitScreen.js').then((module) => ({ default: module.VisitScreen })));
const TimeOffScreen = lazy(() => import('./TimeOffScreen.js').then((module) => ({ default: module.TimeOffScreen })));
const OutboxScreen = lazy(() => import('./OutboxScreen.js').then((module) => ({ default: module.OutboxScreen })));

/** What every screen uses: the API, the database, the session and the queue. */
export type Services = {
  api: Api;
  db: IDBDatabase;
  session: Session;
  /** Stores a write and starts sending. */
  record(write: NewWrite): Promise<void>;
  writes: QueuedWrite[];
  /** A read answered 401/403: the device is signed out. */
  signedOut(): void;
};

export const ServicesContext = createContext<Services | null>(null);
export const useServices = () => useContext(ServicesContext)!;

export const REVOKED =
  'This phone has been signed out of the carers’ app (by the office, or from another device). Sign in again: what you recorded and has not been sent is kept and will be sent once you are back in.';
const TIMER_MS = 15_000;

/** The route from the address's hash: #/ (today), #/tomorrow, #/visit/12, #/outbox, #/time-off. */
function routeOf(hash: string): { name: 'day'; day: 'today' | 'tomorrow' } | { name: 'visit'; id: number } | { name: 'outbox' } | { name: 'time-off' } {
  const visit = /^#\/visit\/(\d+)/.exec(hash);
  if (visit) return { name: 'visit', id: Number(visit[1]) };
  if (hash.startsWith('#/outbox')) return { name: 'outbox' };
  if (hash.startsWith('#/time-off')) return { name: 'time-off' };
  return { name: 'day', day: hash.startsWith('#/tomorrow') ? 'tomorrow' : 'today' };
}

export function App({ config, db }: { config: AppConfig; db: IDBDatabase }) {
  const api = useMemo(() => createApi(config.apiUrl), [config.apiUrl]);
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [notice, setNotice] = useState('');
  const [hash, setHash] = useState(() => location.hash);
  const [writes, setWrites] = useState<QueuedWrite[]>([]);
  const [online, setOnline] = useState(() => navigator.onLine);
  const sessionRef = useRef<Session | null>(null);
  sessionRef.current = session ?? null;
  const queue = useMemo(() => new WriteQueue(db, () => sessionRef.current?.email ?? null), [db]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    readSession(db).then((found) => setSession(found ?? null), () => setSession(null));
  }, [db]);

  useEffect(() => {
    const onHash = () => setHash(location.hash);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  // Reads of the queue may finish out of order (a busy phone): only the latest one's answer is kept.
  const latestRead = useRef(0);
  const refreshWrites = useCallback(() => {
    const read = ++latestRead.current;
    queue.list().then((list) => read === latestRead.current && setWrites(list), () => undefined);
  }, [queue]);
  useEffect(() => queue.subscribe(refreshWrites), [queue, refreshWrites]);
  useEffect(refreshWrites, [refreshWrites, session]);

  const signedOut = useCallback(async () => {
    await forgetSession(db);
    setSession(null);
    setNotice(REVOKED);
  }, [db]);

  const flush = useCallback(
    async (force: boolean) => {
      if (!sessionRef.current) return;
      const outcome = await queue.flush(writeSender(api, () => sessionRef.current?.token ?? null), { force });
      if (outcome.signedOut) await signedOut();
      if (timer.current) clearTimeout(timer.current);
      // A failed try is retried on the timer (with the queue's own backoff), as well as on online and on resume.
      if (outcome.retryLater) timer.current = setTimeout(() => void flush(false), TIMER_MS);
    },
    [api, queue, signedOut],
  );

  useEffect(() => {
    if (!session) return;
    void flush(true);
    const onOnline = () => {
      setOnline(true);
      void flush(true);
    };
    const onOffline = () => setOnline(false);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void flush(true);
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisible);
    const interval = setInterval(() => void flush(false), TIMER_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(interval);
    };
  }, [session, flush]);

  const record = useCallback(
    async (write: NewWrite) => {
      await queue.add(write);
      // Background Sync sends it even if the app is closed before the network comes back (where the browser has it).
      navigator.serviceWorker?.ready
        .then((registration) => (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register('send-queue'))
        .catch(() => undefined);
      void flush(true);
    },
    [queue, flush],
  );

  if (session === undefined) return <p role="status">Loading…</p>;
  if (!session)
    return (
      <SignIn
        api={api}
        db={db}
        productLabel={config.productLabel}
        notice={notice}
        onSignedIn={(signed) => {
          setNotice('');
          setSession(signed);
        }}
      />
    );

  const route = routeOf(hash);
  const services: Services = { api, db, session, record, writes, signedOut: () => void signedOut() };
  const signOut = async () => {
    const waiting = writes.length;
    if (waiting && !window.confirm(`${waiting} record(s) have not been sent yet. They stay on this phone and are sent when you sign in again. Sign out?`)) return;
    try {
      await api.request('DELETE', '/api/v1/carer-app/session', { token: session.token });
    } catch {
      // Offline or already revoked: the phone forgets the token all the same.
    }
    await forgetSession(db);
    setSession(null);
    setNotice('You have signed out.');
  };

  return (
    <ServicesContext.Provider value={services}>
      <header className="bar">
        <h1>{session.name}</h1>
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <QueueStatus writes={writes} online={online} />
      <main>
        <Suspense fallback={<p role="status">Opening…</p>}>
          {route.name === 'visit' ? <VisitScreen visitId={route.id} /> : route.name === 'outbox' ? <OutboxScreen queue={queue} /> : route.name === 'time-off' ? <TimeOffScreen /> : <DayScreen day={route.day} />}
        </Suspense>
      </main>
    </ServicesContext.Provider>
  );
}

/** "3 waiting to send", "All sent", the refused ones: always on screen, read out when it changes. */
function QueueStatus({ writes, online }: { writes: QueuedWrite[]; online: boolean }) {
  const waiting = writes.filter((write) => write.state === 'waiting').length;
  const parked = writes.filter((write) => write.state === 'parked').length;
  const kind = parked ? 'parked' : waiting ? 'waiting' : 'sent';
  return (
    <div className={`status ${kind}`} role="status" aria-live="polite" aria-label="Sending to the office">
      {!online && 'Offline. '}
      {waiting ? `${waiting} waiting to send` : parked ? '' : 'All sent'}
      {parked ? (
        <>
          {waiting ? '. ' : ''}
          <a href="#/outbox">{parked} not accepted: see why</a>
        </>
      ) : null}
    </div>
  );
}
