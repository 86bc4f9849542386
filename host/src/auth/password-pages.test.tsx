import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RESET_LINK_SENT, RESET_TOKEN_INVALID } from '@hcm/contract/schemas';
import { api, useAlerts } from '@hcm/kit';
import { passwordRoutes } from './password-routes';

// The API client answers from fakes; the pages, forms and shared schemas are real.
jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, csrf: jest.fn(), post: jest.fn() } };
});
const post = api.post as jest.Mock;
const ok = (message: string) => ({ data: null, error: false, message, errors: null, httpStatus: 200 });
const invalid = (message: string, errors: Record<string, string[]>) => ({ data: null, error: true, message, errors, httpStatus: 422 });

function renderAt(path: string) {
  const router = createMemoryRouter([...passwordRoutes, { path: '/', element: <p>Login page</p> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  post.mockReset();
  act(() => useAlerts.setState({ alerts: [] }));
});

test('forgot password: sends the email and shows the server\'s neutral answer', async () => {
  post.mockResolvedValue(ok(RESET_LINK_SENT));
  renderAt('/forgot-password');
  await userEvent.type(await screen.findByLabelText('Email'), 'Jo@Example.org');
  await userEvent.click(screen.getByRole('button', { name: 'Email me a reset link' }));
  expect(await screen.findByRole('status')).toHaveTextContent(RESET_LINK_SENT);
  expect(post).toHaveBeenCalledWith('forgot-password', { email: 'jo@example.org' });
  expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/');
});

test('forgot password: an invalid email is refused before sending', async () => {
  renderAt('/forgot-password');
  await userEvent.type(await screen.findByLabelText('Email'), 'not an email');
  await userEvent.click(screen.getByRole('button', { name: 'Email me a reset link' }));
  expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
});

test('reset password: the email comes from the link; server errors show by field and keep what was typed', async () => {
  post.mockResolvedValueOnce(invalid(RESET_TOKEN_INVALID, { email: [RESET_TOKEN_INVALID] }));
  renderAt('/reset-password/tok-123?email=jo%40example.org');
  const email = await screen.findByLabelText('Email');
  expect(email).toHaveValue('jo@example.org');
  await userEvent.type(screen.getByLabelText('New password'), 'Violet-Harbour-Lantern-7');
  await userEvent.type(screen.getByLabelText('Confirm new password'), 'Violet-Harbour-Lantern-7');
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

  expect(post).toHaveBeenCalledWith('reset-password', {
    token: 'tok-123',
    email: 'jo@example.org',
    password: 'Violet-Harbour-Lantern-7',
    password_confirmation: 'Violet-Harbour-Lantern-7',
  });
  expect(await screen.findByRole('alert')).toHaveTextContent(RESET_TOKEN_INVALID);
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('New password')).toHaveValue('Violet-Harbour-Lantern-7');
});

test('reset password: mismatched passwords are caught by the shared schema', async () => {
  renderAt('/reset-password/tok-123?email=jo%40example.org');
  await userEvent.type(await screen.findByLabelText('New password'), 'Violet-Harbour-Lantern-7');
  await userEvent.type(screen.getByLabelText('Confirm new password'), 'Violet-Harbour-Lantern-8');
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
  expect(await screen.findByText('The two passwords do not match.')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
});

test('reset password: success goes back to the login page with a success toast', async () => {
  post.mockResolvedValueOnce(ok('Your password has been reset. You can now log in with it.'));
  const router = renderAt('/reset-password/tok-123?email=jo%40example.org');
  await userEvent.type(await screen.findByLabelText('New password'), 'Violet-Harbour-Lantern-7');
  await userEvent.type(screen.getByLabelText('Confirm new password'), 'Violet-Harbour-Lantern-7');
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
  expect(await screen.findByText('Login page')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
  expect(useAlerts.getState().alerts).toEqual([
    expect.objectContaining({ type: 'success', message: 'Your password has been reset. You can now log in with it.' }),
  ]);
});
