import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, useRouteName, useSession } from '@hcm/kit';
import { RecoveryCodes, TwoFactorEnrolment } from './TwoFactorEnrolment';
import { usePasswordConfirmation } from './usePasswordConfirmation';
import loginStyles from './LoginForm.module.css';

/**
 * /two-factor-setup: the user's role requires 2FA and they have not set it up. Until they do, the server
 * refuses everything else (403), so this comes before any other page.
 */
export function TwoFactorSetup() {
  useRouteName('Set up two-factor authentication');
  const navigate = useNavigate();
  const loadUser = useSession((state) => state.loadUser);
  const { ensureConfirmed, dialog } = usePasswordConfirmation();
  const [codes, setCodes] = useState<string[] | null>(null);

  const handleContinue = async () => {
    await loadUser();
    navigate('/app/dashboard', { replace: true });
  };

  return (
    <main className={loginStyles.page}>
      <section className={loginStyles.card} aria-labelledby="setup-title" style={{ width: 'min(560px, 100%)' }}>
        <h1 id="setup-title">Set up two-factor authentication</h1>
        {codes ? (
          <>
            <p className={loginStyles.lead}>Two-factor authentication is on. From now on you will be asked for a code when you log in.</p>
            <RecoveryCodes codes={codes} />
            <Button onClick={() => void handleContinue()}>Continue</Button>
          </>
        ) : (
          <>
            <p className={loginStyles.lead}>
              Your role requires a second step when you log in: a code from an authenticator app on your phone. Set it up now
              to continue.
            </p>
            <TwoFactorEnrolment ensureConfirmed={ensureConfirmed} onConfirmed={setCodes} />
            <p className={loginStyles.lead}>
              Not your account? <Link to="/">Back to log in</Link>
            </p>
          </>
        )}
      </section>
      {dialog}
    </main>
  );
}
