import { useState } from 'react';
import { api, Button, notify } from '@hcm/kit';

type Props = {
  /** The profile's password confirmation (auth/usePasswordConfirmation): the server asks for it first. */
  ensureConfirmed: () => Promise<boolean>;
  /** Called once the other sessions have ended (e.g. to reload a list). */
  onEnded?: () => void;
};

/**
 * "Sign out all other sessions": ends every session of this account but the one in use, after the password
 * is typed again (ASVS 7.4.3, 7.5.2). Offered in the sessions list and after a change of second factor.
 */
export function EndOtherSessionsButton({ ensureConfirmed, onEnded }: Props) {
  const [busy, setBusy] = useState(false);

  const handleClick = async () => {
    if (!(await ensureConfirmed())) return;
    setBusy(true);
    const answer = await api.delete<{ ended: number }>('api/v1/account/sessions');
    setBusy(false);
    if (answer.error) notify({ type: 'danger', title: 'Sessions not ended', message: answer.message });
    else {
      notify({ type: 'success', title: 'Signed out elsewhere', message: answer.message });
      onEnded?.();
    }
  };

  return (
    <Button variant="secondary" onClick={() => void handleClick()} disabled={busy}>
      Sign out all other sessions
    </Button>
  );
}
