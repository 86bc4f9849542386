import { useState } from 'react';
import type { AccountSession } from '@hcm/contract/schemas';
import { api, Button, Card, ErrorPanel, Loading, notify } from '@hcm/kit';
import { useApiMutation, useApiQuery } from '@hcm/kit/data';
import { usePasswordConfirmation } from '../../auth/usePasswordConfirmation';
import { EndOtherSessionsButton, SESSIONS } from './EndOtherSessionsButton';
import styles from './profile.module.css';
import { formatDateTime } from '@hcm/contract/format';

/**
 * The profile's "Where you are signed in": every live session, the current one marked; the others can be
 * ended one by one or all at once, after the password is typed again (the server asks for it).
 */
export function SessionsSection() {
  // Sessions start and end elsewhere (other devices): asked each time the profile opens.
  const list = useApiQuery<AccountSession[]>(SESSIONS, undefined, { staleTime: 0 });
  const sessions = list.data ?? null;
  const error = list.error?.message ?? null;
  const [ending, setEnding] = useState<string | null>(null);
  const { ensureConfirmed, dialog } = usePasswordConfirmation();
  // Asked again after the attempt, ended or not (the server has the last word on what is live).
  const endOne = useApiMutation<null, AccountSession>({ request: (session) => api.delete<null>(`${SESSIONS}/${session.id}`) });

  const end = async (session: AccountSession) => {
    if (!(await ensureConfirmed())) return;
    setEnding(session.id);
    const answer = await endOne.submit(session);
    setEnding(null);
    if (answer.error) notify({ type: 'danger', title: 'Session not ended', message: answer.message });
    else notify({ type: 'success', title: 'Session ended', message: `${session.device} is signed out.` });
    await list.refetch();
  };

  return (
    <Card title="Where you are signed in">
      {error ? (
        <ErrorPanel title="Your sessions could not be loaded" onRetry={() => void list.refetch()}>
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
                  {session.ip ?? 'Unknown address'} · signed in {formatDateTime(session.created_at)} · last seen {formatDateTime(session.last_seen_at)}
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
          <EndOtherSessionsButton ensureConfirmed={ensureConfirmed} />
        </div>
      ) : null}
      {dialog}
    </Card>
  );
}
