import '@testing-library/jest-dom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { KEY_SAFE_SHOWN_MS, KeySafe } from './KeySafe';
import { harness } from './test-harness';

jest.mock('../App', () => jest.requireActual('./test-harness').appMock);

// The key-safe code: read from the server on a tap (audited there, never cached), shown for 30 seconds.

afterEach(() => jest.useRealTimers());

test('on a tap the code is read from the server, shown, and hidden again after 30 seconds', async () => {
  const h = await harness((call) => ({ status: 200, data: { location: 'Left of the front door', code: 'Q7X4K2' }, message: call.path }));
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask', 'Date'] });
  render(
    <h.Provider>
      <KeySafe clientId={3} location="Left of the front door" />
    </h.Provider>,
  );
  expect(screen.getByText(/Left of the front door/)).toBeInTheDocument();
  expect(screen.queryByText('Q7X4K2')).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Show the key safe code' }));
  expect(await screen.findByText('Q7X4K2')).toBeInTheDocument();
  expect(h.calls).toEqual([{ method: 'GET', path: '/api/v1/carer-app/clients/3/key-safe', body: undefined, key: undefined, token: 'device-token' }]);
  act(() => jest.advanceTimersByTime(KEY_SAFE_SHOWN_MS - 1));
  expect(screen.getByText('Q7X4K2')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByText('Q7X4K2')).not.toBeInTheDocument();
  // Each reveal asks the server again (and is audited there): nothing was kept.
  fireEvent.click(screen.getByRole('button', { name: 'Show the key safe code' }));
  expect(await screen.findByText('Q7X4K2')).toBeInTheDocument();
  expect(h.calls).toHaveLength(2);
  fireEvent.click(screen.getByRole('button', { name: 'Hide the code' }));
  expect(screen.queryByText('Q7X4K2')).not.toBeInTheDocument();
});

test('refused for the role (403): said in words, the phone stays signed in; offline: said too', async () => {
  const h = await harness(() => ({ status: 403, message: 'This action is unauthorized.' }));
  render(
    <h.Provider>
      <KeySafe clientId={3} location="" />
    </h.Provider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Show the key safe code' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your role may not see key safe codes: ask the office how to get in.');
  expect(h.signedOut).not.toHaveBeenCalled();
  h.answer(() => 'offline');
  fireEvent.click(screen.getByRole('button', { name: 'Show the key safe code' }));
  expect(await screen.findByText(/No connection: the key safe code is only shown online/)).toBeInTheDocument();
});
