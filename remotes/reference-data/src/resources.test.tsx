import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ResourceSpec } from '@hcm/contract/engine';
import { funderCodes, funderScales, medications, resourceNamed } from '../contract';
import { api, deleteCookie, useAlerts, useSession } from '@hcm/kit';
import { readSavedFilter } from '@hcm/kit/storage';
import { withData } from '@hcm/kit/testing';
import { ResourceRoutes } from '@hcm/kit/resources';

// The kit's resource screens over this area's declarations (medications, funders and their rates, staff
// meetings): what /app/datatables/* shows, with the API client as the only fake.

// The data boundary: the API client answers from these fakes; everything above it is real.
jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;

const page = (rows: Record<string, unknown>[]) => ({ data: rows, total: rows.length, page: 1, page_size: 10, last_page: 1 });
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

function renderAt(spec: ResourceSpec, path: string, nestedSpecs: ResourceSpec[] = []) {
  const basePath = `/app/datatables/${spec.name}`;
  const router = createMemoryRouter(
    [{ path: `${basePath}/*`, element: <ResourceRoutes spec={spec} basePath={basePath} nestedSpecs={nestedSpecs} /> }],
    { initialEntries: [path] },
  );
  // A fresh cache per render: each render is a page load of its own.
  render(withData(<RouterProvider router={router} />));
  return router;
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  useSession.setState({
    status: 'authenticated',
    user: { userID: 2, userRole: 'office_staff', userPermissions: ['datatables.view', 'datatables.edit'], userUnreadMessageCount: 0, name: 'O', email: 'o@x.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [] },
  });
});

describe('ResourceList from a declaration', () => {
  it('shows the declared columns with choices and booleans in words, and refetches on sort and filter', async () => {
    get.mockResolvedValue(ok(page([{ id: 1, name: 'Paracetamol', strength: '500 mg', form: 'tablet', route: 'oral', type: 'prn', active: true }])));
    renderAt(medications, '/app/datatables/medications');
    const row = await screen.findByRole('row', { name: /Paracetamol/ });
    expect(within(row).getByText('As needed (PRN)')).toBeInTheDocument();
    expect(within(row).getByText('By mouth')).toBeInTheDocument();
    expect(within(row).getByText('Yes')).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith('api/v1/medications', expect.objectContaining({ sort: 'name', mode: 'asc', page: 1, page_size: 10 }));

    await userEvent.click(screen.getByRole('button', { name: /Form/ }));
    expect(get).toHaveBeenLastCalledWith('api/v1/medications', expect.objectContaining({ sort: 'form', mode: 'asc' }));
    await userEvent.selectOptions(screen.getByLabelText('Route'), 'topical');
    expect(get).toHaveBeenLastCalledWith('api/v1/medications', expect.objectContaining({ route: 'topical', page: 1 }));
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('/api/v1/medications/export.csv?route=topical');
  });
});

