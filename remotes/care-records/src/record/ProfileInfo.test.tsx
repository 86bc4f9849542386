import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import Area from '../Area';

// The client record's first tab (profile-info) reads first: the details in words with "Edit client" for who may
// edit, the form only on request and back to the details on Save or Cancel; "Delete client" only for who may
// delete, confirmed in a dialog that says what deleting does and what to do instead.

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const put = api.put as jest.Mock;
const del = api.delete as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });
const page = (rows: Record<string, unknown>[]) => ({ data: rows, total: rows.length, page: 1, page_size: 10, last_page: 1 });

const margaret = {
  id: 7, first_name: 'Margaret', last_name: 'Ellison', preferred_name: 'Peggy', date_of_birth: '1938-05-14', nhs_number: '999 000 1014',
  local_authority_id: '', service_type: 'domiciliary', status: 'active', address_line_1: '14 Agar Grove', town: 'London', postcode: 'NW1 9SL',
  phone: '', gp_practice: '', start_date: '2024-03-11', end_date: '', care_needs: 'Four calls a day.\nHelp with a shower on Fridays.', medical_conditions: '',
  allergies: 'Penicillin (rash).', communication_needs: '', branch_id: 1, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};

function signIn(permissions: string[]) {
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: permissions, userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden Domiciliary' }],
    } as CurrentUser,
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/app/clients/*', element: <Area prefix="clients" /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

beforeEach(() => {
  get.mockReset();
  put.mockReset();
  del.mockReset();
  get.mockImplementation((path: string) => {
    if (path === 'api/v1/clients/7') return Promise.resolve(ok(margaret));
    if (path === 'api/v1/clients/7/documents' || path.endsWith('/audit')) return Promise.resolve(ok([]));
    return Promise.resolve(ok(page([])));
  });
});

test('the profile reads first; Edit opens the form with the values, Save goes back to the details showing the change', async () => {
  signIn(['clients.view', 'clients.edit']);
  const router = renderAt('/app/clients/7/edit');
  const details = await screen.findByRole('region', { name: 'Client details' });
  expect(router.state.location.pathname).toBe('/app/clients/7/profile-info');
  const valueOf = (label: string) => within(screen.getByRole('region', { name: 'Client details' })).getByText(label, { selector: 'dt' }).nextElementSibling;
  expect(valueOf('Status')).toHaveTextContent('Active');
  expect(valueOf('Date of birth')).toHaveTextContent('14 May 1938');
  expect(valueOf('Care needs')).toHaveTextContent('Four calls a day. Help with a shower on Fridays.');
  expect(valueOf('Phone')).toHaveTextContent('Not recorded');
  expect(within(details).queryByRole('textbox')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save client' })).not.toBeInTheDocument();
  // Who may not delete clients is not offered it (office staff are not, by default).
  expect(screen.queryByRole('button', { name: 'Delete client' })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Edit client' }));
  const form = screen.getByRole('form', { name: 'Edit client' });
  expect(within(form).getByLabelText('First name')).toHaveFocus();
  expect(within(form).getByLabelText('NHS number')).toHaveValue('999 000 1014');
  put.mockImplementation((_path: string, body: Record<string, unknown>) => Promise.resolve(ok({ ...margaret, ...body, branch_id: 1 })));
  await userEvent.type(within(form).getByLabelText('Phone'), '020 7946 0123');
  await userEvent.click(within(form).getByRole('button', { name: 'Save client' }));

  expect(put).toHaveBeenCalledWith('api/v1/clients/7', expect.objectContaining({ phone: '020 7946 0123', last_name: 'Ellison' }));
  await waitFor(() => expect(valueOf('Phone')).toHaveTextContent('020 7946 0123'));
  expect(screen.queryByRole('form', { name: 'Edit client' })).not.toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/app/clients/7/profile-info');
});

test('Cancel goes back to the details without saving', async () => {
  signIn(['clients.view', 'clients.edit']);
  renderAt('/app/clients/7/profile-info');
  await userEvent.click(await screen.findByRole('button', { name: 'Edit client' }));
  await userEvent.clear(screen.getByLabelText('Town'));
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(within(screen.getByRole('region', { name: 'Client details' })).getByText('Town', { selector: 'dt' }).nextElementSibling).toHaveTextContent('London');
  expect(put).not.toHaveBeenCalled();
});

test('with clients.delete, Delete asks first and says what happens; confirmed, it goes to the clients list', async () => {
  signIn(['clients.view', 'clients.edit', 'clients.delete']);
  del.mockResolvedValue({ data: null, error: false, message: 'Client deleted.', errors: null, httpStatus: 200 });
  const router = renderAt('/app/clients/7/profile-info');
  await userEvent.click(await screen.findByRole('button', { name: 'Delete client' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete this client?' });
  expect(dialog).toHaveTextContent('Ellison will no longer be offered in lists and forms');
  expect(dialog).toHaveTextContent('Deleting takes this client off the clients list and they are no longer offered for visits.');
  expect(dialog).toHaveTextContent('If their care is ending, use Settings and "Start ending care" instead');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
  expect(del).not.toHaveBeenCalled();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  await userEvent.click(screen.getByRole('button', { name: 'Delete client' }));
  await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete this client?' })).getByRole('button', { name: 'Delete client' }));
  expect(del).toHaveBeenCalledWith('api/v1/clients/7');
  await waitFor(() => expect(router.state.location.pathname).toBe('/app/clients'));
});

test('a user who may only read clients sees the details with no Edit and no Delete', async () => {
  signIn(['clients.view']);
  renderAt('/app/clients/7/profile-info');
  expect(await screen.findByRole('region', { name: 'Client details' })).toHaveTextContent('Penicillin (rash).');
  expect(screen.queryByRole('button', { name: 'Edit client' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete client' })).not.toBeInTheDocument();
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
});
