import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@hcm/kit';
import { AccessPanel } from './AccessPanel';
import { withData } from '@hcm/kit/testing';

// The data boundary: the API client answers from these fakes; the panel, its forms and the schemas are real.
jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const del = api.delete as jest.Mock;

const ok = (data: unknown, message = 'OK') => ({ data, error: false, message, errors: null, httpStatus: 200 });
const invalid = (errors: Record<string, string[]>) => ({ data: null, error: true, message: 'The given data was invalid.', errors, httpStatus: 422 });

const SHARED = [{ client_id: 4, name: 'Agnes Whitfield', date_of_birth: '1938-04-12', shared_at: '2026-03-01T10:00:00Z', shared_by: 'Oliver Office' }];
const CANDIDATES = [{ id: 5, name: 'Brian Cole', date_of_birth: '1941-07-30' }];
const LINK = {
  id: 12,
  created_at: '2026-03-01T10:00:00Z',
  created_by: 'Oliver Office',
  expires_at: '2026-03-31T10:00:00Z',
  revoked_at: null,
  first_used_at: null,
  last_used_at: null,
  status: 'active',
};

let links: unknown[] = [];
beforeEach(() => {
  links = [LINK];
  get.mockReset().mockImplementation((path: string) => {
    if (path.endsWith('/shares')) return Promise.resolve(ok(SHARED));
    if (path.endsWith('/shares/candidates')) return Promise.resolve(ok(CANDIDATES));
    if (path.endsWith('/links')) return Promise.resolve(ok(links));
    return Promise.reject(new Error(path));
  });
  post.mockReset();
  del.mockReset();
});

describe('AccessPanel', () => {
  it('lists shared clients and shares one chosen from the user’s other clients', async () => {
    post.mockResolvedValue(ok(SHARED, 'Shared with Dr Shah.'));
    render(withData(<AccessPanel professionalId={7} />));
    const shared = await screen.findByRole('region', { name: 'Shared clients' });
    expect(within(shared).getByRole('row', { name: /Agnes Whitfield Tue 12 Apr 1938/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Choose a client.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await userEvent.selectOptions(screen.getByLabelText('Share a client'), 'Brian Cole (born Wed 30 Jul 1941)');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(post).toHaveBeenCalledWith('api/v1/health-professionals/7/shares', { client_id: 5 });
  });

  it('removes a shared client', async () => {
    del.mockResolvedValue(ok([]));
    render(withData(<AccessPanel professionalId={7} />));
    await userEvent.click(await screen.findByRole('button', { name: 'Stop sharing Agnes Whitfield' }));
    expect(del).toHaveBeenCalledWith('api/v1/health-professionals/7/shares/4');
  });

  it('creates a link, shows its URL once with a copy button, and shows the server’s field errors', async () => {
    render(withData(<AccessPanel professionalId={7} />));
    const expiry = await screen.findByLabelText('Expires after (days)');
    expect(expiry).toHaveValue(30);

    await userEvent.clear(expiry);
    await userEvent.type(expiry, '120');
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Choose between 1 and 90 days.')).toBeInTheDocument();
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();

    post.mockResolvedValueOnce(invalid({ expires_in_days: ['This professional is inactive: make them active before sending a link.'] }));
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '14');
    await userEvent.click(screen.getByLabelText('Email it to the professional'));
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(post).toHaveBeenLastCalledWith('api/v1/health-professionals/7/links', { expires_in_days: 14, send_email: true });
    expect(await screen.findByText('This professional is inactive: make them active before sending a link.')).toBeInTheDocument();
    expect(expiry).toHaveValue(14);

    const url = 'http://localhost:8080/health-professionals/7/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
    post.mockResolvedValueOnce(ok({ url, emailed: false, link: LINK }, 'Link created.'));
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByLabelText('New link')).toHaveValue(url);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('lists links with their status and revokes an active one', async () => {
    post.mockResolvedValue(ok({ ...LINK, status: 'revoked' }));
    render(withData(<AccessPanel professionalId={7} />));
    const row = await screen.findByRole('row', { name: /Active/ });
    expect(within(row).getByText('Never')).toBeInTheDocument();
    links = [{ ...LINK, status: 'revoked', revoked_at: '2026-03-02T10:00:00Z' }];
    await userEvent.click(within(row).getByRole('button', { name: /Revoke the link/ }));
    expect(post).toHaveBeenCalledWith('api/v1/health-professionals/7/links/12/revoke');
    expect(await screen.findByRole('cell', { name: 'Revoked' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Revoke the link/ })).not.toBeInTheDocument();
  });

  it('says why links are out of reach when the professional has clients of other branches (no form, no retry)', async () => {
    const message = 'This professional has records shared from branches other than yours: only staff of every such branch (or a super admin) may make or manage this professional\'s links.';
    get.mockImplementation((path: string) => {
      if (path.endsWith('/links')) return Promise.resolve({ data: null, error: true, message, errors: null, httpStatus: 403 });
      if (path.endsWith('/shares')) return Promise.resolve(ok(SHARED));
      return Promise.resolve(ok(CANDIDATES));
    });
    render(withData(<AccessPanel professionalId={7} />));
    expect(await screen.findByRole('note')).toHaveTextContent('branches other than yours');
    expect(screen.queryByRole('button', { name: 'Create link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    // Sharing their own clients stays possible.
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });
});
