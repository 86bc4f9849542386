import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { MonitoredChat, MonitoredChatView } from '@hcm/contract/schemas';
import { api } from '@hcm/kit';
import { ChatList, ChatReader } from './ChatMonitoring';
import { withData } from '@hcm/kit/testing';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const answer = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const chat: MonitoredChat = {
  id: 3, name: 'Maya Manager and Oliver Office', is_group: false, members: [{ id: 3, name: 'Maya Manager' }, { id: 2, name: 'Oliver Office' }],
  last_message_at: '2026-03-02T09:05:00Z', message_count: 3,
};

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/app/communication/chat/monitoring', element: <ChatList /> },
      { path: '/app/communication/chat/monitoring/:chatId', element: <ChatReader /> },
    ],
    { initialEntries: [path] },
  );
  render(withData(<RouterProvider router={router} />));
}

beforeEach(() => get.mockReset());

describe('chat monitoring', () => {
  it('lists conversations and asks the server again when filtered by a person', async () => {
    get.mockImplementation((path: string) =>
      Promise.resolve(path.endsWith('/people') ? answer([{ id: 2, name: 'Oliver Office' }, { id: 3, name: 'Maya Manager' }]) : answer({ data: [chat], total: 1, page: 1, page_size: 10, last_page: 1 })),
    );
    renderAt('/app/communication/chat/monitoring');
    const row = await screen.findByRole('row', { name: /Maya Manager and Oliver Office/ });
    expect(within(row).getByText('One to one')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Oliver Office' });
    await userEvent.selectOptions(screen.getByLabelText('Person'), 'Oliver Office');
    expect(get).toHaveBeenLastCalledWith('api/v1/communication/monitoring/chats', expect.objectContaining({ person: '2', page: 1 }));
  });

  it('reads a conversation a page at a time, with nothing to post or change', async () => {
    const view: MonitoredChatView = {
      chat,
      messages: {
        data: [
          { id: 1, type: 'TEXT', user: { id: 2, name: 'Oliver Office' }, body: 'Can you cover Mrs Ellison at 8?', created_at: '2026-03-02T09:01:00Z' },
          { id: 2, type: 'UPDATE', user: { id: 3, name: 'Maya Manager' }, body: 'Maya Manager renamed the chat', created_at: '2026-03-02T09:02:00Z' },
        ],
        total: 30, page: 1, page_size: 25, last_page: 2,
      },
    };
    get.mockResolvedValue(answer(view));
    renderAt('/app/communication/chat/monitoring/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation: Maya Manager and Oliver Office' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Oliver Office Can you cover Mrs Ellison at 8\?/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Chat event Maya Manager renamed the chat/ })).toBeInTheDocument();
    expect(screen.getByText('Read-only. This reading is recorded in the audit trail.')).toBeInTheDocument();
    // No text box and no button other than paging: monitoring cannot post or change anything.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /send|post|delete|edit/i })).toBeNull();
    expect(get).toHaveBeenCalledWith('api/v1/communication/monitoring/chats/3', { page: 1, page_size: 25 });
    expect(api.post).not.toHaveBeenCalled();
  });
});
