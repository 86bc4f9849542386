import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useAlerts, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { ReablementDashboard, ReablementProgramme } from '../../contract';
import Area from '../Area';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const put = api.put as jest.Mock;
const ok = (data: unknown, httpStatus = 200, message = 'OK') => ({ data, error: false, message, errors: null, httpStatus });
const failed = (httpStatus: number, message: string, errors: Record<string, string[]> | null = null) => ({ data: null, error: true, message, errors, httpStatus });

const dashboard: ReablementDashboard = {
  data: [
    {
      document_id: 7, client_id: 2, client_name: 'Desmond Achebe', branch_id: 1, branch_name: 'Camden Domiciliary', start_date: '2026-10-05', planned_end: '2026-11-16', week: 6,
      goals: 2, goals_achieved: 1, last_review_week: 6, last_review_date: '2026-11-16', days_left: -8, state: 'overdue', outcome: 'in-progress', outcome_label: 'Still in progress', ended_on: null,
    },
    {
      document_id: 9, client_id: 6, client_name: 'Siobhan Doyle', branch_id: 2, branch_name: 'Leeds supported living', start_date: '2026-11-14', planned_end: '2026-12-26', week: 2,
      goals: 2, goals_achieved: 0, last_review_week: 1, last_review_date: '2026-11-21', days_left: 32, state: 'open', outcome: 'in-progress', outcome_label: 'Still in progress', ended_on: null,
    },
  ],
  total: 2, page: 1, page_size: 25, last_page: 1,
  summary: {
    open: 1, overdue: 1, ended: 2, ended_since: '2025-11-25',
    outcomes: [
      { value: 'independent', label: 'Independent: no ongoing care', count: 1, percent: 50 },
      { value: 'reduced', label: 'Ongoing care, less than at the start', count: 1, percent: 50 },
      { value: 'same', label: 'Ongoing care at the same level', count: 0, percent: 0 },
    ],
  },
};