describe('date filters', () => {
  // Staff meetings: a filterable date (meeting_date, labelled Date) and a saved-filter slot.
  const staffMeetings = resourceNamed('staff-meetings')!;
  beforeEach(() => {
    deleteCookie('staff_meeting');
    useSession.setState({
      status: 'authenticated',
      user: { userID: 2, userRole: 'office_staff', userPermissions: ['meetings.view', 'meetings.edit'], userUnreadMessageCount: 0, name: 'O', email: 'o@x.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [] },
    });
  });
  afterEach(() => deleteCookie('staff_meeting'));

  it('renders a labelled from/to pair for a filterable date, sends <field>_from and <field>_to, and keeps them in the saved filter', async () => {
    get.mockResolvedValue(ok(page([])));
    const { unmount } = render(
      withData(
        <RouterProvider
          router={createMemoryRouter([{ path: '/app/staff-meetings/*', element: <ResourceRoutes spec={staffMeetings} basePath="/app/staff-meetings" nestedSpecs={[]} /> }], {
            initialEntries: ['/app/staff-meetings'],
          })}
        />,
      ),
    );
    const from = await screen.findByLabelText('Date from');
    const to = screen.getByLabelText('Date to');
    expect(from).toHaveAttribute('type', 'date');
    expect(to).toHaveAttribute('type', 'date');

    // Keyboard reachable: Tab goes from the Type filter to the two days, in order.
    await userEvent.click(screen.getByLabelText('Type'));
    await userEvent.tab();
    expect(from).toHaveFocus();
    await userEvent.keyboard('2026-03-01');
    expect(get).toHaveBeenLastCalledWith('api/v1/staff-meetings', expect.objectContaining({ meeting_date_from: '2026-03-01', page: 1 }));
    await userEvent.tab();
    expect(to).toHaveFocus();
    await userEvent.keyboard('2026-03-31');
    expect(get).toHaveBeenLastCalledWith(
      'api/v1/staff-meetings',
      expect.objectContaining({ meeting_date_from: '2026-03-01', meeting_date_to: '2026-03-31', page: 1 }),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('meeting_date_from=2026-03-01&meeting_date_to=2026-03-31');
    expect(readSavedFilter('staff_meeting', { filters: {}, search: '' }).filters).toEqual({ meeting_date_from: '2026-03-01', meeting_date_to: '2026-03-31' });

    // Back to the list: the saved slot brings both days back, and the first request sends them.
    unmount();
    get.mockClear();
    renderAt(staffMeetings, '/app/datatables/staff-meetings');
    expect(await screen.findByLabelText('Date from')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('Date to')).toHaveValue('2026-03-31');
    expect(get).toHaveBeenCalledWith('api/v1/staff-meetings', expect.objectContaining({ meeting_date_from: '2026-03-01', meeting_date_to: '2026-03-31' }));

    await userEvent.clear(screen.getByLabelText('Date from'));
    const [, query] = get.mock.lastCall as [string, Record<string, unknown>];
    expect(query.meeting_date_from || undefined).toBeUndefined();
    expect(query.meeting_date_to).toBe('2026-03-31');
    expect(readSavedFilter('staff_meeting', { filters: {}, search: '' }).filters).toEqual({ meeting_date_to: '2026-03-31' });
  });
});

describe('ResourceForm from a declaration', () => {
  it('validates with the declaration schema, keeps what was typed, and posts the parsed values', async () => {
    get.mockResolvedValue(ok(page([])));
    post.mockResolvedValue({ data: { id: 9, name: 'Salbutamol' }, error: false, message: 'Created', errors: null, httpStatus: 201 });
    const router = renderAt(medications, '/app/datatables/medications/add');
    await userEvent.type(await screen.findByLabelText('Name'), 'Salbutamol');
    await userEvent.click(screen.getByRole('button', { name: 'Save medication' }));
    expect(await screen.findByText('Choose a form.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Salbutamol');
    expect(post).not.toHaveBeenCalled();

    await userEvent.selectOptions(screen.getByLabelText('Form'), 'inhaler');
    await userEvent.selectOptions(screen.getByLabelText('Route'), 'inhaled');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'prn');
    await userEvent.click(screen.getByRole('button', { name: 'Save medication' }));
    expect(post).toHaveBeenCalledWith('api/v1/medications', expect.objectContaining({ name: 'Salbutamol', form: 'inhaler', active: true, controlled_drug: false }));
    expect(router.state.location.pathname).toBe('/app/datatables/medications');
  });

  it('puts the server’s 422 errors on their fields', async () => {
    get.mockResolvedValue(ok(page([])));
    post.mockResolvedValue({ data: null, error: true, message: 'The given data was invalid.', errors: { name: ['A medication with this name already exists.'] }, httpStatus: 422 });
    renderAt(medications, '/app/datatables/medications/add');
    await userEvent.type(await screen.findByLabelText('Name'), 'Paracetamol');
    await userEvent.selectOptions(screen.getByLabelText('Form'), 'tablet');
    await userEvent.selectOptions(screen.getByLabelText('Route'), 'oral');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'scheduled');
    await userEvent.click(screen.getByRole('button', { name: 'Save medication' }));
    expect(await screen.findByText('A medication with this name already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('The given data was invalid.');
  });

  it('adds a nested row under its parent: the parent is fixed, money is typed in pounds and sent as pence', async () => {
    get.mockImplementation((path: string) =>
      Promise.resolve(ok(path === 'api/v1/funder-codes' ? page([{ id: 3, name: 'Camden Council' }]) : page([]))),
    );
    post.mockResolvedValue({ data: { id: 1, call_minutes: '30' }, error: false, message: 'Created', errors: null, httpStatus: 201 });
    const router = renderAt(funderCodes, '/app/datatables/funder-codes/3/funder-scales/add', [funderScales]);
    expect(await screen.findByLabelText('Funder code')).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Call length'), '30');
    await userEvent.selectOptions(screen.getByLabelText('Day type'), 'weekend');
    await userEvent.type(screen.getByLabelText('Rate (£)'), '17.68');
    await userEvent.type(screen.getByLabelText('Valid from'), '2026-04-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save funder scale' }));
    expect(post).toHaveBeenCalledWith('api/v1/funder-scales', expect.objectContaining({ funder_code_id: 3, rate_pence: 1768, call_minutes: '30', valid_to: '' }));
    expect(router.state.location.pathname).toBe('/app/datatables/funder-codes/3/edit');
  });
});

describe('a stored row read first', () => {
  it('shows a funder code’s values with Edit, its funder scales listed under it, and inputs only once Edit is pressed', async () => {
    const camden = { id: 3, code: 'CAM', name: 'Camden Council', funder_type: 'local-authority', invoice_frequency: 'four-weekly', payment_terms_days: 30, billing_basis: 'actual', invoice_email: '', active: true };
    get.mockImplementation((path: string, params?: Record<string, unknown>) => {
      if (path === 'api/v1/funder-codes/3') return Promise.resolve(ok(camden));
      if (path === 'api/v1/funder-scales' && params?.funder_code_id === '3') {
        return Promise.resolve(ok(page([{ id: 8, funder_code_id: 3, call_minutes: '30', day_type: 'weekday', rate_pence: 1768, valid_from: '2026-04-01', valid_to: '' }])));
      }
      return Promise.resolve(ok(path.endsWith('/audit') ? [] : page([])));
    });
    renderAt(funderCodes, '/app/datatables/funder-codes/3/edit', [funderScales]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Funder code: Camden Council' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Funder code details' })).toHaveTextContent('Payment terms (days)30');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    const scales = screen.getByRole('region', { name: 'Funder scales' });
    expect(await within(scales).findByRole('row', { name: /30 minutes/ })).toHaveTextContent('£17.68');
    expect(within(scales).getByRole('link', { name: /Add funder scale/ })).toHaveAttribute('href', '/app/datatables/funder-codes/3/funder-scales/add');

    await userEvent.click(screen.getByRole('button', { name: 'Edit funder code' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Camden Council');
  });
});

describe('saved filters (spec §3)', () => {
  it('keeps a list’s filters in its slot’s cookie and restores them on return', async () => {
    const withSlot: ResourceSpec = { ...medications, filterSlot: 'staff_meeting' };
    get.mockResolvedValue(ok(page([])));
    const first = renderAt(withSlot, '/app/datatables/medications');
    await userEvent.selectOptions(await screen.findByLabelText('Form'), 'cream');
    expect(document.cookie).toContain('staff_meeting=');
    first.dispose();
    document.body.innerHTML = '';

    get.mockClear();
    renderAt(withSlot, '/app/datatables/medications');
    expect(await screen.findByLabelText('Form')).toHaveValue('cream');
    expect(get).toHaveBeenCalledWith('api/v1/medications', expect.objectContaining({ form: 'cream' }));
  });
});

describe('ResourceHistory', () => {
  it('says who changed which fields, newest first as the server answers', async () => {
    get.mockImplementation((path: string) => {
      if (path === 'api/v1/medications/4/audit') {
        return Promise.resolve(
          ok([
            { id: 2, action: 'update', at: '2026-11-20T10:00:00Z', user: { id: 1, name: 'Amira Admin' }, before: { name: 'Parcetamol', strength: '500 mg' }, after: { name: 'Paracetamol', strength: '500 mg' } },
            { id: 1, action: 'create', at: '2026-11-19T09:00:00Z', user: null, before: null, after: { name: 'Parcetamol' } },
          ]),
        );
      }
      if (path === 'api/v1/medications/4') return Promise.resolve(ok({ id: 4, name: 'Paracetamol', strength: '500 mg', form: 'tablet', route: 'oral', type: 'prn', active: true }));
      return Promise.resolve(ok(page([])));
    });
    renderAt(medications, '/app/datatables/medications/4/edit');
    const history = await screen.findByRole('region', { name: 'History' });
    const items = await within(history).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Amira Admin changed this medication: Name.');
    expect(items[1]).toHaveTextContent('The system added this medication.');
  });
});

describe('deleting a row', () => {
  it('asks first, then deletes and goes back; a refusal from the server is shown and nothing is left', async () => {
    const del = api.delete as jest.Mock;
    get.mockImplementation((path: string) =>
      Promise.resolve(ok(path === 'api/v1/medications/4' ? { id: 4, name: 'Paracetamol', strength: '', form: 'tablet', route: 'oral', type: 'prn', active: true } : path.endsWith('/audit') ? [] : page([]))),
    );
    del.mockResolvedValueOnce({ data: null, error: true, message: 'This medication is still used by Clients and cannot be deleted.', errors: null, httpStatus: 409 });
    const router = renderAt(medications, '/app/datatables/medications/4/edit');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete medication' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this medication?' });
    expect(dialog).toHaveTextContent('Paracetamol will no longer be offered');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete medication' }));
    expect(del).toHaveBeenCalledWith('api/v1/medications/4');
    expect(router.state.location.pathname).toBe('/app/datatables/medications/4/edit');
    expect(useAlerts.getState().alerts.at(-1)).toMatchObject({ type: 'danger', message: 'This medication is still used by Clients and cannot be deleted.' });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    del.mockResolvedValueOnce({ data: null, error: false, message: 'Medication deleted.', errors: null, httpStatus: 200 });
    await userEvent.click(screen.getByRole('button', { name: 'Delete medication' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete medication' }));
    expect(router.state.location.pathname).toBe('/app/datatables/medications');
  });
});
