import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { api } from '@hcm/kit';
import { portalRoutes } from './routes';
import { withData } from '@hcm/kit/testing';

// The data boundary: the API client answers from these fakes; pages, forms and schemas are real. The PDF
// viewer (pdf.js) is replaced by a stand-in that shows what it was asked to open.
jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, csrf: jest.fn(), get: jest.fn(), post: jest.fn() } };
});
jest.mock('@hcm/kit/pdf', () => ({
  PdfViewer: ({ file, title }: { file: string; title: string }) => <section aria-label={`PDF: ${title}`}>{file}</section>,
}));
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;

const ok = (data: unknown, message = 'OK') => ({ data, error: false, message, errors: null, httpStatus: 200 });
const failed = (httpStatus: number, message: string, errors: Record<string, string[]> | null = null) => ({ data: null, error: true, message, errors, httpStatus });

const ME = { id: 7, name: 'Dr Priya Shah', email: 'priya@surgery.example', profession: 'gp', organisation: 'Leeds Road Surgery', has_password: false };
const CLIENT = {
  id: 4,
  first_name: 'Agnes',
  last_name: 'Whitfield',
  preferred_name: 'Aggie',
  date_of_birth: '1938-04-12',
  nhs_number: '943 476 5919',
  gp_practice: 'Leeds Road Surgery',
  care_needs: 'Help to wash and dress each morning.',
  medical_conditions: 'Type 2 diabetes',
  allergies: 'Penicillin',
  communication_needs: 'Hard of hearing.',
  medications: [{ id: 1, name: 'Metformin 500 mg', dose: '1 tablet', frequency: '08:00 and 18:00', support_level: 'prompt', as_needed: false, start_date: '2024-01-01', stop_date: null, instructions: '' }],
  contacts: [{ id: 2, name: 'Mary Whitfield', relationship: 'child', phone: '0113 496 0000', email: '', next_of_kin: true, lasting_power_of_attorney: false }],
};

