import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, useSession } from '@hcm/kit';
import type { EventDeliveriesAnswer, ScheduledJobView } from '@hcm/contract';
import { withData } from '@hcm/kit/testing';
import { BackgroundWork } from './BackgroundWork';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const FAILED: EventDeliveriesAnswer = {
  deliveries: [
    {
      event_id: 41,
      consumer: 'scheduler:carer-leave-takes-carer-off-visits',
      status: 'failed',
      attempts: 6,
      last_error: 'visit 812 was changed by someone else',
      next_attempt_at: '2026-11-25T11:00:00Z',
      type: 'workforce.carer-leave.approved',
      area: 'workforce',
      payload: { carer_id: 7 },
      occurred_at: '2026-11-25T09:00:00Z',
    },
  ],
  counts: { failed: 1 },
};
const JOBS: ScheduledJobView[] = [
  { name: 'scheduler:live-engine', next_run_at: '2026-11-25T10:01:00Z', lease_owner: null, lease_until: null, last_started_at: '2026-11-25T10:00:00Z', last_finished_at: '2026-11-25T10:00:01Z', last_error: 'SMTP refused', runs: 12 },
];

const asUser = (permissions: string[]) =>
  useSession.setState({ status: 'authenticated', user: { userID: 1, name: 'Ops', email: 'ops@homecare.test', userRole: 'admin', userPermissions: permissions, branches: [] } as never });

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  get.mockImplementation(async (path: string, params?: Record<string, string>) => {
    if (path === 'api/v1/scheduled-jobs') return ok(JOBS);
    return ok(params?.status === 'waiting' ? { deliveries: [], counts: {} } : FAILED);
  });
});

test('lists a failed delivery with its error and retries it; lists the jobs with their last error', async () => {
  asUser(['areas.view', 'areas.rollback']);
  post.mockResolvedValue(ok({ event_id: 41 }));
  render(withData(<BackgroundWork />));
  const failed = await screen.findByRole('table', { name: 'Failed event deliveries' });
  expect(within(failed).getByRole('cell', { name: 'workforce.carer-leave.approved #41' })).toBeInTheDocument();
  expect(within(failed).getByRole('cell', { name: 'visit 812 was changed by someone else' })).toBeInTheDocument();
  expect(await screen.findByText('None is waiting.')).toBeInTheDocument();
  const jobs = await screen.findByRole('table', { name: 'Scheduled jobs' });
  expect(within(jobs).getByRole('cell', { name: 'SMTP refused' })).toBeInTheDocument();

  await userEvent.click(within(failed).getByRole('button', { name: 'Try workforce.carer-leave.approved #41 for scheduler:carer-leave-takes-carer-off-visits again' }));
  expect(post).toHaveBeenCalledWith('api/v1/event-deliveries/41/retry', { consumer: 'scheduler:carer-leave-takes-carer-off-visits' });
});

test('without areas.rollback there is no retry', async () => {
  asUser(['areas.view']);
  render(withData(<BackgroundWork />));
  const failed = await screen.findByRole('table', { name: 'Failed event deliveries' });
  expect(within(failed).queryByRole('button')).not.toBeInTheDocument();
});
