import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { DueList as DueListData, DueRow } from '../../contract/due';
import DueList, { stateInWords } from './DueList';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn() } };
});
const get = api.get as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const row = (overrides: Partial<DueRow>): DueRow => ({
  id: 8, name: 'Grace Okafor', branch_id: 1, branch: 'Camden Domiciliary', start_date: '2022-08-01', kind: 'supervisions',
  last_date: '2026-08-18', last_document_id: 41, next_due: '2026-10-13', state: 'overdue', days_overdue: 42, never_done: false, ...overrides,
});

const answer = (rows: DueRow[], extra: Partial<DueListData> = {}): DueListData => ({
  data: rows, total: rows.length, page: 1, page_size: 25, last_page: 1, kind: 'supervisions',
  counts: { overdue: 2, due: 1, upcoming: 0, never_done: 1 }, interval: { every: 8, unit: 'weeks' }, ...extra,
});

function signIn(branches = [{ id: 1, name: 'Camden Domiciliary' }, { id: 3, name: 'Bristol North' }]) {
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'registered_manager', userPermissions: ['carers.view', 'employees.view'], userUnreadMessageCount: 0,
      name: 'Maya Manager', email: 'manager@homecare.test', userType: 'domiciliary', roleLabel: 'Registered manager', branches,
    } as CurrentUser,
  });
}

function renderAt(owner: 'carers' | 'employees', path = `/app/${owner}/due`) {
  const router = createMemoryRouter([{ path: `/app/${owner}/due`, element: <DueList owner={owner} /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

beforeEach(() => {
  get.mockReset();
  signIn();
});

test('lists who is due with states in words, each name opening that tab of the file', async () => {
  get.mockResolvedValue(ok(answer([
    row({}),
    row({ id: 11, name: "Liam O'Connor", last_date: null, last_document_id: null, start_date: '2025-02-03', next_due: '2025-03-31', days_overdue: 603, never_done: true }),
    row({ id: 2, name: 'Tom Fletcher', last_date: '2026-10-08', next_due: '2099-12-03', state: 'due', days_overdue: 0 }),
  ])));
  renderAt('carers');
  expect(await screen.findByRole('heading', { level: 1, name: 'Supervisions and appraisals due' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Supervisions due' });
  const grace = within(table).getByRole('row', { name: /Grace Okafor/ });
  expect(grace).toHaveTextContent('Overdue by 42 days');
  expect(grace).toHaveTextContent('Tue 18 Aug 2026');
  expect(within(grace).getByRole('link', { name: 'Grace Okafor' })).toHaveAttribute('href', '/app/carers/8/edit/supervisions');
  const liam = within(table).getByRole('row', { name: /Liam O'Connor/ });
  expect(liam).toHaveTextContent('Never (started Mon 3 Feb 2025)');
  expect(liam).toHaveTextContent('Never done: overdue by 603 days');
  expect(within(table).getByRole('row', { name: /Tom Fletcher/ })).toHaveTextContent(/Due in \d+ days/);
  expect(screen.getAllByRole('status').map((element) => element.textContent)).toContain('Supervisions every 8 weeks: 2 overdue, 1 due within 14 days, 0 not due yet; 1 never had one.');
  expect(get).toHaveBeenCalledWith('api/v1/carers/due', expect.objectContaining({ kind: 'supervisions', state: 'all', branch_id: '' }));
});

test('the filters ask the server again: kind, state and branch', async () => {
  get.mockResolvedValue(ok(answer([])));
  renderAt('carers');
  expect(await screen.findByText('Nobody at work in these branches.')).toBeInTheDocument();
  await userEvent.selectOptions(screen.getByLabelText('What'), 'Spot checks');
  await waitFor(() => expect(get).toHaveBeenLastCalledWith('api/v1/carers/due', expect.objectContaining({ kind: 'spot-check', page: 1 })));
  await userEvent.selectOptions(screen.getByLabelText('Show'), 'Overdue');
  await waitFor(() => expect(get).toHaveBeenLastCalledWith('api/v1/carers/due', expect.objectContaining({ kind: 'spot-check', state: 'overdue' })));
  await userEvent.selectOptions(screen.getByLabelText('Branch'), 'Bristol North');
  await waitFor(() => expect(get).toHaveBeenLastCalledWith('api/v1/carers/due', expect.objectContaining({ branch_id: '3', state: 'overdue' })));
});

test('office employees have supervisions and appraisals, not spot checks; a link names the kind to show', async () => {
  get.mockResolvedValue(ok(answer([row({ id: 5, name: 'Gareth Powell', kind: 'annual-appraisal', last_date: '2025-11-05', next_due: '2026-11-05', days_overdue: 19 })], { kind: 'annual-appraisal' })));
  signIn([{ id: 2, name: 'Leeds Supported Living' }]);
  renderAt('employees', '/app/employees/due?kind=annual-appraisal');
  const link = await screen.findByRole('link', { name: 'Gareth Powell' });
  expect(link).toHaveAttribute('href', '/app/employees/5/edit/annual-appraisal');
  const kinds = within(screen.getByLabelText('What')).getAllByRole('option').map((option) => option.textContent);
  expect(kinds).toEqual(['Supervisions', 'Annual appraisals']);
  expect(screen.getByLabelText('What')).toHaveValue('annual-appraisal');
  expect(screen.queryByLabelText('Branch')).toBeNull();
  expect(get).toHaveBeenCalledWith('api/v1/employees/due', expect.objectContaining({ kind: 'annual-appraisal' }));
});

test('states in words, for due today and for a first one not yet due', () => {
  expect(stateInWords({ state: 'due', days_overdue: 0, never_done: false, next_due: '2026-11-24' }, '2026-11-24')).toBe('Due today');
  expect(stateInWords({ state: 'due', days_overdue: 0, never_done: true, next_due: '2026-11-25' }, '2026-11-24')).toBe('Due in 1 day (first one)');
  expect(stateInWords({ state: 'upcoming', days_overdue: 0, never_done: true, next_due: '2027-01-24' }, '2026-11-24')).toBe('Not due yet (first one)');
  expect(stateInWords({ state: 'overdue', days_overdue: 1, never_done: false, next_due: '2026-11-23' }, '2026-11-24')).toBe('Overdue by 1 day');
});
