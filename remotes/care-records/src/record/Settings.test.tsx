import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import Settings from './Settings';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const put = api.put as jest.Mock;
const ok = (data: unknown, message = 'OK') => ({ data, error: false, message, errors: null, httpStatus: 200 });
const page = (rows: Record<string, unknown>[]) => ({ data: rows, total: rows.length, page: 1, page_size: 50, last_page: 1 });

const access = {
  client_id: 7,
  key_safe_location: 'Key safe by the front door, behind the plant pot.',
  key_safe_code: '4827',
  key_safe_code_changed_on: '2026-10-14',
  door_access: 'Knock and call out before letting yourself in.',
  parking: 'Residents’ bays, permit in the hall.',
  pets: 'Biscuit, an elderly cat.',
  alarm: 'Pendant alarm: check she is wearing it.',
  key_holder_name: 'Susan Ellison',
  key_holder_relationship: 'Daughter',
  key_holder_phone: '07700 900101',
  notes: 'Code changes quarterly.',
  updated_at: '2026-10-14T09:30:00Z',
  updated_by: 'Oliver Office',
};

const stay = {
  id: 31, client_id: 7, hospital: 'Royal Free Hospital, Hampstead', ward: '10 North', admitted_on: '2026-11-15', admitted_via: 'ambulance',
  reason: 'Fall at home.', expected_discharge_on: '2026-11-29', discharged_on: '', discharge_destination: '', visits_paused: true,
  reported_by: 'Morning carer', reported_on: '2026-11-15', reported_time: '07:55', notes: '', created_at: '2026-11-15T08:00:00Z', updated_at: '2026-11-15T08:00:00Z',
};

function answer(path: string) {
  if (path === 'api/v1/clients/7/access') return ok(access);
  if (path === 'api/v1/client-hospitals') return ok(page([stay]));
  if (path === 'api/v1/client-pre-exit') return ok(page([]));
  return ok(page([]));
}

function signIn(permissions: string[]) {
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: ['clients.view', ...permissions], userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden' }],
    } as CurrentUser,
  });
}

function renderSettings() {
  const router = createMemoryRouter([{ path: '/app/clients/:id/settings', element: <Settings clientId={7} /> }], { initialEntries: ['/app/clients/7/settings'] });
  render(withData(<RouterProvider router={router} />));
}

beforeEach(() => {
  get.mockReset();
  put.mockReset();
  get.mockImplementation((path: string) => Promise.resolve(answer(path)));
});

test('the key-safe code stays hidden until "Show code" is pressed', async () => {
  signIn(['clients.edit', 'clients.key-safe.view']);
  renderSettings();
  const section = await screen.findByRole('region', { name: 'Access details (key safe)' });
  expect(await within(section).findByText('Key safe by the front door, behind the plant pot.')).toBeInTheDocument();
  expect(within(section).getByText('Susan Ellison (Daughter) 07700 900101')).toBeInTheDocument();
  expect(section).not.toHaveTextContent('4827');
  expect(within(section).getByText('hidden')).toBeInTheDocument();
  // Dates in the product's one style; the change's instant on the UK clock (BST in October).
  expect(within(section).getByText('Wed 14 Oct 2026')).toBeInTheDocument();
  expect(section).toHaveTextContent('Last changed Wed 14 Oct 2026, 10:30');

  await userEvent.click(within(section).getByRole('button', { name: 'Show code' }));
  expect(within(section).getByText('4827')).toBeInTheDocument();
  await userEvent.click(within(section).getByRole('button', { name: 'Hide code' }));
  expect(section).not.toHaveTextContent('4827');
});

test('without clients.key-safe.view the access details are neither asked for nor shown', async () => {
  signIn(['clients.edit']);
  renderSettings();
  const section = await screen.findByRole('region', { name: 'Access details (key safe)' });
  expect(section).toHaveTextContent('shown only to staff allowed to see them');
  // The hospital stay is still shown, so the screen has loaded.
  expect(await screen.findByRole('link', { name: 'Open the current hospital stay' })).toHaveAttribute('href', '/app/client-hospitals/31/edit');
  expect(get).not.toHaveBeenCalledWith('api/v1/clients/7/access');
  expect(screen.queryByRole('button', { name: 'Show code' })).not.toBeInTheDocument();
  expect(screen.queryByText(/4827/)).not.toBeInTheDocument();
});

