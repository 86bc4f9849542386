import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { FamilyFeedbackRow, IncidentRow } from '../../../contract';
import Falls from './Falls';
import FeedbackComplaintsCompliments from './FeedbackComplaintsCompliments';
import Incidents from './Incidents';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown, message = 'OK') => ({ data, error: false, message, errors: null, httpStatus: 200 });
const invalid = (errors: Record<string, string[]>) => ({ data: null, error: true, message: 'The given data was invalid.', errors, httpStatus: 422 });
const page = <T,>(rows: T[]) => ({ data: rows, total: rows.length, page: 1, page_size: 20, last_page: 1 });

const fall: IncidentRow = {
  id: 11, client_id: 7, client_name: 'Thomas Brennan', branch_id: 1, branch_name: 'Camden', carer_id: 5, carer_name: 'Aisha Bello', kind: 'fall',
  happened_at: '2026-11-20T07:42:00Z', received_at: '2026-11-20T07:52:00Z', visit_id: null, description: 'Found on the bedroom floor beside the bed.',
  injuries: 'Red mark on the left hip.', action_taken: 'Helped up with two carers; informed his daughter.',
  body_map: { found_on_floor: true, witnessed: false, injured: true, injury_sites: ['left-hip'], head_injury: false, ambulance_called: false, able_to_get_up: true },
  hazard: null, state: 'open', reviewed_at: null, reviewed_by_name: '', review_outcome: '', review_note: '', escalate_to_quality: false,
};

const complaint: FamilyFeedbackRow = {
  id: 21, client_id: 9, client_name: 'Albert Nowak', branch_id: 3, branch_name: 'Bristol North', carer_id: 6, carer_name: 'Joseph Adeyemi', from: 'Son',
  kind: 'complaint', text: 'The morning call was 40 minutes late twice.', recorded_at: '2026-11-21T09:50:00Z', received_at: '2026-11-21T09:55:00Z',
  state: 'open', acknowledged_at: null, acknowledged_by_name: '', response: '',
};

let answers: Record<string, unknown>;
beforeEach(() => {
  get.mockReset();
  post.mockReset();
  document.cookie = 'live_event_incident=; max-age=0; path=/';
  answers = { 'api/v1/clients': page([{ id: 7, first_name: 'Thomas', last_name: 'Brennan' }]), 'api/v1/carers/rota': [{ id: 5, name: 'Aisha Bello' }] };
  get.mockImplementation((path: string) => Promise.resolve(ok(answers[path] ?? page([]))));
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: ['clients.view', 'clients.edit'], userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden' }],
    } as CurrentUser,
  });
});

function renderAt(path: string, element: ReactNode) {
  const router = createMemoryRouter([{ path: path.split('?')[0]!, element }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

test('incidents: the heading while loading, the fall linked to the client’s record, filters kept in the slot, and a review with its 422', async () => {
  let resolve: (value: unknown) => void = () => undefined;
  answers['api/v1/live-events/incidents'] = page([fall]);
  get.mockImplementation((path: string) =>
    path === 'api/v1/live-events/incidents' && !answers.listed ? new Promise((done) => { resolve = done; answers.listed = true; }) : Promise.resolve(ok(answers[path] ?? page([]))),
  );
  renderAt('/app/live-events/clients/incidents', <Incidents />);
  expect(screen.getByRole('heading', { level: 1, name: 'Incidents at visits' })).toBeInTheDocument();
  resolve(ok(page([fall])));

  const table = await screen.findByRole('table', { name: 'Incidents' });
  const row = within(table).getByRole('row', { name: /bedroom floor/ });
  expect(within(row).getByRole('link', { name: 'Thomas Brennan' })).toHaveAttribute('href', '/app/clients/7');
  expect(row).toHaveTextContent('Awaiting review');

  await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Fall');
  await waitFor(() => expect(get).toHaveBeenCalledWith('api/v1/live-events/incidents', expect.objectContaining({ kind: 'fall', page: 1, sort: 'happened_at', mode: 'desc' })));
  expect(document.cookie).toContain('live_event_incident=');
  await userEvent.click(within(table).getByRole('button', { name: 'Client' }));
  await waitFor(() => expect(get).toHaveBeenCalledWith('api/v1/live-events/incidents', expect.objectContaining({ sort: 'client_name', mode: 'asc' })));

  post.mockResolvedValueOnce(invalid({ note: ['Review note is required.'] }));
  await userEvent.click(await screen.findByRole('button', { name: 'Review incident 11' }));
  const form = screen.getByRole('form', { name: 'Review of incident 11' });
  await userEvent.selectOptions(within(form).getByLabelText('Outcome'), 'GP or district nurse informed');
  await userEvent.type(within(form).getByLabelText('Review note'), 'GP asked to review.');
  await userEvent.click(within(form).getByRole('checkbox', { name: 'Raise with quality assurance' }));
  await userEvent.click(within(form).getByRole('button', { name: 'Save review' }));
  expect(await within(form).findByText('Review note is required.')).toBeInTheDocument();
  expect(post).toHaveBeenCalledWith('api/v1/live-events/incidents/11/review', { outcome: 'health-professional-informed', note: 'GP asked to review.', escalate_to_quality: true });
});

test('falls: the filter is kept in the address and the fall’s details are shown', async () => {
  answers['api/v1/live-events/client-falls'] = page([fall]);
  const router = renderAt('/app/live-events/clients/client-fall?state=open', <Falls />);
  const table = await screen.findByRole('table', { name: 'Falls' });
  expect(within(table).getByRole('row', { name: /bedroom floor/ })).toHaveTextContent('Injured: Yes (Left hip)');
  expect(get).toHaveBeenCalledWith('api/v1/live-events/client-falls', expect.objectContaining({ state: 'open' }));
  await userEvent.selectOptions(screen.getByLabelText('Client'), 'Brennan, Thomas');
  await waitFor(() => expect(router.state.location.search).toContain('client_id=7'));
  expect(router.state.location.search).toContain('state=open');
});

test('complaints and compliments: acknowledging a complaint sends the response', async () => {
  answers['api/v1/live-events/family-feedback-complaint-compliment'] = page([complaint]);
  post.mockResolvedValueOnce(ok({ ...complaint, state: 'acknowledged', response: 'Called Mr Nowak to apologise.' }, 'Feedback acknowledged.'));
  renderAt('/app/live-events/clients/family-feedback-complaint-compliment', <FeedbackComplaintsCompliments />);
  expect(screen.getByRole('heading', { level: 1, name: 'Complaints and compliments from families' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Complaints and compliments' });
  expect(within(table).getByRole('row', { name: /40 minutes late/ })).toHaveTextContent('Not yet acknowledged');
  await userEvent.click(within(table).getByRole('button', { name: 'Acknowledge feedback 21' }));
  const form = screen.getByRole('form', { name: 'Acknowledgement of feedback 21' });
  await userEvent.type(within(form).getByLabelText('Response'), 'Called Mr Nowak to apologise.');
  await userEvent.click(within(form).getByRole('button', { name: 'Acknowledge' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/live-events/family-feedback/21/acknowledge', { response: 'Called Mr Nowak to apologise.' }));
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Acknowledgement of feedback 21' })).not.toBeInTheDocument());
});
