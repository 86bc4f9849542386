import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, areaEvents, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { CarerTimeline, ClientTimeline, GlobalSchedule as Schedule } from '../../contract/timeline';
import { ANNA, bar as barOf, BEN, dayTimeline, namesOf, visit } from './fixtures';
import GlobalSchedule from './GlobalSchedule';
import TimelineScreens from './Screens';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

beforeEach(() => {
  get.mockReset();
  // A visit held over a row asks the rules after a short pause (CarerTimeline): on a busy machine a keyboard walk
  // down the rows takes long enough for it to ask. Nothing in the way.
  post.mockReset().mockResolvedValue(ok([]));
  useSession.setState({
    status: 'authenticated',
    user: { userID: 2, userRole: 'office_staff', userPermissions: ['scheduler.view', 'scheduler.edit'], userUnreadMessageCount: 0, name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden' }, { id: 2, name: 'Leeds' }] } as CurrentUser,
  });
});

const renderAt = (path: string) => {
  const router = createMemoryRouter(
    [
      { path: '/app/scheduler/timeline/*', element: <TimelineScreens /> },
      { path: '/app/scheduler/client-timeline/*', element: <TimelineScreens /> },
      { path: '/app/global-schedule', element: <GlobalSchedule /> },
    ],
    { initialEntries: [path] },
  );
  render(withData(<RouterProvider router={router} />));
  return router;
};

// Four Tuesdays of Mrs Khan at 08:00 (Anna three times, Ben once) and a Thursday lunch.
const khanVisits = ['2026-11-03', '2026-11-10', '2026-11-17', '2026-11-24'].map((date, index) =>
  visit({ id: 300 + index, client_id: 51, client_name: 'Mrs Khan', date, start_time: '08:00', end_time: '08:30', status: index < 3 ? 'completed' : 'assigned', carers: [index === 2 ? BEN : ANNA] }),
);
const lunch = visit({ id: 310, client_id: 51, client_name: 'Mrs Khan', date: '2026-11-26', start_time: '12:00', end_time: '12:45', status: 'unassigned', carers: [] });

test('the client timeline: clients as rows over the week, their visits with who is booked, a filter by name, and a link to one client', async () => {
  const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
  const answer: ClientTimeline = {
    view: 'week',
    from: days[0]!,
    to: days[6]!,
    clients: [
      { client_id: 51, name: 'Mrs Khan', branch_id: 1, status: 'active', planned_minutes: 75, visits: [khanVisits[3]!, lunch] },
      { client_id: 52, name: 'Mr Lee', branch_id: 1, status: 'in-hospital', planned_minutes: 0, visits: [] },
    ],
  };
  get.mockResolvedValue(ok(answer));
  const router = renderAt('/app/scheduler/client-timeline/week?date=2026-11-24');
  expect(screen.getByRole('heading', { level: 1, name: 'Client timeline' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: /Client timeline/ });
  expect(get).toHaveBeenCalledWith('api/v1/scheduler/client-timeline', expect.objectContaining({ view: 'week', date: '2026-11-24' }));
  const khanRow = within(table).getByRole('row', { name: /Mrs Khan/ });
  expect(within(khanRow).getByRole('button', { name: 'Anna Smith, 08:00–08:30, Assigned, on Tue 24 Nov 2026' })).toBeInTheDocument();
  expect(within(khanRow).getByRole('button', { name: 'no carer yet, 12:00–12:45, Unassigned, on Thu 26 Nov 2026' })).toHaveTextContent('No carer yet');
  expect(within(table).getByRole('row', { name: /Mr Lee/ })).toHaveTextContent('in-hospital');
  await userEvent.type(screen.getByRole('searchbox', { name: 'Client name' }), 'lee');
  expect(within(table).queryByRole('row', { name: /Mrs Khan/ })).toBeNull();
  await userEvent.click(screen.getByRole('link', { name: 'Two weeks' }));
  expect(router.state.location.pathname).toBe('/app/scheduler/client-timeline/bi-weekly');
  expect(router.state.location.search).toBe('?date=2026-11-24');
  await waitFor(() => expect(get).toHaveBeenCalledWith('api/v1/scheduler/client-timeline', expect.objectContaining({ view: 'bi-weekly' })));
});

test("one client's timeline: the weekly pattern and the carers seen (continuity)", async () => {
  get.mockResolvedValue(ok({ view: 'month', from: '2026-11-01', to: '2026-11-30', clients: [{ client_id: 51, name: 'Mrs Khan', branch_id: 1, status: 'active', planned_minutes: 165, visits: [...khanVisits, lunch] }] } satisfies ClientTimeline));
  renderAt('/app/scheduler/client-timeline/51');
  expect(await screen.findByRole('heading', { level: 1, name: 'Client timeline: Mrs Khan' })).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('api/v1/scheduler/client-timeline', expect.objectContaining({ client_id: '51', view: 'month' }));
  const pattern = within(screen.getByRole('region', { name: 'Weekly pattern' }));
  const rows = pattern.getAllByRole('row').slice(1).map((row) => row.textContent);
  expect(rows).toEqual(['Tuesday08:00–08:304Anna Smith (3), Ben Jones (1)', 'Thursday12:00–12:451No carer yet']);
  const seen = within(screen.getByRole('region', { name: 'Carers seen (continuity)' }));
  expect(seen.getByText('2 different carers over 4 staffed visits.')).toBeInTheDocument();
  expect(seen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Anna Smith: 3 visits (75%)', 'Ben Jones: 1 visit (25%)']);
  expect(screen.getByRole('link', { name: 'Open the client’s record' })).toHaveAttribute('href', '/app/clients/51');
});

test('the global schedule: branches side by side per day, each cell linking to that branch’s timeline for the day, refreshed by live events', async () => {
  const schedule: Schedule = {
    from: '2026-11-24',
    to: '2026-11-25',
    branches: [
      { branch_id: 1, branch: 'Camden', days: [{ date: '2026-11-24', visits: 120, unassigned: 3, cancelled: 2, planned_minutes: 3600, carers_working: 18 }, { date: '2026-11-25', visits: 118, unassigned: 0, cancelled: 0, planned_minutes: 3540, carers_working: 17 }] },
      { branch_id: 2, branch: 'Leeds', days: [{ date: '2026-11-24', visits: 80, unassigned: 0, cancelled: 1, planned_minutes: 2400, carers_working: 11 }, { date: '2026-11-25', visits: 81, unassigned: 1, cancelled: 0, planned_minutes: 2430, carers_working: 11 }] },
    ],
  };
  get.mockResolvedValue(ok(schedule));
  renderAt('/app/global-schedule?date=2026-11-24');
  expect(screen.getByRole('heading', { level: 1, name: 'Global schedule' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: /Global schedule/ });
  expect(get).toHaveBeenCalledWith('api/v1/scheduler/global-schedule', { date: '2026-11-24', view: 'week' });
  expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Day', 'Camden', 'Leeds']);
  const camden = within(table).getByRole('link', { name: /^Camden, Tuesday 24 November 2026: 120 visits, 3 unassigned, 2 cancelled, 60 h planned, 18 carers working/ });
  expect(camden).toHaveAttribute('href', '/app/scheduler/timeline/today?date=2026-11-24&branch_id=1');
  expect(within(table).getByRole('link', { name: /^Leeds, Wednesday 25 November 2026/ })).toHaveAttribute('href', '/app/scheduler/timeline/today?date=2026-11-25&branch_id=2');
  act(() => areaEvents.publish({ area: 'scheduler', topic: 'visits', data: { branch_id: 2, ids: [1], by_user_id: 5 } }));
  await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
});

test('200 carers: only the rows in view are drawn, and a keyboard move down the list keeps its rows drawn', async () => {
  const base = dayTimeline();
  const others = Array.from({ length: 200 }, (_, index) => visit({ id: 5000 + index, client_name: `Client ${index}`, start_time: '09:00', end_time: '09:30', status: 'assigned', carers: [{ carer_id: 1000 + index, name: `Carer ${index + 1}`, position: 1 }] }));
  const many: CarerTimeline = {
    ...base,
    clients: { ...base.clients, ...namesOf(others).clients },
    carers: Array.from({ length: 200 }, (_, index) => ({
      ...base.carers[0]!,
      carer_id: 1000 + index,
      name: `Carer ${String(index + 1).padStart(3, '0')}`,
      bars: index === 0 ? base.carers[0]!.bars : [barOf(others[index]!, base.from)],
    })),
  };
  get.mockResolvedValue(ok(many));
  renderAt('/app/scheduler/timeline/today?date=2026-11-24');
  await screen.findByRole('button', { name: /^Mrs Khan/ });
  const drawn = document.querySelectorAll('[data-row-key]').length;
  expect(drawn).toBeGreaterThan(5);
  expect(drawn).toBeLessThan(60);
  expect(screen.getByRole('table', { name: /Carer timeline/ })).toHaveAttribute('aria-rowcount', '202');
  const bar = screen.getByRole('button', { name: /^Mrs Khan/ });
  bar.focus();
  await userEvent.keyboard('{Enter}');
  for (let step = 0; step < 120; step += 1) await userEvent.keyboard('{ArrowDown}');
  expect(screen.getByTestId('timeline-announcer')).toHaveTextContent('Carer 121, 08:00–08:30');
  // The row it came from (with the focused bar) and the row it is over are both drawn.
  expect(document.querySelector('[data-row-key="carer-1120"]')).not.toBeNull();
  expect(bar).toHaveFocus();
  await userEvent.keyboard('{Escape}');
});
