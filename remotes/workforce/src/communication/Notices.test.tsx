import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { NoticeDetail as NoticeDetailData, NoticeRow } from '@hcm/contract/schemas';
import { api, useSession } from '@hcm/kit';
import { NoticeDetail, NoticeList, PublishNotice } from './Notices';
import { withData } from '@hcm/kit/testing';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const answer = (data: unknown, extra: object = {}) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200, ...extra });

const notice: NoticeRow = {
  id: 4, title: 'Fire drill on Friday', body: 'Meet in the car park at 10.', audience: 'office', branch: { id: 1, name: 'Camden Domiciliary' },
  published_by: { id: 1, name: 'Amira Admin' }, published_at: '2026-03-02T09:00:00Z', recipient_count: 3, read_count: 1,
};

function signIn(permissions: string[], branches = [{ id: 1, name: 'Camden Domiciliary' }, { id: 2, name: 'Bristol North' }]) {
  useSession.setState({
    status: 'authenticated',
    user: { userID: 2, userRole: 'office_staff', userPermissions: permissions, userUnreadMessageCount: 0, name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches },
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/app/communication/notices', element: <NoticeList /> },
      { path: '/app/communication/notices/add', element: <PublishNotice /> },
      { path: '/app/communication/notices/:id', element: <NoticeDetail /> },
    ],
    { initialEntries: [path] },
  );
  render(withData(<RouterProvider router={router} />));
  return router;
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe('notices', () => {
  it('lists notices with read counts, and offers publishing only to those who may', async () => {
    get.mockResolvedValue(answer({ data: [notice], total: 1, page: 1, page_size: 10, last_page: 1 }));
    signIn(['notices.view']);
    renderAt('/app/communication/notices');
    const row = await screen.findByRole('row', { name: /Fire drill on Friday/ });
    expect(within(row).getByText('1/3')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Fire drill on Friday' })).toHaveAttribute('href', '/app/communication/notices/4');
    expect(screen.queryByRole('link', { name: 'Publish a notice' })).toBeNull();
  });

  it('checks the form with the contract schema before sending anything', async () => {
    signIn(['notices.view', 'notices.send']);
    renderAt('/app/communication/notices/add');
    await userEvent.click(screen.getByRole('button', { name: 'Publish notice' }));
    expect(await screen.findByText('Title is required.')).toBeInTheDocument();
    expect(screen.getByText('Choose who the notice is for.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('sends what was typed, shows the server\'s 422 on its field and keeps the input', async () => {
    signIn(['notices.view', 'notices.send']);
    post.mockResolvedValue({ data: null, error: true, message: 'The given data was invalid.', errors: { audience: ['Nobody would receive this notice: there are no carers in this branch.'] }, httpStatus: 422 });
    renderAt('/app/communication/notices/add');
    await userEvent.type(screen.getByLabelText('Title'), 'Gloves restocked');
    await userEvent.type(screen.getByLabelText('Notice'), 'Collect them from the office.');
    await userEvent.selectOptions(screen.getByLabelText('For'), 'Carers');
    await userEvent.selectOptions(screen.getByLabelText('Branch'), 'Bristol North');
    await userEvent.click(screen.getByRole('button', { name: 'Publish notice' }));
    expect(post).toHaveBeenCalledWith('api/v1/communication/notices', { title: 'Gloves restocked', body: 'Collect them from the office.', audience: 'carers', branch_id: '2' });
    expect(await screen.findByText('Nobody would receive this notice: there are no carers in this branch.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Gloves restocked');
    expect(screen.getByLabelText('For')).toHaveAttribute('aria-invalid', 'true');
  });

  it('"All my branches" is the default for someone in several branches, and publishing opens the notice', async () => {
    signIn(['notices.view', 'notices.send']);
    post.mockResolvedValue(answer([notice], { message: 'Notice published.' }));
    get.mockResolvedValue(answer({ notice, read: [], unread: [] }));
    const router = renderAt('/app/communication/notices/add');
    expect(screen.getByLabelText('Branch')).toHaveValue('all');
    await userEvent.type(screen.getByLabelText('Title'), 'Fire drill on Friday');
    await userEvent.type(screen.getByLabelText('Notice'), 'Meet in the car park at 10.');
    await userEvent.selectOptions(screen.getByLabelText('For'), 'Office staff');
    await userEvent.click(screen.getByRole('button', { name: 'Publish notice' }));
    expect(post).toHaveBeenCalledWith('api/v1/communication/notices', expect.objectContaining({ branch_id: 'all', audience: 'office' }));
    await screen.findByRole('heading', { level: 1, name: 'Fire drill on Friday' });
    expect(router.state.location.pathname).toBe('/app/communication/notices/4');
  });

  it('shows who has read a notice and who has not', async () => {
    signIn(['notices.view']);
    const detail: NoticeDetailData = {
      notice,
      read: [{ user_id: 2, name: 'Oliver Office', role_label: 'Office staff', read_at: '2026-03-02T10:00:00Z' }],
      unread: [
        { user_id: 3, name: 'Maya Manager', role_label: 'Registered manager', read_at: null },
        { user_id: 5, name: 'Fiona Forgotten', role_label: 'Office staff', read_at: null },
      ],
    };
    get.mockResolvedValue(answer(detail));
    renderAt('/app/communication/notices/4');
    const read = await screen.findByRole('region', { name: 'Read' });
    expect(within(read).getByRole('heading', { name: 'Read (1)' })).toBeInTheDocument();
    expect(within(read).getByText(/Oliver Office/)).toBeInTheDocument();
    const unread = screen.getByRole('region', { name: 'Not read yet' });
    expect(within(unread).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringMatching(/^Maya Manager/), expect.stringMatching(/^Fiona Forgotten/)]);
    expect(screen.getByText(/read by 1 of 3/)).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('api/v1/communication/notices/4', {});
  });
});
