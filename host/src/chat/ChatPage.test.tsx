import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useSession } from '@hcm/kit';
import { chatApi } from './chatApi';
import { ChatHeaderLink } from './ChatHeaderLink';
import { ChatOldPage } from './ChatOldPage';
import { ChatPage } from './ChatPage';
import { useChat } from './chatStore';
import { chatItem, chatMessage, currentUser, failed, historyPage, ME, ok } from './testing';
import { withData } from '@hcm/kit/testing';

jest.mock('./chatApi', () => ({
  chatApi: { list: jest.fn(), open: jest.fn(), messages: jest.fn(), markRead: jest.fn(), send: jest.fn(), startWith: jest.fn(), createGroup: jest.fn(), people: jest.fn() },
}));
const api = chatApi as jest.Mocked<typeof chatApi>;

const OLIVER = chatItem(2, { name: 'Oliver Office', other_user_id: 7, preview: 'See you at ten', unread_message_count: 2, difference_in_seconds: 30 });
const TEAM = chatItem(3, { name: 'Night team', is_group: true, other_user_id: null, preview: 'Rota is out', difference_in_seconds: 600, members: [{ id: 7, name: 'Oliver Office' }, { id: 8, name: 'Priya Shah' }] });

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/app/chat', element: <><ChatHeaderLink /><ChatPage /></> },
      { path: '/app/chat-old', element: <ChatOldPage /> },
    ],
    { initialEntries: [path] },
  );
  render(withData(<RouterProvider router={router} />));
}

beforeEach(() => {
  jest.clearAllMocks();
  useSession.setState({ user: currentUser({ userUnreadMessageCount: 2 }), status: 'authenticated' });
  useChat.getState().reset();
  useChat.getState().start(ME);
  useChat.getState().setOnlineUsers([7]);
  api.list.mockResolvedValue(ok([TEAM, OLIVER]));
  api.open.mockResolvedValue(ok(null));
  api.messages.mockResolvedValue(historyPage([chatMessage(10, 2, { userId: 7, preview: 'See you at ten' }), chatMessage(11, 2, { userId: ME, userName: 'Amira Admin', preview: 'Great', deliveryState: 'READ', readers: [7] })]));
});

