import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { setClock } from '@hcm/contract/time';
import { api, areaEvents, useAlerts, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { CarerTimeline } from '../../contract/timeline';
import { ANNA, bar as barOf, BEN, dayTimeline, khan, lee, namesOf, patel, weekTimeline } from './fixtures';
import TimelineScreens from './Screens';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });
const failed = (httpStatus: number, data: unknown, errors: Record<string, string[]> | null, message = 'Refused') => ({ data, error: true, message, errors, httpStatus });

let timeline: CarerTimeline;
const writes = () => post.mock.calls.filter(([path]) => !String(path).endsWith('/check'));

function signIn(permissions: string[]) {
  useSession.setState({
    status: 'authenticated',
    user: { userID: 2, userRole: 'office_staff', userPermissions: permissions, userUnreadMessageCount: 0, name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden' }] } as CurrentUser,
  });
}

// The fixtures' week is 23–29 November 2026, seen on its Tuesday: the header marks that day as today.
let restoreClock: () => void;
beforeAll(() => {
  restoreClock = setClock('2026-11-24T10:00:00Z');
});
afterAll(() => restoreClock());

beforeEach(() => {
  timeline = dayTimeline();
  get.mockReset();
  post.mockReset();
  // The timeline's answer, and a visit's details when its bar is opened (GET /visits/:id).
  get.mockImplementation((path: string) => {
    const opened = [khan, lee, patel].find((row) => path === `api/v1/visits/${row.id}`);
    return Promise.resolve(ok(opened ?? timeline));
  });
  post.mockImplementation((path: string) => Promise.resolve(ok(String(path).endsWith('/check') ? [] : { visit: khan, warnings: [] })));
  useAlerts.setState({ alerts: [] });
  signIn(['scheduler.view', 'scheduler.edit']);
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/app/scheduler/timeline/*', element: <TimelineScreens /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

const announcer = () => screen.getByTestId('timeline-announcer');
const rowOf = (key: string) => document.querySelector<HTMLElement>(`[data-row-key="${key}"]`)!;

test('the day view: carers as rows with hours and a "cannot be rostered" marker in words, visits as labelled bars, travel gaps, shading and the unassigned lane', async () => {
  renderAt('/app/scheduler/timeline/today?date=2026-11-24');
  expect(screen.getByRole('heading', { level: 1, name: 'Carer timeline' })).toBeInTheDocument();
  const bar = await screen.findByRole('button', { name: 'Mrs Khan, 08:00–08:30, Assigned' });
  expect(bar).toHaveTextContent('08:00–08:30');
  expect(bar).toHaveTextContent('Assigned');
  expect(get).toHaveBeenCalledWith('api/v1/scheduler/timeline', expect.objectContaining({ view: 'today', date: '2026-11-24' }));
  expect(within(rowOf('carer-7')).getByRole('rowheader')).toHaveTextContent('Anna Smith1 h planned (20 h a week contracted)');
  expect(within(rowOf('carer-8')).getByRole('rowheader')).toHaveTextContent('Cannot be rostered: DBS check lapsed');
  // The unassigned lane is the first row, with the double-up saying how many carers it has.
  const lane = within(rowOf('unassigned'));
  expect(lane.getByRole('rowheader')).toHaveTextContent('Unassigned1 visit needs a carer');
  expect(lane.getByRole('button', { name: 'Mr Patel, 10:00–10:45, Unassigned, double-up, 0 of 2 carers' })).toBeInTheDocument();
  // Travel between Anna's visits: 12 minutes needed in 5, flagged in words.
  expect(within(rowOf('carer-7')).getByText('Too short: 12 min travel, 5 min between visits')).toBeInTheDocument();
  // Anna is available 07:00–14:00: before and after is shaded and labelled; Ben is on holiday all day.
  expect(within(rowOf('carer-7')).getAllByText('Unavailable')).toHaveLength(2);
  expect(within(rowOf('carer-8')).getByText('Holiday')).toBeInTheDocument();
});

test('keyboard: Enter picks a visit up, arrows choose another carer and a quarter of an hour later, Enter drops with the version the planner saw', async () => {
  renderAt('/app/scheduler/timeline/today?date=2026-11-24');
  const bar = await screen.findByRole('button', { name: /^Mrs Khan, 08:00–08:30/ });
  bar.focus();
  await userEvent.keyboard('{Enter}');
  expect(announcer()).toHaveTextContent('Picked up: Mrs Khan 08:00–08:30. Use arrow keys');
  await userEvent.keyboard('{ArrowDown}');
  expect(announcer()).toHaveTextContent('Ben Jones, 08:00–08:30');
  await userEvent.keyboard('{ArrowRight}');
  expect(announcer()).toHaveTextContent('Ben Jones, 08:15–08:45. Enter drops, Escape cancels.');
  expect(within(rowOf('carer-8')).getByText('Drop here: Mrs Khan')).toBeInTheDocument();
  const reads = get.mock.calls.length;
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(writes()).toHaveLength(1));
  expect(writes()[0]).toEqual(['api/v1/visits/101/move', { version: 3, from_carer_id: ANNA.carer_id, to_carer_id: BEN.carer_id, date: '2026-11-24', start_time: '08:15', end_time: '08:45' }]);
  // The period is read again after the save.
  await waitFor(() => expect(get.mock.calls.length).toBeGreaterThan(reads));
  await waitFor(() => expect(announcer()).toHaveTextContent('Saved: Ben Jones, 08:15–08:45.'));
});

test('from the unassigned lane onto a carer is an assignment; Escape cancels without a write; Enter twice opens the details', async () => {
  renderAt('/app/scheduler/timeline/today?date=2026-11-24');
  const patelBar = await screen.findByRole('button', { name: /^Mr Patel/ });
  patelBar.focus();
  await userEvent.keyboard('{Enter}{ArrowDown}{Enter}');
  await waitFor(() => expect(writes()).toEqual([['api/v1/visits/201/assign', { carer_id: ANNA.carer_id, version: patel.version }]]));

  const khanBar = screen.getByRole('button', { name: /^Mrs Khan/ });
  khanBar.focus();
  await userEvent.keyboard('{Enter}{ArrowUp}{Escape}');
  expect(announcer()).toHaveTextContent('Cancelled. Mrs Khan stays at 08:00–08:30.');
  expect(writes()).toHaveLength(1);

  khanBar.focus();
  await userEvent.keyboard('{Enter}{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Mrs Khan, 08:00–08:30' });
  // The timeline sends bars only: the details are the visit's own route, read when the bar is opened.
  expect(get).toHaveBeenCalledWith('api/v1/visits/101');
  expect(within(dialog).getByRole('link', { name: 'Open the visit' })).toHaveAttribute('href', '/app/visits/101');
  expect(within(dialog).getByRole('link', { name: 'Mrs Khan' })).toHaveAttribute('href', `/app/clients/${khan.client_id}`);
  expect(within(dialog).getByText('Help with washing')).toBeInTheDocument();
  expect(within(dialog).getByText('CAMDEN-LA')).toBeInTheDocument();
  expect(writes()).toHaveLength(1);
});

test('a refusal (422) shows the hard rules in words next to the visit and nothing moves', async () => {
  post.mockImplementation((path: string) =>
    Promise.resolve(
      String(path).endsWith('/check')
        ? ok([{ rule: 'holiday', severity: 'hard', carer_id: 8, message: 'Ben Jones is on holiday on 24 November.' }])
        : failed(422, { findings: [{ rule: 'holiday', severity: 'hard', carer_id: 8, message: 'Ben Jones is on holiday on 24 November.' }] }, { carer_id: ['Ben Jones is on holiday on 24 November.', 'Ben Jones’s DBS check has lapsed.'] }),
    ),
  );
  renderAt('/app/scheduler/timeline/today?date=2026-11-24');
  const bar = await screen.findByRole('button', { name: /^Mrs Khan/ });
  bar.focus();
  await userEvent.keyboard('{Enter}{ArrowDown}{Enter}');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Not moved: the rules refuse it');
  expect(alert).toHaveTextContent('Ben Jones is on holiday on 24 November.');
  expect(alert).toHaveTextContent('Ben Jones’s DBS check has lapsed.');
  // Next to the visit, in Anna's row, where the visit still is.
  expect(within(rowOf('carer-7')).getByRole('alert')).toBe(alert);
  expect(within(rowOf('carer-7')).getByRole('button', { name: /^Mrs Khan/ })).toBeInTheDocument();
  expect(within(rowOf('carer-8')).queryByRole('button', { name: /^Mrs Khan/ })).toBeNull();
});

test('a stale version (409) names what changed and reads the visit again', async () => {
  post.mockImplementation((path: string) => Promise.resolve(String(path).endsWith('/check') ? ok([]) : failed(409, { current: { ...khan, version: 4, start_time: '08:30' }, changed: ['start_time', 'carers'] }, null, 'Changed')));
  renderAt('/app/scheduler/timeline/today?date=2026-11-24');
  const bar = await screen.findByRole('button', { name: /^Mrs Khan/ });
  const reads = get.mock.calls.length;
  bar.focus();
  await userEvent.keyboard('{Enter}{ArrowRight}{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed this visit: start time, carers');
  expect(writes()[0]).toEqual(['api/v1/visits/101/move', { version: 3, date: '2026-11-24', start_time: '08:15', end_time: '08:45' }]);
  await waitFor(() => expect(get.mock.calls.length).toBeGreaterThan(reads));
});

test('warnings a save went ahead with show as a notice and a toast', async () => {
  post.mockImplementation((path: string) => Promise.resolve(ok(String(path).endsWith('/check') ? [] : { visit: khan, warnings: [{ rule: 'continuity', severity: 'soft', carer_id: 8, message: 'Mrs Khan has not met Ben Jones before.' }] })));
  renderAt('/app/scheduler/timeline/today?date=2026-11-24');
  (await screen.findByRole('button', { name: /^Mrs Khan/ })).focus();
  await userEvent.keyboard('{Enter}{ArrowDown}{Enter}');
  expect(await screen.findByText('⚠ Mrs Khan has not met Ben Jones before.')).toBeInTheDocument();
  expect(useAlerts.getState().alerts.map((alert) => alert.message)).toEqual([expect.stringContaining('Mrs Khan has not met Ben Jones before.')]);
});

test('drag and drop: a bar dropped on another carer’s row moves it there', async () => {
  renderAt('/app/scheduler/timeline/today?date=2026-11-24');
  const bar = await screen.findByRole('button', { name: /^Mrs Khan/ });
  expect(bar).toHaveAttribute('draggable', 'true');
  const target = within(rowOf('carer-8')).getByRole('cell');
  fireEvent.dragStart(bar, { dataTransfer: { setData: jest.fn(), effectAllowed: '' } });
  fireEvent.dragOver(target, { dataTransfer: { dropEffect: '' } });
  expect(within(rowOf('carer-8')).getByText('Drop here: Mrs Khan')).toBeInTheDocument();
  fireEvent.drop(target, { dataTransfer: {} });
  await waitFor(() => expect(writes()).toEqual([['api/v1/visits/101/move', { version: 3, from_carer_id: 7, to_carer_id: 8 }]]));
});

test('without scheduler.edit a bar only opens its details', async () => {
  signIn(['scheduler.view']);
  renderAt('/app/scheduler/timeline/today?date=2026-11-24');
  const bar = await screen.findByRole('button', { name: /^Mrs Khan/ });
  expect(bar).toHaveAttribute('draggable', 'false');
  bar.focus();
  await userEvent.keyboard('{Enter}');
  expect(await screen.findByRole('dialog', { name: 'Mrs Khan, 08:00–08:30' })).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
});

test("another planner's change (a live area event) reads the period again", async () => {
  renderAt('/app/scheduler/timeline/today?date=2026-11-24&branch_id=1');
  await screen.findByRole('button', { name: /^Mrs Khan/ });
  expect(get).toHaveBeenCalledTimes(1);
  timeline = { ...dayTimeline(), unassigned: [] };
  // Another branch's change is not this timeline's.
  act(() => areaEvents.publish({ area: 'scheduler', topic: 'visits', data: { branch_id: 2, ids: [900], by_user_id: 9 } }));
  expect(get).toHaveBeenCalledTimes(1);
  act(() => areaEvents.publish({ area: 'scheduler', topic: 'visits', data: { branch_id: 1, ids: [201], by_user_id: 9 } }));
  await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(screen.queryByRole('button', { name: /^Mr Patel/ })).toBeNull());
});

test('the week view: days as columns, keyboard moves by a day, and auto-assign shows its proposal before applying it', async () => {
  timeline = weekTimeline();
  post.mockImplementation((path: string, body: { apply?: boolean }) => {
    if (String(path).endsWith('/check')) return Promise.resolve(ok([]));
    if (path === 'api/v1/scheduler/auto-assign')
      return Promise.resolve(
        ok({
          metrics: { assigned_count: 41, unassigned_count: 1, continuity_percent: 82.5, travel_minutes: 310 },
          baseline: { assigned_count: 38, unassigned_count: 4, continuity_percent: 61, travel_minutes: 420 },
          unassigned: [{ visit_id: 201, client_name: 'Mr Patel', date: '2026-11-24', start_time: '10:00', end_time: '10:45', reasons: ['No second carer is available for the double-up.'] }],
          proposal: { fingerprint: 'f'.repeat(64), basis: [[101, 3]], assignments: [{ visit_id: 101, carer_id: 7 }] },
          applied: body.apply === true,
        }),
      );
    return Promise.resolve(ok({ visit: khan, warnings: [] }));
  });
  renderAt('/app/scheduler/timeline/week?date=2026-11-24&branch_id=1');
  const bar = await screen.findByRole('button', { name: 'Mrs Khan, 08:00–08:30, Assigned, on Tue 24 Nov 2026' });
  expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Carer', 'Mon 23 Nov', 'Tue 24 Nov today', 'Wed 25 Nov', 'Thu 26 Nov', 'Fri 27 Nov', 'Sat 28 Nov', 'Sun 29 Nov']);
  expect(within(rowOf('carer-7')).getAllByText('Not available')).toHaveLength(1);
  bar.focus();
  await userEvent.keyboard('{Enter}{ArrowRight}{Enter}');
  await waitFor(() => expect(writes()[0]).toEqual(['api/v1/visits/101/move', { version: 3, date: '2026-11-25', start_time: '08:00', end_time: '08:30' }]));

  await userEvent.click(screen.getByRole('button', { name: 'Auto-assign this week' }));
  const dialog = await screen.findByRole('dialog', { name: /Auto-assign proposal/ });
  expect(post).toHaveBeenCalledWith('api/v1/scheduler/auto-assign', { branch_id: 1, week_start: '2026-11-23', apply: false });
  expect(within(dialog).getByRole('row', { name: /Carer places filled/ })).toHaveTextContent('Carer places filled4138');
  expect(within(dialog).getByRole('row', { name: /Continuity/ })).toHaveTextContent('82.5%61%');
  expect(within(dialog).getByRole('row', { name: /Travel/ })).toHaveTextContent('5 h 10 min7 h');
  expect(within(dialog).getByText(/No second carer is available for the double-up./)).toHaveTextContent('Mr Patel, Tue 24 Nov 2026 10:00–10:45: No second carer is available for the double-up.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/scheduler/auto-assign', { branch_id: 1, week_start: '2026-11-23', apply: true, proposal: { fingerprint: 'f'.repeat(64), basis: [[101, 3]], assignments: [{ visit_id: 101, carer_id: 7 }] } }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /Auto-assign proposal/ })).toBeNull());
});

test('issue 27: a visit needing attention is marked on its bar with a symbol and words in its accessible name, not colour alone', async () => {
  const flagged = { ...patel, attention: { kind: 'taken-off' as const, reason: 'Aisha Bello taken off: on approved leave 24–25 Nov 2026', since: '2026-11-23T09:00:00.000Z' } };
  timeline = { ...dayTimeline(), ...namesOf([khan, lee, flagged]), unassigned: [barOf(flagged, '2026-11-24')] };
  renderAt('/app/scheduler/timeline/today?date=2026-11-24');
  const bar = await screen.findByRole('button', { name: 'Mr Patel, 10:00–10:45, Unassigned, double-up, 0 of 2 carers, needs attention: Aisha Bello taken off: on approved leave 24–25 Nov 2026' });
  // The bar draws its marks beside its words (CSS from data attributes: the name says them in words).
  const marks = (element: HTMLElement) => [...element.querySelectorAll('[data-before], [data-after]')].map((part) => `${part.getAttribute('data-before') ?? ''}|${part.getAttribute('data-after') ?? ''}`).join(' ');
  expect(marks(bar)).toContain('⚑');
  expect(marks(bar)).toContain('needs attention');
  // A bar without a flag says nothing of it.
  expect(marks(screen.getByRole('button', { name: 'Mrs Khan, 08:00–08:30, Assigned' }))).not.toContain('⚑');
});

test('issue 29: a visit the carer would reach late (their day run in order, travel included) says by how much on its bar, in words', async () => {
  const day = dayTimeline();
  timeline = { ...day, carers: day.carers.map((row) => (row.carer_id === 7 ? { ...row, bars: [barOf(khan, day.from), barOf(lee, day.from, { travelBefore: 12, lateBy: 14 })] } : row)) };
  renderAt('/app/scheduler/timeline/today?date=2026-11-24');
  const late = await screen.findByRole('button', { name: 'Mr Lee, 08:35–09:05, Assigned, the carer would arrive 14 min late' });
  expect(late.querySelector('[data-after]')?.getAttribute('data-after')).toContain('⏱ 14 min late');
  // On time says nothing of it.
  expect(screen.getByRole('button', { name: 'Mrs Khan, 08:00–08:30, Assigned' }).querySelector('[data-after]')).toBeNull();
});
