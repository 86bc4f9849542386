import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { AreaRegistration, CurrentUser } from '@hcm/contract';
import { api, useRuntime, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import Area from '../Area';
import { forgetPageLoad } from './headerState';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn() } };
});
const get = api.get as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const margaret = {
  id: 7, first_name: 'Margaret', last_name: 'Ellison', preferred_name: '', date_of_birth: '1938-05-14', nhs_number: '999 000 1014',
  service_type: 'domiciliary', status: 'active', allergies: 'None known.', branch_id: 1,
};

// Finance as the registry lists it: both its client-record tabs need finance.view, as its API routes do.
const finance = {
  name: 'finance', title: 'Finance', description: '', home: '/app/finance', routePrefixes: ['finance'], navigation: [],
  version: '1.0.0', container: 'area_finance', manifestUrl: 'http://areas.test/finance/mf-manifest.json',
  extensions: [
    { point: 'client-record.tab', key: 'funder-code', title: 'Funder code', module: './ClientRecordTabs', permission: ['finance.view'] },
    { point: 'client-record.tab', key: 'financials', title: 'Financials', module: './ClientRecordTabs', permission: ['finance.view'] },
  ],
} satisfies AreaRegistration;
const loadExposed = jest.fn(async () => ({ default: ({ extensionKey, clientId }: { extensionKey: string; clientId: number }) => <p>Finance tab {extensionKey} of client {clientId}</p> }));

function signIn(userRole: string, userPermissions: string[]) {
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole, userPermissions, userUnreadMessageCount: 0, name: 'Oliver Office', email: 'office@homecare.test',
      userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden Domiciliary' }],
    } as CurrentUser,
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/app/clients/*', element: <Area prefix="clients" /> }], { initialEntries: [path] });
  return render(withData(<RouterProvider router={router} />));
}

beforeEach(() => {
  get.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === 'api/v1/clients/7') return ok(margaret);
    if (path === 'api/v1/clients/7/documents') return ok([]);
    // The composed permission catalogue: what a missing permission allows is told by its description.
    if (path === 'api/v1/permissions') return ok([{ name: 'finance.view', description: 'See finance', owner: 'finance' }]);
    return ok({ data: [], total: 0, page: 1, page_size: 10, last_page: 1 });
  });
  loadExposed.mockClear();
  useRuntime.setState({ registry: { ...useRuntime.getState().registry, areas: [finance] }, loadExposed });
});

test('the finance tabs are offered only to users with finance.view; others are told why at their address instead of a failing request', async () => {
  signIn('office_staff', ['clients.view', 'clients.edit']);
  const { unmount } = renderAt('/app/clients/7/funder-code');
  expect(await screen.findByRole('heading', { level: 1, name: /Margaret Ellison/ })).toBeInTheDocument();
  let tabs = screen.getByRole('navigation', { name: 'Client record' });
  expect(within(tabs).getByRole('link', { name: /^Direct debit contract/ })).toBeInTheDocument();
  expect(within(tabs).queryByRole('link', { name: 'Funder code' })).not.toBeInTheDocument();
  expect(within(tabs).queryByRole('link', { name: 'Financials' })).not.toBeInTheDocument();
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('You do not have permission to see this tab');
  await waitFor(() => expect(alert).toHaveTextContent('Funder code needs the “See finance” permission.'));
  expect(loadExposed).not.toHaveBeenCalled();
  unmount();

  // With the permission the same record offers both tabs and opens them.
  signIn('finance_officer', ['clients.view', 'finance.view']);
  renderAt('/app/clients/7/profile-info');
  expect(await screen.findByRole('heading', { level: 1, name: /Margaret Ellison/ })).toBeInTheDocument();
  tabs = screen.getByRole('navigation', { name: 'Client record' });
  expect(within(tabs).getByRole('link', { name: 'Funder code' })).toHaveAttribute('href', '/app/clients/7/funder-code');
  await userEvent.click(within(tabs).getByRole('link', { name: 'Financials' }));
  expect(await screen.findByText('Finance tab financials of client 7')).toBeInTheDocument();
  expect(screen.queryByText('You do not have permission to see this tab')).not.toBeInTheDocument();
});

test('the summary header is shown in full on a first visit, then folded to one line with the allergies and alerts; the choice is kept per user', async () => {
  window.localStorage.clear();
  signIn('office_staff', ['clients.view']);
  const falls = {
    id: 31, kind: 'falls-risk', title: 'Falls risk assessment', status: 'active', version: 2, review_date: null, review_state: 'overdue', signed_off: null,
    results: [{ key: 'score', label: 'Falls score', value: 18, unit: null, band: 'High risk', level: 'high' }], updated_at: '2026-11-01T10:00:00Z', updated_by: null,
  };
  get.mockImplementation(async (path: string) => {
    if (path === 'api/v1/clients/7') return ok({ ...margaret, allergies: 'Penicillin (rash).' });
    if (path === 'api/v1/clients/7/documents') return ok([falls]);
    return ok({ data: [], total: 0, page: 1, page_size: 10, last_page: 1 });
  });
  const first = renderAt('/app/clients/7/marchart');
  const header = await screen.findByRole('region', { name: 'Client summary' });
  const toggle = within(header).getByRole('button', { name: 'Hide details' });
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(await within(header).findByRole('list', { name: 'Alerts' })).toHaveTextContent('High risk Falls risk assessment: High risk (Falls score 18)');
  expect(within(header).getByText('999 000 1014')).toBeVisible();
  expect(within(header).getByText(/^Sat 14 May 1938 \(age \d+\)$/)).toBeVisible();
  first.unmount();
  // Its screen mounted again on the same page (another tab, its data read again): still in full.
  const again = renderAt('/app/clients/7/marchart');
  expect(await within(await screen.findByRole('region', { name: 'Client summary' })).findByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
  again.unmount();
  forgetPageLoad();

  // Seen once: the next visit (a later page load) starts folded to its summary line, the allergies and the alerts counted in it.
  const second = renderAt('/app/clients/7/marchart');
  const folded = await screen.findByRole('region', { name: 'Client summary' });
  const show = within(folded).getByRole('button', { name: 'Show details' });
  expect(show).toHaveAttribute('aria-expanded', 'false');
  await waitFor(() => expect(folded).toHaveTextContent('Allergies: Penicillin (rash). · 1 high risk · reviews overdue'));
  expect(within(folded).queryByRole('list', { name: 'Alerts' })).not.toBeInTheDocument();
  expect(within(folded).getByText('999 000 1014')).not.toBeVisible();
  for (const id of show.getAttribute('aria-controls')!.split(' ')) expect(document.getElementById(id)).not.toBeNull();

  await userEvent.click(show);
  expect(within(folded).getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
  expect(within(folded).getByRole('list', { name: 'Alerts' })).toBeVisible();
  second.unmount();

  // Opened by the user: kept for their next visit.
  renderAt('/app/clients/7/marchart');
  expect(await within(await screen.findByRole('region', { name: 'Client summary' })).findByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
});
