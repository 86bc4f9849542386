import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { HealthProfessionalLoginSchema, type HealthProfessionalLoginInput } from '@hcm/contract/schemas';
import { Button, useRouteName, useRuntime } from '@hcm/kit';
import { useQueryClient } from '@hcm/kit/data';
import { applyServerErrors, TextField, valibotResolver } from '@hcm/kit/forms';
import { portalApi, portalPaths } from './portalApi';
import styles from './portal.module.css';

/** /health-professionals: a professional who has set a password signs in here (others use their link). */
export function PortalLoginPage() {
  useRouteName('Health professional sign in');
  const productLabel = useRuntime((state) => state.registry.productLabel);
  const navigate = useNavigate();
  const client = useQueryClient();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<HealthProfessionalLoginInput>({ resolver: valibotResolver(HealthProfessionalLoginSchema), defaultValues: { email: '', password: '' } });

  const handleSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    const answer = await portalApi.login(values.email, values.password);
    if (answer.error || !answer.data) {
      setMessage(answer.message || 'You could not be signed in.');
      applyServerErrors(form.setError, answer.errors);
      return;
    }
    // A new session (perhaps another professional's): nothing cached before it is theirs.
    client.clear();
    navigate(portalPaths.dashboard(answer.data.data.id), { replace: true });
  });

  return (
    <main className={styles.centered}>
      <FormProvider {...form}>
        <form className={styles.card} onSubmit={handleSubmit} noValidate aria-labelledby="hp-login-title">
          <h1 id="hp-login-title">Health professionals</h1>
          <p className={styles.lead}>Sign in to see the {productLabel} clients shared with you.</p>
          {notice ? <p role="status">{notice}</p> : null}
          {message ? (
            <p role="alert" className={styles.error}>
              {message}
            </p>
          ) : null}
          <TextField name="email" label="Email" type="email" autoComplete="username" />
          <TextField name="password" label="Password" type="password" autoComplete="current-password" />
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Signing in…' : 'Sign in'}
          </Button>
          <p className={styles.lead}>No password yet? Open the link the care agency sent you, then choose &ldquo;Set a password&rdquo;.</p>
        </form>
      </FormProvider>
    </main>
  );
}
