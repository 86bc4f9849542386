import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { api, useSession } from '@hcm/kit';
import Area from '../Area';
import { withData } from '@hcm/kit/testing';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });
const page = (rows: Record<string, unknown>[]) => ({ data: rows, total: rows.length, page: 1, page_size: 10, last_page: 1 });

const margaret = {
  id: 7, first_name: 'Margaret', last_name: 'Ellison', preferred_name: 'Peggy', date_of_birth: '1938-05-14', nhs_number: '999 000 1014',
  local_authority_id: '', service_type: 'domiciliary', status: 'active', address_line_1: '14 Agar Grove', town: 'London', postcode: 'NW1 9SL',
  phone: '', gp_practice: '', start_date: '2024-03-11', end_date: '', care_needs: 'Four calls a day.', medical_conditions: '',
  allergies: 'Penicillin (rash).', communication_needs: '', branch_id: 1, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};

function answer(path: string, params?: Record<string, unknown>) {
  if (path === 'api/v1/clients') return ok(page([margaret]));
  if (path === 'api/v1/clients/7') return ok(margaret);
  if (path === 'api/v1/clients/7/audit') return ok([]);
  if (path === 'api/v1/clients/7/documents') return ok([]);
  if (path === 'api/v1/client-medications') {
    return ok(page(params?.client_id === '7' ? [{ id: 3, client_id: 7, medication_id: 2, dose: 'As the yellow book says', frequency: '18:00', support_level: 'administer', as_needed: false, start_date: '2024-03-11', stop_date: '', instructions: '' }] : []));
  }
  if (path === 'api/v1/client-contacts') {
    return ok(page(params?.client_id === '7' ? [{ id: 4, client_id: 7, name: 'Susan Ellison', relationship: 'child', phone: '07700 900101', email: '', next_of_kin: true, lasting_power_of_attorney: true, notes: '' }] : []));
  }
  if (path === 'api/v1/medications') return ok(page([{ id: 2, name: 'Warfarin' }]));
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
  get.mockImplementation((path: string, params?: Record<string, unknown>) => Promise.resolve(answer(path, params)));
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: ['clients.view', 'clients.create', 'clients.edit'], userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden Domiciliary' }],
    },
  });
});

describe('clients screens', () => {
  it('lists clients at /app/clients with a link to add one', async () => {
    renderAt('/app/clients');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Ellison/ });
    expect(within(row).getByText('999 000 1014')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Add client/i })).toHaveAttribute('href', '/app/clients/add');
  });

  it("opens a client's record on the profile: the summary header, the tabs grouped, the support network a tab", async () => {
    const router = renderAt('/app/clients/7/edit');
    expect(await screen.findByRole('heading', { level: 1, name: /Margaret Ellison/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/clients/7/profile-info');
    const header = screen.getByRole('region', { name: 'Client summary' });
    expect(within(header).getByText('999 000 1014')).toBeInTheDocument();
    expect(within(header).getByText(/Penicillin \(rash\)/)).toBeInTheDocument();
    // Without clients.key-safe.view the key safe is not shown, only who to ask.
    expect(within(header).getByText('Ask the office')).toBeInTheDocument();
    // The profile reads first; its form opens on Edit.
    expect(await screen.findByRole('region', { name: 'Client details' })).toHaveTextContent('Ellison');
    await userEvent.click(screen.getByRole('button', { name: 'Edit client' }));
    expect(screen.getByLabelText('Last name')).toHaveValue('Ellison');

    const tabs = screen.getByRole('navigation', { name: 'Client record' });
    for (const group of ['About the person', 'Plans', 'Risk assessments', 'Medication', 'Daily records', 'Money and contracts', 'Documents', 'Settings']) {
      expect(within(tabs).getByText(group, { selector: 'summary' })).toBeInTheDocument();
    }
    await userEvent.click(within(tabs).getByRole('link', { name: 'Support network' }));
    expect(await screen.findByRole('row', { name: /Susan Ellison/ })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('api/v1/client-contacts', expect.objectContaining({ client_id: '7' }));
    expect(screen.getByRole('link', { name: /Add contact/i })).toHaveAttribute('href', '/app/clients/7/support-network/add');
  });

  it('says which area provides a tab that area has not added yet', async () => {
    renderAt('/app/clients/7/funder-code');
    expect(await screen.findByText(/Funder code is provided by the finance area/)).toBeInTheDocument();
  });

  it('answers /app/client/add with the add-client form', async () => {
    renderAt('/app/client/add');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add client' })).toBeInTheDocument();
    expect(screen.getByLabelText('NHS number')).toBeInTheDocument();
    expect(screen.getByLabelText('Branch')).toHaveValue('1');
  });
});
