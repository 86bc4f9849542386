import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountSession } from '@hcm/contract/schemas';
import { api } from '@hcm/kit';
import { PasswordSection } from './PasswordSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import { withData } from '@hcm/kit/testing';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const put = api.put as jest.Mock;
const del = api.delete as jest.Mock;
const ok = (data: unknown, message = 'OK') => ({ data, error: false, message, errors: null, httpStatus: 200 });

const THIS: AccountSession = { id: 'aaaa000011112222', device: 'Firefox on Windows', ip: '10.0.0.1', created_at: '2026-03-01T09:00:00Z', last_seen_at: '2026-03-01T10:00:00Z', current: true };
const PHONE: AccountSession = { id: 'bbbb000011112222', device: 'Safari on iPhone', ip: '10.0.0.2', created_at: '2026-02-28T09:00:00Z', last_seen_at: '2026-02-28T18:00:00Z', current: false };

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  put.mockReset();
  del.mockReset();
});

/** GET answers by path: the sessions list (first `lists`, then the last one again) and the password status. */
function answerGets(lists: AccountSession[][], confirmed: boolean) {
  let listed = 0;
  get.mockImplementation(async (path: string) => {
    if (path === 'user/confirmed-password-status') return ok({ confirmed });
    return ok(lists[Math.min(listed++, lists.length - 1)]);
  });
}

test('sessions: lists them, marks this one, and ends another', async () => {
  answerGets([[THIS, PHONE], [THIS]], true);
  del.mockResolvedValueOnce(ok(null, 'The session has been ended.'));
  render(withData(<SessionsSection />));

  const list = await screen.findByRole('list', { name: 'Your sessions' });
  const current = within(list).getByRole('listitem', { name: 'Firefox on Windows (this session)' });
  expect(within(current).getByText('This session')).toBeInTheDocument();
  expect(within(current).queryByRole('button', { name: 'End session' })).not.toBeInTheDocument();

  const phone = within(list).getByRole('listitem', { name: 'Safari on iPhone' });
  expect(phone).toHaveTextContent('10.0.0.2');
  await userEvent.click(within(phone).getByRole('button', { name: 'End session' }));
  expect(del).toHaveBeenCalledWith('api/v1/account/sessions/bbbb000011112222');
  await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Safari on iPhone' })).not.toBeInTheDocument());
});

test('password: a wrong current password is shown on its field, and what was typed stays', async () => {
  put.mockResolvedValueOnce({
    data: null,
    error: true,
    message: 'The given data was invalid.',
    errors: { current_password: ['The provided password does not match your current password.'] },
    httpStatus: 422,
  });
  render(<PasswordSection />);
  await userEvent.type(screen.getByLabelText('Current password'), 'not-my-password');
  await userEvent.type(screen.getByLabelText('New password'), 'Violet-Harbour-Lantern-7');
  await userEvent.type(screen.getByLabelText('Confirm new password'), 'Violet-Harbour-Lantern-7');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

  expect(put).toHaveBeenCalledWith('user/password', {
    current_password: 'not-my-password',
    password: 'Violet-Harbour-Lantern-7',
    password_confirmation: 'Violet-Harbour-Lantern-7',
  });
  expect(await screen.findByText('The provided password does not match your current password.')).toBeInTheDocument();
  expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('New password')).toHaveValue('Violet-Harbour-Lantern-7');
});

test('password: a short new password is refused before sending; success clears the form', async () => {
  render(<PasswordSection />);
  await userEvent.type(screen.getByLabelText('Current password'), 'my-password');
  await userEvent.type(screen.getByLabelText('New password'), 'short');
  await userEvent.type(screen.getByLabelText('Confirm new password'), 'short');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('New password must be at least 12 characters.')).toBeInTheDocument();
  expect(put).not.toHaveBeenCalled();

  put.mockResolvedValueOnce(ok(null, 'Your password has been changed.'));
  await userEvent.clear(screen.getByLabelText('New password'));
  await userEvent.type(screen.getByLabelText('New password'), 'Violet-Harbour-Lantern-7');
  await userEvent.clear(screen.getByLabelText('Confirm new password'));
  await userEvent.type(screen.getByLabelText('Confirm new password'), 'Violet-Harbour-Lantern-7');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
  expect(put).toHaveBeenCalledTimes(1);
});

test('sessions: signing out every other session asks for the password first', async () => {
  answerGets([[THIS, PHONE], [THIS]], false);
  post.mockResolvedValueOnce(ok(null, 'Password confirmed.'));
  del.mockResolvedValueOnce(ok({ ended: 1 }, '1 session has been ended.'));
  render(withData(<SessionsSection />));

  await userEvent.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
  expect(del).not.toHaveBeenCalled();
  await userEvent.type(within(dialog).getByLabelText('Password'), 'my-password');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

  expect(post).toHaveBeenCalledWith('user/confirm-password', { password: 'my-password' });
  await waitFor(() => expect(del).toHaveBeenCalledWith('api/v1/account/sessions'));
  await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Safari on iPhone' })).not.toBeInTheDocument());
  // Alone now: nothing left to sign out.
  expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
});

test('two-factor: after new recovery codes, signing out the other sessions is offered', async () => {
  get.mockImplementation(async (path: string) => {
    if (path === 'user/confirmed-password-status') return ok({ confirmed: true });
    return ok({ enabled: true, pending: false, required: false, recovery_codes_left: 8 });
  });
  post.mockResolvedValueOnce(ok({ recovery_codes: ['aaaaaa-bbbbbb-cccccc-dddddd'] }));
  del.mockResolvedValueOnce(ok({ ended: 2 }, '2 sessions have been ended.'));
  render(withData(<TwoFactorSection />));

  expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
  await userEvent.click(await screen.findByRole('button', { name: 'Regenerate recovery codes' }));
  expect(post).toHaveBeenCalledWith('user/two-factor-recovery-codes');
  await userEvent.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
  await waitFor(() => expect(del).toHaveBeenCalledWith('api/v1/account/sessions'));
});
