import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, usePageTitleStore, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import { emptyValues, type DashboardAnswer, type RegisterRecord, type RegisterRow } from '../../contract/registers';
import Screens from './Screens';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const put = api.put as jest.Mock;
const ok = (data: unknown, httpStatus = 200) => ({ data, error: false, message: 'OK', errors: null, httpStatus });
const failed = (httpStatus: number, message: string, errors: Record<string, string[]> | null = null) => ({ data: null, error: true, message, errors, httpStatus });
const page = <T,>(rows: T[]) => ({ data: rows, total: rows.length, page: 1, page_size: 25, last_page: 1 });

const row: RegisterRow = {
  id: 4, kind: 'incident-and-accidents', reference: 'INC-0004', branch_id: 1, branch: 'Camden', occurred_on: '2026-03-02', summary: 'Found on the floor',
  status: 'open', severity: 'high', due_on: '2026-03-05', overdue: true, headline: 'Fall, serious', people: 'Edith Brown', updated_at: '2026-03-02T10:00:00Z',
};
const record: RegisterRecord = {
  ...emptyValues('incident-and-accidents', 1),
  id: 4, kind: 'incident-and-accidents', reference: 'INC-0004', branch_id: 1, branch: 'Camden', version: 2, created_at: '2026-03-02T10:00:00Z', updated_at: '2026-03-02T10:00:00Z',
  updated_by: 'Oliver Office', overdue: false, occurred_on: '2026-03-02', reported_by: 'Amara', summary: 'Found on the kitchen floor; fractured hip', incident_type: 'fall', injury_severity: 'serious',
  cqc_prompt: { category: 'serious_injury', label: 'Serious injury', reason: 'A serious injury needs a notification.' }, cqc_notification: null, source_reference: '', timetable: null,
};

