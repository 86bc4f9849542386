import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@hcm/kit';
import Confirmations from '../../visits/Confirmations';
import { clearCookies, failed, ok, page, renderAt, signIn } from '../../visits/testing';
import VisitsToday from '../VisitsToday';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;

const pending = {
  id: 41, branch_id: 1, client_id: 7, client_name: 'Margaret Evans', carer_names: ['Grace Okafor'], date: '2026-11-25', start_time: '08:00', end_time: '08:30',
  actual_start: '08:41', actual_end: '09:10', confirmation: 'pending', confirmation_issues: ['Checked in at 08:41, outside 15 minutes of the planned start 08:00.'], confirmation_reason: '', confirmed_by_name: null, version: 3,
};
const second = { ...pending, id: 42, client_name: 'Arthur Banks', confirmation_issues: ['Checked in 900 m from the client\'s home (more than 150 m): not on site.'] };
const settings = { branch_id: 1, is_default: true, updated_at: null, punctuality_window_minutes: 15, on_site_distance_metres: 150, duration_variance_percent: 25, late_after_minutes: 15, missed_after_minutes: 30, time_critical_late_after_minutes: 5, escalate_after_minutes: 15, on_call_user_id: null, on_call_phone: '' };

beforeEach(() => {
  clearCookies();
  get.mockReset();
  post.mockReset();
  get.mockImplementation((path: string) => {
    if (path === 'api/v1/visits/confirmations') return Promise.resolve(ok(page([pending, second])));
    if (path.startsWith('api/v1/scheduler/live-settings/')) return Promise.resolve(ok(settings));
    if (path === 'api/v1/live/visits') {
      return Promise.resolve(ok(page([
        { id: 51, branch_id: 1, client_id: 7, client_name: 'Margaret Evans', carer_names: ['Grace Okafor'], start_time: '08:00', end_time: '08:30', planned_start: '2026-11-25T08:00:00.000Z', status: 'completed', check_in_at: '2026-11-25T08:02:00.000Z', check_out_at: '2026-11-25T08:31:00.000Z', punctual: true, on_site: false, distance_metres: 880, confirmation: 'pending' },
      ])));
    }
    return Promise.resolve(ok(page([])));
  });
  signIn(['visits.view', 'visits.edit', 'scheduler.view', 'scheduler.edit']);
});

test('the confirmation queue shows each visit’s issues; confirming the selected ones needs a reason, and the server’s 422 shows on it', async () => {
  renderAt('/app/visits/confirmations', <Confirmations />, '/app/visits/confirmations');
  expect(screen.getByRole('heading', { level: 1, name: 'Visits to confirm' })).toBeInTheDocument();
  const row = await screen.findByRole('row', { name: /Margaret Evans/ });
  expect(within(row).getByText(/outside 15 minutes of the planned start/)).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('api/v1/visits/confirmations', expect.objectContaining({ state: 'pending', page: 1 }));

  post.mockResolvedValueOnce(failed(422, 'The given data was invalid.', { reason: ['Give the reason for confirming visits that did not confirm themselves.'] }));
  await userEvent.click(screen.getByRole('checkbox', { name: /Select Margaret Evans/ }));
  await userEvent.click(screen.getByRole('checkbox', { name: /Select Arthur Banks/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Confirm 2 selected' }));
  expect(await screen.findByText('Give the reason for confirming visits that did not confirm themselves.')).toBeInTheDocument();
  expect(screen.getByLabelText('Reason for confirming')).toHaveAttribute('aria-invalid', 'true');

  post.mockResolvedValueOnce(ok({ confirmed: [41, 42] }, '2 visit(s) confirmed.'));
  await userEvent.type(screen.getByLabelText('Reason for confirming'), 'Rang the clients: both visits happened.');
  await userEvent.click(screen.getByRole('button', { name: 'Confirm 2 selected' }));
  expect(await screen.findByText('2 visit(s) confirmed.')).toBeInTheDocument();
  expect(post).toHaveBeenLastCalledWith('api/v1/visits/confirm', { ids: [41, 42], reason: 'Rang the clients: both visits happened.' });
  expect(screen.getByRole('form', { name: 'Live thresholds' })).toBeInTheDocument();
  expect(await screen.findByDisplayValue('150')).toBeInTheDocument();
});

test('today’s visits list their checks, flag not on site with the distance, and keep the filter in the live_event_visit slot', async () => {
  renderAt('/app/live-events/clients/visits', <VisitsToday />, '/app/live-events/clients/visits');
  expect(screen.getByRole('heading', { level: 1, name: "Today's visits" })).toBeInTheDocument();
  const row = await screen.findByRole('row', { name: /Margaret Evans/ });
  expect(within(row).getByRole('link', { name: 'Not on site (880 m)' })).toHaveAttribute('href', '/app/live-events/clients/not-on-site/51');
  expect(within(row).getByText('On time')).toBeInTheDocument();
  await userEvent.selectOptions(screen.getByLabelText('State'), 'completed');
  await waitFor(() => expect(get).toHaveBeenLastCalledWith('api/v1/live/visits', expect.objectContaining({ state: 'completed', page: 1 })));
  expect(decodeURIComponent(document.cookie)).toContain('live_event_visit');
  expect(decodeURIComponent(document.cookie)).toContain('"state":"completed"');
});

test('Issue 26: the server’s 422 on the stored on-call person shows beside the on-call control, which can take them off', async () => {
  const put = api.put as jest.Mock;
  put.mockReset();
  get.mockImplementation((path: string) => {
    if (path.startsWith('api/v1/scheduler/live-settings/')) return Promise.resolve(ok({ ...settings, is_default: false, on_call_user_id: 12, on_call_phone: '07700 900123' }));
    return Promise.resolve(ok(page([])));
  });
  renderAt('/app/visits/confirmations', <Confirmations />, '/app/visits/confirmations');
  const form = await screen.findByRole('form', { name: 'Live thresholds' });
  const onCall = within(form).getByRole('combobox', { name: 'On-call person' });
  await waitFor(() => expect(onCall).toHaveValue('12'));
  expect(within(form).getByLabelText('On-call phone')).toHaveValue('07700 900123');

  const notAllowed = 'Choose someone who works in this branch and may act on its alerts.';
  put.mockResolvedValueOnce(failed(422, 'The given data was invalid.', { on_call_user_id: [notAllowed] }));
  await userEvent.click(within(form).getByRole('button', { name: 'Save the thresholds' }));
  expect(await within(form).findByText(notAllowed)).toBeInTheDocument();
  expect(onCall).toHaveAttribute('aria-invalid', 'true');
  expect(onCall).toHaveAccessibleDescription(notAllowed);
  expect(put).toHaveBeenLastCalledWith('api/v1/scheduler/live-settings/1', expect.objectContaining({ on_call_user_id: 12, on_call_phone: '07700 900123' }));

  put.mockResolvedValueOnce(ok({ ...settings, is_default: false }, 'Live thresholds saved.'));
  await userEvent.selectOptions(onCall, 'No on-call person');
  await userEvent.click(within(form).getByRole('button', { name: 'Save the thresholds' }));
  expect(await screen.findByText('Live thresholds saved.')).toBeInTheDocument();
  expect(put).toHaveBeenLastCalledWith('api/v1/scheduler/live-settings/1', expect.objectContaining({ on_call_user_id: null }));
  expect(within(form).queryByText(notAllowed)).toBeNull();
});
