import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useRuntime, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { PayRunCarer, PayRunDetail, PayRunPreview, PayRunRow } from '../../contract/pay';
import Screens from './Screens';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;

const ok = (data: unknown, httpStatus = 200) => ({ data, error: false, message: 'OK', errors: null, httpStatus });
const page = (rows: unknown[]) => ({ data: rows, total: rows.length, page: 1, page_size: 25, last_page: 1 });

function signIn(permissions: string[]) {
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 9, userRole: 'finance_officer', userPermissions: permissions, userUnreadMessageCount: 0,
      name: 'Fiona Finance', email: 'finance@homecare.test', userType: 'domiciliary', roleLabel: 'Finance officer', branches: [{ id: 1, name: 'Camden Domiciliary' }],
    } as CurrentUser,
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/app/finance/pay-runs/*', element: <Screens /> },
      { path: '/app/export/reports/*', element: <Screens /> },
    ],
    { initialEntries: [path] },
  );
  render(withData(<RouterProvider router={router} />));
  return router;
}

const carer = (overrides: Partial<PayRunCarer>): PayRunCarer => ({
  carer_id: 1, carer_name: 'Ann Able', payroll_number: 'P1', band_id: 1,
  care_minutes: 150, travel_minutes: 12, waiting_minutes: 8, miles: 3,
  care_pence: 3300, enhancement_pence: 300, travel_pence: 240, waiting_pence: 160, mileage_pence: 135, holiday_pence: 0, holiday_rolled_up: false, holiday_note: "No rolled-up holiday pay: fixed hours, so 5.6 weeks' leave a year is paid when taken.", gross_pence: 3835,
  minimum_pence_per_hour: 1260, pay_counted_pence: 3700, required_pence: 3570, below_minimum: false, shortfall_pence: 0, problem: null, flag: '',
  lines: [{ visit_id: 11, visit_date: '2026-03-02', day_kind: 'weekday', care_minutes: 60, care_pence: 1200, travel_minutes: 0, travel_pence: 0, waiting_minutes: 0, waiting_pence: 0, miles: 0, mileage_pence: 0, rates: { care_pence_per_hour: 1200, travel_pence_per_hour: 1200, waiting_pence_per_hour: 1200, mileage_pence_per_mile: 45, holiday_accrual_basis_points: 0 } }],
  ...overrides,
});
const ben = carer({ carer_id: 2, carer_name: 'Ben Brook', payroll_number: 'P2', holiday_pence: 145, holiday_rolled_up: true, holiday_note: 'Rolled-up holiday pay at 12.07 %: irregular-hours or part-year worker.', below_minimum: true, shortfall_pence: 750, flag: 'Below the minimum wage of £12.60 an hour: short by £7.50 for the period.' });
const totals = { carers: 2, care_minutes: 300, travel_minutes: 24, waiting_minutes: 16, miles: 6, gross_pence: 7670, shortfall_pence: 750, flagged_count: 1, problem_count: 0 };
const preview: PayRunPreview = { branch_id: 1, period_from: '2026-03-02', period_to: '2026-03-08', carers: [ben, carer({})], totals, problems: [] };
const row: PayRunRow = {
  id: 5, branch_id: 1, branch: 'Camden Domiciliary', period_from: '2026-03-02', period_to: '2026-03-08', status: 'posted', carers: 2, care_minutes: 300, travel_minutes: 24, waiting_minutes: 16, miles: 6,
  gross_pence: 7670, shortfall_pence: 750, flagged_count: 1, created_by_name: 'Fiona Finance', created_at: '2026-03-09T10:00:00Z', reset_by_name: null, reset_at: null, reset_reason: '',
};
const detail: PayRunDetail = { ...row, carers_pay: [ben, carer({})] };

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  useRuntime.setState((state) => ({ registry: { ...state.registry, apiUrl: 'http://api.test' } }));
  get.mockImplementation((path: string) => Promise.resolve(ok(path.endsWith('/pay-runs/5') ? detail : page([row]))));
});

test('the runs list is filtered and sorted by the API, and links each run', async () => {
  signIn(['payroll.view', 'payroll.run']);
  renderAt('/app/finance/pay-runs');
  expect(screen.getByRole('heading', { level: 1, name: 'Pay runs' })).toBeInTheDocument();
  const line = await screen.findByRole('row', { name: /Camden Domiciliary/ });
  expect(within(line).getByRole('link', { name: 'Mon 2 Mar 2026 to Sun 8 Mar 2026' })).toHaveAttribute('href', '/app/finance/pay-runs/5');
  expect(within(line).getByText('⚠ 1 short by £7.50')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /Gross pay/ }));
  await waitFor(() => expect(get).toHaveBeenLastCalledWith('api/v1/finance/pay-runs', expect.objectContaining({ sort: 'gross_pence', mode: 'asc' })));
  await userEvent.selectOptions(screen.getByLabelText('Status'), 'posted');
  await waitFor(() => expect(get).toHaveBeenLastCalledWith('api/v1/finance/pay-runs', expect.objectContaining({ status: 'posted', page: 1 })));
});

test('a new pay run previews the flagged carer first with the shortfall in words, then posts', async () => {
  signIn(['payroll.view', 'payroll.run']);
  post.mockImplementation((path: string) => Promise.resolve(path.endsWith('/preview') ? ok(preview) : ok(detail, 201)));
  const router = renderAt('/app/finance/pay-runs/new');
  expect(screen.getByRole('heading', { level: 1, name: 'New pay run' })).toBeInTheDocument();
  await userEvent.selectOptions(screen.getByLabelText('Branch'), '1');
  await userEvent.clear(screen.getByLabelText('Period from'));
  await userEvent.type(screen.getByLabelText('Period from'), '2026-03-02');
  await userEvent.clear(screen.getByLabelText(/Period to/));
  await userEvent.type(screen.getByLabelText(/Period to/), '2026-03-08');
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
  const table = await screen.findByRole('table', { name: /flagged carers first/ });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows[0]).toHaveTextContent('Ben Brook');
  expect(within(rows[0]!).getByText(/short by £7.50 for the period/)).toBeInTheDocument();
  expect(rows[1]).toHaveTextContent('At or above the minimum (£12.60/h)');
  // Holiday pay is rolled up for the irregular-hours carer only, and each row says why.
  expect(within(table).getByRole('columnheader', { name: 'Holiday pay basis' })).toBeInTheDocument();
  expect(within(rows[0]!).getByText('Rolled-up holiday pay at 12.07 %: irregular-hours or part-year worker.')).toBeInTheDocument();
  expect(within(rows[0]!).getByText('£1.45')).toBeInTheDocument();
  expect(within(rows[1]!).getByText("No rolled-up holiday pay: fixed hours, so 5.6 weeks' leave a year is paid when taken.")).toBeInTheDocument();
  expect(post).toHaveBeenCalledWith('api/v1/finance/pay-runs/preview', { branch_id: 1, period_from: '2026-03-02', period_to: '2026-03-08' });
  expect(within(screen.getByLabelText('Totals of the preview')).getByText('£76.70')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Post the pay run' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/app/finance/pay-runs/5'));
  expect(post).toHaveBeenLastCalledWith('api/v1/finance/pay-runs', { branch_id: 1, period_from: '2026-03-02', period_to: '2026-03-08' });
});

test('a period longer than 31 days is refused on its field; carers without a rate stop posting, in words', async () => {
  signIn(['payroll.view', 'payroll.run']);
  renderAt('/app/finance/pay-runs/new');
  await userEvent.selectOptions(screen.getByLabelText('Branch'), '1');
  await userEvent.clear(screen.getByLabelText('Period from'));
  await userEvent.type(screen.getByLabelText('Period from'), '2026-01-01');
  await userEvent.clear(screen.getByLabelText(/Period to/));
  await userEvent.type(screen.getByLabelText(/Period to/), '2026-03-08');
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
  expect(await screen.findByText('A pay run covers at most 31 days.')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();

  const problem = carer({ carer_id: 4, carer_name: 'Dan Dee', band_id: null, problem: 'Dan Dee has no pay band: set one in their record.', flag: 'Dan Dee has no pay band: set one in their record.', lines: [] });
  post.mockResolvedValue(ok({ ...preview, carers: [problem], problems: [problem.problem], totals: { ...totals, problem_count: 1 } }));
  await userEvent.clear(screen.getByLabelText('Period from'));
  await userEvent.type(screen.getByLabelText('Period from'), '2026-03-02');
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
  expect(await screen.findByText('This run cannot be posted until every carer has a rate:')).toBeInTheDocument();
  expect(screen.getByText('Cannot be paid: Dan Dee has no pay band: set one in their record.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Post the pay run' })).not.toBeInTheDocument();
});

test('a run shows its carers with their visits on demand, the wages file and the reset', async () => {
  signIn(['payroll.view', 'payroll.run']);
  post.mockResolvedValue({ data: null, error: true, message: 'The given data was invalid.', errors: { reason: ['Reason is required.'] }, httpStatus: 422 });
  renderAt('/app/finance/pay-runs/5');
  expect(await screen.findByRole('heading', { level: 1, name: 'Pay run: Camden Domiciliary, Mon 2 Mar 2026 to Sun 8 Mar 2026' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Download the wages file (CSV)' })).toHaveAttribute('href', 'http://api.test/api/v1/finance/pay-runs/5/wages.csv');
  expect(screen.queryByRole('table', { name: 'Visits of Ann Able' })).not.toBeInTheDocument();
  const show = screen.getByRole('button', { name: 'Show the visits of Ann Able' });
  expect(show).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(show);
  const visits = screen.getByRole('table', { name: 'Visits of Ann Able' });
  expect(within(visits).getByText('Mon 2 Mar 2026 (Weekday)')).toBeInTheDocument();
  expect(within(visits).getByText(/care £12.00\/h/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Reset this pay run' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Reason is required.');
  expect(post).toHaveBeenCalledWith('api/v1/finance/pay-runs/5/reset', { reason: '' });
});

test('the wages report lists posted runs of the period with their totals and a download each', async () => {
  signIn(['payroll.view', 'payroll.run']);
  renderAt('/app/export/reports/wages-report');
  expect(screen.getByRole('heading', { level: 1, name: 'Wages report' })).toBeInTheDocument();
  const download = await screen.findByRole('link', { name: 'Download the wages file of Camden Domiciliary, 2026-03-02 to 2026-03-08' });
  expect(download).toHaveAttribute('href', 'http://api.test/api/v1/finance/pay-runs/5/wages.csv');
  expect(screen.getByRole('row', { name: /£76.70/ })).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('api/v1/finance/pay-runs', expect.objectContaining({ status: 'posted' }));
});
