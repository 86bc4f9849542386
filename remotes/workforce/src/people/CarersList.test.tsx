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
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });
const page = (rows: Record<string, unknown>[]) => ({ data: rows, total: rows.length, page: 1, page_size: 25, last_page: 1 });

const row = (id: number, name: string, extra: Record<string, unknown>) => {
  const [first_name, last_name] = name.split(' ');
  return { id, name, first_name, last_name, status: 'active', recruitment_stage: 'hired', branch_id: 1, branch: 'Camden Domiciliary', role: 'Care Worker', phone: '07700 900100', town: 'London', start_date: '2023-06-05', compliance: 'compliant', rosterable: true, next_expiry: '2027-03-01', ...extra };
};

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/app/carers/*', element: <Area prefix="carers" /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
}

beforeEach(() => {
  document.cookie.split(';').forEach((cookie) => (document.cookie = `${cookie.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`));
  get.mockReset();
  get.mockImplementation((path: string, params: Record<string, unknown> = {}) => {
    if (path !== 'api/v1/carers/overview') return Promise.resolve(ok(page([])));
    const rows = [
      row(1, 'Tom Fletcher', { compliance: 'non-compliant', rosterable: false, next_expiry: '2026-11-01' }),
      row(2, 'Grace Okafor', { compliance: 'expiring', next_expiry: '2026-12-05' }),
    ];
    return Promise.resolve(ok(page(params.compliance ? rows.filter((item) => item.compliance === params.compliance) : rows)));
  });
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: ['carers.view', 'carers.create'], userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden Domiciliary' }],
    } as CurrentUser,
  });
});

test('/app/carers lists carers with their compliance in words, linking to each file', async () => {
  renderAt('/app/carers');
  expect(screen.getByRole('heading', { level: 1, name: 'Carers' })).toBeInTheDocument();
  const tom = await screen.findByRole('row', { name: /Tom Fletcher/ });
  expect(within(tom).getByText(/Not compliant · cannot be rostered/)).toBeInTheDocument();
  expect(within(tom).getByRole('link', { name: 'Tom Fletcher' })).toHaveAttribute('href', '/app/carers/1/edit/csw-details');
  expect(screen.getByRole('link', { name: 'Add carer' })).toHaveAttribute('href', '/app/carer/add');
});

test('choosing a compliance state asks the server again and keeps the filter in the carer slot', async () => {
  renderAt('/app/carers');
  await screen.findByRole('row', { name: /Grace Okafor/ });
  await userEvent.selectOptions(screen.getByLabelText('Compliance'), 'expiring');
  expect(get).toHaveBeenLastCalledWith('api/v1/carers/overview', expect.objectContaining({ compliance: 'expiring', page: 1 }));
  expect(await screen.findByRole('row', { name: /Grace Okafor/ })).toBeInTheDocument();
  expect(screen.queryByRole('row', { name: /Tom Fletcher/ })).not.toBeInTheDocument();
  expect(decodeURIComponent(document.cookie)).toContain('"compliance":"expiring"');
});
