import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { TwoFactorCodeSchema } from '@hcm/contract/schemas';
import { Button, useRouteName, useSession } from '@hcm/kit';
import { applyServerErrors, TextField, valibotResolver } from '@hcm/kit/forms';
import { nextStepOf, secondsIn, twoFactorApi } from './twoFactorApi';
import loginStyles from './LoginForm.module.css';
import styles from './twoFactor.module.css';

import { clock } from '@hcm/contract/time';
/** The server's cool-down between two emailed codes. */
export const RESEND_COOLDOWN_SECONDS = 60;

/** Counts down to zero, once a second, from the last value given to `restart`. */
function useCountdown(initial: number): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(() => clock.nowMs() + initial * 1000);
  const [now, setNow] = useState(() => clock.nowMs());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  const counting = left > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(clock.nowMs()), 1000);
    return () => clearInterval(timer);
  }, [counting, until]);
  return [left, (seconds) => {
    setUntil(clock.nowMs() + seconds * 1000);
    setNow(clock.nowMs());
  }];
}

/** /otp-verify-challange/:gist: signing in on a new device, with the 6-digit code sent by email. */
export function OtpChallenge() {
  useRouteName('Check your email');
  const { gist = '' } = useParams();
  const navigate = useNavigate();
  const loadUser = useSession((state) => state.loadUser);
  // The same rule as the server's (6 digits, spaces forgiven); the gist comes from the address.
  const form = useForm<{ code: string }>({ resolver: valibotResolver(TwoFactorCodeSchema), defaultValues: { code: '' } });
  const [message, setMessage] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [wait, restart] = useCountdown(RESEND_COOLDOWN_SECONDS);

  const handleSubmit = form.handleSubmit(async ({ code }) => {
    setMessage(null);
    const answer = await twoFactorApi.verifyOtp(gist, code);
    if (answer.error) {
      setExpired(answer.httpStatus === 401);
      if (answer.httpStatus === 422 && answer.errors?.code) applyServerErrors(form.setError, answer.errors);
      else setMessage(answer.message);
      return;
    }
    const next = nextStepOf(answer.data);
    if (next) return navigate(next, { replace: true });
    await loadUser();
    navigate('/app/dashboard', { replace: true });
  });

  const handleResend = async () => {
    setMessage(null);
    setStatus(null);
    const answer = await twoFactorApi.resendOtp(gist);
    if (answer.error) {
      if (answer.httpStatus === 429) restart(secondsIn(answer.message));
      setExpired(answer.httpStatus === 401 || answer.httpStatus === 404);
      setMessage(answer.message);
      return;
    }
    restart(answer.data?.resend_after ?? RESEND_COOLDOWN_SECONDS);
    form.reset({ code: '' });
    setStatus('A new code is on its way. Codes sent before it no longer work.');
  };

  return (
    <main className={loginStyles.page}>
      <FormProvider {...form}>
        <form className={loginStyles.card} onSubmit={handleSubmit} noValidate aria-labelledby="otp-title">
          <h1 id="otp-title">Check your email</h1>
          <p className={loginStyles.lead}>
            You are signing in on a device we have not seen before. We have emailed you a 6-digit code; it works once, for 10
            minutes.
          </p>
          {message ? (
            <p role="alert" className={loginStyles.error}>
              {message} {expired ? <Link to="/">Back to log in</Link> : null}
            </p>
          ) : null}
          <p role="status" className={styles.muted}>
            {status}
          </p>
          <TextField name="code" label="Code from your email" inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus />
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Checking…' : 'Verify and log in'}
          </Button>
          <Button variant="secondary" onClick={() => void handleResend()} disabled={wait > 0} aria-describedby={wait > 0 ? 'otp-resend-wait' : undefined}>
            Send a new code
          </Button>
          {wait > 0 ? (
            <p id="otp-resend-wait" className={styles.muted}>
              You can ask for a new code in {wait} second{wait === 1 ? '' : 's'}.
            </p>
          ) : null}
        </form>
      </FormProvider>
    </main>
  );
}
