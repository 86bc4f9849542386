import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  formatElapsed,
  TRACKER_ABANDONED_AFTER_MS,
  TRACKER_EVENT_LABELS,
  TRACKER_EVENT_TYPES,
  type TrackableAnswer,
  type TrackerEventType,
  type TrackerSession,
} from '@hcm/contract';
import { api, Button, useCan, useSession } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery, useInvalidate } from '@hcm/kit/data';
import { useTracker } from '@hcm/kit/tracker';
import styles from './TimeTracking.module.css';

import { formatDateTime } from '@hcm/contract/format';
const ABANDONED_MINUTES = TRACKER_ABANDONED_AFTER_MS / 60_000;
/** Everyone's tracked sessions (time-tracker.view), and one's own. */
const ALL_SESSIONS = 'api/v1/time-tracker/sessions';
const MY_SESSIONS = 'api/v1/time-tracker/sessions/mine';
const SESSION_KEYS = [apiKey(ALL_SESSIONS), apiKey(MY_SESSIONS)];

function statusText(session: TrackerSession): string {
  if (session.status === 'running') return 'Running';
  if (session.status === 'abandoned') return `Abandoned (no beat for over ${ABANDONED_MINUTES} minutes)`;
  return session.stopped_at ? `Stopped ${formatDateTime(session.stopped_at)}` : 'Stopped';
}

/**
 * On a client's edit page: "Time this visit" (choose what is timed, start; the host's tracker panel opens
 * through the shared tracker store and stops it) and "Time tracked", the client's tracked sessions. Everyone's
 * with time-tracker.view, one's own with time-tracker.use alone. One's own running session has a "Stop": through
 * this tab's tracker when it is the one timing it, else by its id (POST .../sessions/:id/stop), so a session
 * whose tab was closed can be ended from here.
 */
