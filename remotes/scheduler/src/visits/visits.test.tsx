import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@hcm/kit';
import type { BackofficeRow } from '../../contract/visit-actions';
import type { UkTimeOfDay } from '../../contract/visits';
import VisitScreens from './Screens';
import TypedVisitLists from './TypedLists';
import { clearCookies, failed, ok, page, renderAt, signIn, visitRow } from './testing';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;

const visits = [
  visitRow(11),
  visitRow(12, { client_id: 8, client_name: 'Arthur Banks', status: 'unassigned', carers: [], start_time: '09:00', end_time: '09:45' }),
];

beforeEach(() => {
  clearCookies();
  get.mockReset();
  post.mockReset();
  get.mockImplementation((path: string, params: Record<string, unknown> = {}) => {
    if (path === 'api/v1/visits' || path === 'api/v1/visits/backoffice') {
      return Promise.resolve(ok(page(params.unassigned ? visits.filter((visit) => visit.status === 'unassigned') : visits)));
    }
    if (path === 'api/v1/clients') return Promise.resolve(ok(page([{ id: 7, first_name: 'Margaret', last_name: 'Evans' }, { id: 8, first_name: 'Arthur', last_name: 'Banks' }])));
    if (path === 'api/v1/carers/rota') return Promise.resolve(ok([{ id: 3, name: 'Grace Okafor', status: 'active' }]));
    if (path === 'api/v1/funder-codes') return Promise.resolve(ok(page([{ id: 1, code: 'CAM-LA', name: 'Camden Council' }])));
    return Promise.resolve(ok(page([])));
  });
  signIn(['visits.view', 'visits.edit', 'visits.correct', 'scheduler.view']);
});

test('the visits list shows status in words and filters by status and unassigned only, keeping the filter in the visit slot', async () => {
  renderAt('/app/visits/*', <VisitScreens />, '/app/visits');
  expect(screen.getByRole('heading', { level: 1, name: 'Visits' })).toBeInTheDocument();
  const margaret = await screen.findByRole('row', { name: /Margaret Evans/ });
  expect(within(margaret).getByText('Assigned')).toBeInTheDocument();
  expect(within(margaret).getByText('Grace Okafor')).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /Arthur Banks/ })).getByText('No carer yet')).toBeInTheDocument();

  await userEvent.click(screen.getByLabelText('Unassigned only'));
  await waitFor(() => expect(screen.queryByRole('row', { name: /Margaret Evans/ })).not.toBeInTheDocument());
  expect(get).toHaveBeenLastCalledWith('api/v1/visits', expect.objectContaining({ unassigned: '1', page: 1 }));
  expect(screen.getByRole('row', { name: /Arthur Banks/ })).toBeInTheDocument();

  await userEvent.selectOptions(screen.getByLabelText('Status'), 'missed');
  expect(get).toHaveBeenLastCalledWith('api/v1/visits', expect.objectContaining({ status: 'missed', unassigned: '1' }));
  expect(decodeURIComponent(document.cookie)).toContain('"status":"missed"');
  expect(decodeURIComponent(document.cookie)).toContain('"unassigned":"1"');
});

test('adding a visit: the server’s 422 goes on its field and what was typed stays', async () => {
  post.mockResolvedValue(failed(422, 'The given data was invalid.', { end_time: ['The client already has a visit at this time.'] }));
  renderAt('/app/visits/*', <VisitScreens />, '/app/visits/add');
  expect(screen.getByRole('heading', { level: 1, name: 'Add a visit' })).toBeInTheDocument();
  await screen.findByRole('option', { name: 'Evans, Margaret' });
  await userEvent.selectOptions(screen.getByLabelText('Client'), '7');
  await userEvent.clear(screen.getByLabelText('Date'));
  await userEvent.type(screen.getByLabelText('Date'), '2026-11-25');
  await userEvent.type(screen.getByLabelText('Start time'), '10:00');
  await userEvent.type(screen.getByLabelText('End time'), '10:30');
  await userEvent.type(screen.getByLabelText('Notes for the carers'), 'Key safe by the back door');
  await userEvent.click(screen.getByRole('button', { name: 'Add the visit' }));

  expect(await screen.findByText('The client already has a visit at this time.')).toBeInTheDocument();
  expect(post).toHaveBeenCalledWith('api/v1/visits', expect.objectContaining({ client_id: '7', date: '2026-11-25', start_time: '10:00', end_time: '10:30', notes: 'Key safe by the back door' }));
  expect(screen.getByLabelText('End time')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('End time')).toHaveValue('10:30');
  expect(screen.getByLabelText('Notes for the carers')).toHaveValue('Key safe by the back door');
  expect(screen.getByLabelText('Client')).toHaveValue('7');
});

