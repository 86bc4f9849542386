import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@hcm/kit';
import type { ClientSlotsAnswer, ClientTemplates, GenerateAnswer, TemplateDetail, TemplateSaved } from '../../contract/templates';
import ClientRecordTabs from '../ClientRecordTabs';
import { failed, ok, renderAt, signIn } from '../visits/testing';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const put = api.put as jest.Mock;

const client = { id: 7, name: 'Margaret Ellison', branch_id: 1, status: 'active' };
const row = {
  id: 11, client_id: 7, branch_id: 1, name: 'Four calls a day', starts_on: '2026-11-02', ends_on: null, repeat_weeks: 1, funder_code_id: 3, funder_code: 'CAM-LA – Camden Council',
  bank_holidays: 'run' as const, active: true, notes: '', calls_per_cycle: 7, hours_per_week: 3.5, next_visit: '2026-11-25T08:00:00.000Z', version: 4, updated_at: '2026-11-20T10:00:00.000Z',
};
const templates: ClientTemplates = {
  client,
  templates: [row],
  visit_slots: [{ id: 1, name: 'Morning', start_time: '06:00', end_time: '10:59' }, { id: 2, name: 'Lunch', start_time: '11:00', end_time: '13:59' }],
  funder_codes: [{ id: 3, name: 'CAM-LA – Camden Council' }],
  client_slots: [{ id: 1, visit_slot_id: 1, visit_slot: 'Morning', preferred_start: '08:00', earliest_start: '07:30', latest_start: '08:30', time_critical: true, time_critical_reason: 'Warfarin', notes: '' }],
  care_plan_tasks: [{ key: 'wash-dress', label: 'Help to wash and dress', kind: 'personal-care' }, { key: 'medication', label: 'Medication from the blister pack', kind: 'medication' }],
};
const detail: TemplateDetail = {
  ...row,
  slots: [{ id: 31, week: 1, weekday: 1, start_time: '08:00', duration_minutes: 30, carers_needed: 1, visit_slot_id: 1, visit_slot: 'Morning', tasks: [], preferred_carer_ids: [5], preferred_carers: [{ id: 5, name: 'Grace Okafor' }], notes: '' }],
};
const carers = [{ id: 5, name: 'Grace Okafor', branch_id: 1, status: 'active' }, { id: 6, name: 'Tom Price', branch_id: 1, status: 'active' }];

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  put.mockReset();
  signIn(['scheduler.view', 'scheduler.edit']);
  get.mockImplementation((path: string) => {
    if (path === 'api/v1/clients/7/visit-templates') return Promise.resolve(ok(templates));
    if (path === 'api/v1/visit-templates/11') return Promise.resolve(ok(detail));
    if (path === 'api/v1/carers/rota') return Promise.resolve(ok(carers));
    if (path === 'api/v1/clients/7/slots') return Promise.resolve(ok({ client, slots: templates.client_slots, visit_slots: templates.visit_slots, stamp: '1@2026-11-20T10:00:00.000Z' } satisfies ClientSlotsAnswer));
    return Promise.resolve(failed(404, 'Not found.'));
  });
});

const renderTab = (extensionKey: string) => renderAt('/app/clients/:id/*', <ClientRecordTabs clientId={7} extensionKey={extensionKey} />, `/app/clients/7/${extensionKey}`);

