import { act } from '@testing-library/react';
import { useRuntime, useSession } from '@hcm/kit';
import { io } from 'socket.io-client';
import { chatApi } from './chatApi';
import { connectChat, disconnectChat } from './chatSocket';
import { useChat } from './chatStore';
import { chatItem, chatMessage, currentUser, ME, ok } from './testing';

jest.mock('./chatApi', () => ({ chatApi: { list: jest.fn(), open: jest.fn(), messages: jest.fn(), markRead: jest.fn() } }));

/** A socket.io client stand-in: records the listeners, so a test can play the server. */
type Listener = (payload?: unknown) => void;
const fakeSocket = {
  listeners: new Map<string, Listener>(),
  on(event: string, listener: Listener) {
    this.listeners.set(event, listener);
    return this;
  },
  emitFromServer(event: string, payload?: unknown) {
    act(() => this.listeners.get(event)?.(payload));
  },
  emit: jest.fn(),
  removeAllListeners: jest.fn(),
  disconnect: jest.fn(),
};
jest.mock('socket.io-client', () => ({ io: jest.fn(() => fakeSocket) }));

const api = chatApi as jest.Mocked<typeof chatApi>;

beforeEach(() => {
  jest.clearAllMocks();
  // jsdom has no Notification API: the chat says so on the console (covered in chatStore.test.ts).
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  fakeSocket.listeners.clear();
  useRuntime.getState().setRegistry({ productLabel: 'Home Care', apiUrl: 'http://localhost:38000', chatUrl: 'ws://localhost:33002', areas: [] });
  useSession.setState({ user: currentUser(), status: 'authenticated' });
  api.list.mockResolvedValue(ok([chatItem(2, { other_user_id: 7 })]));
});

afterEach(() => {
  disconnectChat();
  jest.restoreAllMocks();
});

test('connects with the session cookie over WebSocket and routes each channel to the store', async () => {
  await act(() => connectChat(ME));
  expect(io).toHaveBeenCalledWith('ws://localhost:33002', { withCredentials: true, transports: ['websocket'] });
  expect(useChat.getState().connected).toBe(false);

  fakeSocket.emitFromServer('connect');
  expect(useChat.getState().connected).toBe(true);

  fakeSocket.emitFromServer('user:online', { ids: [7, 8] });
  expect([...useChat.getState().online]).toEqual([7, 8]);
  fakeSocket.emitFromServer('user:status', { event: 'UserOffline', id: 8 });
  expect([...useChat.getState().online]).toEqual([7]);

  const message = chatMessage(40, 2, { userId: 7 });
  fakeSocket.emitFromServer(`user:${ME}:chat`, { event: 'MessageUpdated', message, user_chat: { chat_id: 2, preview: 'Hello', avatar: '' } });
  expect(useChat.getState().chats[0]).toMatchObject({ chat_id: 2, unread_message_count: 1, preview: 'Hello' });
  // The server hears that the message reached us, so its sender sees "Delivered"; not so for my own.
  expect(fakeSocket.emit).toHaveBeenCalledWith('message:delivered', { message_id: 40 });
  fakeSocket.emitFromServer(`user:${ME}:chat`, { event: 'MessageUpdated', message: chatMessage(41, 2, { userId: ME }), user_chat: { chat_id: 2, preview: 'Mine', avatar: '' } });
  expect(fakeSocket.emit).toHaveBeenCalledTimes(1);

  fakeSocket.emitFromServer(`user:${ME}:update`, { chat_id: 2, preview: 'Edited', avatar: '' });
  expect(useChat.getState().chats[0]!.preview).toBe('Edited');

  fakeSocket.emitFromServer('disconnect');
  expect(useChat.getState().connected).toBe(false);
  // socket.io reconnects by itself; on reconnection the list is fetched again to catch up.
  api.list.mockClear();
  fakeSocket.emitFromServer('connect');
  expect(useChat.getState().connected).toBe(true);
  expect(api.list).toHaveBeenCalledTimes(1);
});

test('disconnecting (logout) closes the socket and forgets the chats', async () => {
  await act(() => connectChat(ME));
  fakeSocket.emitFromServer('connect');
  act(() => disconnectChat());
  expect(fakeSocket.disconnect).toHaveBeenCalled();
  expect(useChat.getState()).toMatchObject({ myId: null, connected: false, chats: [] });
});

test('a logout before the socket library arrives opens no socket', async () => {
  const connecting = connectChat(ME);
  disconnectChat();
  await act(() => connecting);
  expect(io).not.toHaveBeenCalled();
});
