import type { CurrentUser } from '@hcm/contract';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { LoginForm } from './LoginForm';

/** The login screen as the first page of a visit: no router yet, only what logging in needs. */
export function StandaloneLogin({ onLoggedIn }: { onLoggedIn: (user: CurrentUser) => void }) {
  useDocumentTitle();
  return <LoginForm onLoggedIn={onLoggedIn} />;
}
