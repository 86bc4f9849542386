import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser, TrackerSession } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { useTracker } from '@hcm/kit/tracker';
import Area from '../Area';
import { withData } from '@hcm/kit/testing';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });
const page = (rows: Record<string, unknown>[]) => ({ data: rows, total: rows.length, page: 1, page_size: 10, last_page: 1 });

const margaret = {
  id: 7, first_name: 'Margaret', last_name: 'Ellison', preferred_name: '', date_of_birth: '1938-05-14', nhs_number: '999 000 1014',
  local_authority_id: '', service_type: 'domiciliary', status: 'active', address_line_1: '', town: 'London', postcode: 'NW1 9SL',
  phone: '', gp_practice: '', start_date: '', end_date: '', care_needs: '', medical_conditions: '', allergies: '', communication_needs: '',
  branch_id: 1, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};

const session = (overrides: Partial<TrackerSession>): TrackerSession => ({
  id: 1, user_id: 2, user_name: 'Oliver Office', module: 'default', event_type: 'REVIEW', target_type: 'client', target_id: 7,
  page_title: '', reference: 'Margaret Ellison', started_at: '2026-11-20T10:00:00Z', last_beat_at: '2026-11-20T10:30:00Z',
  stopped_at: '2026-11-20T10:30:00Z', duration_seconds: 1800, mid_beats: 6, status: 'stopped', ...overrides,
});

let sessions: TrackerSession[];
let trackable = { trackable: true, reason: '', label: 'Margaret Ellison' };

function answer(path: string) {
  if (path === 'api/v1/clients/7') return ok(margaret);
  if (path === 'api/v1/user/trackable/2/client/7') return ok(trackable);
  if (path === 'api/v1/time-tracker/sessions' || path === 'api/v1/time-tracker/sessions/mine') return ok(sessions);
  if (path.endsWith('/audit')) return ok([]);
  return ok(page([]));
}

function signIn(permissions: string[]) {
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: ['clients.view', 'clients.edit', ...permissions], userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden' }],
    } as CurrentUser,
  });
}

function renderEdit() {
  const router = createMemoryRouter([{ path: '/app/clients/*', element: <Area prefix="clients" /> }], { initialEntries: ['/app/clients/7/edit'] });
  render(withData(<RouterProvider router={router} />));
}

beforeEach(() => {
  sessions = [session({ id: 1, user_name: 'Maya Manager', event_type: 'REVIEW' }), session({ id: 2, event_type: 'ASSESSMENT', status: 'abandoned', stopped_at: null, duration_seconds: 1140 })];
  trackable = { trackable: true, reason: '', label: 'Margaret Ellison' };
  get.mockReset();
  post.mockReset();
  get.mockImplementation((path: string) => Promise.resolve(answer(path)));
  post.mockImplementation((path: string) => Promise.resolve(ok(session({ id: 3, status: path.endsWith('/start') ? 'running' : 'stopped' }))));
  useTracker.getState().reset();
});
afterEach(() => useTracker.getState().reset());

test("the client's tracked time: who, what, when, status and duration; abandoned sessions say so", async () => {
  signIn(['time-tracker.use', 'time-tracker.view']);
  renderEdit();
  const table = await screen.findByRole('table', { name: 'Time tracked on this client' });
  expect(get).toHaveBeenCalledWith('api/v1/time-tracker/sessions', { target_type: 'client', target_id: 7 });
  const review = within(table).getByRole('row', { name: /Maya Manager/ });
  expect(review).toHaveTextContent('Review');
  expect(review).toHaveTextContent('00:30:00');
  const abandoned = within(table).getByRole('row', { name: /Assessment/ });
  expect(abandoned).toHaveTextContent('Abandoned (no beat for over 10 minutes)');
  expect(abandoned).toHaveTextContent('00:19:00');
});