test('lists the chats most recent first with presence, unread count and preview; opening one clears its badge', async () => {
  renderAt('/app/chat');
  const list = await screen.findByRole('list', { name: 'Chats' });
  const items = within(list).getAllByRole('listitem');
  expect(items.map((item) => within(item).getByRole('button').textContent)).toEqual(['Oliver Office', 'Night team']);
  expect(within(items[0]!).getByRole('img', { name: 'Online' })).toBeInTheDocument();
  expect(within(items[0]!).getByText('2 unread messages')).toBeInTheDocument();
  expect(within(items[0]!).getByText('See you at ten')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Chat 2 unread messages' })).toHaveAttribute('href', '/app/chat');

  await userEvent.click(within(items[0]!).getByRole('button', { name: 'Oliver Office' }));
  expect(api.open).toHaveBeenCalledWith(2);
  const log = await screen.findByRole('log', { name: 'Messages with Oliver Office' });
  expect(within(log).getByText('Great')).toBeInTheDocument();
  expect(within(log).getByText('Read')).toBeInTheDocument();
  expect(within(items[0]!).queryByText('2 unread messages')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Chat' })).toBeInTheDocument();
  expect(within(items[0]!).getByRole('button', { name: 'Oliver Office' })).toHaveAttribute('aria-current', 'true');

  act(() => useChat.getState().receivePresence({ event: 'UserOffline', id: 7 }));
  expect(within(items[0]!).getByRole('img', { name: 'Offline' })).toBeInTheDocument();
});

test('?chat=<id> opens that chat; the send box sends with Enter; the receipt goes Sent, Delivered, Read', async () => {
  api.messages.mockResolvedValue(historyPage([]));
  api.send.mockResolvedValue(ok(chatMessage(20, 2, { userId: ME, userName: 'Amira Admin', preview: 'On my way', deliveryState: 'UNREAD' })));
  renderAt('/app/chat?chat=2');
  const box = await screen.findByLabelText('Message to Oliver Office');
  await userEvent.type(box, 'On my way{Enter}');
  expect(api.send).toHaveBeenCalledWith(2, 'On my way');
  const log = screen.getByRole('log', { name: 'Messages with Oliver Office' });
  expect(await within(log).findByText('On my way')).toBeInTheDocument();
  expect(within(log).getByText('Sent')).toBeInTheDocument();
  expect(box).toHaveValue('');

  const receipt = (deliveryState: 'DELIVERED' | 'READ') =>
    useChat.getState().receiveChatEvent({
      event: 'MessageRead',
      message: chatMessage(20, 2, { userId: ME, preview: 'On my way', deliveryState, readers: deliveryState === 'READ' ? [7] : [] }),
      user_chat: { chat_id: 2, preview: 'On my way', avatar: '' },
    });
  act(() => receipt('DELIVERED'));
  expect(within(log).getByText('Delivered')).toBeInTheDocument();
  act(() => receipt('READ'));
  expect(within(log).getByText('Read')).toBeInTheDocument();
});

test('only my last messages carry a receipt', async () => {
  api.messages.mockResolvedValue(
    historyPage([
      chatMessage(30, 2, { userId: ME, preview: 'First', deliveryState: 'READ' }),
      chatMessage(31, 2, { userId: 7, preview: 'Answer' }),
      chatMessage(32, 2, { userId: ME, preview: 'Second', deliveryState: 'READ' }),
      chatMessage(33, 2, { userId: ME, preview: 'Third', deliveryState: 'DELIVERED' }),
    ]),
  );
  renderAt('/app/chat?chat=2');
  const log = await screen.findByRole('log', { name: 'Messages with Oliver Office' });
  const items = await within(log).findAllByRole('listitem');
  expect(items.map((item) => item.textContent?.replace(/\d\d:\d\d/, ''))).toEqual(['YouFirst', 'Oliver OfficeAnswer', 'YouSecondRead', 'YouThirdDelivered']);
});

test('an empty message is not sent, and a refused one says why', async () => {
  api.send.mockResolvedValue(failed('The message is invalid.', { body: ['The message is too long.'] }));
  renderAt('/app/chat?chat=2');
  await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Write a message.');
  expect(api.send).not.toHaveBeenCalled();
  await userEvent.type(screen.getByLabelText('Message to Oliver Office'), 'Hello');
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The message is too long.');
  expect(screen.getByLabelText('Message to Oliver Office')).toHaveValue('Hello');
});

test('"Load earlier messages" fetches the page before the oldest one', async () => {
  api.messages.mockResolvedValueOnce(historyPage([chatMessage(200, 2, { userId: 7 }), chatMessage(201, 2, { userId: 7 })], 200));
  renderAt('/app/chat?chat=2');
  api.messages.mockResolvedValueOnce(historyPage([chatMessage(150, 2, { userId: 7, preview: 'The very first one' })]));
  await userEvent.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
  expect(await screen.findByText('The very first one')).toBeInTheDocument();
  expect(api.messages).toHaveBeenLastCalledWith(2, { before: 200, page_size: 30 });
  expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
});

test('New chat starts a chat with a person, or a named group, and opens it', async () => {
  api.people.mockResolvedValue(ok([{ id: 7, name: 'Oliver Office', status: 'online' as const }, { id: 8, name: 'Priya Shah', status: 'offline' as const }]));
  api.startWith.mockResolvedValue(ok(OLIVER));
  api.createGroup.mockResolvedValue(ok(TEAM));
  renderAt('/app/chat');
  await userEvent.click(await screen.findByRole('button', { name: 'New chat' }));
  let dialog = await screen.findByRole('dialog', { name: 'New chat' });
  await userEvent.selectOptions(await within(dialog).findByLabelText('Person'), 'Oliver Office');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Start chat' }));
  expect(api.startWith).toHaveBeenCalledWith(7);
  expect(await screen.findByRole('log', { name: 'Messages with Oliver Office' })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'New chat' }));
  dialog = await screen.findByRole('dialog', { name: 'New chat' });
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Create group' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Name the group.');
  expect(api.createGroup).not.toHaveBeenCalled();
  await userEvent.type(within(dialog).getByLabelText('Group name'), 'Night team');
  const members = within(dialog).getByRole('group', { name: 'Members' });
  await userEvent.click(within(members).getByLabelText('Oliver Office'));
  await userEvent.click(within(members).getByLabelText('Priya Shah'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
  expect(api.createGroup).toHaveBeenCalledWith('Night team', [7, 8]);
  expect(await screen.findByRole('log', { name: 'Messages with Night team' })).toBeInTheDocument();
});

test('/app/chat-old lists the same chats in a table that links to the chat screen', async () => {
  renderAt('/app/chat-old');
  const table = await screen.findByRole('table', { name: 'Your chats, most recent first' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(within(rows[0]!).getByRole('link', { name: 'Oliver Office' })).toHaveAttribute('href', '/app/chat?chat=2');
  expect(within(rows[0]!).getByRole('img', { name: 'Online' })).toBeInTheDocument();
  expect(within(rows[0]!).getByText('2 unread messages')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('Group')).toBeInTheDocument();
});

test('without chat.use the screen says chat is not available and asks nothing of the API', async () => {
  useSession.setState({ user: currentUser({ userPermissions: [] }), status: 'authenticated' });
  renderAt('/app/chat');
  expect(await screen.findByRole('alert')).toHaveTextContent('Chat is not available');
  expect(api.list).not.toHaveBeenCalled();
  expect(screen.queryByRole('link', { name: /Chat/ })).not.toBeInTheDocument();
});
