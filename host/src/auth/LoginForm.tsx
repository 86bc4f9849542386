import { useState, type FormEvent } from 'react';
import type { CurrentUser, FieldErrors } from '@hcm/contract';
import { api, useRouteName, useRuntime, useSession } from '@hcm/kit';
import styles from './LoginForm.module.css';

/**
 * The login form: email and password, the server's message and per-field errors on failure. It does not
 * use the router, so the login screen loads without it (see bootstrap.tsx).
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (user: CurrentUser) => void }) {
  useRouteName('Log in');
  const productLabel = useRuntime((state) => state.registry.productLabel);
  const loadUser = useSession((state) => state.loadUser);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setMessage(null);
    setErrors({});
    await api.csrf();
    const answer = await api.post<{ two_factor?: boolean }>('login', { email, password });
    if (answer.error) {
      setSubmitting(false);
      setMessage(answer.message || 'You could not be logged in.');
      setErrors(answer.errors ?? {});
      return;
    }
    const user = await loadUser();
    setSubmitting(false);
    if (user) onLoggedIn(user);
    else setMessage('You were logged in, but your account could not be loaded. Try again.');
  };

  const fieldError = (field: string) => errors[field]?.[0];

  return (
    <main className={styles.page}>
      <form className={styles.card} onSubmit={handleSubmit} noValidate aria-labelledby="login-title">
        <h1 id="login-title">{productLabel}</h1>
        <p className={styles.lead}>Log in to your agency&apos;s back office.</p>
        {message ? (
          <p role="alert" className={styles.error}>
            {message}
          </p>
        ) : null}
        <div className={fieldError('email') ? `${styles.field} ${styles.invalid}` : styles.field}>
          <label htmlFor="login-email">Email</label>
          <input
            id="login-email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={fieldError('email') ? true : undefined}
            aria-describedby={fieldError('email') ? 'login-email-error' : undefined}
            required
          />
          {fieldError('email') ? <span id="login-email-error" className={styles.invalidMessage}>{fieldError('email')}</span> : null}
        </div>
        <div className={fieldError('password') ? `${styles.field} ${styles.invalid}` : styles.field}>
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={fieldError('password') ? true : undefined}
            aria-describedby={fieldError('password') ? 'login-password-error' : undefined}
            required
          />
          {fieldError('password') ? <span id="login-password-error" className={styles.invalidMessage}>{fieldError('password')}</span> : null}
        </div>
        <button type="submit" className={styles.submit} disabled={submitting}>
          {submitting ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </main>
  );
}