test('lists the client’s templates; a new one refused by the server shows the errors on their fields and keeps what was typed', async () => {
  renderTab('visit-templates');
  expect(await screen.findByRole('heading', { level: 2, name: 'Visit templates' })).toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Rota templates' });
  expect(within(table).getByText('Four calls a day')).toBeInTheDocument();
  expect(within(table).getByText('Active')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Add a template' }));
  const form = await screen.findByRole('form', { name: 'New template' });
  // The schema's own check first: no name, nothing sent.
  await userEvent.click(within(form).getByRole('button', { name: 'Add the template' }));
  expect(await within(form).findByText('Name is required.')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();

  await userEvent.type(within(form).getByLabelText('Name'), 'Mornings');
  const minutes = within(form).getByLabelText('Minutes of call 1');
  await userEvent.clear(minutes);
  await userEvent.type(minutes, '15');
  await userEvent.click(within(form).getByLabelText(/Medication from the blister pack/));
  await userEvent.selectOptions(within(form).getByLabelText(/Preferred carers at Monday/), ['Grace Okafor']);
  // A 15-minute call alone that day: the NICE warning shows before saving.
  expect(within(form).getByText(/NICE NG21/)).toBeInTheDocument();

  post.mockResolvedValue(failed(422, 'The given data was invalid.', { 'slots.0.preferred_carer_ids': ['Preferred carers are active carers of the client’s branch (not: Grace Okafor).'], funder_code_id: ['Choose a funder code from the list.'] }));
  await userEvent.click(within(form).getByRole('button', { name: 'Add the template' }));
  expect(await within(form).findByText(/Preferred carers are active carers of the client’s branch/)).toBeInTheDocument();
  expect(within(form).getByText('Choose a funder code from the list.')).toBeInTheDocument();
  expect(within(form).getByLabelText(/Preferred carers at Monday/)).toHaveAttribute('aria-invalid', 'true');
  expect(within(form).getByLabelText('Name')).toHaveValue('Mornings');
  expect(within(form).getByLabelText('Minutes of call 1')).toHaveValue(15);
  expect(within(form).getByLabelText(/Medication from the blister pack/)).toBeChecked();
  const [path, body] = post.mock.calls[0] as [string, Record<string, unknown>];
  expect(path).toBe('api/v1/clients/7/visit-templates');
  expect(body).toMatchObject({ name: 'Mornings', slots: [{ duration_minutes: '15', preferred_carer_ids: ['5'], tasks: [{ key: 'medication' }], visit_slot_id: null }] });
});

test('a two-week cycle shows a grid per week; an edit previews and then says how many visits changed', async () => {
  renderTab('visit-templates');
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Four calls a day' }));
  const form = await screen.findByRole('form', { name: 'Edit Four calls a day' });
  expect(within(form).getByLabelText('Name')).toHaveValue('Four calls a day');
  await userEvent.selectOptions(within(form).getByLabelText('Repeats every'), '2 weeks');
  expect(within(form).getByRole('table', { name: 'Week 1 at a glance' })).toBeInTheDocument();
  expect(within(form).getByRole('table', { name: 'Week 2 at a glance' })).toBeInTheDocument();
  await userEvent.click(within(form).getByRole('button', { name: 'Add a call in week 2' }));
  expect(within(form).getByLabelText('Week of call 2')).toHaveValue('2');

  post.mockResolvedValue(ok({ warnings: [], visits: { changed: 0, removed: 0, created: 2, kept: 1, skipped: 0, unchanged: 9 } }));
  await userEvent.click(within(form).getByRole('button', { name: 'Preview the change to visits' }));
  expect(await within(form).findByText(/If saved: 0 future visits would be changed, 0 removed, 2 added, 1 visit changed by hand kept/)).toBeInTheDocument();
  expect(post.mock.calls[0]![0]).toBe('api/v1/visit-templates/11/preview-change');

  const saved: TemplateSaved = { template: { ...detail, repeat_weeks: 2, version: 5 }, warnings: [], visits: { changed: 3, removed: 1, created: 2, kept: 1, skipped: 2, unchanged: 6 } };
  put.mockResolvedValue(ok(saved, 'Template saved.'));
  await userEvent.click(within(form).getByRole('button', { name: 'Save the template' }));
  expect(await screen.findByText(/3 future visits were changed, 1 removed, 2 added, 1 visit changed by hand kept, 2 visits started or closed skipped/)).toBeInTheDocument();
  expect(put.mock.calls[0]![1]).toMatchObject({ version: 4, repeat_weeks: '2' });
});

test('a stale edit shows what the server says and keeps the form', async () => {
  renderTab('visit-templates');
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Four calls a day' }));
  const form = await screen.findByRole('form', { name: 'Edit Four calls a day' });
  await userEvent.clear(within(form).getByLabelText('Name'));
  await userEvent.type(within(form).getByLabelText('Name'), 'Mornings only');
  put.mockResolvedValue(failed(409, 'Someone else saved this template since you opened it (version 5, yours 4): their calls differ from yours. Reload it and make your change again.'));
  await userEvent.click(within(form).getByRole('button', { name: 'Save the template' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(/Someone else saved this template/);
  expect(within(form).getByLabelText('Name')).toHaveValue('Mornings only');
});

test('generates the next four weeks and shows the report', async () => {
  renderTab('visit-templates');
  const report: GenerateAnswer = { from: '2026-11-24', to: '2026-12-21', created: 104, already_there: 8, skipped: [], bank_holidays_skipped: 4, assigned: 90, left_for_auto_assign: 14 };
  post.mockResolvedValue(ok(report));
  await userEvent.click(await screen.findByRole('button', { name: 'Generate the next 4 weeks' }));
  const status = await screen.findByRole('status', { name: 'Generation report' });
  expect(status).toHaveTextContent('104 visits generated, 8 there already');
  expect(status).toHaveTextContent('14 visits left for auto-assign');
  expect(status).toHaveTextContent('4 calls not made on bank holidays');
  const [path, body] = post.mock.calls[0] as [string, Record<string, unknown>];
  expect(path).toBe('api/v1/scheduler/generate');
  expect(body).toMatchObject({ client_id: 7 });
});

test('client slots: the server’s 422 goes on the field, a 409 is explained, what was typed stays', async () => {
  renderTab('client-slots');
  const form = await screen.findByRole('form', { name: 'Client slots' });
  expect(within(form).getByLabelText('Earliest start, window 1')).toHaveValue('07:30');
  await userEvent.click(within(form).getByRole('button', { name: 'Add a window' }));
  await userEvent.selectOptions(within(form).getByLabelText('Visit slot of window 2'), 'Lunch (11:00–13:59)');
  await userEvent.click(within(form).getByLabelText('Window 2 is time-critical'));
  await userEvent.click(within(form).getByRole('button', { name: 'Save client slots' }));
  // The schema: a time-critical window needs its reason.
  expect(await within(form).findByText(/Say why the call is time-critical/)).toBeInTheDocument();
  expect(put).not.toHaveBeenCalled();

  await userEvent.type(within(form).getByLabelText('Why window 2 is time-critical'), 'Parkinson’s medication');
  put.mockResolvedValueOnce(failed(422, 'The given data was invalid.', { 'slots.1.visit_slot_id': ['Choose a visit slot from the list.'] }));
  await userEvent.click(within(form).getByRole('button', { name: 'Save client slots' }));
  expect(await within(form).findByText('Choose a visit slot from the list.')).toBeInTheDocument();
  expect(within(form).getByLabelText('Why window 2 is time-critical')).toHaveValue('Parkinson’s medication');

  put.mockResolvedValueOnce(failed(409, 'Someone else changed Margaret Ellison’s slots since you opened them (now Morning 07:00–08:00). Reload and make your change again.'));
  await userEvent.click(within(form).getByRole('button', { name: 'Save client slots' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(/Someone else changed Margaret Ellison’s slots/);
  await waitFor(() => expect(put).toHaveBeenCalledTimes(2));
  expect(put.mock.calls[1]![1]).toMatchObject({ stamp: '1@2026-11-20T10:00:00.000Z' });
});
