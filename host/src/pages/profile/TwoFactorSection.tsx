import { useCallback, useEffect, useState } from 'react';
import type { TwoFactorStatus } from '@hcm/contract/schemas';
import { Button, Card, Loading, notify } from '@hcm/kit';
import { RecoveryCodes, TwoFactorEnrolment } from '../../auth/TwoFactorEnrolment';
import { twoFactorApi } from '../../auth/twoFactorApi';
import { usePasswordConfirmation } from '../../auth/usePasswordConfirmation';
import styles from '../../auth/twoFactor.module.css';
import { EndOtherSessionsButton } from './EndOtherSessionsButton';

type View = 'status' | 'enrolling' | 'codes';

/**
 * The profile's two-factor card: turn it on (password, QR code and setup key, first code), see the recovery
 * codes once, make new ones, or turn it off (unless the role requires it).
 */
export function TwoFactorSection() {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [view, setView] = useState<View>('status');
  const [codes, setCodes] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // After a change of second factor, ending the other sessions is offered (ASVS 7.4.3).
  const [factorChanged, setFactorChanged] = useState(false);
  const { ensureConfirmed, dialog } = usePasswordConfirmation();

  const load = useCallback(async () => {
    const answer = await twoFactorApi.status();
    if (answer.error || !answer.data) setMessage(answer.message);
    else setStatus(answer.data);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const showCodes = (recoveryCodes: string[]) => {
    setCodes(recoveryCodes);
    setView('codes');
    setFactorChanged(true);
    void load();
  };

  const handleRegenerate = async () => {
    setMessage(null);
    if (!(await ensureConfirmed())) return;
    setBusy(true);
    const answer = await twoFactorApi.regenerateRecoveryCodes();
    setBusy(false);
    if (answer.error || !answer.data) return setMessage(answer.message);
    notify({ type: 'success', message: 'New recovery codes made; the old ones no longer work.' });
    showCodes(answer.data.recovery_codes);
  };

  const handleDisable = async () => {
    setMessage(null);
    if (!(await ensureConfirmed())) return;
    setBusy(true);
    const answer = await twoFactorApi.disable();
    setBusy(false);
    if (answer.error) return setMessage(answer.message);
    notify({ type: 'success', message: 'Two-factor authentication is off.' });
    setView('status');
    setFactorChanged(true);
    void load();
  };

  let body;
  if (!status) body = message ? null : <Loading label="Checking two-factor authentication…" />;
  else if (view === 'enrolling') {
    body = <TwoFactorEnrolment ensureConfirmed={ensureConfirmed} onConfirmed={showCodes} onCancel={() => setView('status')} />;
  } else {
    body = (
      <div className={styles.enrolment}>
        <p className={styles.muted}>
          {status.enabled
            ? `On: logging in asks for a code from your authenticator app. ${status.recovery_codes_left} recovery code${status.recovery_codes_left === 1 ? '' : 's'} left.`
            : 'Off: logging in asks for your password only. Turn it on so a stolen password is not enough to get in.'}
          {status.required ? ' Your role requires it.' : ''}
        </p>
        {view === 'codes' ? <RecoveryCodes codes={codes} /> : null}
        <div className={styles.actions}>
          {status.enabled ? (
            <>
              <Button variant="secondary" onClick={() => void handleRegenerate()} disabled={busy}>
                Regenerate recovery codes
              </Button>
              {status.required ? null : (
                <Button variant="secondary" onClick={() => void handleDisable()} disabled={busy}>
                  Turn off two-factor authentication
                </Button>
              )}
            </>
          ) : (
            <Button onClick={() => setView('enrolling')}>Turn on two-factor authentication</Button>
          )}
        </div>
      </div>
    );
  }

  return (
    <Card title="Two-factor authentication">
      {message ? (
        <p role="alert" className={styles.error}>
          {message}
        </p>
      ) : null}
      {body}
      {factorChanged && view !== 'enrolling' ? (
        <div className={styles.enrolment}>
          <p className={styles.muted}>
            Your sign-in has changed. If someone else may be signed in as you, sign out your other sessions.
          </p>
          <div className={styles.actions}>
            <EndOtherSessionsButton ensureConfirmed={ensureConfirmed} />
          </div>
        </div>
      ) : null}
      {dialog}
    </Card>
  );
}
