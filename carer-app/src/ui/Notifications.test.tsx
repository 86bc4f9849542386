import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Api } from '../api';
import { keyBytes, Notifications } from './Notifications';

// The phone's push machinery (the browser's PushManager and Notification permission) is the boundary faked here;
// the component's conversation with the server goes through a recorded Api.

const PUBLIC_KEY = Buffer.from(Uint8Array.from({ length: 65 }, (_, index) => (index * 7) % 256)).toString('base64url');

type Call = { method: string; path: string; body?: unknown };

function fakeApi(subscribed: boolean) {
  const calls: Call[] = [];
  const api: Api = {
    async request<T>(method: string, path: string, options: { body?: unknown } = {}) {
      calls.push({ method, path, body: options.body });
      if (method === 'GET') return { status: 200, body: { data: { public_key: PUBLIC_KEY, subscribed } as T } };
      return { status: 200, body: { data: null as T, message: method === 'PUT' ? 'Notifications are on for this phone.' : 'Notifications are off for this phone.' } };
    },
  };
  return { api, calls };
}

function fakePhone(permission: NotificationPermission, existing: { key: Uint8Array } | null) {
  const subscribe = jest.fn(async (options: { applicationServerKey: Uint8Array }) => subscription(options.applicationServerKey));
  const unsubscribe = jest.fn(async () => true);
  const subscription = (key: Uint8Array) => ({
    options: { applicationServerKey: key.buffer },
    unsubscribe,
    toJSON: () => ({ endpoint: 'https://push.example/send/abc', keys: { p256dh: 'BPhone', auth: 'secret' } }),
  });
  const current = existing ? subscription(existing.key) : null;
  Object.defineProperty(window, 'PushManager', { value: function PushManager() {}, configurable: true });
  Object.defineProperty(window, 'Notification', { value: { permission, requestPermission: jest.fn(async () => 'granted') }, configurable: true });
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { ready: Promise.resolve({ pushManager: { getSubscription: async () => current, subscribe } }) },
    configurable: true,
  });
  return { subscribe, unsubscribe };
}

test('turning notifications on asks the phone, subscribes with the server’s key and hands the subscription to the server', async () => {
  const { api, calls } = fakeApi(false);
  const phone = fakePhone('default', null);
  render(<Notifications api={api} token="device-token" />);
  await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Notifications are on for this phone.');
  expect(phone.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes(PUBLIC_KEY) });
  expect(calls.at(-1)).toEqual({ method: 'PUT', path: '/api/v1/carer-app/push', body: { endpoint: 'https://push.example/send/abc', keys: { p256dh: 'BPhone', auth: 'secret' } } });
  expect(screen.getByRole('button', { name: 'Turn off notifications' })).toBeInTheDocument();
});

test('a phone subscribed with the server’s key shows them on, and turning them off unsubscribes and tells the server', async () => {
  const { api, calls } = fakeApi(true);
  const phone = fakePhone('granted', { key: keyBytes(PUBLIC_KEY) });
  render(<Notifications api={api} token="device-token" />);
  await userEvent.click(await screen.findByRole('button', { name: 'Turn off notifications' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Notifications are off for this phone.');
  expect(phone.unsubscribe).toHaveBeenCalled();
  expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/v1/carer-app/push' });
});

test('blocked in the phone’s settings: says where to allow them, offers no button', async () => {
  const { api } = fakeApi(false);
  fakePhone('denied', null);
  render(<Notifications api={api} token="device-token" />);
  expect(await screen.findByText(/blocked for this app/)).toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});
