import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { AuditRow, AuditSummary } from '../../contract/audits';
import Area from '../Area';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn() } };
});
const get = api.get as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const summary = (over: Partial<AuditSummary> = {}): AuditSummary => ({
  overdue: 2,
  due: 1,
  upcoming: 5,
  done: 3,
  done_in_period: 9,
  period: { from: '2025-11-24', to: '2026-11-24' },
  outcomes: [
    { value: 'good', label: 'Good', count: 7 },
    { value: 'struggling', label: 'Struggling: support offered', count: 1 },
  ],
  ...over,
});
const rhys: AuditRow = {
  id: 22, person_id: 22, person_name: 'Rhys Morgan', branch_id: 3, branch: 'Bristol North', record_title: 'Supervisions', record_date: '2026-08-04',
  detail: 'Gareth Powell', outcome: 'good', outcome_label: 'Good', next_due: '2026-09-29', state: 'overdue', days_overdue: 56, tab: 'supervisions',
};
const margaret: AuditRow = {
  id: 1, person_id: 1, person_name: 'Margaret Ellison', branch_id: 1, branch: 'Camden Domiciliary', record_title: 'MAR chart audits', record_date: '2026-11-03',
  detail: 'October 2026, by Maya Manager', outcome: 'actions', outcome_label: 'Actions needed', next_due: '2026-12-07', state: 'due', days_overdue: 0, tab: 'marchart-audit',
};
const listOf = (rows: AuditRow[], over: Partial<AuditSummary> = {}) => ok({ data: rows, total: rows.length, page: 1, page_size: 25, last_page: 1, summary: summary(over) });

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/app/audits/*', element: <Area prefix="audits" /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

beforeEach(() => {
  get.mockReset();
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: ['audits.view'], userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden' }],
    } as CurrentUser,
  });
});

test('supervisions: the heading before data, summary cards, outcomes table and a row linking to the carer file tab', async () => {
  let answer: (value: unknown) => void = () => undefined;
  get.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  renderAt('/app/audits/carers/supervisions');
  expect(await screen.findByRole('heading', { level: 1, name: 'Supervisions' })).toBeInTheDocument();
  answer(listOf([rhys]));

  const row = await screen.findByRole('row', { name: /Rhys Morgan/ });
  expect(within(row).getByText('Overdue by 56 days')).toBeInTheDocument();
  expect(within(row).getByText('Gareth Powell')).toBeInTheDocument();
  expect(within(row).getByRole('link', { name: /Rhys Morgan/ })).toHaveAttribute('href', '/app/carers/22/edit/supervisions');
  expect(within(screen.getByRole('button', { name: /Overdue/ })).getByText('2')).toBeInTheDocument();
  const outcomes = screen.getByRole('table', { name: /Outcomes/ });
  expect(within(within(outcomes).getByRole('row', { name: /Struggling/ })).getByText('1')).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('api/v1/audits/carers/supervisions', expect.objectContaining({ page: 1, page_size: 25 }));
});

test('filters live in the address and are sent to the API; a summary card filters by its state; sorting asks the API', async () => {
  get.mockImplementation(() => Promise.resolve(listOf([margaret], { overdue: 0 })));
  const router = renderAt('/app/audits/clients/marchart?outcome=actions');
  const row = await screen.findByRole('row', { name: /Margaret Ellison/ });
  expect(within(row).getByRole('link', { name: /Margaret Ellison/ })).toHaveAttribute('href', '/app/clients/1/marchart-audit');
  expect(get).toHaveBeenLastCalledWith('api/v1/audits/clients/marchart', expect.objectContaining({ outcome: 'actions' }));
  expect(screen.getByLabelText('Outcome')).toHaveValue('actions');

  await userEvent.selectOptions(screen.getByLabelText('Branch'), '1');
  expect(router.state.location.search).toContain('branch_id=1');
  expect(get).toHaveBeenLastCalledWith('api/v1/audits/clients/marchart', expect.objectContaining({ branch_id: '1', outcome: 'actions' }));

  await userEvent.click(screen.getByRole('button', { name: /Due within 14 days/ }));
  expect(screen.getByRole('button', { name: /Due within 14 days/ })).toHaveAttribute('aria-pressed', 'true');
  expect(router.state.location.search).toContain('state=due');
  expect(get).toHaveBeenLastCalledWith('api/v1/audits/clients/marchart', expect.objectContaining({ state: 'due' }));

  await userEvent.click(screen.getByRole('button', { name: /Next audit due/ }));
  expect(get).toHaveBeenLastCalledWith('api/v1/audits/clients/marchart', expect.objectContaining({ sort: 'next_due', mode: 'asc' }));
});

test('an empty list says what would appear; with a filter it says to clear it', async () => {
  get.mockImplementation(() => Promise.resolve(listOf([], { overdue: 0, due: 0, upcoming: 0, done: 0, done_in_period: 0 })));
  renderAt('/app/audits/carers/disciplinary');
  expect(await screen.findByText(/No discussion note is recorded for your branches' carers/)).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Carer name'), 'zz');
  expect(await screen.findByText(/No record matches these filters/)).toBeInTheDocument();
});

test('the audits index links every list', async () => {
  renderAt('/app/audits');
  expect(await screen.findByRole('heading', { level: 1, name: 'Audits' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Financial transactions' })).toHaveAttribute('href', '/app/audits/clients/financial-transaction');
  expect(screen.getAllByRole('link')).toHaveLength(11);
});

test('an unknown list is not found', async () => {
  renderAt('/app/audits/carers/holidays');
  expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  expect(get).not.toHaveBeenCalled();
});
