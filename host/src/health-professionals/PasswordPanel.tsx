import { FormProvider, useForm } from 'react-hook-form';
import { HealthProfessionalPasswordSchema, type HealthProfessionalPasswordInput, type HealthProfessionalProfile } from '@hcm/contract/schemas';
import { Button } from '@hcm/kit';
import { applyServerErrors, TextField, valibotResolver } from '@hcm/kit/forms';
import { portalApi } from './portalApi';
import styles from './portal.module.css';

type Props = {
  id: string;
  email: string;
  onDone: (professional: HealthProfessionalProfile) => void;
  onCancel: () => void;
};

/** A password for next time, so a professional who came by link can sign in without one. */
export function PasswordPanel({ id, email, onDone, onCancel }: Props) {
  const form = useForm<HealthProfessionalPasswordInput>({
    resolver: valibotResolver(HealthProfessionalPasswordSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });

  const handleSubmit = form.handleSubmit(async (values) => {
    const answer = await portalApi.setPassword(values.password, values.password_confirmation);
    if (answer.error || !answer.data) {
      applyServerErrors(form.setError, answer.errors ?? { password: [answer.message || 'The password could not be set.'] });
      return;
    }
    onDone(answer.data.data);
  });

  return (
    <section id={id} className={styles.passwordPanel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Set a password</h2>
      <p className={styles.lead}>
        At least 12 characters. You will then sign in at /health-professionals with {email} and this password.
      </p>
      <FormProvider {...form}>
        <form onSubmit={handleSubmit} noValidate aria-labelledby={`${id}-title`} className={styles.form}>
          {/* The email helps password managers file the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <TextField name="password" label="New password" type="password" autoComplete="new-password" />
          <TextField name="password_confirmation" label="Confirm new password" type="password" autoComplete="new-password" />
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving…' : 'Save password'}
            </Button>
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
