import { useCallback, useEffect, useState } from 'react';
import type { AccountSession } from '@hcm/contract/schemas';
import { api, Button, Card, ErrorPanel, Loading, notify } from '@hcm/kit';
import { usePasswordConfirmation } from '../../auth/usePasswordConfirmation';
import { EndOtherSessionsButton } from './EndOtherSessionsButton';
import styles from './profile.module.css';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The profile's "Where you are signed in": every live session, the current one marked; the others can be
 * ended one by one or all at once, after the password is typed again (the server asks for it).
 */
export function SessionsSection() {
  const [sessions, setSessions] = useState<AccountSession[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ending, setEnding] = useState<string | null>(null);
  const { ensureConfirmed, dialog } = usePasswordConfirmation();

  const load = useCallback(async () => {
    const answer = await api.get<AccountSession[]>('api/v1/account/sessions');
    if (answer.error || !answer.data) setError(answer.message);
    else {
      setError(null);
      setSessions(answer.data);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const end = async (session: AccountSession) => {
    if (!(await ensureConfirmed())) return;
    setEnding(session.id);
    const answer = await api.delete<null>(`api/v1/account/sessions/${session.id}`);
    setEnding(null);
    if (answer.error) notify({ type: 'danger', title: 'Session not ended', message: answer.message });
    else notify({ type: 'success', title: 'Session ended', message: `${session.device} is signed out.` });
    await load();
  };

  return (
    <Card title="Where you are signed in">
      {error ? (
        <ErrorPanel title="Your sessions could not be loaded" onRetry={() => void load()}>
          {error}
        </ErrorPanel>
      ) : !sessions ? (
        <Loading label="Loading your sessions…" />
      ) : (
        <ul className={styles.sessions} aria-label="Your sessions">
          {sessions.map((session) => (
            <li key={session.id} className={styles.session} aria-label={session.current ? `${session.device} (this session)` : session.device}>
              <div>
                <strong>{session.device}</strong>
                {session.current ? <span className={styles.current}>This session</span> : null}
                <div className={styles.muted}>
                  {session.ip ?? 'Unknown address'} · signed in {when(session.created_at)} · last seen {when(session.last_seen_at)}
                </div>
              </div>
              {session.current ? null : (
                <Button variant="secondary" disabled={ending === session.id} onClick={() => void end(session)}>
                  End session
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions?.some((session) => !session.current) ? (
        <div className={styles.actions}>
          <EndOtherSessionsButton ensureConfirmed={ensureConfirmed} onEnded={() => void load()} />
        </div>
      ) : null}
      {dialog}
    </Card>
  );
}
