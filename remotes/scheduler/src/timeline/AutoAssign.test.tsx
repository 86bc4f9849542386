import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, useAlerts } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import { AutoAssign, lateText, wtrText } from './AutoAssign';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn() } };
});
const post = api.post as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

// Auto-assign's proposal (issue 29): what it reports (lateness carried over, Working Time Regulations), Apply sending
// back the very proposal previewed, and a 409 naming what changed since.

const proposal = { fingerprint: 'a'.repeat(64), basis: [[101, 3], [102, 1]], assignments: [{ visit_id: 101, carer_id: 7 }] };
const preview = {
  applied: false,
  metrics: { assigned: 1, unassigned: 0, continuity_percent: 100, travel_minutes: 20, milliseconds: 900 },
  baseline: { assigned: 1, unassigned: 0, continuity_percent: 0, travel_minutes: 25, milliseconds: 10 },
  hard_breaks: 0,
  assignments: [{ visit_id: 101, carer_id: 7, carer_name: 'Anna Green', client_name: 'Mrs Khan', date: '2026-11-24', start_time: '08:00', end_time: '08:30' }],
  unassigned: [],
  skipped: [],
  late: { visits: 0, max_minutes: 0, window_minutes: 10, enforcement: 'refuse' },
  wtr: { enforcement: 'warn', rest_breaches: 3, carers: 2, shortest_rest_minutes: 540, break_breaches: 0, weekly_breaches: 1 },
  stopped_by: 'work',
  proposal,
};

beforeEach(() => {
  post.mockReset();
  useAlerts.setState({ alerts: [] });
});

test('issue 29: the proposal reports lateness and Working Time Regulations breaches in words; Apply sends that very proposal back', async () => {
  post.mockImplementation((_path: string, body: { apply: boolean }) => Promise.resolve(ok(body.apply ? { applied: true, assignments: preview.assignments } : preview)));
  render(withData(<AutoAssign branchId={1} weekStart="2026-11-23" />));
  await userEvent.click(screen.getByRole('button', { name: 'Auto-assign this week' }));
  const dialog = await screen.findByRole('dialog', { name: /Auto-assign proposal/ });
  expect(post).toHaveBeenCalledWith('api/v1/scheduler/auto-assign', { branch_id: 1, week_start: '2026-11-23', apply: false });
  expect(within(dialog).getByText('Working Time Regulations').nextSibling).toHaveTextContent('3 days followed by less than 11 hours’ rest (2 carers, the shortest rest 9 h); 1 carer over the 48-hour average. Set to warn: these are assigned with a warning.');
  expect(within(dialog).getByText('Lateness carried over carers’ days').nextSibling).toHaveTextContent('None reached more than 10 minutes late.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(post).toHaveBeenLastCalledWith('api/v1/scheduler/auto-assign', { branch_id: 1, week_start: '2026-11-23', apply: true, proposal }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /Auto-assign proposal/ })).toBeNull());
});

test('issue 29: a 409 from Apply lists what changed, saves nothing, and offers a new proposal', async () => {
  const changes = ['Mrs Khan’s visit, Tue 24 Nov 08:00: Ben Ode assigned, by Oliver Office.', 'Mr Patel’s visit, Tue 24 Nov 10:00: Cancelled: Client in hospital, by Maya Manager.'];
  post.mockImplementation((_path: string, body: { apply: boolean }) =>
    Promise.resolve(body.apply ? { data: { changes }, error: true, message: 'The rota changed since this proposal was worked out…', errors: null, httpStatus: 409 } : ok(preview)),
  );
  render(withData(<AutoAssign branchId={1} weekStart="2026-11-23" />));
  await userEvent.click(screen.getByRole('button', { name: 'Auto-assign this week' }));
  const dialog = await screen.findByRole('dialog', { name: /Auto-assign proposal/ });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
  const alert = await within(dialog).findByRole('alert');
  expect(alert).toHaveTextContent('The rota changed since this proposal was worked out, so nothing was saved.');
  expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual(changes);
  expect(within(dialog).queryByRole('button', { name: 'Apply' })).toBeNull();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Work out a new proposal' }));
  await waitFor(() => expect(post).toHaveBeenLastCalledWith('api/v1/scheduler/auto-assign', { branch_id: 1, week_start: '2026-11-23', apply: false }));
  await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeEnabled();
});

test('the report lines in words: lateness and breaches, singular and plural', () => {
  expect(lateText({ visits: 1, maxMinutes: 14, windowMinutes: 10 })).toBe('1 visit reached more than 10 minutes late (the latest by 14 minutes).');
  expect(wtrText({ enforcement: 'refuse', restBreaches: 0, carers: 0, shortestRest: null, breakBreaches: 0, weeklyBreaches: 0 })).toBe('No breach (the rules refuse them).');
  expect(wtrText({ enforcement: 'warn', restBreaches: 1, carers: 1, shortestRest: 555, breakBreaches: 2, weeklyBreaches: 0 })).toBe(
    '1 day followed by less than 11 hours’ rest (1 carer, the shortest rest 9 h 15 min); 2 days over 6 hours without a 20-minute break. Set to warn: these are assigned with a warning.',
  );
});
