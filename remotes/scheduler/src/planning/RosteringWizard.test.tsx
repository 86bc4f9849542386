import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@hcm/kit';
import type { RosteringDraftRow, WizardChoices, WizardStepAnswer } from '../../contract/wizard';
import RosteringWizard from './RosteringWizard';
import { failed, ok, renderAt, signIn } from './testing';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const put = api.put as jest.Mock;

const draft = (extra: Partial<RosteringDraftRow> = {}): RosteringDraftRow => ({
  id: 5, client_id: 7, client_name: 'Margaret Evans', step_reached: 1, next_step: 2,
  data: { client: { client_id: 7, funder_code_id: 1 } }, updated_at: '2026-11-24T10:00:00Z', published_at: null, template_id: null, ...extra,
});
const pkg = { name: 'Morning calls', starts_on: '2026-11-30', ends_on: '', repeat_weeks: 1, bank_holidays: 'run' as const, hours_per_week: 3.5, notes: '' };
const choices: WizardChoices = { clients: [{ id: 7, name: 'Margaret Evans', branch_id: 1, branch: 'Camden Domiciliary', postcode: 'NW1 9HX' }], funder_codes: [{ id: 1, code: 'CAM-LA', name: 'Camden Council' }], carers: [] };
let drafts: RosteringDraftRow[] = [];

beforeEach(() => {
  get.mockReset();
  put.mockReset();
  signIn(['scheduler.view', 'scheduler.edit']);
  get.mockImplementation((path: string) => {
    if (path === 'api/v1/rostering-drafts') return Promise.resolve(ok(drafts));
    if (path === 'api/v1/rostering-drafts/choices') return Promise.resolve(ok(choices));
    if (path === 'api/v1/rostering-drafts/5/steps/3') {
      const answer: WizardStepAnswer = { draft: drafts[0]!, step: 3, reachable: true, care_plan_tasks: [{ key: 'wash', label: 'Help to wash and dress', kind: 'personal-care' }], check: null };
      return Promise.resolve(ok(answer));
    }
    return Promise.resolve(failed(404, 'Not found'));
  });
});

const stepItem = (name: RegExp) => within(screen.getByRole('navigation', { name: 'Steps of the new care package' })).getByText(name).closest('li')!;

test('a step not reachable yet opens the first one still to do; the stepper says each step’s state in words', async () => {
  drafts = [draft()];
  const router = renderAt('/app/client-rostering/*', <RosteringWizard />, '/app/client-rostering/add/4');
  expect(screen.getByRole('heading', { level: 1, name: 'New care package' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: 'Step 2 of 6: Package and dates' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/app/client-rostering/add/2');
  expect(router.state.location.search).toBe('?draft=5');
  expect(stepItem(/Package and dates/)).toHaveAttribute('aria-current', 'step');
  expect(stepItem(/Client and funder/)).not.toHaveAttribute('aria-current');
  expect(within(stepItem(/Client and funder/)).getByText('Saved')).toBeInTheDocument();
  expect(within(stepItem(/Client and funder/)).getByRole('link')).toHaveAttribute('href', '/app/client-rostering/add/1?draft=5');
  expect(within(stepItem(/Weekly pattern/)).getByText('Not yet')).toBeInTheDocument();
  expect(within(stepItem(/Weekly pattern/)).queryByRole('link')).not.toBeInTheDocument();
});

test('coming back to a saved step shows what was typed; the server’s 422 goes on its field and the typed values stay', async () => {
  drafts = [draft({ step_reached: 2, next_step: 3, data: { client: { client_id: 7, funder_code_id: 1 }, package: pkg } })];
  put.mockResolvedValue(failed(422, 'The given data was invalid.', { starts_on: ['The package cannot start in the past: start it today or later.'] }));
  renderAt('/app/client-rostering/*', <RosteringWizard />, '/app/client-rostering/add/2');
  const form = await screen.findByRole('form', { name: 'Package and dates' });
  expect(within(form).getByLabelText('Package name')).toHaveValue('Morning calls');
  expect(within(form).getByLabelText('Hours commissioned a week')).toHaveValue('3.5');
  await userEvent.clear(within(form).getByLabelText('Package name'));
  await userEvent.type(within(form).getByLabelText('Package name'), 'Morning and tea calls');
  await userEvent.click(within(form).getByRole('button', { name: 'Save and continue' }));
  await waitFor(() => expect(put).toHaveBeenCalledWith('api/v1/rostering-drafts/5/steps/2', expect.objectContaining({ name: 'Morning and tea calls', starts_on: '2026-11-30', repeat_weeks: '1' })));
  expect(await within(form).findByText('The package cannot start in the past: start it today or later.')).toBeInTheDocument();
  expect(within(form).getByLabelText('Package name')).toHaveValue('Morning and tea calls');
  expect(screen.getByRole('heading', { level: 2, name: 'Step 2 of 6: Package and dates' })).toBeInTheDocument();
});

test('the weekly pattern starts from the care plan’s tasks, and a saved step moves on to the next', async () => {
  drafts = [draft({ step_reached: 2, next_step: 3, data: { client: { client_id: 7, funder_code_id: 1 }, package: pkg } })];
  put.mockImplementation((_path: string, body: unknown) => {
    drafts = [draft({ step_reached: 3, next_step: 4, data: { ...drafts[0]!.data, pattern: body as never } })];
    return Promise.resolve(ok(drafts[0]));
  });
  const router = renderAt('/app/client-rostering/*', <RosteringWizard />, '/app/client-rostering/add/3');
  const form = await screen.findByRole('form', { name: 'Weekly pattern' });
  const call = within(form).getByRole('group', { name: 'Call 1' });
  expect(within(call).getByLabelText('Help to wash and dress')).toBeChecked();
  await userEvent.click(within(form).getByRole('button', { name: 'Add a call' }));
  const second = within(form).getByRole('group', { name: 'Call 2' });
  await userEvent.selectOptions(within(second).getByLabelText('Day'), 'Thursday');
  await userEvent.click(within(second).getByLabelText('Help to wash and dress'));
  await userEvent.click(within(form).getByRole('button', { name: 'Save and continue' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/app/client-rostering/add/4'));
  const sent = put.mock.calls[0]![1] as { calls: { weekday: string; tasks: unknown[] }[] };
  expect(sent.calls.map((item) => [item.weekday, item.tasks.length])).toEqual([['1', 1], ['4', 0]]);
});
