import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { ChangePasswordSchema, PASSWORD_MIN_LENGTH, type ChangePasswordInput } from '@hcm/contract/schemas';
import { api, Button, Card, notify } from '@hcm/kit';
import { applyServerErrors, formStyles, TextField, valibotResolver } from '@hcm/kit/forms';

const EMPTY: ChangePasswordInput = { current_password: '', password: '', password_confirmation: '' };

/** The profile's "Change your password": the current one, then the new one twice. Other sessions end. */
export function PasswordSection() {
  const form = useForm<ChangePasswordInput>({ resolver: valibotResolver(ChangePasswordSchema), defaultValues: EMPTY });
  const [message, setMessage] = useState<string | null>(null);

  const handleSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    const answer = await api.put<null>('user/password', values);
    if (answer.error) {
      if (answer.httpStatus === 422 && answer.errors) applyServerErrors(form.setError, answer.errors);
      else setMessage(answer.message);
      return;
    }
    form.reset(EMPTY);
    notify({ type: 'success', title: 'Password changed', message: answer.message });
  });

  return (
    <Card title="Change your password">
      <FormProvider {...form}>
        <form className={formStyles.form} onSubmit={handleSubmit} noValidate aria-label="Change your password">
          {message ? (
            <p role="alert" className={formStyles.formError}>
              {message}
            </p>
          ) : null}
          <TextField name="current_password" label="Current password" type="password" autoComplete="current-password" />
          <TextField
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters. Your other sessions will be signed out.`}
          />
          <TextField name="password_confirmation" label="Confirm new password" type="password" autoComplete="new-password" />
          <div className={formStyles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving…' : 'Change password'}
            </Button>
          </div>
        </form>
      </FormProvider>
    </Card>
  );
}
