import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { TwoFactorCodeSchema } from '@hcm/contract/schemas';
import { Button, Loading } from '@hcm/kit';
import { applyServerErrors, TextField, valibotResolver } from '@hcm/kit/forms';
import { twoFactorApi } from './twoFactorApi';
import styles from './twoFactor.module.css';

type Setup = { svg: string; secretKey: string };

/**
 * Turning 2FA on: starts the setup (a new secret on the server), shows it as a QR code and as text, and
 * confirms it with a first code from the app. `onConfirmed` receives the recovery codes, shown only then.
 * `ensureConfirmed` asks for the password first when the server needs it.
 */
export function TwoFactorEnrolment({
  ensureConfirmed,
  onConfirmed,
  onCancel,
}: {
  ensureConfirmed: () => Promise<boolean>;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel?: () => void;
}) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<{ code: string }>({ resolver: valibotResolver(TwoFactorCodeSchema), defaultValues: { code: '' } });

  useEffect(() => {
    let live = true;
    void (async () => {
      if (!(await ensureConfirmed())) {
        if (onCancel) onCancel();
        else if (live) setProblem('Your password must be confirmed to set up two-factor authentication. Log in again to continue.');
        return;
      }
      let started = await twoFactorApi.start();
      // The confirmation may have lapsed between the check and the call: ask once more.
      if (started.httpStatus === 423 && (await ensureConfirmed())) started = await twoFactorApi.start();
      if (started.error) {
        if (live) setProblem(started.message);
        return;
      }
      const [qr, key] = await Promise.all([twoFactorApi.qrCode(), twoFactorApi.secretKey()]);
      if (!live) return;
      if (qr.error || key.error || !qr.data || !key.data) setProblem(qr.message || key.message);
      else setSetup({ svg: qr.data.svg, secretKey: key.data.secretKey });
    })();
    return () => {
      live = false;
    };
    // Runs once per mount: each mount is one setup.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const handleSubmit = form.handleSubmit(async ({ code }) => {
    const answer = await twoFactorApi.confirm(code);
    if (answer.error || !answer.data) {
      applyServerErrors(form.setError, answer.errors ?? { code: [answer.message] });
      return;
    }
    onConfirmed(answer.data.recovery_codes);
  });

  if (problem) {
    return (
      <p role="alert" className={styles.error}>
        {problem}
      </p>
    );
  }
  if (!setup) return <Loading label="Preparing your setup…" />;

  return (
    <div className={styles.enrolment}>
      <ol className={styles.steps}>
        <li>Open an authenticator app on your phone (for example Microsoft Authenticator or Google Authenticator).</li>
        <li>Scan this QR code, or type the setup key into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        className={styles.qr}
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.svg)}`}
        alt="QR code to add this account to your authenticator app"
      />
      <div className={styles.form}>
        <label htmlFor="two-factor-setup-key">Setup key</label>
        <input id="two-factor-setup-key" className={styles.secret} value={setup.secretKey} readOnly onFocus={(event) => event.target.select()} />
      </div>
      <FormProvider {...form}>
        <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label="Confirm two-factor authentication">
          <TextField name="code" label="Code from your app" inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              Confirm code
            </Button>
            {onCancel ? (
              <Button variant="secondary" onClick={onCancel}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
      </FormProvider>
    </div>
  );
}

/** The recovery codes, shown once: each signs in once when the phone is not at hand. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-codes-title" className={styles.enrolment}>
      <h3 id="recovery-codes-title">Your recovery codes</h3>
      <p className={styles.muted}>
        Keep these somewhere safe (not on your phone). Each works once if you cannot use your authenticator app. They
        will not be shown again.
      </p>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  );
}