let answers: Record<string, unknown>;
function signIn(permissions: string[]) {
  useSession.setState({
    status: 'authenticated',
    user: { userID: 3, userRole: 'registered_manager', userPermissions: permissions, userUnreadMessageCount: 0, name: 'Mia Manager', email: 'manager@homecare.test', userType: 'domiciliary', roleLabel: 'Registered manager', branches: [{ id: 1, name: 'Camden' }] } as CurrentUser,
  });
}
beforeEach(() => {
  get.mockReset();
  post.mockReset();
  put.mockReset();
  document.cookie = 'incident_and_accident=; max-age=0; path=/';
  answers = {};
  get.mockImplementation((path: string) => Promise.resolve(ok(answers[path] ?? page([]))));
  signIn(['quality.view', 'quality.edit', 'quality.cqc', 'clients.view']);
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/app/quality-assurance/*', element: <Screens /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

test('a list: its heading before the rows, rows linking to their record, overdue told in words, filters kept in the slot', async () => {
  let resolve: (value: unknown) => void = () => undefined;
  get.mockImplementationOnce(() => new Promise((done) => (resolve = done)));
  renderAt('/app/quality-assurance/incident-and-accidents');
  expect(screen.getByRole('heading', { level: 1, name: 'Incidents and accidents' })).toBeInTheDocument();
  resolve(ok(page([row])));
  const table = await screen.findByRole('table', { name: /Incidents and accidents/ });
  expect(within(table).getByRole('link', { name: 'INC-0004' })).toHaveAttribute('href', '/app/quality-assurance/incident-and-accidents/4/edit');
  expect(within(table).getByText(/Thu 5 Mar 2026 \(overdue\)/)).toBeInTheDocument();

  await userEvent.selectOptions(screen.getByLabelText('Status'), 'closed');
  await waitFor(() => expect(get).toHaveBeenLastCalledWith('api/v1/quality-assurance/incident-and-accidents', expect.objectContaining({ status: 'closed' })));
  expect(decodeURIComponent(document.cookie)).toContain('"status":"closed"');
});

test('a new record: checked in the browser first, then a 422 keeps what was typed and marks the field', async () => {
  renderAt('/app/quality-assurance/incident-and-accidents/add');
  expect(screen.getByRole('heading', { level: 1, name: 'New incident' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Save incident' }));
  expect(await screen.findByText('Say what happened.', { selector: 'li' })).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();

  await userEvent.type(screen.getByLabelText('Date it happened'), '2026-03-02');
  await userEvent.type(screen.getByLabelText('Reported by'), 'Amara Okafor');
  await userEvent.type(screen.getByLabelText('What happened'), 'Found on the kitchen floor');
  post.mockResolvedValueOnce(failed(422, 'The given data was invalid.', { reported_by: ['Say who reported it, in full.'] }));
  await userEvent.click(screen.getByRole('button', { name: 'Save incident' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/quality-assurance/incident-and-accidents', expect.objectContaining({ branch_id: 1, summary: 'Found on the kitchen floor', incident_type: 'fall' })));
  expect(await screen.findAllByText('Say who reported it, in full.')).not.toHaveLength(0);
  expect(screen.getByLabelText('What happened')).toHaveValue('Found on the kitchen floor');
  expect(screen.getByLabelText('Reported by')).toHaveValue('Amara Okafor');
});

test('an edited record that needs a CQC notification says so and opens one prefilled; a 409 keeps the answers', async () => {
  answers['api/v1/quality-assurance/incident-and-accidents/4'] = record;
  renderAt('/app/quality-assurance/incident-and-accidents/4/edit');
  expect(screen.getByRole('heading', { level: 1, name: /Edit incident/ })).toBeInTheDocument();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('This needs a CQC notification: Serious injury.');
  expect(within(alert).getByRole('link', { name: 'Prepare the CQC notification' })).toHaveAttribute('href', '/app/quality-assurance/cqc-notifications/add?source=incident-and-accidents:4');

  put.mockResolvedValueOnce(failed(409, 'INC-0004 was saved by Oliver Office at 02/03/2026, 10:05 since you opened it.'));
  await userEvent.type(screen.getByLabelText('Investigation'), 'Rug removed');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(put).toHaveBeenCalledWith('api/v1/quality-assurance/incident-and-accidents/4', expect.objectContaining({ base_version: 2, investigation: 'Rug removed' })));
  expect(await screen.findByText(/saved by Oliver Office/)).toBeInTheDocument();
  expect(screen.getByLabelText('Investigation')).toHaveValue('Rug removed');
});

test('without quality.cqc the prompt asks for the registered manager; a linked notification shows its status', async () => {
  signIn(['quality.view', 'quality.edit']);
  answers['api/v1/quality-assurance/incident-and-accidents/4'] = record;
  renderAt('/app/quality-assurance/incident-and-accidents/4/edit');
  expect(await screen.findByText('Ask the registered manager to notify CQC.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Prepare the CQC notification' })).toBeNull();
});

test('a CQC notification opened from a record is prefilled and linked', async () => {
  answers['api/v1/quality-assurance/incident-and-accidents/4'] = record;
  renderAt('/app/quality-assurance/cqc-notifications/add?source=incident-and-accidents:4');
  expect(await screen.findByText(/Prefilled from INC-0004/)).toBeInTheDocument();
  expect(screen.getByLabelText('Notification category')).toHaveValue('serious_injury');
  expect(screen.getByLabelText('What happened')).toHaveValue('Found on the kitchen floor; fractured hip');
});

test('the dashboard: counts by register and status, overdue items linked, figures also as a table', async () => {
  const dashboard: DashboardAnswer = {
    branch_id: null,
    counts: [
      { kind: 'incident-and-accidents', status: 'open', count: 3 },
      { kind: 'incident-and-accidents', status: 'closed', count: 20 },
      { kind: 'cqc-notifications', status: 'draft', count: 1 },
    ],
    months: ['2026-02', '2026-03'],
    trends: [{ kind: 'incident-and-accidents', month: '2026-03', count: 4 }],
    overdue: [{ id: 9, kind: 'complaints', reference: 'CMP-0005', branch: 'Camden', what: 'Complaint response overdue', due_on: '2026-02-20', summary: 'Late calls' }],
  };
  answers['api/v1/quality-assurance/dashboard'] = dashboard;
  renderAt('/app/quality-assurance/dashboard');
  expect(screen.getByRole('heading', { level: 1, name: 'Quality dashboard' })).toBeInTheDocument();
  const counts = await screen.findByRole('table', { name: 'Records by register and status' });
  const incidents = within(counts).getByRole('row', { name: /Incidents and accidents/ });
  expect(within(incidents).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['3', '0', '20', '23']);
  const overdue = screen.getByRole('table', { name: /Overdue items/ });
  expect(within(overdue).getByRole('link', { name: 'CMP-0005' })).toHaveAttribute('href', '/app/quality-assurance/complaints/9/edit');
  // Dates and months in the product's one style (@hcm/contract/time).
  expect(within(overdue).getByRole('row', { name: /CMP-0005/ })).toHaveTextContent('Fri 20 Feb 2026');
  expect(screen.getAllByText('March 2026').length).toBeGreaterThan(0);
  await userEvent.selectOptions(screen.getByLabelText('Branch'), '1');
  await waitFor(() => expect(get).toHaveBeenLastCalledWith('api/v1/quality-assurance/dashboard', { branch_id: '1' }));
});

test('each quality screen names its page: the dashboard, a register, a new record and an edited one', async () => {
  answers['api/v1/quality-assurance/incident-and-accidents/4'] = record;
  answers['api/v1/quality-assurance/dashboard'] = { counts: [], months: [], trends: [], overdue: [] };
  const router = renderAt('/app/quality-assurance/dashboard');
  await waitFor(() => expect(usePageTitleStore.getState().routeName).toBe('Quality dashboard'));
  await router.navigate('/app/quality-assurance/cqc-notifications');
  await waitFor(() => expect(usePageTitleStore.getState().routeName).toBe('CQC notifications'));
  await router.navigate('/app/quality-assurance/cqc-notifications/add');
  await waitFor(() => expect(usePageTitleStore.getState().routeName).toBe('New CQC notification'));
  await router.navigate('/app/quality-assurance/incident-and-accidents/4/edit');
  await waitFor(() => expect(usePageTitleStore.getState().routeName).toBe('Edit incident INC-0004'));
});
