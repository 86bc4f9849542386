import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button, Card, ErrorPanel, Loading, notify, PageHeader, useRouteName, useSession } from '@hcm/kit';
import { switchTo, useSwitchAccounts } from './switchAccount';
import styles from './SwitchAccountPage.module.css';

/**
 * /switch-account/:parent_user/:target_user: the signed-in user (the parent) confirms acting as the target.
 * The server decides (listed, not a super admin unless the parent is one, no nesting); this page only asks.
 */
export function SwitchAccountPage() {
  useRouteName('Switch account');
  const { parent_user: parentParam, target_user: targetParam } = useParams();
  const { user, status, loadUser } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const accounts = useSwitchAccounts(Boolean(user));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (status === 'unknown') void loadUser();
  }, [status, loadUser]);

  if (status === 'unknown') return <Loading label="Checking your session…" />;
  if (!user) return <Navigate to="/" replace state={{ from: location.pathname }} />;

  const page = (children: ReactNode) => (
    <main className={styles.page}>
      <PageHeader title="Switch account" />
      {children}
    </main>
  );
  const back = <Link to="/app/dashboard">Back to the dashboard</Link>;

  if (user.switchedFrom) {
    return page(<ErrorPanel title="You are already acting as another account">Switch back to your own account first. {back}</ErrorPanel>);
  }
  if (String(user.userID) !== parentParam) {
    return page(<ErrorPanel title="This link is for another user">You are signed in as {user.name}. {back}</ErrorPanel>);
  }
  if (!accounts) return page(<Loading label="Loading the accounts you may switch to…" />);
  const target = accounts.find((account) => String(account.id) === targetParam);
  if (!target) return page(<ErrorPanel title="You may not switch to this account">It is not listed for you. {back}</ErrorPanel>);

  const handleConfirm = async () => {
    setBusy(true);
    setError(null);
    const result = await switchTo(target.id);
    setBusy(false);
    if (result.error) {
      setError(result.error);
      return;
    }
    notify({ type: 'success', title: 'Account switched', message: `You are acting as ${target.name}.` });
    navigate('/app/dashboard', { replace: true });
  };

  return page(
    <Card>
      <h2 className={styles.question}>Switch to {target.name}?</h2>
      <p>
        You will act as {target.name} ({target.email}, {target.role_label ?? 'no role'}) with their permissions until you switch back. Every
        change you make is recorded as made by you, acting as them.
      </p>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={() => void handleConfirm()} disabled={busy}>
          {busy ? 'Switching…' : `Switch to ${target.name}`}
        </Button>
        <Button variant="secondary" onClick={() => navigate('/app/dashboard')}>
          Cancel
        </Button>
      </div>
    </Card>,
  );
}
