import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, areaEvents } from '@hcm/kit';
import type { AlertRow, LiveToday } from '../../contract/live-engine';
import { failed, ok, renderAt, signIn } from '../visits/testing';
import LiveView from './LiveView';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;

const alert = (extra: Partial<AlertRow> = {}): AlertRow => ({
  id: 41, branch_id: 1, kind: 'late', kind_label: 'Late', state: 'open', state_label: 'Open', visit_id: 11, client_id: 7, client_name: 'Margaret Evans',
  carer_id: 3, carer_name: 'Grace Okafor', planned_start: '2026-11-24T08:00:00.000Z', planned_end: '2026-11-24T08:30:00.000Z', due_at: '2026-11-24T08:15:00.000Z',
  raised_at: '2026-11-24T08:15:04.000Z', detail: 'No check-in 15 minutes after the planned start at 08:00.', urgency: '', arrived_at: null, acknowledged_by_name: null,
  acknowledged_at: null, resolved_by_name: null, resolved_at: null, outcome: '', outcome_label: '', outcome_note: '', escalated_at: null, escalated_to: '', ...extra,
});

const today = (alerts: AlertRow[] = [alert()]): LiveToday => ({
  branch_id: 1,
  date: '2026-11-24',
  generated_at: '2026-11-24T08:20:00.000Z',
  api_key: '',
  tile_url: '',
  tile_attribution: '© OpenStreetMap contributors',
  counts: [
    { state: 'late', label: 'Late', count: 1 },
    { state: 'missed', label: 'Missed', count: 0 },
    { state: 'not-started', label: 'Not started', count: 2 },
    { state: 'in-progress', label: 'In progress', count: 1 },
    { state: 'completed', label: 'Completed', count: 3 },
    { state: 'cancelled', label: 'Cancelled', count: 0 },
  ],
  visits: [
    { id: 11, client_id: 7, client_name: 'Margaret Evans', carer_names: ['Grace Okafor'], planned_start: '2026-11-24T08:00:00.000Z', planned_end: '2026-11-24T08:30:00.000Z', actual_start: null, actual_end: null, state: 'late', state_label: 'Late', time_critical: false },
    { id: 12, client_id: 8, client_name: 'Arthur Price', carer_names: ['Tom Fletcher'], planned_start: '2026-11-24T07:30:00.000Z', planned_end: '2026-11-24T08:15:00.000Z', actual_start: '2026-11-24T07:32:00.000Z', actual_end: null, state: 'in-progress', state_label: 'In progress', time_critical: false },
  ],
  alerts,
  homes: [{ client_id: 7, client_name: 'Margaret Evans', postcode: 'NW1 9HX', latitude: 51.54, longitude: -0.143, approximate: false }],
  positions: [{ carer_id: 4, carer_name: 'Tom Fletcher', latitude: 51.55, longitude: -0.12, at: '2026-11-24T07:32:00.000Z', visit_id: 12, kind: 'in' }],
});

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  signIn(['visits.view', 'visits.edit']);
});
afterEach(() => act(() => areaEvents.setConnected(false)));

test('the heading shows while the first answer is pending', () => {
  get.mockReturnValue(new Promise(() => {}));
  renderAt('/app/scheduler/live-view', <LiveView />, '/app/scheduler/live-view');
  expect(screen.getByRole('heading', { level: 1, name: 'Live view' })).toBeInTheDocument();
});

test('counts by state with late and missed first, the open alerts, the visits and the map', async () => {
  get.mockResolvedValue(ok(today()));
  renderAt('/app/scheduler/live-view', <LiveView />, '/app/scheduler/live-view');
  const counts = await screen.findByRole('list', { name: "Today's visits by state" });
  expect(within(counts).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1 Late', '0 Missed', '2 Not started', '1 In progress', '3 Completed', '0 Cancelled']);
  expect(get).toHaveBeenCalledWith('api/v1/live/today', { branch_id: '1' });
  const alerts = screen.getByRole('region', { name: 'Open alerts (1)' });
  expect(within(alerts).getByRole('cell', { name: 'No check-in 15 minutes after the planned start at 08:00.' })).toBeInTheDocument();
  const visits = screen.getByRole('region', { name: "Today's visits (2)" });
  expect(within(visits).getAllByRole('row')[1]).toHaveTextContent('Late');
  expect(screen.getByRole('img', { name: 'Client Margaret Evans, NW1 9HX, 1 visit' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: /Carer Tom Fletcher, checked in at 07:32/ })).toBeInTheDocument();
});

test('with the socket down it polls and says so; connected, a pushed live event refetches at once', async () => {
  get.mockResolvedValue(ok(today()));
  renderAt('/app/scheduler/live-view', <LiveView />, '/app/scheduler/live-view');
  expect(await screen.findByText(/Live updates paused: refreshing every 15 seconds/)).toBeInTheDocument();
  act(() => areaEvents.setConnected(true));
  expect(await screen.findByText(/Live: updates as carers check in/)).toBeInTheDocument();
  await screen.findByRole('list', { name: "Today's visits by state" });
  const calls = get.mock.calls.length;
  get.mockResolvedValue(ok(today([])));
  act(() => areaEvents.publish({ area: 'scheduler', topic: 'live', data: { branch_id: 1, visit_ids: [11], alert_ids: [], at: '2026-11-24T08:21:00.000Z' } }));
  await waitFor(() => expect(get.mock.calls.length).toBeGreaterThan(calls));
  expect(await screen.findByRole('region', { name: 'Open alerts (0)' })).toBeInTheDocument();
});

test('acknowledge, then resolve with an outcome; a refused resolve shows the field error', async () => {
  get.mockResolvedValue(ok(today()));
  post.mockResolvedValue(ok(alert({ state: 'acknowledged', state_label: 'Acknowledged' })));
  renderAt('/app/scheduler/live-view', <LiveView />, '/app/scheduler/live-view');
  await userEvent.click(await screen.findByRole('button', { name: 'Acknowledge the late, Margaret Evans, Grace Okafor alert' }));
  expect(post).toHaveBeenCalledWith('api/v1/live/alerts/41/acknowledge');

  await userEvent.click(screen.getByRole('button', { name: 'Resolve the late, Margaret Evans, Grace Okafor alert' }));
  const form = screen.getByRole('form', { name: 'Resolve the late, Margaret Evans, Grace Okafor alert' });
  post.mockResolvedValueOnce(failed(422, 'The given data was invalid.', { note: ['Say what happened when the outcome is Other.'] }));
  await userEvent.selectOptions(within(form).getByLabelText('Outcome'), 'other');
  await userEvent.click(within(form).getByRole('button', { name: 'Resolve alert' }));
  expect(await within(form).findByText('Say what happened when the outcome is Other.')).toBeInTheDocument();

  post.mockResolvedValueOnce(ok(alert({ state: 'resolved' })));
  await userEvent.selectOptions(within(form).getByLabelText('Outcome'), 'covered-by-another-carer');
  await userEvent.type(within(form).getByLabelText('Note'), 'Tom covered it.');
  await userEvent.click(within(form).getByRole('button', { name: 'Resolve alert' }));
  await waitFor(() => expect(post).toHaveBeenLastCalledWith('api/v1/live/alerts/41/resolve', { outcome: 'covered-by-another-carer', note: 'Tom covered it.' }));
  await waitFor(() => expect(screen.queryByRole('form', { name: /Resolve the late/ })).not.toBeInTheDocument());
});
