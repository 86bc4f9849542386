import { useState, type FormEvent } from 'react';
import type { CurrentUser, FieldErrors } from '@hcm/contract';
import type { LoginAnswer } from '@hcm/contract/schemas';
import { api, useRouteName, useRuntime, useSession } from '@hcm/kit';
import { nextStepOf } from './loginAnswer';
import styles from './LoginForm.module.css';

type LoginFieldProps = {
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
};

/** A labelled login input with its server error (the host's own, so the login screen needs no form kit). */
function LoginField({ name, label, type, autoComplete, value, onChange, error }: LoginFieldProps) {
  const id = `login-${name}`;
  return (
    <div className={error ? `${styles.field} ${styles.invalid}` : styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        required
      />
      {error ? (
        <span id={`${id}-error`} className={styles.invalidMessage}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The login form: email and password, the server's message and per-field errors on failure. It does not
 * use the router, so the login screen loads without it (see bootstrap.tsx).
 */
export function LoginForm({
  onLoggedIn,
  onChallenge = (path) => window.location.assign(path),
}: {
  onLoggedIn: (user: CurrentUser) => void;
  /** Goes to a second-factor page (a 2FA or emailed-code challenge, or the forced 2FA setup); a full page load by default. */
  onChallenge?: (path: string) => void;
}) {
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
    const answer = await api.post<LoginAnswer>('login', { email, password });
    if (answer.error) {
      setSubmitting(false);
      // Wrong credentials (422) or too many tries (429, with how long to wait): the server's words.
      setMessage(answer.message || 'You could not be logged in.');
      setErrors(answer.errors ?? {});
      return;
    }
    const challenge = nextStepOf(answer.data);
    if (challenge) {
      setSubmitting(false);
      onChallenge(challenge);
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
        <LoginField name="email" label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} error={fieldError('email')} />
        <LoginField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={fieldError('password')}
        />
        <button type="submit" className={styles.submit} disabled={submitting}>
          {submitting ? 'Logging in…' : 'Log in'}
        </button>
        <a href="/forgot-password">Forgot your password?</a>
      </form>
    </main>
  );
}
