import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyNotice } from '@hcm/contract/schemas';
import { api } from '@hcm/kit';
import DashboardPanels from './DashboardPanels';
import { withData } from '@hcm/kit/testing';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const unread: MyNotice = {
  id: 7, title: 'Fire drill on Friday', body: 'Meet in the car park at 10.', branch_name: 'Camden Domiciliary', published_by: 'Amira Admin',
  published_at: '2026-03-02T09:00:00Z', read_at: null,
};
const read: MyNotice = { ...unread, id: 6, title: 'New parking rules', read_at: '2026-03-01T12:00:00Z' };

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

test('"Notices for you" lists the notices addressed to the user; "Mark as read" marks one and shows when', async () => {
  get.mockResolvedValue(ok({ data: [unread, read], total: 2, page: 1, page_size: 5, last_page: 1 }));
  post.mockResolvedValue(ok({ ...unread, read_at: '2026-03-02T10:30:00Z' }));
  render(withData(<DashboardPanels extensionKey="notices" />));
  const panel = screen.getByRole('region', { name: 'Notices for you' });
  const fire = await within(panel).findByRole('listitem', { name: 'Fire drill on Friday' });
  expect(within(fire).getByText('Meet in the car park at 10.')).toBeInTheDocument();
  expect(within(fire).getByText(/Amira Admin · Camden Domiciliary/)).toBeInTheDocument();
  // The one already read has no button.
  expect(within(screen.getByRole('listitem', { name: 'New parking rules' })).queryByRole('button')).toBeNull();

  await userEvent.click(within(fire).getByRole('button', { name: 'Mark as read' }));
  expect(post).toHaveBeenCalledWith('api/v1/communication/my-notices/7/read');
  expect(await within(fire).findByText(/^Read/)).toBeInTheDocument();
  expect(within(fire).queryByRole('button', { name: 'Mark as read' })).toBeNull();
  expect(get).toHaveBeenCalledWith('api/v1/communication/my-notices', { page_size: 5 });
});

test('says so when there is no notice for the user', async () => {
  get.mockResolvedValue(ok({ data: [], total: 0, page: 1, page_size: 5, last_page: 1 }));
  render(withData(<DashboardPanels extensionKey="notices" />));
  expect(await screen.findByText('No notices for you.')).toBeInTheDocument();
});