test('the visit form refuses an end before a 5-minute visit without asking the server', async () => {
  renderAt('/app/visits/*', <VisitScreens />, '/app/visits/add');
  await screen.findByRole('option', { name: 'Evans, Margaret' });
  await userEvent.selectOptions(screen.getByLabelText('Client'), '7');
  await userEvent.type(screen.getByLabelText('Start time'), '10:00');
  await userEvent.type(screen.getByLabelText('End time'), '10:02');
  await userEvent.click(screen.getByRole('button', { name: 'Add the visit' }));
  expect(await screen.findByText('A visit lasts from 5 minutes to 12 hours.')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
});

test('a back-office correction needs a reason before it is sent, then sends only what changed', async () => {
  post.mockResolvedValue(ok(visitRow(11, { status: 'completed' }), 'The visit was corrected.'));
  renderAt('/app/visits/*', <VisitScreens />, '/app/visits/backoffice');
  expect(screen.getByRole('heading', { level: 1, name: 'Back-office corrections' })).toBeInTheDocument();
  await userEvent.click(await screen.findByRole('button', { name: /Correct the visit to Margaret Evans/ }));
  const form = screen.getByRole('form', { name: 'Correct the visit' });
  await userEvent.selectOptions(within(form).getByLabelText('Status'), 'completed');
  await userEvent.click(within(form).getByRole('button', { name: 'Save the correction' }));
  expect(await within(form).findByText('Say why you correct the visit.')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();

  await userEvent.type(within(form).getByLabelText('Why you correct it'), 'Carer rang in: visit was done, app failed');
  await userEvent.type(within(form).getByLabelText('Actual start'), '08:05');
  await userEvent.type(within(form).getByLabelText('Actual end'), '08:31');
  await userEvent.click(within(form).getByRole('button', { name: 'Save the correction' }));
  await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
  expect(post).toHaveBeenCalledWith('api/v1/visits/11/correct', { version: 3, reason: 'Carer rang in: visit was done, app failed', status: 'completed', actual_start: '08:05', actual_end: '08:31' });
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Correct the visit' })).not.toBeInTheDocument());
});

test('a correction ending at or before its start needs “Finished after midnight”, then goes as a night visit', async () => {
  post.mockResolvedValue(ok(visitRow(11, { status: 'completed' }), 'The visit was corrected.'));
  renderAt('/app/visits/*', <VisitScreens />, '/app/visits/backoffice');
  await userEvent.click(await screen.findByRole('button', { name: /Correct the visit to Margaret Evans/ }));
  const form = screen.getByRole('form', { name: 'Correct the visit' });
  await userEvent.type(within(form).getByLabelText('Why you correct it'), 'Times from the paper timesheet');
  await userEvent.type(within(form).getByLabelText('Actual start'), '10:00');
  await userEvent.type(within(form).getByLabelText('Actual end'), '09:50');
  await userEvent.click(within(form).getByRole('button', { name: 'Save the correction' }));
  expect(await within(form).findByText(/The end is before the start/)).toBeInTheDocument();
  expect(within(form).getByLabelText('Actual end')).toHaveAttribute('aria-invalid', 'true');
  expect(post).not.toHaveBeenCalled();

  await userEvent.clear(within(form).getByLabelText('Actual start'));
  await userEvent.type(within(form).getByLabelText('Actual start'), '22:30');
  await userEvent.clear(within(form).getByLabelText('Actual end'));
  await userEvent.type(within(form).getByLabelText('Actual end'), '00:30');
  await userEvent.click(within(form).getByRole('checkbox', { name: 'Finished after midnight' }));
  await userEvent.click(within(form).getByRole('button', { name: 'Save the correction' }));
  await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
  expect(post).toHaveBeenCalledWith('api/v1/visits/11/correct', { version: 3, reason: 'Times from the paper timesheet', actual_start: '22:30', actual_end: '00:30', overnight: true });
});

test('a correction over 12 hours shows the confirmation when the server asks for it, keeping what was typed, and sends it ticked', async () => {
  post.mockResolvedValueOnce(
    failed(422, 'The given data was invalid.', {
      actual_end: ['This visit would last 13 h, more than 12 hours: check the times, or confirm it really lasted that long.'],
      confirm_long: ['Tick to confirm the visit lasted more than 12 hours.'],
    }),
  );
  post.mockResolvedValueOnce(ok(visitRow(11, { status: 'completed' }), 'The visit was corrected.'));
  renderAt('/app/visits/*', <VisitScreens />, '/app/visits/backoffice');
  await userEvent.click(await screen.findByRole('button', { name: /Correct the visit to Margaret Evans/ }));
  const form = screen.getByRole('form', { name: 'Correct the visit' });
  expect(within(form).queryByRole('checkbox', { name: 'Yes, the visit lasted more than 12 hours' })).not.toBeInTheDocument();
  // Never started: only the end is known, so only the server (from the planned 08:00 start) can tell the length.
  await userEvent.type(within(form).getByLabelText('Why you correct it'), 'Live-in day, family confirmed');
  await userEvent.type(within(form).getByLabelText('Actual end'), '21:00');
  await userEvent.click(within(form).getByRole('button', { name: 'Save the correction' }));

  expect(await within(form).findByText(/would last 13 h, more than 12 hours/)).toBeInTheDocument();
  const confirm = within(form).getByRole('checkbox', { name: 'Yes, the visit lasted more than 12 hours' });
  expect(confirm).not.toBeChecked();
  expect(within(form).getByText('Tick to confirm the visit lasted more than 12 hours.')).toBeInTheDocument();
  expect(within(form).getByLabelText('Actual end')).toHaveValue('21:00');
  expect(within(form).getByLabelText('Why you correct it')).toHaveValue('Live-in day, family confirmed');

  await userEvent.click(confirm);
  await userEvent.click(within(form).getByRole('button', { name: 'Save the correction' }));
  await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
  expect(post).toHaveBeenLastCalledWith('api/v1/visits/11/correct', { version: 3, reason: 'Live-in day, family confirmed', actual_end: '21:00', confirm_long: true });
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Correct the visit' })).not.toBeInTheDocument());
});

test('a correction starts with “Finished after midnight” ticked when the stored times already run past midnight', async () => {
  const night: BackofficeRow = { ...visitRow(14, { client_name: 'Doris Hart', status: 'completed', actual_start: '22:30' as UkTimeOfDay, actual_end: '00:30' as UkTimeOfDay }), issue: 'no-reason', issue_label: 'Cancelled without a reason' };
  const answer = get.getMockImplementation()!;
  get.mockImplementation((path: string, params?: Record<string, unknown>) => (path === 'api/v1/visits/backoffice' ? Promise.resolve(ok(page([night]))) : answer(path, params)));
  renderAt('/app/visits/*', <VisitScreens />, '/app/visits/backoffice');
  await userEvent.click(await screen.findByRole('button', { name: /Correct the visit to Doris Hart/ }));
  expect(within(screen.getByRole('form', { name: 'Correct the visit' })).getByRole('checkbox', { name: 'Finished after midnight' })).toBeChecked();
});

test('a correction whose typed times run over 12 hours asks for the confirmation before sending', async () => {
  renderAt('/app/visits/*', <VisitScreens />, '/app/visits/backoffice');
  await userEvent.click(await screen.findByRole('button', { name: /Correct the visit to Margaret Evans/ }));
  const form = screen.getByRole('form', { name: 'Correct the visit' });
  await userEvent.type(within(form).getByLabelText('Why you correct it'), 'Times from the paper timesheet');
  await userEvent.type(within(form).getByLabelText('Actual start'), '08:00');
  await userEvent.type(within(form).getByLabelText('Actual end'), '21:00');
  await userEvent.click(within(form).getByRole('button', { name: 'Save the correction' }));
  expect(await within(form).findByRole('checkbox', { name: 'Yes, the visit lasted more than 12 hours' })).not.toBeChecked();
  expect(within(form).getByText(/would last 13 h, more than 12 hours/)).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
});

// GET /visits/backoffice answers BackofficeRow (server/visits/routes.ts): the visit as present() makes it, whose
// actual times are UK times of day ('20:34'), not instants, and what needs the office.
const overrun: BackofficeRow = {
  ...visitRow(13, {
    client_id: 9, client_name: 'Doris Hart', date: '2026-11-23', start_time: '20:00', end_time: '20:30', planned_start: '2026-11-23T20:00:00.000Z', planned_end: '2026-11-23T20:30:00.000Z',
    status: 'in-progress', confirmation: 'pending', actual_start: '20:34' as UkTimeOfDay, actual_end: null,
  }),
  issue: 'overrun',
  issue_label: 'In progress past its end',
};

test('the back office shows the API’s actual times as UK times of day and starts a correction from them', async () => {
  const answer = get.getMockImplementation()!;
  get.mockImplementation((path: string, params?: Record<string, unknown>) => (path === 'api/v1/visits/backoffice' ? Promise.resolve(ok(page([overrun]))) : answer(path, params)));
  renderAt('/app/visits/*', <VisitScreens />, '/app/visits/backoffice');
  const row = await screen.findByRole('row', { name: /Doris Hart/ });
  expect(within(row).getByText('In progress past its end')).toBeInTheDocument();
  expect(within(row).getByText('20:34–?')).toBeInTheDocument();
  await userEvent.click(within(row).getByRole('button', { name: /Correct the visit to Doris Hart/ }));
  const form = screen.getByRole('form', { name: 'Correct the visit' });
  expect(within(form).getByLabelText('Actual start')).toHaveValue('20:34');
  expect(within(form).getByLabelText('Actual end')).toHaveValue('');
});

test('a visit’s page reads its actual times as UK times of day and compares them with the plan', async () => {
  const done = visitRow(11, { status: 'completed', actual_start: '08:05' as UkTimeOfDay, actual_end: '08:31' as UkTimeOfDay });
  const answer = get.getMockImplementation()!;
  get.mockImplementation((path: string, params?: Record<string, unknown>) => (path === 'api/v1/visits/11' ? Promise.resolve(ok(done)) : path === 'api/v1/visits/11/logs' ? Promise.resolve(ok([])) : answer(path, params)));
  renderAt('/app/visits/*', <VisitScreens />, '/app/visits/11');
  const compared = await screen.findByRole('region', { name: 'Actual and planned' });
  expect(within(compared).getByText('08:05–08:31')).toBeInTheDocument();
  expect(within(compared).getByText('Started 5 minutes late; Lasted 4 minutes less than planned')).toBeInTheDocument();
  expect(within(compared).getByText('26 of 30 planned minutes')).toBeInTheDocument();
});

test('a typed list asks with its own filter; an unknown type is not found', async () => {
  const router = renderAt('/app/scheduler/v1/*', <TypedVisitLists />, '/app/scheduler/v1/unassigned');
  expect(screen.getByRole('heading', { level: 1, name: 'Unassigned visits' })).toBeInTheDocument();
  expect(await screen.findByRole('row', { name: /Arthur Banks/ })).toBeInTheDocument();
  expect(screen.queryByRole('row', { name: /Margaret Evans/ })).not.toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('api/v1/visits', expect.objectContaining({ unassigned: 1 }));
  expect(screen.getByRole('link', { name: /Edit the visit to Arthur Banks/ })).toHaveAttribute('href', '/app/scheduler/v1/unassigned/12/edit');

  await act(() => router.navigate('/app/scheduler/v1/no-such-list'));
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
});
