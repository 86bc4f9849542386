import { useState } from 'react';
import type { TwoFactorStatus } from '@hcm/contract/schemas';
import { Button, Card, Loading, notify } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery, useInvalidate } from '@hcm/kit/data';
import { RecoveryCodes, TwoFactorEnrolment } from '../../auth/TwoFactorEnrolment';
import { twoFactorApi } from '../../auth/twoFactorApi';
import { usePasswordConfirmation } from '../../auth/usePasswordConfirmation';
import styles from '../../auth/twoFactor.module.css';
import { EndOtherSessionsButton } from './EndOtherSessionsButton';

type View = 'status' | 'enrolling' | 'codes';

/** GET: the user's two-factor status (the data layer's key of it is invalidated by every change below). */
const STATUS = 'user/two-factor-authentication';
const STATUS_KEY = apiKey(STATUS);

/**
 * The profile's two-factor card: turn it on (password, QR code and setup key, first code), see the recovery
 * codes once, make new ones, or turn it off (unless the role requires it).
 */
export function TwoFactorSection() {
  const statusQuery = useApiQuery<TwoFactorStatus>(STATUS);
  const status = statusQuery.data ?? null;
  const invalidate = useInvalidate();
  const regenerate = useApiMutation({ request: () => twoFactorApi.regenerateRecoveryCodes(), invalidates: [STATUS_KEY] });
  const disable = useApiMutation({ request: () => twoFactorApi.disable(), invalidates: [STATUS_KEY] });
  const [view, setView] = useState<View>('status');
  const [codes, setCodes] = useState<string[]>([]);
  const [actionMessage, setMessage] = useState<string | null>(null);
  const message = actionMessage ?? (status ? null : (statusQuery.error?.message ?? null));
  const busy = regenerate.isPending || disable.isPending;
  // After a change of second factor, ending the other sessions is offered (ASVS 7.4.3).
  const [factorChanged, setFactorChanged] = useState(false);
  const { ensureConfirmed, dialog } = usePasswordConfirmation();

  const showCodes = (recoveryCodes: string[]) => {
    setCodes(recoveryCodes);
    setView('codes');
    setFactorChanged(true);
  };

  const handleRegenerate = async () => {
    setMessage(null);
    if (!(await ensureConfirmed())) return;
    const answer = await regenerate.submit();
    if (answer.error || !answer.data) return setMessage(answer.message);
    notify({ type: 'success', message: 'New recovery codes made; the old ones no longer work.' });
    showCodes(answer.data.recovery_codes);
  };

  const handleDisable = async () => {
    setMessage(null);
    if (!(await ensureConfirmed())) return;
    const answer = await disable.submit();
    if (answer.error) return setMessage(answer.message);
    notify({ type: 'success', message: 'Two-factor authentication is off.' });
    setView('status');
    setFactorChanged(true);
  };

  // Turned on (the enrolment confirmed its first code): the status is asked again, the codes shown once.
  const handleEnrolled = (recoveryCodes: string[]) => {
    void invalidate([STATUS_KEY]);
    showCodes(recoveryCodes);
  };

  let body;
  if (!status) body = message ? null : <Loading label="Checking two-factor authentication…" />;
  else if (view === 'enrolling') {
    body = <TwoFactorEnrolment ensureConfirmed={ensureConfirmed} onConfirmed={handleEnrolled} onCancel={() => setView('status')} />;
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
