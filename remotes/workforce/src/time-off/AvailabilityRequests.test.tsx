import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { AvailabilityRequestRow } from '../../contract/carer-app-time-off';
import type { CarerAvailabilityDays } from '../../contract/time-off';
import Availability from './Availability';

// The live-event availability view lists what carers told the office from their phones, waiting for a decision:
// a user who edits carers accepts one or declines it with a reason; one who only reads carers sees them only.

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const told: AvailabilityRequestRow = {
  id: 41, carer_id: 9, carer_name: 'Tom Fletcher', branch_id: 1, branch: 'Camden', from_date: '2026-12-03', to_date: '2026-12-03', available: false, windows: [],
  reason: 'Dentist appointment', status: 'pending', recorded_at: '2026-11-24T19:40:00Z', created_at: '2026-11-24T19:41:00Z', decided_by_name: null, decided_at: null, decision_note: '', change_id: null,
};
const days: CarerAvailabilityDays[] = [{ carer_id: 9, name: 'Tom Fletcher', branch_id: 1, branch: 'Camden', days: [{ date: '2026-11-25', status: 'available', windows: [{ from: '08:00', to: '15:30' }], source: 'pattern', note: '' }] }];

function renderView(permissions: string[]) {
  useSession.setState({
    status: 'authenticated',
    user: { userID: 2, userRole: 'office_staff', userPermissions: permissions, userUnreadMessageCount: 0, name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden' }] } as CurrentUser,
  });
  const router = createMemoryRouter([{ path: '/app/live-events/carers/availability', element: <Availability /> }], { initialEntries: ['/app/live-events/carers/availability'] });
  render(withData(<RouterProvider router={router} />));
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  get.mockImplementation((path: string) => Promise.resolve(ok(path === 'api/v1/carers/availability-requests' ? [told] : days)));
});

test('what carers told from their phones is listed, and accepting it posts the decision', async () => {
  const user = userEvent.setup();
  post.mockResolvedValue(ok({ request: { ...told, status: 'accepted' }, change: null }));
  renderView(['carers.view', 'carers.edit']);
  const section = await screen.findByRole('region', { name: 'Told from carers’ phones' });
  const table = await within(section).findByRole('table', { name: /waiting for a decision/ });
  const row = within(table).getByRole('row', { name: /Tom Fletcher/ });
  expect(row).toHaveTextContent('Not available');
  expect(row).toHaveTextContent('Dentist appointment');
  expect(get).toHaveBeenCalledWith('api/v1/carers/availability-requests', expect.objectContaining({ status: 'pending' }));
  await user.click(within(row).getByRole('button', { name: /^Accept: Tom Fletcher/ }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/carers/9/availability-requests/41/accept', { note: '' }));
});

test('declining asks why first, then sends the reason the carer reads', async () => {
  const user = userEvent.setup();
  post.mockResolvedValue(ok({ request: { ...told, status: 'declined' }, change: null }));
  renderView(['carers.view', 'carers.edit']);
  const row = await screen.findByRole('row', { name: /Tom Fletcher/ });
  await user.click(within(row).getByRole('button', { name: /^Decline: Tom Fletcher/ }));
  expect(within(row).getByRole('alert')).toHaveTextContent('Say why it is declined');
  expect(post).not.toHaveBeenCalled();
  await user.type(within(row).getByLabelText('Why it is declined (the carer reads it)'), 'Thursday is covered.');
  await user.click(within(row).getByRole('button', { name: /^Decline: Tom Fletcher/ }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/carers/9/availability-requests/41/decline', { reason: 'Thursday is covered.' }));
});

test('a user who only reads carers sees what is waiting but cannot decide', async () => {
  renderView(['carers.view']);
  const row = await screen.findByRole('row', { name: /Tom Fletcher/ });
  expect(within(row).queryByRole('button')).not.toBeInTheDocument();
});
