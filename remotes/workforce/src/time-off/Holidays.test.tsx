import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { HolidayBalance, HolidayDetail, HolidayRow } from '../../contract/time-off';
import Holidays from './Holidays';

// The holidays tab says which unit the allowance is counted in (hours for a part-time pattern), counts requests
// awaiting approval in what remains, and asks a manager for a reason before approving leave beyond it.

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const balance: HolidayBalance = {
  leave_year: { start: '2026-04-01', end: '2027-03-31' },
  basis: 'statutory',
  unit: 'hours',
  entitlement: 123.2,
  taken: 44,
  booked: 0,
  requested: 22,
  remaining: 57.2,
  days_per_week: 5,
  hours_per_week: 22,
  worked_hours: null,
  accrual_percent: null,
  explanation: 'Counted in hours (a part-time or variable pattern): 5.6 weeks × 22 hours a week = 123.2 hours.',
};

const row: HolidayRow = {
  id: 7, owner: 'carers', person_id: 9, person_name: 'Emily Shaw', branch_id: 2, branch: 'Leeds', from_date: '2027-02-08', to_date: '2027-02-26',
  half_day_start: false, half_day_end: false, reason_id: 1, reason: 'Annual leave', paid: true, deducts_allowance: true, notes: '', status: 'requested',
  days: 15, hours: 66, requested_by_name: 'Oliver Office', requested_at: '2026-11-20T10:00:00Z', decided_by_name: null, decided_at: null, decision_reason: '',
  cancelled_by_name: null, cancelled_at: null, cancel_reason: '', override_reason: '', overridden_by_name: null, overridden_at: null,
};
const detail: HolidayDetail = { ...row, breakdown: [], own: false, warnings: [{ kind: 'balance', message: 'This takes 66 hours; only 57.2 hours remain in the leave year.' }] };

function renderAt(path: string, permissions: string[]) {
  useSession.setState({
    status: 'authenticated',
    user: { userID: 3, userRole: 'registered_manager', userPermissions: permissions, userUnreadMessageCount: 0, name: 'Maya Manager', email: 'manager@homecare.test', userType: 'domiciliary', roleLabel: 'Registered manager', branches: [{ id: 2, name: 'Leeds' }] } as CurrentUser,
  });
  const router = createMemoryRouter([{ path: '/app/carers/:id/edit/holidays/*', element: <Holidays owner="carers" ownerId={9} ownerName="Emily Shaw" /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  get.mockImplementation((path: string) => {
    if (path.endsWith('holidays/balance')) return Promise.resolve(ok(balance));
    if (path.endsWith('holidays/7')) return Promise.resolve(ok(detail));
    return Promise.resolve(ok({ data: [row], total: 1, page: 1, page_size: 20, last_page: 1 }));
  });
});

test('the balance and each holiday are shown in the unit the allowance is counted in', async () => {
  renderAt('/app/carers/9/edit/holidays', ['carers.view', 'carers.edit']);
  const card = await screen.findByRole('region', { name: /Balance, leave year .* \(counted in hours\)/ });
  expect(within(card).getByText('Remaining, requests counted')).toHaveTextContent('57.2 hours');
  const table = await screen.findByRole('table', { name: 'Holidays' });
  expect(within(table).getByRole('columnheader', { name: 'Takes (counted in hours)' })).toBeInTheDocument();
  expect(await within(table).findByText('66 hours (15 working days)')).toBeInTheDocument();
});

test('approving beyond the entitlement asks the manager why, and sends the reason', async () => {
  const user = userEvent.setup();
  post.mockResolvedValue(ok({ holiday: { ...detail, status: 'approved' }, warnings: [] }));
  renderAt('/app/carers/9/edit/holidays/7', ['carers.view', 'carers.edit', 'holidays.approve']);
  const form = await screen.findByRole('form', { name: 'Approve beyond the entitlement' });
  await user.type(within(form).getByLabelText(/^Why it is allowed beyond the entitlement/), 'Agreed with HR.');
  await user.click(within(form).getByRole('button', { name: 'Approve beyond the entitlement' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/carers/9/holidays/7/approve', { override_reason: 'Agreed with HR.' }));
});
