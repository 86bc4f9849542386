import { useEffect, useState } from 'react';
import { ApiError, type Api } from '../api.js';

// Notifications of the carer's rota (a visit assigned, moved, taken off or cancelled) through Web Push: the
// phone subscribes with the server's public key (GET /carer-app/push) and hands the subscription to the server
// (PUT); turning them off unsubscribes and tells the server (DELETE). Asked for only when the carer taps the
// button: browsers refuse a permission prompt nobody asked for. The lock screen shows the day and time only.

type State = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on' | 'offline';

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
};

export function Notifications({ api, token }: { api: Api; token: string }) {
  const [state, setState] = useState<State>('checking');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported()) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('blocked');
    let cancelled = false;
    (async () => {
      try {
        const { body } = await api.request<{ public_key: string; subscribed: boolean }>('GET', '/api/v1/carer-app/push', { token: token });
        const registration = await navigator.serviceWorker.ready;
        const subscription = await registration.pushManager.getSubscription();
        const on = body.data.subscribed && subscription !== null && sameKey(subscription, keyBytes(body.data.public_key)) && Notification.permission === 'granted';
        if (!cancelled) setState(on ? 'on' : 'off');
      } catch {
        if (!cancelled) setState('offline');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [api, token]);

  const turnOn = async () => {
    setBusy(true);
    setMessage('');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'blocked' : 'off');
        return;
      }
      const { body } = await api.request<{ public_key: string }>('GET', '/api/v1/carer-app/push', { token: token });
      const key = keyBytes(body.data.public_key);
      const registration = await navigator.serviceWorker.ready;
      const existing = await registration.pushManager.getSubscription();
      // A subscription made with another key (the install's keys changed) cannot be used: made again.
      if (existing && !sameKey(existing, key)) await existing.unsubscribe();
      const subscription = (existing && sameKey(existing, key) ? existing : null) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key as BufferSource }));
      const saved = await api.request('PUT', '/api/v1/carer-app/push', { token: token, body: subscription.toJSON() });
      setState('on');
      setMessage(saved.body.message ?? 'Notifications are on for this phone.');
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'Notifications could not be turned on: check the phone is online and try again.');
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    setMessage('');
    try {
      const registration = await navigator.serviceWorker.ready;
      await (await registration.pushManager.getSubscription())?.unsubscribe();
      const saved = await api.request('DELETE', '/api/v1/carer-app/push', { token: token });
      setState('off');
      setMessage(saved.body.message ?? 'Notifications are off for this phone.');
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'Notifications could not be turned off: check the phone is online and try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card notifications" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading">Notifications</h2>
      {state === 'checking' && <p>Checking…</p>}
      {state === 'unsupported' && <p>This phone’s browser cannot show the app’s notifications. On an iPhone, add the app to the Home Screen first, then open it from there.</p>}
      {state === 'blocked' && <p>Notifications are blocked for this app. Allow them in the phone’s settings for this site, then come back here.</p>}
      {state === 'offline' && <p>Connect to the internet to set notifications.</p>}
      {state === 'off' && (
        <>
          <p>Get a notification when a visit is added to your rota, moved, taken off or cancelled. The lock screen shows only the day and time.</p>
          <button type="button" disabled={busy} onClick={() => void turnOn()}>
            Turn on notifications
          </button>
        </>
      )}
      {state === 'on' && (
        <>
          <p>Notifications are on for this phone.</p>
          <button type="button" className="secondary" disabled={busy} onClick={() => void turnOff()}>
            Turn off notifications
          </button>
        </>
      )}
      {message && <p role="status">{message}</p>}
    </section>
  );
}
