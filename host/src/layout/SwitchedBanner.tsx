import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify, useSession } from '@hcm/kit';
import { switchBack } from '../auth/switchAccount';
import styles from './SwitchedBanner.module.css';

/** On every /app screen while switched: who you act as, who you are, and the way back. */
export function SwitchedBanner() {
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!user?.switchedFrom) return null;
  const parent = user.switchedFrom.name;

  const handleSwitchBack = async () => {
    setBusy(true);
    const result = await switchBack();
    setBusy(false);
    if (result.error) notify({ type: 'danger', title: 'Could not switch back', message: result.error });
    else {
      notify({ type: 'success', title: 'Switched back', message: `You are ${parent} again.` });
      navigate('/app/dashboard', { replace: true });
    }
  };

  return (
    <div role="status" className={styles.banner}>
      <span>
        You are acting as <strong>{user.name}</strong> (signed in as {parent}).
      </span>
      <button type="button" className={styles.button} onClick={() => void handleSwitchBack()} disabled={busy}>
        {busy ? 'Switching back…' : 'Switch back'}
      </button>
    </div>
  );
}