test('"Time this visit" loads the client into the tracker with the chosen event and starts it', async () => {
  signIn(['time-tracker.use']);
  renderEdit();
  const form = await screen.findByRole('form', { name: 'Time this visit' });
  // Without time-tracker.view, only one's own sessions are read.
  expect(get).toHaveBeenCalledWith('api/v1/time-tracker/sessions/mine', { target_type: 'client', target_id: 7 });
  await userEvent.selectOptions(within(form).getByLabelText('What are you timing?'), 'Spot check');
  await userEvent.click(within(form).getByRole('button', { name: 'Start timing' }));

  expect(await screen.findByText('Timing now. Stop it with the time tracker at the bottom right.')).toBeInTheDocument();
  expect(post).toHaveBeenCalledWith('api/v1/time-tracker/default/start', expect.objectContaining({ trackable: expect.objectContaining({ event_type: 'SPOT_CHECK', target_type: 'client', target_id: 7, reference: 'Margaret Ellison' }) }));
  expect(useTracker.getState()).toMatchObject({ shown: true, state: 'started', content: { title: 'Margaret Ellison', body: 'Client visit' } });
});

test('a client that cannot be timed says why and the start is disabled; without tracker permissions there is no section', async () => {
  trackable = { trackable: false, reason: 'This client has been deleted.', label: '' };
  signIn(['time-tracker.use']);
  renderEdit();
  expect(await screen.findByText('This client cannot be timed: This client has been deleted.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Start timing' })).toBeDisabled();
});

test('without tracker permissions the page has no time tracking', async () => {
  signIn([]);
  renderEdit();
  expect(await screen.findByRole('region', { name: 'Client details' })).toHaveTextContent('Ellison');
  expect(screen.queryByRole('heading', { name: 'Time tracking' })).not.toBeInTheDocument();
  expect(get).not.toHaveBeenCalledWith('api/v1/time-tracker/sessions', expect.anything());
});

test("one's own running session has a Stop that ends it by id, without the tab that started it; others' have none", async () => {
  signIn(['time-tracker.use', 'time-tracker.view']);
  sessions = [
    session({ id: 9, user_id: 2, status: 'running', stopped_at: null, duration_seconds: null, mid_beats: 0 }),
    session({ id: 8, user_id: 5, user_name: 'Maya Manager', status: 'running', stopped_at: null, duration_seconds: null }),
  ];
  post.mockImplementation(() => {
    sessions = [session({ id: 9, user_id: 2, status: 'stopped', duration_seconds: 1500 }), sessions[1]!];
    return Promise.resolve(ok(sessions[0]));
  });
  renderEdit();
  const table = await screen.findByRole('table', { name: 'Time tracked on this client' });
  const others = within(table).getByRole('row', { name: /Maya Manager/ });
  expect(within(others).queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
  const mine = within(table).getByRole('row', { name: /Oliver Office/ });
  expect(mine).toHaveTextContent('Running');

  await userEvent.click(within(mine).getByRole('button', { name: 'Stop' }));
  expect(post).toHaveBeenCalledWith('api/v1/time-tracker/sessions/9/stop');
  await waitFor(() => expect(within(table).getByRole('row', { name: /Oliver Office/ })).toHaveTextContent('00:25:00'));
  expect(within(table).queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
});

test('the Stop says why when the API refuses, e.g. the session had already ended', async () => {
  signIn(['time-tracker.use']);
  sessions = [session({ id: 9, user_id: 2, status: 'running', stopped_at: null, duration_seconds: null })];
  post.mockResolvedValue({ data: null, error: true, message: 'This session has already ended.', errors: null, httpStatus: 409 });
  renderEdit();
  const table = await screen.findByRole('table', { name: 'Time tracked on this client' });
  await userEvent.click(within(table).getByRole('button', { name: 'Stop' }));
  expect(await screen.findByText('This session has already ended.')).toBeInTheDocument();
});

test('the Stop of the session this tab is timing goes through the tracker (STOP), so its timer ends too', async () => {
  signIn(['time-tracker.use']);
  sessions = [];
  renderEdit();
  const form = await screen.findByRole('form', { name: 'Time this visit' });
  sessions = [session({ id: 3, user_id: 2, status: 'running', stopped_at: null, duration_seconds: null })];
  await userEvent.click(within(form).getByRole('button', { name: 'Start timing' }));
  const table = await screen.findByRole('table', { name: 'Time tracked on this client' });
  await userEvent.click(within(table).getByRole('button', { name: 'Stop' }));
  await waitFor(() => expect(useTracker.getState().sessionOpen).toBe(false));
  expect(post.mock.calls.map(([path]) => path)).toEqual(['api/v1/time-tracker/default/start', 'api/v1/time-tracker/default/stop']);
});
