import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { BurReview, CqmAnswer, HdsAnswer } from '../../contract/kpis/api';
import { cqmFigures, emptyTotals, hdsFigures } from '../../contract/kpis/formulas';
import Screens from './Screens';

// The KPI screens with the API client as the only fake.

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const put = api.put as jest.Mock;
const ok = (data: unknown, httpStatus = 200) => ({ data, error: false, message: 'OK', errors: null, httpStatus });
const failed = (httpStatus: number, errors: Record<string, string[]>, message = 'The given data was invalid.') => ({ data: null, error: true, message, errors, httpStatus });

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/app/kpis/*', element: <Screens /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
}

const page = <T,>(data: T[]) => ({ data, total: data.length, page: 1, page_size: 25, last_page: 1 });

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  put.mockReset();
  useSession.setState({
    status: 'authenticated',
    user: { userID: 3, userRole: 'registered_manager', userPermissions: ['kpis.view', 'kpis.edit'], userUnreadMessageCount: 0, name: 'M', email: 'm@x.test', userType: 'domiciliary', roleLabel: 'Registered manager', branches: [{ id: 1, name: 'Camden Domiciliary' }] },
  });
});

const totals = { ...emptyTotals(), commissioned_minutes: 210, delivered_minutes: 155, band_30: 2 };
const hds: HdsAnswer = {
  from: '2026-11-01',
  to: '2026-11-24',
  group: 'week',
  rows: [{ branch_id: 1, branch_name: 'Camden Domiciliary', funder: 'London Borough of Camden', period_start: '2026-11-16', figures: hdsFigures(totals) }],
  totals: hdsFigures(totals),
  definitions_version: 'kpis-2026.1',
};

describe('hours delivered summary', () => {
  it('shows the totals with how each is counted, and the rows by branch and funder', async () => {
    get.mockResolvedValue(ok(hds));
    renderAt('/app/kpis/hds');
    expect(screen.getByRole('heading', { level: 1, name: 'Hours delivered summary' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /Totals for/ });
    const delivery = within(table).getByRole('row', { name: /Delivery %/ });
    expect(within(delivery).getByText('73.8%')).toBeInTheDocument();
    expect(within(delivery).getByText('How is this counted?')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /London Borough of Camden/ })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Group by'), 'month');
    expect(get).toHaveBeenLastCalledWith('api/v1/kpis/hds', expect.objectContaining({ group: 'month' }));
  });

  it('says what is wrong with a backwards period instead of asking', async () => {
    get.mockResolvedValue(ok(hds));
    renderAt('/app/kpis/hds');
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '2020-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('on or after its start');
  });
});

describe('care quality measures', () => {
  it('a column per branch, a row per measure, "No data" rather than 0 %', async () => {
    const figures = cqmFigures({ visits: { ...emptyTotals(), checked_in: 7, punctual: 6, due_visits: 7 }, client_week_carers: 0, client_weeks: 0, medication_visits: 0, medication_visits_recorded: 0, incidents: 0, safeguarding_concerns: 0, complaints: 0, clients: 10, training_required: 0, training_held: 0, supervision_due: 0, supervision_in_date: 0, leavers_12m: 0, headcount_start: 0, headcount_end: 0 });
    const answer: CqmAnswer = { from: '2026-11-01', to: '2026-11-24', rows: [{ branch_id: 1, branch_name: 'Camden Domiciliary', punctuality_minutes: 15, figures }], definitions_version: 'kpis-2026.1' };
    get.mockResolvedValue(ok(answer));
    renderAt('/app/kpis/cqm');
    expect(screen.getByRole('heading', { level: 1, name: 'Care quality measures' })).toBeInTheDocument();
    const punctuality = await screen.findByRole('row', { name: /^Punctuality/ });
    expect(within(punctuality).getByText('85.7%')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /MAR compliance/ })).getByText('No data')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Camden Domiciliary' })).toBeInTheDocument();
  });
});

describe('recruitment KPI reports', () => {
  it('create: a 422 shows the field error and keeps what was typed', async () => {
    get.mockResolvedValue(ok(page([])));
    post.mockResolvedValue(failed(422, { to: ['To must be on or after From.'] }));
    renderAt('/app/kpis/recruitment/create');
    expect(screen.getByRole('heading', { level: 1, name: 'New recruitment KPI report' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Title'), 'Q3 recruitment');
    await userEvent.click(screen.getByRole('button', { name: 'Save report' }));
    expect(await screen.findByText('To must be on or after From.')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('api/v1/kpis/recruitment/reports', expect.objectContaining({ branch_id: 1, title: 'Q3 recruitment' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Q3 recruitment');
  });

  it('list: an empty list says so and offers a new report', async () => {
    get.mockResolvedValue(ok(page([])));
    renderAt('/app/kpis/recruitment');
    expect(await screen.findByText('No recruitment KPI report saved yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New KPI report' })).toHaveAttribute('href', '/app/kpis/recruitment/create');
  });
});

const review: BurReview = {
  id: 7,
  branch_id: 1,
  branch_name: 'Camden Domiciliary',
  month: '2026-10',
  figures: { contracted_hours: 1200, rostered_hours: 1000, utilisation_percent: 83.3, delivered_hours: 950, unfilled_visits: 4, travel_hours: 100, travel_share_percent: 9.1 },
  definitions_version: 'kpis-2026.1',
  commentary: 'Steady month.',
  actions: [{ action: 'Re-sequence the morning run', owner: 'Care coordinator', due_on: '2026-12-01' }],
  status: 'draft',
  version: 3,
  created_by_name: 'Manager',
  created_at: '2026-11-01T09:00:00.000Z',
  updated_by_name: 'Manager',
  updated_at: '2026-11-02T09:00:00.000Z',
};

describe('branch utilisation reviews', () => {
  it('list shows each review with its utilisation and a link to edit', async () => {
    get.mockResolvedValue(ok(page([review])));
    renderAt('/app/kpis/bur');
    const row = await screen.findByRole('row', { name: /2026-10/ });
    expect(within(row).getByText('83.3%')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /Edit/ })).toHaveAttribute('href', '/app/kpis/bur/7/edit');
  });

  it('edit sends the version it loaded; a 409 conflict is said in words and the values stay', async () => {
    get.mockResolvedValue(ok(review));
    put.mockResolvedValue(failed(409, { version: ['Someone saved this review since you opened it.'] }, 'Someone saved this review since you opened it.'));
    renderAt('/app/kpis/bur/7/edit');
    expect(await screen.findByRole('row', { name: /Utilisation/ })).toHaveTextContent('83.3%');
    const commentary = await screen.findByLabelText('Manager’s commentary');
    expect(commentary).toHaveValue('Steady month.');
    await userEvent.type(commentary, ' Two carers on leave.');
    await userEvent.click(screen.getByRole('button', { name: 'Save review' }));
    expect(put).toHaveBeenCalledWith('api/v1/kpis/bur/7', expect.objectContaining({ version: 3, commentary: 'Steady month. Two carers on leave.', actions: review.actions }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone saved this review');
    expect(screen.getByLabelText('Manager’s commentary')).toHaveValue('Steady month. Two carers on leave.');
  });

  it('add: an action row needs its fields (422 from the form itself)', async () => {
    renderAt('/app/kpis/bur/add');
    expect(screen.getByRole('heading', { level: 1, name: 'New branch utilisation review' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add an action' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save review' }));
    expect(await screen.findByText('Action is required.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});