test('reading the access details without clients.edit offers no edit', async () => {
  signIn(['clients.key-safe.view']);
  renderSettings();
  await screen.findByText('Key safe by the front door, behind the plant pot.');
  expect(screen.queryByRole('button', { name: 'Edit access details' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Start ending care' })).not.toBeInTheDocument();
});

test('editing: the schema checks before sending, a 422 lands on its field and what was typed stays', async () => {
  signIn(['clients.edit', 'clients.key-safe.view']);
  renderSettings();
  await userEvent.click(await screen.findByRole('button', { name: 'Edit access details' }));
  const form = screen.getByRole('form', { name: 'Edit access details' });
  const code = within(form).getByLabelText('Key-safe code');
  expect(code).toHaveAttribute('type', 'password');
  await userEvent.click(within(form).getByRole('button', { name: 'Show code' }));
  expect(code).toHaveAttribute('type', 'text');

  // Refused in the browser: a code too short.
  await userEvent.clear(code);
  await userEvent.type(code, '12');
  await userEvent.click(within(form).getByRole('button', { name: 'Save access details' }));
  expect(await within(form).findByText('Key-safe code must be 3 to 12 digits or letters, like 4827.')).toBeInTheDocument();
  expect(put).not.toHaveBeenCalled();

  // Refused by the server: its message goes on the field, and the typed values stay.
  put.mockResolvedValueOnce({ data: null, error: true, message: 'The given data was invalid.', errors: { key_holder_phone: ["Key holder's phone must be a UK phone number, like 01632 960123 or 07700 900123."] }, httpStatus: 422 });
  await userEvent.clear(code);
  await userEvent.type(code, '5190');
  const parking = within(form).getByLabelText('Parking');
  await userEvent.clear(parking);
  await userEvent.type(parking, 'On the drive');
  await userEvent.click(within(form).getByRole('button', { name: 'Save access details' }));
  expect(await within(form).findByText(/Key holder's phone must be a UK phone number/)).toBeInTheDocument();
  expect(put).toHaveBeenCalledWith('api/v1/clients/7/access', expect.objectContaining({ key_safe_code: '5190', parking: 'On the drive', key_holder_name: 'Susan Ellison' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('The given data was invalid.');
  expect(code).toHaveValue('5190');
  expect(parking).toHaveValue('On the drive');

  // Saved: back to the details, read again.
  put.mockResolvedValueOnce(ok({ ...access, key_safe_code: '5190', parking: 'On the drive' }, 'Access details saved.'));
  get.mockImplementation((path: string) => Promise.resolve(path === 'api/v1/clients/7/access' ? ok({ ...access, key_safe_code: '5190', parking: 'On the drive' }) : answer(path)));
  await userEvent.click(within(form).getByRole('button', { name: 'Save access details' }));
  expect(await screen.findByText('On the drive')).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Edit access details' })).not.toBeInTheDocument();
});

test('the current hospital stay links to its page; without a care ending, "Start ending care" opens the add page for this client', async () => {
  signIn(['clients.edit']);
  renderSettings();
  const hospital = await screen.findByRole('region', { name: 'Hospital' });
  expect(await within(hospital).findByText(/In hospital/)).toBeInTheDocument();
  expect(hospital).toHaveTextContent('Royal Free Hospital, Hampstead, 10 North (999 ambulance)');
  expect(hospital).toHaveTextContent('Visits are paused.');
  expect(within(hospital).queryByRole('link', { name: 'Record a hospital admission' })).not.toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('api/v1/client-hospitals', expect.objectContaining({ client_id: 7 }));

  const ending = screen.getByRole('region', { name: 'Ending care' });
  await waitFor(() => expect(ending).toHaveTextContent('No ending of care is planned.'));
  expect(within(ending).getByRole('link', { name: 'Start ending care' })).toHaveAttribute('href', '/app/client-pre-exit/add?client=7');
});
