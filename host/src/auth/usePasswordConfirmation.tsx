import { useCallback, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { ConfirmPasswordSchema } from '@hcm/contract/schemas';
import { Button } from '@hcm/kit';
import { Modal } from '@hcm/kit/elements';
import { applyServerErrors, TextField, valibotResolver } from '@hcm/kit/forms';
import { twoFactorApi } from './twoFactorApi';

type Values = { password: string };

/**
 * Sensitive changes (2FA on or off, new recovery codes, ending other sessions) need the password
 * typed in the last 15 minutes.
 * `ensureConfirmed()` asks the server; when needed it opens a "Confirm your password" dialog and resolves
 * true once confirmed, false if the user closes it.
 */
export function usePasswordConfirmation(): { ensureConfirmed: () => Promise<boolean>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);
  const form = useForm<Values>({ resolver: valibotResolver(ConfirmPasswordSchema), defaultValues: { password: '' } });
  const [message, setMessage] = useState<string | null>(null);

  const settle = (confirmed: boolean) => {
    resolver.current?.(confirmed);
    resolver.current = null;
    setOpen(false);
    setMessage(null);
    form.reset({ password: '' });
  };

  const ensureConfirmed = useCallback(async () => {
    const status = await twoFactorApi.passwordStatus();
    if (status.data?.confirmed) return true;
    // Not signed in (or the session ended): there is no password to confirm here.
    if (status.httpStatus === 401) return false;
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
      setOpen(true);
    });
  }, []);

  const handleSubmit = form.handleSubmit(async ({ password }) => {
    setMessage(null);
    const answer = await twoFactorApi.confirmPassword(password);
    if (answer.error) {
      setMessage(answer.message);
      applyServerErrors(form.setError, answer.errors);
      return;
    }
    settle(true);
  });

  const dialog = (
    <Modal open={open} title="Confirm your password" onClose={() => settle(false)} size="small">
      <FormProvider {...form}>
        <form onSubmit={handleSubmit} noValidate>
          <p>For your security, type your password again to continue.</p>
          {message && !form.formState.errors.password ? <p role="alert">{message}</p> : null}
          <TextField name="password" label="Password" type="password" autoComplete="current-password" autoFocus />
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Confirm
          </Button>
        </form>
      </FormProvider>
    </Modal>
  );
  return { ensureConfirmed, dialog };
}
