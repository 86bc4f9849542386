import { useState, type FormEvent } from 'react';
import { ApiError, type Api } from '../api.js';
import { readDeviceKey, saveDeviceKey, saveSession, type Session } from '../session.js';

type Answer = { token?: string; device_id?: number; device_key?: string; user?: { id: number; name: string }; otp?: boolean; gist?: string };

/**
 * Email and password; then the code when one is owed: the authenticator's (2FA on: a 422 on `code`) or the one
 * emailed for a device the account has not used (202 with its gist). The device key answered is kept.
 */
export function SignIn({ api, db, productLabel, notice, onSignedIn }: { api: Api; db: IDBDatabase; productLabel: string; notice: string; onSignedIn: (session: Session) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeAsked, setCodeAsked] = useState<'' | 'authenticator' | 'email'>('');
  const [gist, setGist] = useState('');
  const [deviceKey, setDeviceKey] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setMessage('');
    try {
      const key = deviceKey || (await readDeviceKey(db)) || undefined;
      const body: Record<string, unknown> = { email, password, device_name: 'Carers’ app' };
      if (key) body.device_key = key;
      if (codeAsked && code) body.code = code;
      if (gist) body.gist = gist;
      const { status, body: answer } = await api.request<Answer>('POST', '/api/v1/carer-app/session', { body });
      const data = answer.data;
      if (data.device_key) {
        setDeviceKey(data.device_key);
        await saveDeviceKey(db, data.device_key);
      }
      if (status === 202 && data.otp && data.gist) {
        setGist(data.gist);
        setCodeAsked('email');
        setMessage(answer.message ?? 'We have emailed you a sign-in code.');
        return;
      }
      if (!data.token) throw new ApiError(status, answer.message ?? 'The sign-in did not finish.', null);
      const session: Session = { token: data.token, email: email.trim().toLowerCase(), name: data.user?.name ?? email, deviceId: data.device_id ?? null };
      await saveSession(db, session);
      onSignedIn(session);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.status === 422 && error.errors?.code && !codeAsked) {
          setCodeAsked('authenticator');
          setMessage(error.message);
        } else {
          setErrors(error.errors ?? {});
          setMessage(error.message);
        }
      } else setMessage('No connection: signing in needs the network. Try again when you have a signal.');
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (name: string) =>
    errors[name]?.length ? (
      <p className="error" id={`${name}-error`}>
        {errors[name]!.join(' ')}
      </p>
    ) : null;

  return (
    <main>
      <h2>Sign in to the carers’ app</h2>
      <p className="hint">{productLabel}</p>
      {notice && (
        <p className="notice bad" role="alert">
          {notice}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor="email">Email</label>
        <input id="email" type="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} aria-describedby={errors.email ? 'email-error' : undefined} required />
        {fieldError('email')}
        <label htmlFor="password">Password</label>
        <input id="password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} required />
        {fieldError('password')}
        {codeAsked && (
          <>
            <label htmlFor="code">{codeAsked === 'email' ? 'Code from the email' : 'Code from your authenticator app'}</label>
            <input id="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(event) => setCode(event.target.value)} />
            {fieldError('code')}
          </>
        )}
        {message && (
          <p className={Object.keys(errors).length || !codeAsked ? 'error' : 'notice'} role="alert">
            {message}
          </p>
        )}
        <p>
          <button type="submit" className="full" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </p>
      </form>
    </main>
  );
}
