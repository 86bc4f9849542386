import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { CalendarDay, CalendarMonth } from '../../contract/time-off';
import Calendars from './Calendars';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn() } };
});
const get = api.get as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

function december(): CalendarMonth {
  const days: CalendarDay[] = Array.from({ length: 31 }, (_, index) => ({ date: `2026-12-${String(index + 1).padStart(2, '0')}`, people: [], bank_holidays: [], closures: [] }));
  days[15]!.people.push(
    { owner: 'carers', person_id: 1, holiday_id: 10, name: 'Fatima Rahman', branch: 'Camden', status: 'approved', half: null, reason: 'Annual leave' },
    { owner: 'carers', person_id: 2, holiday_id: 11, name: 'Grace Okafor', branch: 'Camden', status: 'requested', half: null, reason: 'Annual leave' },
  );
  days[24]!.bank_holidays.push('Christmas Day');
  days[10]!.closures.push({ name: 'Christmas party (office closes at 13:00)', branch: 'All branches' });
  return { month: '2026-12', who: 'carers', branch_id: null, days };
}

beforeEach(() => {
  get.mockReset();
  get.mockImplementation((_path: string, params: { month: string }) => Promise.resolve(ok(params.month === '2026-12' ? december() : { ...december(), month: params.month, days: [] })));
  useSession.setState({
    status: 'authenticated',
    user: { userID: 2, userRole: 'office_staff', userPermissions: ['carers.view'], userUnreadMessageCount: 0, name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden' }] } as CurrentUser,
  });
});

test("the carers' calendar: a month grid by weekday, requested holidays marked in words, bank holidays and closures, month by month", async () => {
  const router = createMemoryRouter([{ path: '/app/calendar/*', element: <Calendars /> }], { initialEntries: ['/app/calendar/carer/holidays?month=2026-12'] });
  render(withData(<RouterProvider router={router} />));
  expect(screen.getByRole('heading', { level: 1, name: "Carers' holidays" })).toBeInTheDocument();
  const grid = await screen.findByRole('table', { name: /Carers' holidays, December 2026/ });
  expect(within(grid).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  // 1 December 2026 is a Tuesday: the first row starts with one blank Monday.
  const firstWeek = within(grid).getAllByRole('row')[1]!;
  expect(within(firstWeek).getAllByRole('cell')[0]).toHaveTextContent('1');
  const sixteenth = within(grid).getByText('Grace Okafor (requested)').closest('td')!;
  expect(sixteenth).toHaveTextContent('16');
  expect(within(sixteenth).getByText('Fatima Rahman')).toBeInTheDocument();
  expect(within(grid).getByText('Bank holiday: Christmas Day')).toBeInTheDocument();
  expect(within(grid).getByText('Closed: Christmas party (office closes at 13:00)')).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('api/v1/holidays/calendar', expect.objectContaining({ month: '2026-12', who: 'carers' }));

  await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
  await waitFor(() => expect(get).toHaveBeenCalledWith('api/v1/holidays/calendar', expect.objectContaining({ month: '2027-01' })));
  expect(await screen.findByRole('heading', { level: 2, name: 'January 2027' })).toBeInTheDocument();

  grid.focus();
  await userEvent.keyboard('{PageUp}');
  await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'December 2026' })).toBeInTheDocument());
});
