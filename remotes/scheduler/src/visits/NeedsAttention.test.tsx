import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@hcm/kit';
import type { NeedsAttentionRow } from '../../contract/attention';
import NeedsAttention from './NeedsAttention';
import { clearCookies, failed, ok, page, renderAt, signIn } from './testing';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;

const takenOff: NeedsAttentionRow = {
  visit_id: 41, branch_id: 1, branch: 'Camden Domiciliary', client_id: 7, client_name: 'Margaret Evans', date: '2026-12-02', start_time: '08:00', end_time: '08:30',
  status: 'unassigned', carers_needed: 1, carer_names: [], kind: 'taken-off', reason: 'Aisha Bello taken off: on approved leave 2–4 Dec 2026', since: '2026-11-25T10:00:00.000Z',
};
const refused: NeedsAttentionRow = {
  ...takenOff, visit_id: 42, client_name: 'Arthur Banks', date: '2026-12-03', kind: 'rule-break-at-generation', reason: 'Left unassigned when generated: Grace Okafor is on holiday on 2026-12-03 (Annual leave).',
};

beforeEach(() => {
  clearCookies();
  get.mockReset();
  post.mockReset();
  get.mockImplementation((path: string) => Promise.resolve(path === 'api/v1/visits/needs-attention' ? ok(page([takenOff, refused])) : ok(page([]))));
  signIn(['visits.view', 'scheduler.view', 'scheduler.edit']);
});

test('lists the visits needing attention, soonest first, each linking to the visit with why in words; filters are by branch, date and kind', async () => {
  renderAt('/app/visits/needs-attention', <NeedsAttention />, '/app/visits/needs-attention');
  expect(screen.getByRole('heading', { level: 1, name: 'Needs attention' })).toBeInTheDocument();
  const row = await screen.findByRole('row', { name: /Margaret Evans/ });
  expect(within(row).getByRole('link', { name: /2 Dec 2026 08:00–08:30/ })).toHaveAttribute('href', '/app/visits/41');
  expect(within(row).getByText(/Aisha Bello taken off: on approved leave 2–4 Dec 2026/)).toBeInTheDocument();
  expect(within(row).getByText(/Carer taken off:/)).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /Arthur Banks/ })).getByText(/Left unassigned when made:/)).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('api/v1/visits/needs-attention', expect.objectContaining({ page: 1, page_size: 25 }));

  await userEvent.selectOptions(screen.getByLabelText('Why'), 'taken-off');
  expect(get).toHaveBeenLastCalledWith('api/v1/visits/needs-attention', expect.objectContaining({ kind: 'taken-off', page: 1 }));
  await userEvent.selectOptions(screen.getByLabelText('Branch'), '2');
  expect(get).toHaveBeenLastCalledWith('api/v1/visits/needs-attention', expect.objectContaining({ branch_id: '2', kind: 'taken-off' }));
  expect(screen.getByLabelText('From')).toHaveAttribute('type', 'date');
  expect(screen.getByLabelText('To')).toHaveAttribute('type', 'date');
});

test('dismissing needs a reason, checked before sending and by the server; then the list is read again', async () => {
  renderAt('/app/visits/needs-attention', <NeedsAttention />, '/app/visits/needs-attention');
  const row = await screen.findByRole('row', { name: /Margaret Evans/ });
  await userEvent.click(within(row).getByRole('button', { name: 'Dismiss Margaret Evans, Wed 2 Dec 2026 08:00' }));
  const form = screen.getByRole('form', { name: 'Dismiss Margaret Evans, Wed 2 Dec 2026 08:00' });
  await userEvent.click(within(form).getByRole('button', { name: 'Dismiss' }));
  expect(await within(form).findByText('Say why this visit no longer needs attention.')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();

  post.mockResolvedValueOnce(failed(422, 'The given data was invalid.', { reason: ['A reason is at most 500 characters.'] }));
  await userEvent.type(within(form).getByLabelText('Why it no longer needs attention'), 'Covered by the family');
  await userEvent.click(within(form).getByRole('button', { name: 'Dismiss' }));
  expect(await within(form).findByText('A reason is at most 500 characters.')).toBeInTheDocument();
  expect(post).toHaveBeenLastCalledWith('api/v1/visits/41/attention/dismiss', { reason: 'Covered by the family' });

  post.mockResolvedValueOnce(ok({ visit_id: 41 }, 'Dismissed: the visit no longer shows as needing attention.'));
  const reads = get.mock.calls.length;
  await userEvent.click(within(form).getByRole('button', { name: 'Dismiss' }));
  await screen.findByRole('button', { name: 'Dismiss Margaret Evans, Wed 2 Dec 2026 08:00' });
  expect(get.mock.calls.length).toBeGreaterThan(reads);
});

test('without scheduler.edit there is nothing to dismiss', async () => {
  signIn(['visits.view']);
  renderAt('/app/visits/needs-attention', <NeedsAttention />, '/app/visits/needs-attention');
  const row = await screen.findByRole('row', { name: /Margaret Evans/ });
  expect(within(row).queryByRole('button', { name: /Dismiss/ })).toBeNull();
});
