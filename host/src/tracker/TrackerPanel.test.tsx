import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession, type ApiResult } from '@hcm/kit';
import { useTracker } from '@hcm/kit/tracker';
import TrackerPanel from './TrackerPanel';

const USER = {
  userID: 7,
  userRole: 'office_staff',
  userPermissions: ['time-tracker.use'],
  name: 'Oliver Office',
  branches: [],
} as unknown as CurrentUser;

const ok = <T,>(data: T): ApiResult<T> => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });
let post: jest.SpyInstance;
const posted = () => post.mock.calls.map(([path]) => String(path).split('/').slice(-1)[0]);

beforeEach(() => {
  useSession.setState({ user: USER, status: 'authenticated' });
  useTracker.getState().reset();
  jest.spyOn(api, 'get').mockResolvedValue(ok({ trackable: true, reason: '', label: '' }));
  post = jest.spyOn(api, 'post').mockResolvedValue(ok({ id: 1, duration_seconds: 3, status: 'stopped' }));
});
afterEach(() => {
  useTracker.getState().reset();
  jest.restoreAllMocks();
});

const trackMargaret = () =>
  act(() => {
    useTracker.getState().track({
      event_type: 'ASSESSMENT',
      target_type: 'client',
      target_id: 3,
      reference: 'Margaret Ellison',
      content: { title: 'Margaret Ellison', body: 'Camden Domiciliary' },
    });
  });

test('hidden until a screen asks the tracker to time something; then shows what is timed and a play control', () => {
  render(<TrackerPanel />);
  expect(screen.queryByRole('region', { name: 'Time tracker' })).not.toBeInTheDocument();
  trackMargaret();
  const panel = screen.getByRole('region', { name: 'Time tracker' });
  expect(panel).toHaveTextContent('Assessment: Margaret Ellison');
  expect(panel).toHaveTextContent('Camden Domiciliary');
  expect(screen.getByRole('timer', { name: 'Elapsed time' })).toHaveTextContent('00:00:00');
  expect(screen.getByRole('timer')).toHaveAttribute('aria-live', 'off');
  expect(screen.getByRole('button', { name: 'Start timer' })).toBeEnabled();
});

test('play starts, the control becomes stop; stop stops', async () => {
  const user = userEvent.setup();
  render(<TrackerPanel />);
  trackMargaret();
  await user.click(screen.getByRole('button', { name: 'Start timer' }));
  expect(await screen.findByRole('button', { name: 'Stop timer' })).toBeInTheDocument();
  expect(posted()).toEqual(['start']);
  await user.click(screen.getByRole('button', { name: 'Stop timer' }));
  expect(await screen.findByRole('button', { name: 'Start timer' })).toBeInTheDocument();
  expect(posted()).toEqual(['start', 'stop']);
  expect(screen.getByText('Stopped and saved')).toBeInTheDocument();
});

test('closing while running asks first, warning about losing progress; keep timing leaves it running', async () => {
  const user = userEvent.setup();
  render(<TrackerPanel />);
  trackMargaret();
  await user.click(screen.getByRole('button', { name: 'Start timer' }));
  await screen.findByRole('button', { name: 'Stop timer' });

  await user.click(screen.getByRole('button', { name: 'Close time tracker' }));
  const dialog = await screen.findByRole('dialog', { name: 'Close the time tracker?' });
  expect(dialog).toHaveTextContent(/lose the progress/);
  await user.click(screen.getByRole('button', { name: 'Keep timing' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(posted()).toEqual(['start']);
  expect(screen.getByRole('region', { name: 'Time tracker' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Close time tracker' }));
  await user.click(await screen.findByRole('button', { name: 'Stop and close' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Time tracker' })).not.toBeInTheDocument());
  expect(posted()).toEqual(['start', 'stop']);
});

test('closing when not running hides at once, without a question', async () => {
  const user = userEvent.setup();
  render(<TrackerPanel />);
  trackMargaret();
  await user.click(screen.getByRole('button', { name: 'Close time tracker' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Time tracker' })).not.toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
});

test('a failed call shows its message; a target that cannot be timed disables the control', async () => {
  const user = userEvent.setup();
  post.mockResolvedValueOnce({ data: null, error: true, message: 'A session is already running for this target.', errors: null, httpStatus: 409 });
  render(<TrackerPanel />);
  trackMargaret();
  await user.click(screen.getByRole('button', { name: 'Start timer' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('A session is already running for this target.');

  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(api, 'get').mockResolvedValue(ok({ trackable: false, reason: 'This client has been deleted.', label: '' }));
  await user.click(screen.getByRole('button', { name: 'Start timer' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This client has been deleted.');
  expect(screen.getByRole('button', { name: 'Start timer' })).toBeDisabled();
});

test('while the panel shows, toasts are lifted above it; when it hides they come back down', async () => {
  render(<TrackerPanel />);
  const lift = () => document.documentElement.style.getPropertyValue('--hcm-toast-lift');
  expect(lift()).toBe('');
  trackMargaret();
  await screen.findByRole('region', { name: 'Time tracker' });
  expect(lift()).toMatch(/^\d+px$/);
  await userEvent.click(screen.getByRole('button', { name: 'Close time tracker' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Time tracker' })).toBeNull());
  expect(lift()).toBe('');
});

test('a START refused because one’s own session still runs elsewhere offers a way out: stop that session, then start', async () => {
  const user = userEvent.setup();
  const running = { id: 5, user_id: 7, status: 'running', event_type: 'ASSESSMENT', started_at: '2026-11-24T01:10:00.000Z', target_type: 'client', target_id: 3 };
  post.mockImplementation(async (path: string) => {
    if (path === 'api/v1/time-tracker/default/start' && post.mock.calls.length === 1) {
      return { data: null, error: true, message: 'A session is already running for this target. Stop it before starting another.', errors: null, httpStatus: 409 };
    }
    return ok({ id: path.includes('/sessions/5/') ? 5 : 6, duration_seconds: null, status: path.endsWith('/stop') ? 'stopped' : 'running' });
  });
  const get = jest.spyOn(api, 'get').mockImplementation(async (path: string) =>
    ok(path === 'api/v1/time-tracker/sessions/mine' ? [{ ...running, id: 4, status: 'abandoned' }, running] : { trackable: true, reason: '', label: '' }),
  );
  render(<TrackerPanel />);
  trackMargaret();
  await user.click(screen.getByRole('button', { name: 'Start timer' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('A session is already running for this target.');
  const wayOut = await screen.findByRole('button', { name: 'Stop the running session' });
  expect(get).toHaveBeenCalledWith('api/v1/time-tracker/sessions/mine', { target_type: 'client', target_id: 3 });
  expect(screen.getByRole('region', { name: 'Time tracker' })).toHaveTextContent('Your assessment started at 01:10 is still running');

  await user.click(wayOut);
  expect(await screen.findByRole('button', { name: 'Stop timer' })).toBeInTheDocument();
  expect(post.mock.calls.map(([path]) => path)).toEqual([
    'api/v1/time-tracker/default/start',
    'api/v1/time-tracker/sessions/5/stop',
    'api/v1/time-tracker/default/start',
  ]);
  expect(screen.queryByRole('button', { name: 'Stop the running session' })).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByText('Timing')).toBeInTheDocument();
});
