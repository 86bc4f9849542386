import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { ForgotPasswordSchema, type ForgotPasswordInput } from '@hcm/contract/schemas';
import { api, Button, useRouteName } from '@hcm/kit';
import { applyServerErrors, TextField, valibotResolver } from '@hcm/kit/forms';
import loginStyles from './LoginForm.module.css';
import styles from './password.module.css';

/** /forgot-password: asks for a reset link. The answer is the same whether or not the email has an account. */
export function ForgotPasswordPage() {
  useRouteName('Forgot your password?');
  const form = useForm<ForgotPasswordInput>({ resolver: valibotResolver(ForgotPasswordSchema), defaultValues: { email: '' } });
  const [sent, setSent] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const handleSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    await api.csrf();
    const answer = await api.post<null>('forgot-password', values);
    if (answer.error) {
      if (answer.httpStatus === 422 && answer.errors) applyServerErrors(form.setError, answer.errors);
      else setMessage(answer.message);
      return;
    }
    setSent(answer.message);
  });

  return (
    <main className={loginStyles.page}>
      <FormProvider {...form}>
        <form className={loginStyles.card} onSubmit={handleSubmit} noValidate aria-labelledby="forgot-title">
          <h1 id="forgot-title">Forgot your password?</h1>
          {sent ? (
            <p role="status" className={styles.success}>
              {sent}
            </p>
          ) : (
            <>
              <p className={loginStyles.lead}>Enter the email address you log in with and we will send you a link to choose a new password.</p>
              {message ? (
                <p role="alert" className={loginStyles.error}>
                  {message}
                </p>
              ) : null}
              <TextField name="email" label="Email" type="email" autoComplete="username" autoFocus />
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? 'Sending…' : 'Email me a reset link'}
              </Button>
            </>
          )}
          <Link to="/" className={styles.back}>
            Back to log in
          </Link>
        </form>
      </FormProvider>
    </main>
  );
}
