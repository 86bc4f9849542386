import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '@hcm/kit';
import { LoginForm } from './LoginForm';

/** The login route inside the signed-in application (after a logout): a signed-in user goes on to the app. */
export function LoginPage() {
  const { status, loadUser } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/app/dashboard';

  useEffect(() => {
    if (status === 'unknown') void loadUser();
  }, [status, loadUser]);

  if (status === 'authenticated') return <Navigate to={from} replace />;
  return <LoginForm onLoggedIn={() => navigate(from, { replace: true })} onChallenge={(path) => navigate(path)} />;
}
