import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { AuditTrailEntry } from '@hcm/contract/engine';
import { api } from '@hcm/kit';
import AuditTrail from './AuditTrail';
import { withData } from '@hcm/kit/testing';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn() } };
});
const get = api.get as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const client = { first_name: 'Margaret', last_name: 'Ellison', town: 'London', allergies: '', branch_id: 1, id: 7, updated_at: '2026-01-01T10:00:00Z' };
const update: AuditTrailEntry = {
  id: 12, at: '2026-03-02T10:15:00Z', action: 'update', resource: 'clients', record_id: 7, record_label: 'Margaret Ellison',
  user: { id: 2, name: 'Oliver Office' }, acting_user: { id: 1, name: 'Amira Admin' }, health_professional: null, ip: '10.0.0.4',
  before: client, after: { ...client, allergies: 'Penicillin', updated_at: '2026-03-02T10:15:00Z' },
};
const view: AuditTrailEntry = {
  id: 11, at: '2026-03-02T10:14:00Z', action: 'view', resource: 'clients', record_id: 7, record_label: 'Margaret Ellison',
  user: null, acting_user: null, health_professional: { id: 3, name: 'Dr Nia Patel' }, ip: null, before: null, after: { view: 'client-medications' },
};

// What the API says of the record kinds (their labels and, for a resource, its fields' labels).
const RECORD_TYPES = [
  { value: 'client-medications', label: 'Medications', fields: {} },
  { value: 'clients', label: 'Clients', fields: { allergies: 'Allergies', town: 'Town' } },
  { value: 'users', label: 'Users', fields: {} },
];

beforeEach(async () => {
  get.mockReset();
  get.mockImplementation((path: string) =>
    Promise.resolve(
      path === 'api/v1/audit/users'
        ? ok([{ id: 1, name: 'Amira Admin' }, { id: 2, name: 'Oliver Office' }])
        : path === 'api/v1/audit/record-types'
          ? ok(RECORD_TYPES)
          : ok({ data: [update, view], total: 2, page: 1, page_size: 10, last_page: 1 }),
    ),
  );
  const router = createMemoryRouter([{ path: '/app/audit/*', element: <AuditTrail /> }], { initialEntries: ['/app/audit'] });
  render(withData(<RouterProvider router={router} />));
  // Both requests answered (the people of the User filter and the first page) before each test goes on.
  await screen.findByRole('option', { name: 'Oliver Office' });
  await screen.findByRole('row', { name: /Changed clients/ });
  await screen.findByRole('option', { name: 'Clients' });
});

describe('the audit trail screen', () => {
  it('lists when, who (acting as whom), what and which record', async () => {
    expect(screen.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Changed clients/ });
    expect(within(row).getByText(/Amira Admin acting as Oliver Office/)).toBeInTheDocument();
    expect(within(row).getByText('Margaret Ellison (#7)')).toBeInTheDocument();
    const seen = screen.getByRole('row', { name: /Viewed clients/ });
    expect(within(seen).getByText('Dr Nia Patel')).toBeInTheDocument();
    expect(within(seen).getByText('Viewed: medications')).toBeInTheDocument();
  });

  it('expands an update to its before and after, the changed field marked', async () => {
    const row = await screen.findByRole('row', { name: /Changed clients/ });
    await userEvent.click(within(row).getByText('Show changes (1 field)'));
    const allergies = within(row).getByRole('row', { name: /Allergies \(changed\)/ });
    expect(allergies).toHaveClass('changed');
    expect(within(allergies).getByText('Penicillin')).toBeInTheDocument();
    expect(within(row).getByRole('row', { name: /^Town/ })).not.toHaveClass('changed');
    expect(within(row).queryByRole('row', { name: /updated_at/ })).toBeNull();
  });

  it('asks the server again with each filter, from page 1', async () => {
    await screen.findByRole('row', { name: /Changed clients/ });
    await userEvent.selectOptions(screen.getByLabelText('Record type'), 'Clients');
    expect(get).toHaveBeenLastCalledWith('api/v1/audit', expect.objectContaining({ resource: 'clients', page: 1 }));
    await userEvent.selectOptions(await screen.findByLabelText('User'), 'Oliver Office');
    expect(get).toHaveBeenLastCalledWith('api/v1/audit', expect.objectContaining({ resource: 'clients', user_id: '2' }));
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Viewed');
    expect(get).toHaveBeenLastCalledWith('api/v1/audit', expect.objectContaining({ action: 'view' }));
    await userEvent.type(screen.getByLabelText('From'), '2026-03-01');
    expect(get).toHaveBeenLastCalledWith('api/v1/audit', expect.objectContaining({ from: '2026-03-01' }));
  });
});
