import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH, ResetPasswordSchema, type ResetPasswordInput } from '@hcm/contract/schemas';
import { api, Button, notify, useRouteName } from '@hcm/kit';
import { applyServerErrors, TextField, valibotResolver } from '@hcm/kit/forms';
import loginStyles from './LoginForm.module.css';
import styles from './password.module.css';

/**
 * /reset-password/:token?email=…: the link from the reset email. The new password twice; on success the user
 * goes back to the login page (a reset does not sign in, so a second factor is still asked for).
 */
export function ResetPasswordPage() {
  useRouteName('Choose a new password');
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const form = useForm<ResetPasswordInput>({
    resolver: valibotResolver(ResetPasswordSchema),
    defaultValues: { token, email: searchParams.get('email') ?? '', password: '', password_confirmation: '' },
  });
  const [message, setMessage] = useState<string | null>(null);

  const handleSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    await api.csrf();
    const answer = await api.post<null>('reset-password', { ...values, token });
    if (answer.error) {
      setMessage(answer.message);
      if (answer.httpStatus === 422 && answer.errors) applyServerErrors(form.setError, answer.errors);
      return;
    }
    notify({ type: 'success', title: 'Password changed', message: answer.message });
    navigate('/', { replace: true });
  });

  return (
    <main className={loginStyles.page}>
      <FormProvider {...form}>
        <form className={loginStyles.card} onSubmit={handleSubmit} noValidate aria-labelledby="reset-title">
          <h1 id="reset-title">Choose a new password</h1>
          <p className={loginStyles.lead}>At least {PASSWORD_MIN_LENGTH} characters: a few unrelated words make a good one.</p>
          {message ? (
            <p role="alert" className={loginStyles.error}>
              {message}
            </p>
          ) : null}
          <TextField name="email" label="Email" type="email" autoComplete="username" />
          <TextField name="password" label="New password" type="password" autoComplete="new-password" autoFocus />
          <TextField name="password_confirmation" label="Confirm new password" type="password" autoComplete="new-password" />
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Saving…' : 'Reset password'}
          </Button>
          <Link to="/forgot-password" className={styles.back}>
            Ask for a new link
          </Link>
        </form>
      </FormProvider>
    </main>
  );
}