const programme: ReablementProgramme = {
  client_id: 6, client_name: 'Siobhan Doyle', document_id: 9, version: 3, status: 'active', start_date: '2026-11-14', planned_end: '2026-12-26', therapist: 'Hannah Okafor, OT',
  current_week: 2,
  goals: [
    { goal: 'To get in and out of the bath with the board', baseline: 'Strip wash', target: 'Baths with the board', status: 'working', week_achieved: null },
    { goal: 'To cook my tea', baseline: 'Ready meals', target: 'Cooks a simple meal', status: 'working', week_achieved: null },
  ],
  weeks: [
    { week: 1, date: '2026-11-21', progress: 'Bath board fitted.', visits: 14, support_hours: 7, therapist_notes: '', equipment: ['Perching stool'], next_steps: '', goals: [{ progress: 'progressing', note: '' }, { progress: 'progressing', note: '' }] },
  ],
  outcome: 'in-progress', ended_on: '', handover: '', updated_by: 'Oliver Office', can_edit: true, equipment_choices: ['Kitchen trolley', 'Perching stool', 'Sock aid'],
};

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/app/reablement/*', element: <Area prefix="reablement" /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

beforeEach(() => {
  get.mockReset();
  put.mockReset();
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: ['clients.view', 'clients.edit'], userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden Domiciliary' }, { id: 2, name: 'Leeds supported living' }],
    } as CurrentUser,
  });
});

test('dashboard: the heading while loading, figures, the outcomes table, overdue in words, links to the week and the tab, filters ask the API', async () => {
  let answer: (value: unknown) => void = () => undefined;
  get.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
  renderAt('/app/reablement/dashboard');
  expect(await screen.findByRole('heading', { level: 1, name: 'Reablement dashboard' })).toBeInTheDocument();
  answer(ok(dashboard));
  get.mockImplementation(() => Promise.resolve(ok(dashboard)));

  const figures = await screen.findByRole('list', { name: 'Reablement figures' });
  expect(within(figures).getByText(/overdue \(past planned end/)).toBeInTheDocument();
  const chart = screen.getByRole('table', { name: /Outcomes of the 2 programmes ended since/ });
  const independent = within(chart).getByRole('row', { name: /Independent: no ongoing care/ });
  expect(within(independent).getByText('50%')).toBeInTheDocument();

  const desmond = screen.getByRole('row', { name: /Desmond Achebe/ });
  expect(within(desmond).getByText('Overdue by 8 days')).toBeInTheDocument();
  expect(within(desmond).getByRole('link', { name: 'Week 6 of Desmond Achebe' })).toHaveAttribute('href', '/app/reablement/client/2/week/6');
  expect(within(desmond).getByRole('link', { name: 'Reablement tab of Desmond Achebe' })).toHaveAttribute('href', '/app/clients/2/reablement');
  expect(within(screen.getByRole('row', { name: /Siobhan Doyle/ })).getByText('32 days left')).toBeInTheDocument();

  await userEvent.selectOptions(screen.getByLabelText('Programmes'), 'ended');
  expect(get).toHaveBeenLastCalledWith('api/v1/reablement/dashboard', expect.objectContaining({ state: 'ended', page: 1 }));
  await userEvent.selectOptions(screen.getByLabelText('Branch'), '2');
  expect(get).toHaveBeenLastCalledWith('api/v1/reablement/dashboard', expect.objectContaining({ state: 'ended', branch_id: '2' }));
});

test("a client's week: goals, previous/next weeks, a 422 keeps what was typed, a 409 says who saved, then a save", async () => {
  get.mockImplementation(() => Promise.resolve(ok(programme)));
  renderAt('/app/reablement/client/6/week/2');
  expect(await screen.findByRole('heading', { level: 1, name: 'Reablement week 2' })).toBeInTheDocument();
  const form = await screen.findByRole('form', { name: 'Week 2 review' });
  expect(screen.getByRole('link', { name: 'Previous week (week 1)' })).toHaveAttribute('href', '/app/reablement/client/6/week/1');
  expect(screen.getByRole('link', { name: 'Next week (week 3)' })).toHaveAttribute('href', '/app/reablement/client/6/week/3');
  expect(within(form).queryByLabelText('Outcome')).not.toBeInTheDocument();

  // Nothing chosen for the goals: the shared schema refuses before anything is sent.
  await userEvent.click(within(form).getByRole('button', { name: 'Save week 2' }));
  expect(await within(form).findByText('Reviewed on is required.')).toBeInTheDocument();
  expect(put).not.toHaveBeenCalled();

  await userEvent.type(within(form).getByLabelText('Reviewed on'), '2026-11-28');
  await userEvent.selectOptions(within(form).getByLabelText(/Goal 1: To get in and out of the bath/), 'achieved');
  await userEvent.selectOptions(within(form).getByLabelText(/Goal 2: To cook my tea/), 'progressing');
  await userEvent.type(within(form).getByLabelText('Summary of the week'), 'Bathed twice with the board.');
  await userEvent.type(within(form).getByLabelText('Visits this week'), '12');
  await userEvent.click(within(form).getByRole('checkbox', { name: 'Kitchen trolley' }));

  put.mockResolvedValueOnce(failed(422, 'The given data was invalid.', { date: ['Reviewed on must be within the programme.'] }));
  await userEvent.click(within(form).getByRole('button', { name: 'Save week 2' }));
  expect(await within(form).findByText('Reviewed on must be within the programme.')).toBeInTheDocument();
  expect(within(form).getByLabelText('Summary of the week')).toHaveValue('Bathed twice with the board.');
  expect(put).toHaveBeenLastCalledWith(
    'api/v1/reablement/clients/6/weeks/2',
    expect.objectContaining({ base_version: 3, date: '2026-11-28', visits: 12, equipment: ['Perching stool', 'Kitchen trolley'], goals: [{ progress: 'achieved', note: '' }, { progress: 'progressing', note: '' }] }),
  );

  put.mockResolvedValueOnce(failed(409, 'Amira Admin saved this Reablement after you opened it (version 4). Review their changes before saving yours.'));
  await userEvent.click(within(form).getByRole('button', { name: 'Save week 2' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('Amira Admin saved this Reablement after you opened it');
  expect(within(form).getByLabelText('Summary of the week')).toHaveValue('Bathed twice with the board.');

  put.mockResolvedValueOnce(ok({ ...programme, version: 4 }, 200, 'Week 2 saved as version 4.'));
  await userEvent.click(within(form).getByRole('button', { name: 'Save week 2' }));
  expect(put).toHaveBeenCalledTimes(3);
  await waitFor(() => expect(useAlerts.getState().alerts.map((alert) => alert.message)).toContain('Week 2 saved as version 4.'));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('the last week asks for the outcome, with the end date once it has ended', async () => {
  get.mockImplementation(() => Promise.resolve(ok({ ...programme, current_week: 6 })));
  renderAt('/app/reablement/client/6/week/6');
  const form = await screen.findByRole('form', { name: 'Week 6 review' });
  expect(screen.queryByRole('link', { name: /Next week/ })).not.toBeInTheDocument();
  expect(within(form).queryByLabelText('Ended on')).not.toBeInTheDocument();
  await userEvent.selectOptions(within(form).getByLabelText('Outcome'), 'reduced');
  expect(within(form).getByLabelText('Ended on')).toBeInTheDocument();
  expect(within(form).getByLabelText('Handover to ongoing care')).toBeInTheDocument();
});
