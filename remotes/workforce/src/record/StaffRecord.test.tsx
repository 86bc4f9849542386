import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import Area from '../Area';

// A carer's file opens on their details read first: the values in words and "Edit carer" for who may edit; the
// form only on request, back to the details on Save or Cancel; deleting only for who may, confirmed in a dialog
// that says what it does.

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const put = api.put as jest.Mock;
const del = api.delete as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });
const page = (rows: Record<string, unknown>[]) => ({ data: rows, total: rows.length, page: 1, page_size: 25, last_page: 1 });

const tom = {
  id: 7, first_name: 'Tom', last_name: 'Fletcher', preferred_name: '', gender: 'male', date_of_birth: '1990-02-14', email: 'tom@example.test',
  phone: '07700 900123', address_line_1: '3 Pratt Street', town: 'London', postcode: 'NW1 0AB', ni_number: '', status: 'active',
  recruitment_stage: 'hired', source: 'indeed', applied_on: '', rejection_reason: '', staffcode_id: 2, band_id: null, contract_type: 'part-time',
  contracted_hours: 24, irregular_hours: false, drives: true, start_date: '2023-06-05', leaving_date: '', leaving_reason: '',
  emergency_contact_name: '', emergency_contact_phone: '', notes: '', branch_id: 1, created_at: '', updated_at: '',
};

let header: { name: string; status: string };

function answer(path: string) {
  if (path === 'api/v1/carers/7') return ok(tom);
  if (path === 'api/v1/carers/7/summary') {
    return ok({ id: 7, ...header, first_name: 'Tom', last_name: 'Fletcher', preferred_name: '', recruitment_stage: 'hired', branch_id: 1, branch: 'Camden Domiciliary', role: 'Care Worker', phone: '', town: 'London', start_date: '2023-06-05', compliance: 'compliant', rosterable: true, next_expiry: null, email: '', gender: 'male', date_of_birth: '1990-02-14', contract_type: 'part-time', blocked_because: [], checks: [], weekly_hours_cap: null, user_id: null });
  }
  if (path === 'api/v1/carers/7/documents' || path.endsWith('/audit')) return ok([]);
  if (path === 'api/v1/staffcodes') return ok(page([{ id: 2, name: 'Care Worker' }]));
  return ok(page([]));
}

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
  const router = createMemoryRouter([{ path: '/app/carers/*', element: <Area prefix="carers" /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

beforeEach(() => {
  header = { name: 'Tom Fletcher', status: 'active' };
  get.mockReset();
  put.mockReset();
  del.mockReset();
  get.mockImplementation((path: string) => Promise.resolve(answer(path)));
});

test('the file opens on the details read first; Edit opens the form, Save goes back to the details with the new values', async () => {
  signIn(['carers.view', 'carers.edit']);
  const router = renderAt('/app/carers/7');
  expect(await screen.findByRole('heading', { level: 1, name: 'Carer: Fletcher' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/app/carers/7/edit/csw-details');
  // The header's dates in the product's one style (@hcm/contract/time).
  expect(within(screen.getByRole('region', { name: 'Carer summary' })).getByText('Started').nextElementSibling).toHaveTextContent(/^Mon 5 Jun 2023$/);
  const details = screen.getByRole('region', { name: 'Carer details' });
  const valueOf = (label: string) => within(details).getByText(label, { selector: 'dt' }).nextElementSibling;
  expect(valueOf('Contract')).toHaveTextContent('Part time');
  expect(valueOf('Drives to visits (licence and business insurance needed)')).toHaveTextContent('Yes');
  expect(valueOf('Start date')).toHaveTextContent(/^Mon 5 Jun 2023$/);
  await waitFor(() => expect(valueOf('Role')).toHaveTextContent('Care Worker'));
  expect(valueOf('Branch')).toHaveTextContent('Camden Domiciliary');
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save carer' })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Edit carer' }));
  const form = screen.getByRole('form', { name: 'Edit carer' });
  expect(within(form).getByLabelText('First name')).toHaveValue('Tom');
  // Deleting is not one Tab away from the form's fields: it is on the details, behind a dialog.
  expect(within(form).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  put.mockImplementation((_path: string, body: Record<string, unknown>) => Promise.resolve(ok({ ...tom, ...body, status: 'suspended', staffcode_id: 2 })));
  header = { name: 'Tom Fletcher', status: 'suspended' };
  await userEvent.selectOptions(within(form).getByLabelText('Status'), 'suspended');
  await userEvent.click(within(form).getByRole('button', { name: 'Save carer' }));

  expect(put).toHaveBeenCalledWith('api/v1/carers/7', expect.objectContaining({ status: 'suspended', first_name: 'Tom' }));
  const after = await screen.findByRole('region', { name: 'Carer details' });
  expect(within(after).getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Suspended');
  expect(screen.queryByRole('form')).not.toBeInTheDocument();
  // The header (its own read) follows the saved status.
  await waitFor(() => expect(within(screen.getByRole('region', { name: 'Carer summary' })).getByText('Suspended')).toBeInTheDocument());
  expect(router.state.location.pathname).toBe('/app/carers/7/edit/csw-details');
});

test('Delete asks first, saying the carer leaves the list and the rota and what to do for a leaver; confirmed, it goes to the list', async () => {
  signIn(['carers.view', 'carers.edit']);
  del.mockResolvedValue({ data: null, error: false, message: 'Carer deleted.', errors: null, httpStatus: 200 });
  const router = renderAt('/app/carers/7/edit/csw-details');
  await userEvent.click(await screen.findByRole('button', { name: 'Delete carer' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete this carer?' });
  expect(dialog).toHaveTextContent('Fletcher will no longer be offered in lists and forms');
  expect(dialog).toHaveTextContent('Deleting takes this carer off the carers list and out of rostering.');
  expect(dialog).toHaveTextContent('If they have left, set their status to Leaver');
  expect(del).not.toHaveBeenCalled();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete carer' }));
  expect(del).toHaveBeenCalledWith('api/v1/carers/7');
  await waitFor(() => expect(router.state.location.pathname).toBe('/app/carers'));
});

test('a user who may only see carers reads the details with no Edit and no Delete', async () => {
  signIn(['carers.view']);
  renderAt('/app/carers/7/edit/csw-details');
  expect(await screen.findByRole('region', { name: 'Carer details' })).toHaveTextContent('Fletcher');
  expect(screen.queryByRole('button', { name: 'Edit carer' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete carer' })).not.toBeInTheDocument();
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
});
