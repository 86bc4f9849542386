import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { api, useRuntime, useSession } from '@hcm/kit';
import { TwoFactorSection } from '../pages/profile/TwoFactorSection';
import { LoginForm } from './LoginForm';
import { signInRoutes } from './routes';
import { withData } from '@hcm/kit/testing';

// The data boundary: the API client answers from these fakes; pages, forms and the contract's schemas are real.
jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, csrf: jest.fn(), get: jest.fn(), post: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const del = api.delete as jest.Mock;

const ok = (data: unknown, message = 'OK') => ({ data, error: false, message, errors: null, httpStatus: 200 });
const failed = (httpStatus: number, message: string, errors: Record<string, string[]> | null = null) => ({ data: null, error: true, message, errors, httpStatus });

const USER = { userID: 9, name: 'Tariq', email: 'two.factor@homecare.test', userPermissions: [], userRole: 'office_staff', branches: [] };

function renderRoutes(path: string) {
  const router = createMemoryRouter(
    [
      ...signInRoutes,
      { path: '/app/dashboard', element: <h1>Dashboard</h1> },
      { path: '/', element: <h1>Log in page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(withData(<RouterProvider router={router} />));
  return router;
}

beforeEach(() => {
  useRuntime.getState().setRegistry({ productLabel: 'Home Care', apiUrl: '', areas: [] });
  get.mockReset().mockImplementation((path: string) =>
    path === 'api/v1/user' ? Promise.resolve(ok({ data: USER })) : Promise.reject(new Error(`unexpected GET ${path}`)),
  );
  post.mockReset();
  del.mockReset();
  (api.csrf as jest.Mock).mockResolvedValue(ok(null));
  useSession.getState().clear();
  // The session store calls the kit's own client; here it simply signs in as USER.
  useSession.setState({
    loadUser: jest.fn(async () => {
      useSession.setState({ user: USER as never, status: 'authenticated' });
      return USER as never;
    }),
  });
});

describe('the login form follows the answer', () => {
  async function logIn(answer: unknown) {
    post.mockResolvedValueOnce(answer);
    const onLoggedIn = jest.fn();
    const onChallenge = jest.fn();
    render(<LoginForm onLoggedIn={onLoggedIn} onChallenge={onChallenge} />);
    await userEvent.type(screen.getByLabelText('Email'), 'two.factor@homecare.test');
    await userEvent.type(screen.getByLabelText('Password'), 'TwoFactor!2026demo');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    return { onLoggedIn, onChallenge };
  }

  it('goes to the two-factor challenge', async () => {
    const { onChallenge, onLoggedIn } = await logIn(ok({ two_factor: true }));
    await waitFor(() => expect(onChallenge).toHaveBeenCalledWith('/two-factor-challange'));
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('goes to the emailed-code challenge with its gist', async () => {
    const { onChallenge } = await logIn(ok({ two_factor: false, otp: true, gist: 'AbC_123-xyzAbC_123-xyz' }));
    await waitFor(() => expect(onChallenge).toHaveBeenCalledWith('/otp-verify-challange/AbC_123-xyzAbC_123-xyz'));
  });

  it('goes to the forced setup when the role requires 2FA', async () => {
    const { onChallenge } = await logIn(ok({ two_factor: false, two_factor_setup_required: true }));
    await waitFor(() => expect(onChallenge).toHaveBeenCalledWith('/two-factor-setup'));
  });

  it('signs in straight away otherwise', async () => {
    const { onChallenge, onLoggedIn } = await logIn(ok({ two_factor: false }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(USER));
    expect(onChallenge).not.toHaveBeenCalled();
  });

  it('shows the throttle message (429) and keeps what was typed', async () => {
    const message = 'Too many attempts. Please try again in 42 seconds.';
    await logIn(failed(429, message, { email: [message] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Email')).toHaveValue('two.factor@homecare.test');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('/two-factor-challange', () => {
  it('checks the code is 6 digits before sending, shows the server error by field, then signs in', async () => {
    const router = renderRoutes('/two-factor-challange');
    const code = await screen.findByLabelText('Authentication code');
    await userEvent.type(code, '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The code is 6 digits.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    post.mockResolvedValueOnce(failed(422, 'The provided two factor authentication code was invalid.', { code: ['The provided two factor authentication code was invalid.'] }));
    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The provided two factor authentication code was invalid.')).toBeInTheDocument();
    expect(post).toHaveBeenLastCalledWith('two-factor-challenge', { code: '123456' });
    expect(screen.getByLabelText('Authentication code')).toHaveValue('123 456');

    post.mockResolvedValueOnce(ok({ two_factor: false }, 'Logged in.'));
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
    expect(useSession.getState().user).toEqual(USER);
  });

  it('accepts a recovery code instead', async () => {
    renderRoutes('/two-factor-challange');
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    post.mockResolvedValueOnce(failed(422, 'The provided two factor recovery code was invalid.', { recovery_code: ['The provided two factor recovery code was invalid.'] }));
    await userEvent.type(screen.getByLabelText('Recovery code'), ' K7M2P-X9QRT ');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The provided two factor recovery code was invalid.')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('two-factor-challenge', { recovery_code: 'k7m2p-x9qrt' });
    await userEvent.click(screen.getByRole('button', { name: 'Use an authentication code' }));
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  });

  it('says when the sign-in has expired, with the way back', async () => {
    renderRoutes('/two-factor-challange');
    post.mockResolvedValueOnce(failed(401, 'Your sign-in has expired. Log in again.'));
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your sign-in has expired. Log in again.');
    expect(within(alert).getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/');
  });
});

describe('/otp-verify-challange/:gist', () => {
  afterEach(() => jest.useRealTimers());

  it('sends the gist with the code, and offers a new code only after the cool-down', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderRoutes('/otp-verify-challange/AbC_123-xyzAbC_123-xyz');
    const resend = await screen.findByRole('button', { name: 'Send a new code' });
    expect(resend).toBeDisabled();
    expect(screen.getByText('You can ask for a new code in 60 seconds.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(30_000));
    expect(screen.getByText(/in (30|31) seconds/)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(31_000));
    expect(resend).toBeEnabled();

    post.mockResolvedValueOnce(ok({ resend_after: 60 }, 'A new code is on its way.'));
    await user.click(resend);
    expect(post).toHaveBeenCalledWith('otp-verify-challenge/resend', { gist: 'AbC_123-xyzAbC_123-xyz' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('A new code is on its way.'));
    expect(resend).toBeDisabled();

    post.mockResolvedValueOnce(ok({ two_factor: false }, 'Logged in.'));
    await user.type(screen.getByLabelText('Code from your email'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(post).toHaveBeenLastCalledWith('otp-verify-challenge', { gist: 'AbC_123-xyzAbC_123-xyz', code: '654321' });
  });

  it('shows a wrong code by field and a throttle message', async () => {
    renderRoutes('/otp-verify-challange/AbC_123-xyzAbC_123-xyz');
    post.mockResolvedValueOnce(failed(422, 'The code is not correct.', { code: ['The code is not correct.'] }));
    await userEvent.type(await screen.findByLabelText('Code from your email'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByText('The code is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText('Code from your email')).toHaveAttribute('aria-invalid', 'true');

    post.mockResolvedValueOnce(failed(429, 'Too many attempts. Please try again in 50 seconds.', { code: ['Too many attempts. Please try again in 50 seconds.'] }));
    await userEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 50 seconds.');
  });
});

describe('two-factor setup', () => {
  const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>';
  const CODES = ['aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff', 'ggggg-hhhhh', 'jjjjj-kkkkk', 'mmmmm-nnnnn', 'ppppp-qqqqq', 'rrrrr-sssss'];

  function serverWith(status: { enabled: boolean; required?: boolean; left?: number }, passwordConfirmed: boolean) {
    let confirmed = passwordConfirmed;
    get.mockImplementation((path: string) => {
      if (path === 'user/two-factor-authentication') {
        return Promise.resolve(ok({ enabled: status.enabled, pending: false, required: status.required ?? false, recovery_codes_left: status.enabled ? (status.left ?? 8) : 0 }));
      }
      if (path === 'user/confirmed-password-status') return Promise.resolve(ok({ confirmed }));
      if (path === 'user/two-factor-qr-code') return Promise.resolve(ok({ svg: SVG, url: 'otpauth://totp/x' }));
      if (path === 'user/two-factor-secret-key') return Promise.resolve(ok({ secretKey: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }));
      if (path === 'api/v1/user') return Promise.resolve(ok({ data: USER }));
      return Promise.reject(new Error(`unexpected GET ${path}`));
    });
    post.mockImplementation((path: string, body: Record<string, string>) => {
      if (path === 'user/confirm-password') {
        if (body.password !== 'right password') return Promise.resolve(failed(422, 'The provided password was incorrect.', { password: ['The provided password was incorrect.'] }));
        confirmed = true;
        return Promise.resolve(ok(null));
      }
      if (path === 'user/two-factor-authentication') return Promise.resolve(ok(null));
      if (path === 'user/confirmed-two-factor-authentication') {
        if (body.code === '123456') status.enabled = true;
        return Promise.resolve(body.code === '123456' ? ok({ recovery_codes: CODES }) : failed(422, 'The provided two factor authentication code was invalid.', { code: ['The provided two factor authentication code was invalid.'] }));
      }
      if (path === 'user/two-factor-recovery-codes') return Promise.resolve(ok({ recovery_codes: [...CODES].reverse() }));
      return Promise.reject(new Error(`unexpected POST ${path}`));
    });
  }

  it('the profile turns it on: password dialog, QR code and setup key, a first code, recovery codes shown once', async () => {
    serverWith({ enabled: false }, false);
    render(withData(<TwoFactorSection />));
    expect(await screen.findByText(/^Off:/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The provided password was incorrect.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Password'));
    await userEvent.type(within(dialog).getByLabelText('Password'), 'right password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    const qr = await screen.findByRole('img', { name: 'QR code to add this account to your authenticator app' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(screen.getByLabelText('Setup key')).toHaveValue('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(post).toHaveBeenCalledWith('user/two-factor-authentication');

    await userEvent.type(screen.getByLabelText('Code from your app'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(await screen.findByText('The provided two factor authentication code was invalid.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Code from your app'));
    await userEvent.type(screen.getByLabelText('Code from your app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm code' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(screen.getByRole('button', { name: 'Regenerate recovery codes' })).toBeInTheDocument();
  });

  it('the profile regenerates recovery codes; a role that requires 2FA offers no way to turn it off', async () => {
    serverWith({ enabled: true, required: true, left: 3 }, true);
    render(withData(<TwoFactorSection />));
    expect(await screen.findByText(/3 recovery codes left\. Your role requires it\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off two-factor authentication' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate recovery codes' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('rrrrr-sssss');
  });

  it('the profile turns it off after the password is confirmed', async () => {
    serverWith({ enabled: true, left: 8 }, true);
    del.mockResolvedValue(ok(null, 'Two-factor authentication is off.'));
    render(withData(<TwoFactorSection />));
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off two-factor authentication' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('user/two-factor-authentication'));
  });

  it('/two-factor-setup: the forced setup, then on to the dashboard', async () => {
    serverWith({ enabled: false, required: true }, true);
    renderRoutes('/two-factor-setup');
    expect(await screen.findByRole('heading', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText('Code from your app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
