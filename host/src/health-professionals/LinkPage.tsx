import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Loading, useRouteName } from '@hcm/kit';
import { useQueryClient } from '@hcm/kit/data';
import { portalApi, portalPaths } from './portalApi';
import styles from './portal.module.css';

/**
 * /health-professionals/:id/:token: exchanges the link's token for a session, then replaces the address
 * with the dashboard's, so the token stays neither in the address bar nor in the history.
 */
export function LinkPage() {
  useRouteName('Opening your link');
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void portalApi.exchange(id, token).then((answer) => {
      if (!current) return;
      if (answer.error || !answer.data) {
        // The token is of no use now either: take it out of the address.
        window.history.replaceState(window.history.state, '', `/health-professionals/${encodeURIComponent(id)}/link`);
        setError(answer.message || 'This link could not be opened.');
        return;
      }
      const target = answer.data.replace_url || portalPaths.dashboard(answer.data.data.id);
      window.history.replaceState(window.history.state, '', target);
      // A new session (perhaps another professional's): nothing cached before it is theirs.
      client.clear();
      navigate(target, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [id, token, navigate, client]);

  return (
    <main className={styles.centered}>
      {error ? (
        <div className={styles.card} role="alert">
          <h1>This link cannot be opened</h1>
          <p>{error}</p>
          <p>
            If you have set a password, you can <Link to={portalPaths.login}>sign in with your email and password</Link>.
          </p>
        </div>
      ) : (
        <Loading label="Opening the records shared with you…" />
      )}
    </main>
  );
}
