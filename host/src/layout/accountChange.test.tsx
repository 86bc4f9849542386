import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { AreaRegistration, CurrentUser, Page } from '@hcm/contract';
import type { MyNotice } from '@hcm/contract/schemas';
import { api, useRuntime, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { renderWithData } from '@hcm/kit/testing';
import { SwitchAccountPage } from '../auth/SwitchAccountPage';
import { Dashboard } from '../pages/Dashboard';
import { AppLayout } from './AppLayout';

// The data boundary: the API client answers from these fakes. The layout, its account menu, the switch page,
// the dashboard and the data layer (one cache, as the host mounts it) are real.
jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn() } };
});
// No chat socket in a unit test.
jest.mock('../chat/useChatConnection', () => ({ useChatConnection: () => undefined }));
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const person = (userID: number, name: string, userPermissions: string[], switchedFrom: CurrentUser['switchedFrom'] = null): CurrentUser => ({
  userID, name, userPermissions, switchedFrom, userRole: 'office_staff', userUnreadMessageCount: 0, email: `${userID}@homecare.test`,
  userType: 'domiciliary', roleLabel: 'Office staff', branches: [],
});
const MANAGER = person(1, 'Mina Manager', ['dashboard.view', 'account.switch']);
const OFFICE = person(2, 'Oliver Office', ['dashboard.view']);
const OFFICE_AS_MANAGER = { ...OFFICE, switchedFrom: { id: 1, name: 'Mina Manager' } };

const notice = (id: number, title: string): MyNotice => ({
  id, title, body: 'Details inside.', branch_name: null, published_by: 'The office', published_at: '2026-03-02T09:00:00Z', read_at: null,
});
/** Each user's own notices: what the API answers depends on who is signed in now. */
const NOTICES: Record<number, MyNotice[]> = { 1: [notice(1, 'Supervision notes for managers')], 2: [notice(2, 'Rota for the office')] };

/**
 * The dashboard's notices come from the workforce area (a `dashboard.panel` extension): a stand-in that asks the
 * API the same way, through the one cache the host mounts, so what the cache keeps across users shows.
 */
function NoticesPanel() {
  const answer = useApiQuery<Page<MyNotice>>('api/v1/communication/my-notices', { page_size: 5 });
  return (
    <section aria-label="Notices for you">
      <ul>{answer.data?.data.map((row) => <li key={row.id}>{row.title}</li>)}</ul>
    </section>
  );
}
const WORKFORCE = {
  name: 'workforce', title: 'Workforce', description: '', version: '1', container: 'workforce', home: '/app/carers', routePrefixes: ['carers'], navigation: [],
  manifestUrl: 'http://localhost/workforce/mf-manifest.json', extensions: [{ point: 'dashboard.panel', key: 'notices', title: 'Notices for you', module: './DashboardPanels' }],
} as unknown as AreaRegistration;

function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Log in page</h1> },
      { path: '/app', element: <AppLayout />, children: [{ path: 'dashboard', element: <Dashboard /> }] },
      { path: '/switch-account/:parent_user/:target_user', element: <SwitchAccountPage /> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...renderWithData(<RouterProvider router={router} />) };
}

let fetchSpy: jest.SpyInstance;

beforeEach(() => {
  useRuntime.getState().setRegistry({ productLabel: 'Home Care', apiUrl: 'http://api.test', areas: [WORKFORCE] });
  useRuntime.getState().setExposedModuleLoader(async () => ({ default: NoticesPanel }));
  get.mockReset().mockImplementation(async (path: string) => {
    const user = useSession.getState().user;
    if (path === 'api/v1/communication/my-notices') {
      const rows = NOTICES[user?.userID ?? 0] ?? [];
      return ok({ data: rows, total: rows.length, page: 1, page_size: 5, last_page: 1 });
    }
    if (path === 'api/v1/account/switch-accounts-list') return ok([{ id: 2, name: 'Oliver Office', email: 'office@homecare.test', role_label: 'Office staff' }]);
    throw new Error(`unexpected GET ${path}`);
  });
  post.mockReset();
  // The session store's own POST /logout goes through the network: answered here.
  fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
  useSession.setState({ user: MANAGER, status: 'authenticated' });
});
afterEach(() => fetchSpy.mockRestore());

const noticesPanel = () => screen.findByRole('region', { name: 'Notices for you' });

test('logging out forgets every cached answer: the next user to sign in never sees the previous one’s', async () => {
  const { router, client } = renderApp('/app/dashboard');
  expect(await within(await noticesPanel()).findByText('Supervision notes for managers')).toBeInTheDocument();
  expect(client.getQueryCache().getAll().length).toBeGreaterThan(0);

  await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
  expect(await screen.findByRole('heading', { name: 'Log in page' })).toBeInTheDocument();
  expect(client.getQueryCache().getAll()).toHaveLength(0);

  // Another user signs in on the same page, within the 30 s an answer stays fresh.
  useSession.setState({ user: OFFICE, status: 'authenticated' });
  await act(() => router.navigate('/app/dashboard'));
  expect(await within(await screen.findByRole('region', { name: 'Notices for you' })).findByText('Rota for the office')).toBeInTheDocument();
  expect(screen.queryByText('Supervision notes for managers')).not.toBeInTheDocument();
});

test('switching account from the header’s menu forgets the first account’s answers', async () => {
  post.mockImplementation(async (path: string) => (path === 'api/v1/account/switch' ? ok({ data: OFFICE_AS_MANAGER }) : ok(null)));
  // The switch gives a new session; the store then asks who is signed in: the office account, acting.
  const loadUser = jest.fn(async () => {
    useSession.setState({ user: OFFICE_AS_MANAGER, status: 'authenticated' });
    return OFFICE_AS_MANAGER;
  });
  useSession.setState({ loadUser });
  renderApp('/app/dashboard');
  expect(await within(await noticesPanel()).findByText('Supervision notes for managers')).toBeInTheDocument();

  await userEvent.click(await screen.findByRole('button', { name: 'Switch account' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Oliver Office (Office staff)' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Switch to Oliver Office' }));
  expect(post).toHaveBeenCalledWith('api/v1/account/switch', { user_id: 2 });
  expect(loadUser).toHaveBeenCalled();

  // Back on the dashboard as the office account: its own notices, asked for after the switch.
  expect(await within(await noticesPanel()).findByText('Rota for the office')).toBeInTheDocument();
  expect(screen.queryByText('Supervision notes for managers')).not.toBeInTheDocument();
  await waitFor(() => expect(get.mock.calls.filter(([path]) => path === 'api/v1/communication/my-notices')).toHaveLength(2));
});