function renderAt(path: string) {
  const router = createMemoryRouter(portalRoutes, { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

beforeEach(() => {
  get.mockReset().mockImplementation((path: string) => {
    if (path === 'health-professionals/me') return Promise.resolve(ok({ data: ME }));
    if (path === 'health-professionals/clients') return Promise.resolve(ok([CLIENT]));
    return Promise.reject(new Error(path));
  });
  post.mockReset();
  window.history.replaceState(null, '', '/');
});

describe('health professionals’ pages', () => {
  it('exchanges a link’s token once, then replaces the address with the dashboard’s', async () => {
    post.mockResolvedValue(ok({ data: ME, replace_url: '/health-professionals/7/dashboard' }));
    const router = renderAt('/health-professionals/7/secret-token-value');
    expect(await screen.findByRole('heading', { name: 'Clients shared with you' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('health-professionals/links/exchange', { id: 7, token: 'secret-token-value' });
    expect(router.state.location.pathname).toBe('/health-professionals/7/dashboard');
    expect(window.location.pathname).toBe('/health-professionals/7/dashboard');
    expect(window.location.href).not.toContain('secret-token-value');
  });

  it('says why a link cannot be opened, and takes the token out of the address', async () => {
    post.mockResolvedValue(failed(422, 'This link is not valid: it may have expired or been revoked. Ask the care agency for a new one.', { token: ['…'] }));
    renderAt('/health-professionals/7/revoked-token-value');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This link cannot be opened' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('expired or been revoked');
    expect(window.location.href).not.toContain('revoked-token-value');
  });

  it('shows the shared clients’ care needs, medications and contacts, with their PDFs, and no staff sidebar', async () => {
    renderAt('/health-professionals/7/dashboard');
    const client = await screen.findByRole('article', { name: 'Agnes Whitfield' });
    expect(within(client).getByText('Help to wash and dress each morning.')).toBeInTheDocument();
    expect(within(client).getByRole('row', { name: /Metformin 500 mg 1 tablet 08:00 and 18:00 Prompt/ })).toBeInTheDocument();
    expect(within(client).getByText('Mary Whitfield')).toBeInTheDocument();
    expect(within(client).getByRole('link', { name: 'Care plan (PDF)' })).toHaveAttribute('href', '/health-professionals/7/pdf/care-plan?client=4');
    expect(within(client).getByRole('link', { name: 'MAR chart (PDF)' })).toHaveAttribute('href', '/health-professionals/7/pdf/mar-chart?client=4');
    expect(screen.getByText(/Dr Priya Shah, Leeds Road Surgery/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('opens the care plan in the PDF viewer from the API server', async () => {
    renderAt('/health-professionals/7/pdf/care-plan?client=4');
    const viewer = await screen.findByRole('region', { name: 'PDF: Care plan' });
    expect(viewer).toHaveTextContent(/\/health-professionals\/clients\/4\/pdf\/care-plan$/);
    expect(screen.getByRole('link', { name: 'Back to your clients' })).toHaveAttribute('href', '/health-professionals/7/dashboard');
  });

  it('sends a visitor without a session to the sign-in page', async () => {
    get.mockImplementation(() => Promise.resolve(failed(401, 'Unauthenticated.')));
    const router = renderAt('/health-professionals/7/dashboard');
    expect(await screen.findByRole('heading', { name: 'Health professionals' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/health-professionals');
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended');
  });

  it('goes to the sign-in page when the session ends while a page is open (e.g. the link was revoked)', async () => {
    get.mockImplementation((path: string) =>
      Promise.resolve(path === 'health-professionals/me' ? ok({ data: ME }) : failed(401, 'Unauthenticated.')),
    );
    const router = renderAt('/health-professionals/7/dashboard');
    expect(await screen.findByRole('heading', { name: 'Health professionals' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/health-professionals');
  });

  it('asks the server again when the professional comes back to the dashboard: a link revoked meanwhile ends the visit', async () => {
    const router = renderAt('/health-professionals/7/dashboard');
    const client = await screen.findByRole('article', { name: 'Agnes Whitfield' });
    await userEvent.click(within(client).getByRole('link', { name: 'Care plan (PDF)' }));
    expect(await screen.findByRole('region', { name: 'PDF: Care plan' })).toBeInTheDocument();

    // Staff revoke the link while the PDF is open; the way back finds the session ended.
    get.mockImplementation((path: string) =>
      Promise.resolve(path === 'health-professionals/me' ? ok({ data: ME }) : failed(401, 'Unauthenticated.')),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Back to your clients' }));
    expect(await screen.findByRole('heading', { name: 'Health professionals' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/health-professionals');
    expect(screen.queryByText('Help to wash and dress each morning.')).not.toBeInTheDocument();
  });

  it('signs in with email and password, showing the server’s error by field and keeping what was typed', async () => {
    const router = renderAt('/health-professionals');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email address.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    post.mockResolvedValueOnce(failed(422, 'These credentials do not match our records.', { email: ['These credentials do not match our records.'] }));
    await userEvent.type(screen.getByLabelText('Email'), 'priya@surgery.example');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password here');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('These credentials do not match our records.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveValue('priya@surgery.example');

    post.mockResolvedValueOnce(ok({ data: ME }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Clients shared with you' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/health-professionals/7/dashboard');
  });

  it('sets a password, with the errors by field', async () => {
    renderAt('/health-professionals/7/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Set a password' }));
    await userEvent.type(screen.getByLabelText('New password'), 'Granite-Heron-Lantern-42');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Granite-Heron-Lantern-43');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The two passwords do not match.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    post.mockResolvedValueOnce(failed(422, 'The given data was invalid.', { password: ['This password is too common: choose one that is harder to guess.'] }));
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Granite-Heron-Lantern-42');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('This password is too common: choose one that is harder to guess.')).toBeInTheDocument();

    post.mockResolvedValueOnce(ok({ data: { ...ME, has_password: true } }));
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('button', { name: 'Change password' })).toBeInTheDocument();
    expect(post).toHaveBeenLastCalledWith('health-professionals/password', { password: 'Granite-Heron-Lantern-42', password_confirmation: 'Granite-Heron-Lantern-42' });
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
