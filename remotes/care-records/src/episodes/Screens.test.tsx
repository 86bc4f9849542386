import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import Area from '../Area';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });
const page = (rows: Record<string, unknown>[]) => ({ data: rows, total: rows.length, page: 1, page_size: 10, last_page: 1 });

const stay = {
  id: 31, client_id: 7, hospital: 'Royal Free Hospital, Hampstead', ward: '10 North', admitted_on: '2026-11-15', admitted_via: 'ambulance',
  reason: 'Fall at home.', expected_discharge_on: '2026-11-29', discharged_on: '', discharge_destination: '', visits_paused: true,
  reported_by: 'Morning carer', reported_on: '2026-11-15', reported_time: '07:55', notes: '', created_at: '2026-11-15T08:00:00Z', updated_at: '2026-11-15T08:00:00Z',
};

function answer(path: string) {
  if (path === 'api/v1/clients') return ok(page([{ id: 7, last_name: 'Ellison' }]));
  if (path === 'api/v1/client-hospitals') return ok(page([stay]));
  if (path === 'api/v1/client-pre-exit') return ok(page([]));
  return ok(page([]));
}

function renderAt(path: string) {
  const prefix = path.split('/')[2]!;
  const router = createMemoryRouter([{ path: `/app/${prefix}/*`, element: <Area prefix={prefix} /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  get.mockImplementation((path: string) => Promise.resolve(answer(path)));
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: ['clients.view', 'clients.edit'], userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden' }],
    } as CurrentUser,
  });
});

test('/app/client-hospitals lists the stays with their client, linking to each one\'s edit page', async () => {
  renderAt('/app/client-hospitals');
  expect(await screen.findByRole('heading', { level: 1, name: 'Hospital stays' })).toBeInTheDocument();
  const row = await screen.findByRole('row', { name: /Royal Free/ });
  expect(within(row).getByRole('link', { name: 'Ellison' })).toHaveAttribute('href', '/app/client-hospitals/31/edit');
  expect(screen.getByRole('link', { name: 'Add hospital stay' })).toHaveAttribute('href', '/app/client-hospitals/add');
});

test('/app/client-pre-exit/add?client=7 is the add page with the client fixed; the schema refuses a planned end before the notice', async () => {
  renderAt('/app/client-pre-exit/add?client=7');
  const form = await screen.findByRole('form', { name: 'Add care ending' });
  expect(await within(form).findByDisplayValue('Ellison')).toBeDisabled();
  await userEvent.selectOptions(within(form).getByLabelText('Reason for ending'), 'Funding ended');
  await userEvent.selectOptions(within(form).getByLabelText('Notice given by'), 'Funder');
  await userEvent.type(within(form).getByLabelText('Notice date'), '2026-11-20');
  await userEvent.type(within(form).getByLabelText('Planned end date'), '2026-11-10');
  await userEvent.click(within(form).getByRole('button', { name: 'Save care ending' }));
  expect(await within(form).findByText('Planned end date cannot be before the notice date.')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
});

test('/app/client-hospitals/add without a client asks for one', async () => {
  renderAt('/app/client-hospitals/add');
  const form = await screen.findByRole('form', { name: 'Add hospital stay' });
  expect(within(form).getByLabelText('Client')).toBeEnabled();
  expect(within(form).getByLabelText('Visits paused')).toBeChecked();
});
