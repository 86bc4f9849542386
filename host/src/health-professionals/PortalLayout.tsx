import { useCallback, useEffect, useState } from 'react';
import { Outlet, useNavigate, useOutletContext, useParams } from 'react-router-dom';
import type { HealthProfessionalProfile } from '@hcm/contract/schemas';
import { Button, ErrorPanel, Loading, notify, useRuntime } from '@hcm/kit';
import { apiKey, useApiQuery, useQueryClient } from '@hcm/kit/data';
import { PasswordPanel } from './PasswordPanel';
import { portalApi, portalPaths, PORTAL_ME, PORTAL_READ } from './portalApi';
import styles from './portal.module.css';

export const SESSION_ENDED = 'Your session has ended. Sign in, or open your link again.';

/**
 * Sends the visitor to the sign-in page, saying why (a page's API call answered 401). The cache is forgotten:
 * whoever signs in next (another professional) must not see this one's data.
 */
export function useSessionEnded(): () => void {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useCallback(() => {
    client.clear();
    navigate(portalPaths.login, { replace: true, state: { notice: SESSION_ENDED } });
  }, [navigate, client]);
}

/** The signed-in professional, for the pages inside the layout. */
export function useProfessional(): HealthProfessionalProfile {
  return useOutletContext<HealthProfessionalProfile>();
}

/**
 * Around a professional's pages: who is signed in, "Set a password" and "Sign out"; no staff sidebar. Without
 * a professional's session it sends the visitor to the sign-in page.
 */
export function PortalLayout() {
  const { id } = useParams();
  const navigate = useNavigate();
  const sessionEnded = useSessionEnded();
  const productLabel = useRuntime((state) => state.registry.productLabel);
  const client = useQueryClient();
  const me = useApiQuery<{ data: HealthProfessionalProfile }>(PORTAL_ME, undefined, { failure: 'Your details could not be loaded.', ...PORTAL_READ });
  const professional = me.data?.data ?? null;
  const ended = me.error?.status === 401;
  const error = me.error && !ended ? me.error.message : null;
  const [settingPassword, setSettingPassword] = useState(false);

  useEffect(() => {
    if (ended) sessionEnded();
  }, [ended, sessionEnded]);
  useEffect(() => {
    if (professional && String(professional.id) !== id) navigate(portalPaths.dashboard(professional.id), { replace: true });
  }, [professional, id, navigate]);

  const signOut = async () => {
    await portalApi.logout();
    client.clear();
    navigate(portalPaths.login, { replace: true, state: { notice: 'You have signed out.' } });
  };

  if (error) {
    return (
      <main className={styles.main}>
        <ErrorPanel title="Your page could not be loaded" onRetry={() => window.location.reload()}>
          {error}
        </ErrorPanel>
      </main>
    );
  }
  if (!professional) return <Loading label="Loading your page…" />;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <span className={styles.brand}>{productLabel}</span>{' '}
          <span className={styles.who}>
            · {professional.name}, {professional.organisation}
          </span>
        </div>
        <div className={styles.headerActions}>
          <Button variant="secondary" aria-expanded={settingPassword} aria-controls="hp-password-panel" onClick={() => setSettingPassword((open) => !open)}>
            {professional.has_password ? 'Change password' : 'Set a password'}
          </Button>
          <Button variant="secondary" onClick={() => void signOut()}>
            Sign out
          </Button>
        </div>
      </header>
      <main className={styles.main}>
        {settingPassword ? (
          <PasswordPanel
            id="hp-password-panel"
            email={professional.email}
            onDone={(updated) => {
              client.setQueryData(apiKey(PORTAL_ME), { data: updated });
              setSettingPassword(false);
              notify({ type: 'success', message: 'Password set. Next time you can sign in with your email and this password.' });
            }}
            onCancel={() => setSettingPassword(false)}
          />
        ) : null}
        <Outlet context={professional} />
      </main>
    </div>
  );
}
