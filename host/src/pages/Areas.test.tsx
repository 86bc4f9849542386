import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, useSession } from '@hcm/kit';
import type { AreaHistory } from '@hcm/contract';
import { Areas } from './Areas';
import { withData } from '@hcm/kit/testing';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const version = (id: number, name: string, active: boolean) => ({
  id,
  version: name,
  manifest_url: `http://localhost:8080/areas/finance/${name}/mf-manifest.json`,
  manifest_checksum: `${id}`.repeat(64).slice(0, 64),
  built_at: '2026-11-20T09:00:00Z',
  deployed_by: 'alice',
  deployed_at: '2026-11-20T10:00:00Z',
  active,
});
const FINANCE: AreaHistory = {
  name: 'finance',
  title: 'Finance',
  active: { version: '0.1.0-new', activated_by: 'alice', activated_at: '2026-11-20T10:00:00Z' },
  versions: [version(2, '0.1.0-new', true), version(1, '0.1.0-old', false)],
  events: [{ id: 2, action: 'deploy', version: '0.1.0-new', from_version: '0.1.0-old', actor: 'alice', user_id: null, at: '2026-11-20T10:00:00Z' }],
};
const ROLLED_BACK: AreaHistory = {
  ...FINANCE,
  active: { version: '0.1.0-old', activated_by: 'admin@homecare.test', activated_at: '2026-11-21T10:00:00Z' },
  versions: [version(2, '0.1.0-new', false), version(1, '0.1.0-old', true)],
  events: [{ id: 3, action: 'rollback', version: '0.1.0-old', from_version: '0.1.0-new', actor: 'admin@homecare.test', user_id: 1, at: '2026-11-21T10:00:00Z' }, ...FINANCE.events],
};

const asUser = (userRole: string, userPermissions: string[]) =>
  useSession.setState({ user: { userID: 1, name: 'A', email: 'a@homecare.test', userRole, userPermissions, branches: [] } as never, status: 'authenticated' });

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

test('shows each area’s versions and history, and rolls back after a confirmation', async () => {
  asUser('office_staff', ['areas.view', 'areas.rollback']);
  get.mockResolvedValueOnce(ok([FINANCE])).mockResolvedValueOnce(ok([ROLLED_BACK]));
  post.mockResolvedValue(ok({ version: '0.1.0-old' }));
  render(withData(<Areas />));

  const versions = await screen.findByRole('table', { name: 'Versions of Finance' });
  expect(within(versions).getByText('0.1.0-new (active)')).toBeInTheDocument();
  expect(screen.getByRole('list', { name: 'History of Finance' })).toHaveTextContent('alice deployed 0.1.0-new (from 0.1.0-old)');

  await userEvent.click(screen.getByRole('button', { name: 'Roll back Finance to 0.1.0-old' }));
  const confirm = screen.getByRole('group', { name: 'Confirm Finance 0.1.0-old' });
  expect(post).not.toHaveBeenCalled();
  expect(within(confirm).getByRole('button', { name: 'Yes, serve 0.1.0-old' })).toHaveFocus();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, serve 0.1.0-old' }));

  expect(post).toHaveBeenCalledWith('api/v1/areas/finance/activate', { version: '0.1.0-old' });
  expect(await screen.findByText('0.1.0-old (active)')).toBeInTheDocument();
  expect(screen.getByRole('list', { name: 'History of Finance' })).toHaveTextContent('admin@homecare.test rolled back to 0.1.0-old (from 0.1.0-new)');
});

test('a refusal is shown in the confirmation; cancel leaves everything as it was', async () => {
  asUser('office_staff', ['areas.view', 'areas.rollback']);
  get.mockResolvedValue(ok([FINANCE]));
  post.mockResolvedValue({ data: null, error: true, message: 'Invalid', errors: { version: ['finance has no deployed version named "0.1.0-old".'] }, httpStatus: 422 });
  render(withData(<Areas />));
  await userEvent.click(await screen.findByRole('button', { name: 'Roll back Finance to 0.1.0-old' }));
  await userEvent.click(screen.getByRole('button', { name: 'Yes, serve 0.1.0-old' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('no deployed version named');
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('group', { name: 'Confirm Finance 0.1.0-old' })).not.toBeInTheDocument();
});

test('without areas.rollback the versions are shown with no button', async () => {
  asUser('office_staff', ['areas.view']);
  get.mockResolvedValue(ok([FINANCE]));
  render(withData(<Areas />));
  await screen.findByRole('table', { name: 'Versions of Finance' });
  expect(screen.queryByRole('button', { name: /Roll back|Activate/ })).not.toBeInTheDocument();
});
