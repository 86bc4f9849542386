import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@hcm/kit';
import { useTracker } from '@hcm/kit/tracker';
import type { AssessmentVisitRow, ReviewToBookRow } from '../../contract/assessments';
import { ok, page, renderAt, signIn } from '../planning/testing';
import AssessmentVisits, { monthWeeks } from './Screens';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;

const visit: AssessmentVisitRow = {
  id: 4, branch_id: 1, branch: 'Camden Domiciliary', client_id: 7, client_name: 'Margaret Evans', kind: 'review', assessor_id: 2, assessor_name: 'Oliver Office',
  date: '2026-11-30', start_time: '10:00', duration_minutes: 60, location: '12 Arlington Road', status: 'planned', outcome: '', version: 1, updated_at: '2026-11-24T10:00:00Z',
};

const review: ReviewToBookRow = {
  id: 3, client_id: 9, client_name: 'Peggy Walsh', branch_id: 1, document_id: 41, kind: 'risk-assessment-choking', title: 'Choking risk assessment', due_on: '2026-11-20', overdue: true,
};

beforeEach(() => {
  get.mockReset();
  get.mockImplementation((path: string) =>
    Promise.resolve(ok(path.endsWith('/calendar') ? { month: '2026-11', visits: [visit] } : path.endsWith('/reviews-to-book') ? page([review]) : path.endsWith('/choices') ? { clients: [{ id: 9, name: 'Peggy Walsh', branch: 'Camden Domiciliary' }], assessors: [{ id: 2, name: 'Oliver Office' }] } : page([visit]))),
  );
});

test('the list shows status in words, and "Start timer" times the client under the office planner module', async () => {
  signIn(['scheduler.view', 'scheduler.edit', 'time-tracker.use']);
  const track = jest.fn(() => ({ ok: true, message: '', errors: null }));
  const start = jest.fn(async () => ({ ok: true, message: '', errors: null }));
  useTracker.setState({ track, start } as never);
  renderAt('/app/assessment-visits/*', <AssessmentVisits />, '/app/assessment-visits/visits');
  expect(screen.getByRole('heading', { level: 1, name: 'Assessment visits' })).toBeInTheDocument();
  const row = await within(await screen.findByRole('table', { name: /Assessment visits of your branches/ })).findByRole('row', { name: /Margaret Evans/ });
  expect(within(row).getByText('Planned')).toBeInTheDocument();
  expect(within(row).getByText('Review')).toBeInTheDocument();
  await userEvent.click(within(row).getByRole('button', { name: 'Start timer for Margaret Evans' }));
  expect(track).toHaveBeenCalledWith(expect.objectContaining({ module: 'OFFICE_PLANNER', event_type: 'REVIEW', target_type: 'client', target_id: 7, target_reference_entity_id: 4 }));
  await waitFor(() => expect(start).toHaveBeenCalled());
  expect(get).toHaveBeenCalledWith('api/v1/assessment-visits', expect.objectContaining({ status: 'planned' }));
});

test('the month calendar puts each visit on its day', async () => {
  signIn(['scheduler.view']);
  renderAt('/app/assessment-visits/*', <AssessmentVisits />, '/app/assessment-visits/calendar?month=2026-11');
  expect(screen.getByRole('heading', { level: 1, name: 'Assessment calendar' })).toBeInTheDocument();
  const link = await screen.findByRole('link', { name: '10:00 Review: Margaret Evans' });
  expect(link.closest('td')).toHaveTextContent(/^30/);
  const weeks = monthWeeks('2026-11');
  expect(weeks[0]![0]).toBe('2026-10-26');
  expect(weeks.at(-1)!.at(-1)).toBe('2026-12-06');
});

test('the bare /app/assessment-visits opens the visits list instead of "Page not found"', async () => {
  signIn(['scheduler.view']);
  const router = renderAt('/app/assessment-visits/*', <AssessmentVisits />, '/app/assessment-visits');
  expect(await screen.findByRole('heading', { level: 1, name: 'Assessment visits' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/app/assessment-visits/visits');
  expect(router.state.historyAction).toBe('REPLACE');
});

test('reviews falling due are listed to book, overdue in words; "Plan a review" opens the form on that client, as a review', async () => {
  signIn(['scheduler.view', 'scheduler.edit']);
  const router = renderAt('/app/assessment-visits/*', <AssessmentVisits />, '/app/assessment-visits/visits');
  const reviews = await screen.findByRole('table', { name: /due for review/ });
  const row = await within(reviews).findByRole('row', { name: /Peggy Walsh/ });
  expect(within(row).getByText('Choking risk assessment')).toBeInTheDocument();
  expect(row).toHaveTextContent('(overdue)');
  await userEvent.click(within(row).getByRole('link', { name: 'Plan a review with Peggy Walsh' }));
  expect(router.state.location.search).toBe('?client_id=9&kind=review');
  const form = await screen.findByRole('form', { name: 'Plan an assessment visit' });
  expect(within(form).getByLabelText('Client')).toHaveValue('9');
  expect(within(form).getByLabelText('Kind')).toHaveValue('review');
});
