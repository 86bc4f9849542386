import { api, Button, notify } from '@hcm/kit';
import { apiKey, useApiMutation } from '@hcm/kit/data';

/** The signed-in user's sessions (GET, and DELETE for the others), and their key in the data layer. */
export const SESSIONS = 'api/v1/account/sessions';
export const SESSIONS_KEY = apiKey(SESSIONS);

type Props = {
  /** The profile's password confirmation (auth/usePasswordConfirmation): the server asks for it first. */
  ensureConfirmed: () => Promise<boolean>;
  /** Called once the other sessions have ended (the sessions list is invalidated in any case). */
  onEnded?: () => void;
};

/**
 * "Sign out all other sessions": ends every session of this account but the one in use, after the password
 * is typed again (ASVS 7.4.3, 7.5.2). Offered in the sessions list and after a change of second factor.
 */
export function EndOtherSessionsButton({ ensureConfirmed, onEnded }: Props) {
  const endOthers = useApiMutation<{ ended: number }>({ request: () => api.delete<{ ended: number }>(SESSIONS), invalidates: [SESSIONS_KEY] });
  const busy = endOthers.isPending;

  const handleClick = async () => {
    if (!(await ensureConfirmed())) return;
    const answer = await endOthers.submit();
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
