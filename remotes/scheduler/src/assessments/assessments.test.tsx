import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@hcm/kit';
import { useTracker } from '@hcm/kit/tracker';
import type { AssessmentVisitRow } from '../../contract/assessments';
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

beforeEach(() => {
  get.mockReset();
  get.mockImplementation((path: string) => Promise.resolve(ok(path.endsWith('/calendar') ? { month: '2026-11', visits: [visit] } : page([visit]))));
});

test('the list shows status in words, and "Start timer" times the client under the office planner module', async () => {
  signIn(['scheduler.view', 'scheduler.edit', 'time-tracker.use']);
  const track = jest.fn(() => ({ ok: true, message: '', errors: null }));
  const start = jest.fn(async () => ({ ok: true, message: '', errors: null }));
  useTracker.setState({ track, start } as never);
  renderAt('/app/assessment-visits/*', <AssessmentVisits />, '/app/assessment-visits/visits');
  expect(screen.getByRole('heading', { level: 1, name: 'Assessment visits' })).toBeInTheDocument();
  const row = await screen.findByRole('row', { name: /Margaret Evans/ });
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
