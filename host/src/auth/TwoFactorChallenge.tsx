import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { RecoveryCodeSchema, TwoFactorCodeSchema } from '@hcm/contract/schemas';
import { Button, useRouteName, useSession } from '@hcm/kit';
import { applyServerErrors, TextField, valibotResolver } from '@hcm/kit/forms';
import { nextStepOf, twoFactorApi } from './twoFactorApi';
import loginStyles from './LoginForm.module.css';
import styles from './twoFactor.module.css';

type Mode = 'code' | 'recovery_code';

/** /two-factor-challange: the password was right; a code from the authenticator app (or a recovery code) finishes the login. */
export function TwoFactorChallenge() {
  useRouteName('Two-factor authentication');
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('code');
  return mode === 'code' ? (
    <ChallengeForm key="code" mode="code" onToggle={() => setMode('recovery_code')} onDone={(path) => navigate(path, { replace: true })} />
  ) : (
    <ChallengeForm key="recovery" mode="recovery_code" onToggle={() => setMode('code')} onDone={(path) => navigate(path, { replace: true })} />
  );
}

function ChallengeForm({ mode, onToggle, onDone }: { mode: Mode; onToggle: () => void; onDone: (path: string) => void }) {
  const recovery = mode === 'recovery_code';
  const form = useForm<Record<Mode, string>>({
    resolver: valibotResolver(recovery ? RecoveryCodeSchema : TwoFactorCodeSchema),
    defaultValues: { [mode]: '' },
  });
  const [message, setMessage] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const loadUser = useSession((state) => state.loadUser);

  const handleSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    const answer = await twoFactorApi.challenge(recovery ? { recovery_code: values.recovery_code } : { code: values.code });
    if (answer.error) {
      setExpired(answer.httpStatus === 401);
      if (answer.httpStatus === 422 && answer.errors) applyServerErrors(form.setError, answer.errors);
      else setMessage(answer.message);
      return;
    }
    const next = nextStepOf(answer.data);
    if (next) return onDone(next);
    await loadUser();
    onDone('/app/dashboard');
  });

  return (
    <main className={loginStyles.page}>
      <FormProvider {...form}>
        <form className={loginStyles.card} onSubmit={handleSubmit} noValidate aria-labelledby="two-factor-title">
          <h1 id="two-factor-title">Two-factor authentication</h1>
          <p className={loginStyles.lead}>
            {recovery
              ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication.'
              : 'Enter the 6-digit code from your authenticator app.'}
          </p>
          {message ? (
            <p role="alert" className={loginStyles.error}>
              {message} {expired ? <Link to="/">Back to log in</Link> : null}
            </p>
          ) : null}
          {recovery ? (
            <TextField name="recovery_code" label="Recovery code" autoComplete="off" autoFocus />
          ) : (
            <TextField name="code" label="Authentication code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus />
          )}
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Checking…' : 'Log in'}
          </Button>
          <button type="button" className={styles.toggle} onClick={onToggle}>
            {recovery ? 'Use an authentication code' : 'Use a recovery code'}
          </button>
        </form>
      </FormProvider>
    </main>
  );
}
