import { act, screen, waitFor, within } from '@testing-library/react';
import { api, areaEvents } from '@hcm/kit';
import type { SchedulerToday, TodayVisit } from '../../contract/today';
import { failed, ok, renderAt, signIn } from '../visits/testing';
import TodayPanel from './TodayPanel';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn() } };
});
const get = api.get as jest.Mock;

const visit = (id: number, extra: Partial<TodayVisit> = {}): TodayVisit => ({
  visit_id: id, branch_id: 1, client_id: 7, client_name: 'Margaret Ellison', date: '2026-11-25', start_time: '08:00', end_time: '08:45',
  carers_needed: 1, carer_names: ['Grace Okafor'], time_critical: false, time_critical_reason: '', ...extra,
});

const answer = (extra: Partial<SchedulerToday> = {}): SchedulerToday => ({
  date: '2026-11-25',
  generated_at: '2026-11-25T10:00:00.000Z',
  late: { count: 2, visits: [visit(11), visit(12, { client_name: 'Arthur Price', start_time: '09:00', end_time: '09:30' })] },
  missed: { count: 1, visits: [visit(13, { client_name: 'Irene Kaur', start_time: '07:30', end_time: '08:00' })] },
  unassigned: {
    count: 3,
    time_critical: 1,
    visits: [
      visit(21, { client_name: 'Desmond Achebe', start_time: '16:45', end_time: '17:15', carer_names: [], time_critical: true, time_critical_reason: 'Insulin before tea' }),
      visit(22, { client_name: 'Siobhan Doyle', start_time: '11:00', end_time: '14:00', carer_names: [] }),
      visit(23, { client_name: 'Thomas Brennan', start_time: '12:30', end_time: '13:00', carers_needed: 2, carer_names: [] }),
    ],
  },
  attention: { count: 70, visits: [{ ...visit(22, { client_name: 'Siobhan Doyle', start_time: '11:00', end_time: '14:00', carer_names: [] }), kind: 'rule-break-at-generation', reason: 'Left unassigned when generated: Siân Evans is not available.' }] },
  ...extra,
});

const none = { count: 0, visits: [] };

beforeEach(() => {
  get.mockReset();
  signIn(['visits.view', 'scheduler.view']);
});
afterEach(() => act(() => areaEvents.setConnected(false)));

test('each part says its count in words, linking to its list, with its first visits; the time-critical call first, said in words', async () => {
  get.mockResolvedValue(ok(answer()));
  renderAt('/', <TodayPanel />, '/');
  const panel = screen.getByRole('region', { name: 'Visits today' });
  expect(await within(panel).findByRole('link', { name: '2 visits late now' })).toHaveAttribute('href', '/app/scheduler/live-view');
  expect(within(panel).getByRole('link', { name: '1 visit missed' })).toHaveAttribute('href', '/app/scheduler/live-view');
  expect(within(panel).getByRole('link', { name: '3 visits unassigned today, 1 time-critical' })).toHaveAttribute('href', '/app/scheduler/timeline/today');
  expect(within(panel).getByRole('link', { name: '70 visits need attention' })).toHaveAttribute('href', '/app/visits/needs-attention');

  const late = within(panel).getByRole('region', { name: 'Late now' });
  expect(within(late).getByRole('link', { name: '08:00–08:45 Margaret Ellison' })).toHaveAttribute('href', '/app/visits/11');
  expect(within(late).getAllByRole('listitem')[0]).toHaveTextContent('08:00–08:45 Margaret Ellison (Grace Okafor)');
  const unassigned = within(within(panel).getByRole('region', { name: 'Unassigned today' })).getAllByRole('listitem');
  expect(unassigned[0]).toHaveTextContent('Time-critical: Insulin before tea. 16:45–17:15 Desmond Achebe');
  expect(unassigned[1]).not.toHaveTextContent('Time-critical');
  const attention = within(panel).getByRole('region', { name: 'Needs attention' });
  expect(within(attention).getByRole('listitem')).toHaveTextContent('Wed 25 Nov 2026 11:00–14:00 Siobhan Doyle: Left unassigned when generated: Siân Evans is not available.');
  expect(get).toHaveBeenCalledWith('api/v1/scheduler/today');
});

test('says plainly when there is nothing: no visit late, missed, short of a carer or needing attention', async () => {
  get.mockResolvedValue(ok(answer({ late: none, missed: none, unassigned: { ...none, time_critical: 0 }, attention: none })));
  renderAt('/', <TodayPanel />, '/');
  expect(await screen.findByText('No visit is late.')).toBeInTheDocument();
  expect(screen.getByText('No visit is missed.')).toBeInTheDocument();
  expect(screen.getByText('Every visit today has its carers.')).toBeInTheDocument();
  expect(screen.getByText('No visit needs attention.')).toBeInTheDocument();
  expect(screen.queryByRole('list')).toBeNull();
});

test('asks again when the live engine or a visit change is pushed; without the rota planner’s view the unassigned link is the typed list', async () => {
  signIn(['visits.view']);
  get.mockResolvedValueOnce(ok(answer())).mockResolvedValue(ok(answer({ late: { count: 3, visits: answer().late.visits } })));
  act(() => areaEvents.setConnected(true));
  renderAt('/', <TodayPanel />, '/');
  expect(await screen.findByRole('link', { name: '2 visits late now' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Live: updates as carers check in and visits change.');
  expect(screen.getByRole('link', { name: '3 visits unassigned today, 1 time-critical' })).toHaveAttribute('href', '/app/scheduler/v1/unassigned');
  act(() => areaEvents.publish({ area: 'scheduler', topic: 'live', data: { branch_id: 1, visit_ids: [11], alert_ids: [41], at: '2026-11-25T10:05:00Z' } }));
  expect(await screen.findByRole('link', { name: '3 visits late now' })).toBeInTheDocument();
  const calls = get.mock.calls.length;
  act(() => areaEvents.publish({ area: 'scheduler', topic: 'visits', data: { branch_id: 1, ids: [22], by_user_id: 2 } }));
  await waitFor(() => expect(get.mock.calls.length).toBe(calls + 1));
  // Another area's event is not ours.
  act(() => areaEvents.publish({ area: 'finance', topic: 'live', data: {} }));
  expect(get.mock.calls.length).toBe(calls + 1);
});

test('says so when today could not be loaded', async () => {
  get.mockResolvedValue(failed(500, 'Server error.'));
  renderAt('/', <TodayPanel />, '/');
  expect(await screen.findByRole('alert')).toHaveTextContent('Server error.');
});