export function ClientTimeTracking({ clientId }: { clientId: number }) {
  const can = useCan();
  const mayTrack = can('time-tracker.use');
  const viewAll = can('time-tracker.view');
  const userId = useSession((state) => state.user?.userID ?? null);
  const timingThis = useTracker((state) => state.sessionOpen && state.trackable?.target_type === 'client' && state.trackable.target_id === clientId);
  const trackerState = useTracker((state) => state.state);
  const [eventType, setEventType] = useState<TrackerEventType>('ASSESSMENT');
  const [startError, setStartError] = useState('');
  const [starting, setStarting] = useState(false);
  const [stopping, setStopping] = useState<number | null>(null);
  const [stopMessage, setStopMessage] = useState('');
  const selectId = useId();
  const headingId = useId();
  const invalidate = useInvalidate();

  // Whether this client can be timed by this user, and their name for the tracker.
  const trackable = useApiQuery<TrackableAnswer>(`api/v1/user/trackable/${userId}/client/${clientId}`, undefined, { enabled: mayTrack && userId !== null });
  const check: TrackableAnswer | null = trackable.data ?? (trackable.error ? { trackable: false, reason: trackable.error.message, label: '' } : null);

  // The client's tracked sessions: others' beats and stops happen elsewhere, so asked each time the page opens.
  const list = useApiQuery<TrackerSession[]>(viewAll ? ALL_SESSIONS : MY_SESSIONS, { target_type: 'client', target_id: clientId }, { enabled: mayTrack || viewAll, staleTime: 0 });
  const sessions = list.data ?? null;
  const listError = list.error?.message ?? '';
  const stopById = useApiMutation<TrackerSession, TrackerSession>({ request: (session) => api.post<TrackerSession>(`${ALL_SESSIONS}/${session.id}/stop`) });

  // Read again whenever the tracker (the shared store, which writes outside the data layer) starts or stops,
  // so a session shows here as soon as it exists.
  const trackerPhase = `${timingThis}:${trackerState}`;
  const seenPhase = useRef(trackerPhase);
  useEffect(() => {
    if (seenPhase.current === trackerPhase) return;
    seenPhase.current = trackerPhase;
    void invalidate(SESSION_KEYS);
  }, [trackerPhase, invalidate]);

  if (!mayTrack && !viewAll) return null;

  const handleStart = async (event: FormEvent) => {
    event.preventDefault();
    if (!check?.trackable) return;
    setStartError('');
    const tracker = useTracker.getState();
    const loaded = tracker.track({
      event_type: eventType,
      target_type: 'client',
      target_id: clientId,
      reference: check.label,
      content: { title: check.label, body: 'Client visit' },
    });
    if (!loaded.ok) {
      setStartError(loaded.message);
      return;
    }
    setStarting(true);
    const result = await useTracker.getState().start();
    setStarting(false);
    if (!result.ok) setStartError(result.message);
  };

  const handleStopSession = async (session: TrackerSession) => {
    setStopping(session.id);
    setStopMessage('');
    if (timingThis) {
      // This tab's tracker times it: stop it there, so its beats and clock end too.
      const result = await useTracker.getState().stop();
      if (!result.ok) setStopMessage(result.message);
    } else {
      const result = await stopById.submit(session);
      if (result.error) setStopMessage(result.message);
      else setStartError('');
    }
    setStopping(null);
    // Asked again either way: a refused stop may mean the session ended meanwhile.
    await invalidate(SESSION_KEYS);
  };

  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId}>Time tracking</h2>
      {mayTrack ? (
        <div className={styles.section}>
          <h3>Time this visit</h3>
          {check && !check.trackable ? <p className={styles.muted}>This client cannot be timed: {check.reason}</p> : null}
          {timingThis ? (
            <p className={styles.muted} role="status">
              Timing now. Stop it with the time tracker at the bottom right.
            </p>
          ) : (
            <form className={styles.startForm} onSubmit={handleStart} aria-label="Time this visit">
              <div className={styles.field}>
                <label htmlFor={selectId}>What are you timing?</label>
                <select id={selectId} value={eventType} onChange={(event) => setEventType(event.target.value as TrackerEventType)}>
                  {TRACKER_EVENT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {TRACKER_EVENT_LABELS[type]}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="submit" disabled={!check?.trackable || starting}>
                {starting ? 'Starting…' : 'Start timing'}
              </Button>
            </form>
          )}
          {startError && !timingThis ? (
            <p className={styles.error} role="alert">
              {startError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className={styles.section}>
        <h3>Time tracked</h3>
        {!viewAll ? <p className={styles.muted}>Your own timings of this client.</p> : null}
        {stopMessage ? (
          <p className={styles.error} role="alert">
            {stopMessage}
          </p>
        ) : null}
        {listError ? (
          <p className={styles.error} role="alert">
            {listError}
          </p>
        ) : sessions === null ? (
          <p className={styles.muted} role="status">
            Loading…
          </p>
        ) : sessions.length === 0 ? (
          <p className={styles.muted}>No time tracked yet.</p>
        ) : (
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>Time tracked on this client</caption>
            <thead>
              <tr>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Started</th>
                <th scope="col">Status</th>
                <th scope="col">Duration</th>
                <th scope="col">Beats</th>
                <th scope="col">
                  <span className={styles.visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => (
                <tr key={session.id}>
                  <td>{session.user_name}</td>
                  <td>{TRACKER_EVENT_LABELS[session.event_type] ?? session.event_type}</td>
                  <td>{formatDateTime(session.started_at)}</td>
                  <td className={session.status === 'abandoned' ? styles.abandoned : undefined}>{statusText(session)}</td>
                  <td className={styles.duration}>{session.duration_seconds === null ? '…' : formatElapsed(session.duration_seconds)}</td>
                  <td>{session.mid_beats}</td>
                  <td>
                    {session.status === 'running' && session.user_id === userId && mayTrack ? (
                      <Button variant="secondary" onClick={() => void handleStopSession(session)} disabled={stopping !== null}>
                        {stopping === session.id ? 'Stopping…' : 'Stop'}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
