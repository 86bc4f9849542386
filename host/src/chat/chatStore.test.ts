import { act } from '@testing-library/react';
import { CHAT_HISTORY_PAGE_SIZE, type ChatEvent, type PresenceEvent } from '@hcm/contract';
import { useAlerts, useSession } from '@hcm/kit';
import { chatApi } from './chatApi';
import { setChatNavigator, useChat } from './chatStore';
import { NO_NOTIFICATIONS, requestNotificationPermission } from './desktopNotifications';
import { chatItem, chatMessage, currentUser, historyPage, ME, ok } from './testing';

jest.mock('./chatApi', () => ({
  chatApi: { list: jest.fn(), open: jest.fn(), messages: jest.fn(), markRead: jest.fn(), send: jest.fn(), startWith: jest.fn(), createGroup: jest.fn(), people: jest.fn() },
}));
const api = chatApi as jest.Mocked<typeof chatApi>;

/** A stand-in for the browser's Notification API: records what was shown and whether permission was asked. */
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = jest.fn(async () => 'granted' as NotificationPermission);
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  close = jest.fn();
  constructor(
    public title: string,
    public options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
}

function installNotification(permission: NotificationPermission) {
  FakeNotification.permission = permission;
  Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true, writable: true });
}

const flush = () => act(async () => {});
const chat = (chatId: number) => useChat.getState().chats.find((item) => item.chat_id === chatId)!;
const textEvent = (message = chatMessage(50, 2)): ChatEvent => ({
  event: 'MessageUpdated',
  message,
  user_chat: { chat_id: message.chat_id, preview: message.preview, avatar: '' },
});

beforeEach(() => {
  jest.clearAllMocks();
  FakeNotification.shown = [];
  installNotification('granted');
  useSession.setState({ user: currentUser({ userUnreadMessageCount: 5 }), status: 'authenticated' });
  useAlerts.setState({ alerts: [] });
  useChat.getState().reset();
  useChat.getState().start(ME);
  api.open.mockResolvedValue(ok(null));
  api.messages.mockResolvedValue(historyPage([]));
  api.markRead.mockResolvedValue(ok({ deliveryState: 'READ' as const }));
});

afterEach(() => {
  delete (window as { Notification?: unknown }).Notification;
});

async function loadList(...chats: ReturnType<typeof chatItem>[]) {
  api.list.mockResolvedValue(ok(chats));
  await act(() => useChat.getState().loadChats());
}

describe('the chat list', () => {
  it('is ordered by difference_in_seconds ascending, and the user unread count is its total', async () => {
    await loadList(chatItem(3, { difference_in_seconds: 900, unread_message_count: 1 }), chatItem(2, { difference_in_seconds: 10, unread_message_count: 2 }), chatItem(4, { difference_in_seconds: 60 }));
    expect(useChat.getState().chats.map((item) => item.chat_id)).toEqual([2, 4, 3]);
    expect(useSession.getState().user?.userUnreadMessageCount).toBe(3);
  });

  it('puts a chat with a new message first', async () => {
    await loadList(chatItem(2, { difference_in_seconds: 10 }), chatItem(3, { difference_in_seconds: 900 }));
    act(() => useChat.getState().receiveChatEvent(textEvent(chatMessage(51, 3))));
    expect(useChat.getState().chats.map((item) => item.chat_id)).toEqual([3, 2]);
    expect(chat(3).preview).toBe('Message 51');
  });
});

describe('opening a chat', () => {
  it('resets its unread count to 0, tells the server, loads its history and lowers the user unread count', async () => {
    await loadList(chatItem(2, { unread_message_count: 3 }), chatItem(3, { unread_message_count: 1 }));
    api.messages.mockResolvedValue(historyPage([chatMessage(11, 2), chatMessage(12, 2)]));
    await act(() => useChat.getState().openChat(2));
    expect(chat(2).unread_message_count).toBe(0);
    expect(chat(3).unread_message_count).toBe(1);
    expect(api.open).toHaveBeenCalledWith(2);
    expect(api.messages).toHaveBeenCalledWith(2, { page_size: CHAT_HISTORY_PAGE_SIZE });
    expect(useChat.getState().messages.map((message) => message.id)).toEqual([11, 12]);
    expect(useChat.getState().nextBefore).toBeNull();
    expect(useSession.getState().user?.userUnreadMessageCount).toBe(1);
  });

  it('pages back through the history with "before"', async () => {
    await loadList(chatItem(2));
    api.messages.mockResolvedValueOnce(historyPage([chatMessage(100, 2), chatMessage(101, 2)], 100));
    await act(() => useChat.getState().openChat(2));
    expect(useChat.getState().nextBefore).toBe(100);
    api.messages.mockResolvedValueOnce(historyPage([chatMessage(98, 2), chatMessage(99, 2)]));
    await act(() => useChat.getState().loadEarlier());
    expect(api.messages).toHaveBeenLastCalledWith(2, { before: 100, page_size: CHAT_HISTORY_PAGE_SIZE });
    expect(useChat.getState().messages.map((message) => message.id)).toEqual([98, 99, 100, 101]);
    expect(useChat.getState().nextBefore).toBeNull();
  });
});

describe('a message in the open chat', () => {
  it('is marked read in a one-to-one chat, always', async () => {
    await loadList(chatItem(2));
    await act(() => useChat.getState().openChat(2));
    act(() => useChat.getState().receiveChatEvent(textEvent(chatMessage(60, 2, { readers: [ME] }))));
    await flush();
    expect(api.markRead).toHaveBeenCalledWith(2, 60);
    expect(useChat.getState().messages.find((message) => message.id === 60)?.deliveryState).toBe('READ');
    expect(chat(2).unread_message_count).toBe(0);
    expect(useAlerts.getState().alerts).toHaveLength(0);
    expect(FakeNotification.shown).toHaveLength(0);
  });

  it('is marked read in a group only when the current user is not among its readers', async () => {
    await loadList(chatItem(7, { is_group: true, other_user_id: null }));
    await act(() => useChat.getState().openChat(7));
    act(() => useChat.getState().receiveChatEvent(textEvent(chatMessage(61, 7, { userId: 20, readers: [ME, 21] }))));
    await flush();
    expect(api.markRead).not.toHaveBeenCalled();
    act(() => useChat.getState().receiveChatEvent(textEvent(chatMessage(62, 7, { userId: 20, readers: [21] }))));
    await flush();
    expect(api.markRead).toHaveBeenCalledWith(7, 62);
    expect(useChat.getState().messages.find((message) => message.id === 62)?.readers).toEqual([21, ME]);
  });

  it('is not marked read when it is my own, or already read', async () => {
    await loadList(chatItem(2));
    await act(() => useChat.getState().openChat(2));
    act(() => useChat.getState().receiveChatEvent(textEvent(chatMessage(63, 2, { userId: ME }))));
    act(() => useChat.getState().receiveChatEvent(textEvent(chatMessage(64, 2, { deliveryState: 'READ' }))));
    await flush();
    expect(api.markRead).not.toHaveBeenCalled();
    expect(useChat.getState().messages.map((message) => message.id)).toEqual([63, 64]);
  });

  it('shows a read receipt change (MessageRead) on my message', async () => {
    await loadList(chatItem(2));
    api.messages.mockResolvedValue(historyPage([chatMessage(70, 2, { userId: ME })]));
    await act(() => useChat.getState().openChat(2));
    act(() => useChat.getState().receiveChatEvent({ ...textEvent(chatMessage(70, 2, { userId: ME, deliveryState: 'READ', readers: [102] })), event: 'MessageRead' }));
    expect(useChat.getState().messages[0]).toMatchObject({ id: 70, deliveryState: 'READ', readers: [102] });
  });
});

it('keeps a receipt that moved on when an older copy of the message arrives late', async () => {
  await loadList(chatItem(2));
  await act(() => useChat.getState().openChat(2));
  const mine = chatMessage(71, 2, { userId: ME, preview: 'On my way' });
  act(() => useChat.getState().receiveChatEvent({ ...textEvent({ ...mine, deliveryState: 'DELIVERED' }), event: 'MessageRead' }));
  act(() => useChat.getState().receiveChatEvent(textEvent(mine)));
  expect(useChat.getState().messages).toEqual([expect.objectContaining({ id: 71, deliveryState: 'DELIVERED' })]);
  act(() => useChat.getState().receiveChatEvent({ ...textEvent({ ...mine, deliveryState: 'READ', readers: [102] }), event: 'MessageRead' }));
  // My own echo, sent before the receipt, comes in last.
  act(() => useChat.getState().receiveChatEvent(textEvent(mine)));
  expect(useChat.getState().messages[0]).toMatchObject({ id: 71, deliveryState: 'READ', readers: [102] });
});

describe('a TEXT message from someone else in a chat that is not open', () => {
  it('raises its unread count by 1, notifies the desktop and shows a chat toast', async () => {
    await loadList(chatItem(2, { unread_message_count: 2 }), chatItem(3));
    await act(() => useChat.getState().openChat(3));
    act(() => useChat.getState().receiveChatEvent(textEvent(chatMessage(80, 2, { userName: 'Oliver Office', preview: 'Are you free at ten?' }))));
    expect(chat(2).unread_message_count).toBe(3);
    expect(useSession.getState().user?.userUnreadMessageCount).toBe(3);
    expect(FakeNotification.shown).toHaveLength(1);
    expect(FakeNotification.shown[0]!.title).toBe('You have a new message from Oliver Office');
    expect(FakeNotification.shown[0]!.options).toMatchObject({ body: 'Are you free at ten?', requireInteraction: false });
    expect(useAlerts.getState().alerts).toEqual([
      expect.objectContaining({ type: 'chat', title: 'You have a new message from Oliver Office', message: 'Are you free at ten?' }),
    ]);
    expect(api.markRead).not.toHaveBeenCalled();
  });

  it('gives an unknown chat an unread count of 1 and fetches the list to learn about it', async () => {
    await loadList(chatItem(2));
    api.list.mockClear();
    act(() => useChat.getState().receiveChatEvent(textEvent(chatMessage(81, 9))));
    expect(chat(9).unread_message_count).toBe(1);
    expect(useChat.getState().chats[0]!.chat_id).toBe(9);
    expect(api.list).toHaveBeenCalledTimes(1);
    await flush();
  });

  it('does nothing of the sort for my own message from another tab', async () => {
    await loadList(chatItem(2));
    act(() => useChat.getState().receiveChatEvent(textEvent(chatMessage(82, 2, { userId: ME }))));
    expect(chat(2).unread_message_count).toBe(0);
    expect(chat(2).preview).toBe('Message 82');
    expect(FakeNotification.shown).toHaveLength(0);
    expect(useAlerts.getState().alerts).toHaveLength(0);
  });

  it('opens that chat when the notification is clicked, focusing the window', async () => {
    const navigate = jest.fn();
    setChatNavigator(navigate);
    const focus = jest.spyOn(window, 'focus').mockImplementation(() => undefined);
    await loadList(chatItem(2));
    act(() => useChat.getState().receiveChatEvent(textEvent(chatMessage(83, 2))));
    FakeNotification.shown[0]!.onclick?.();
    expect(focus).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith(2);
    expect(FakeNotification.shown[0]!.close).toHaveBeenCalled();
  });

  it('shows no desktop notification without permission, but still the toast', async () => {
    installNotification('denied');
    await loadList(chatItem(2));
    act(() => useChat.getState().receiveChatEvent(textEvent(chatMessage(84, 2))));
    expect(FakeNotification.shown).toHaveLength(0);
    expect(useAlerts.getState().alerts).toHaveLength(1);
  });
});

it('an UPDATE message only changes the preview', async () => {
  await loadList(chatItem(2, { difference_in_seconds: 10 }), chatItem(3, { difference_in_seconds: 900, unread_message_count: 1 }));
  act(() => useChat.getState().receiveChatEvent(textEvent(chatMessage(90, 3, { type: 'UPDATE', userId: null, preview: 'Oliver joined the chat' }))));
  expect(chat(3).preview).toBe('Oliver joined the chat');
  expect(chat(3).unread_message_count).toBe(1);
  expect(useChat.getState().chats.map((item) => item.chat_id)).toEqual([2, 3]);
  expect(useSession.getState().user?.userUnreadMessageCount).toBe(1);
  expect(FakeNotification.shown).toHaveLength(0);
  expect(useAlerts.getState().alerts).toHaveLength(0);
});

describe('desktop notification permission', () => {
  it('is requested when not yet decided', async () => {
    installNotification('default');
    await requestNotificationPermission();
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('is not requested when denied', async () => {
    installNotification('denied');
    await requestNotificationPermission();
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  });

  it('logs an error when the browser lacks notifications, and the toast still shows', async () => {
    delete (window as { Notification?: unknown }).Notification;
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await requestNotificationPermission();
    expect(error).toHaveBeenCalledWith(NO_NOTIFICATIONS);
    await loadList(chatItem(2));
    act(() => useChat.getState().receiveChatEvent(textEvent(chatMessage(85, 2))));
    expect(error).toHaveBeenCalledTimes(2);
    expect(NO_NOTIFICATIONS).toBe('This browser does not support desktop notifications.');
    expect(useAlerts.getState().alerts).toHaveLength(1);
    error.mockRestore();
  });
});

describe('presence', () => {
  it('adds a user who comes online, removes one who goes offline, and warns about anything else', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    act(() => useChat.getState().receivePresence({ event: 'UserOnline', id: 5 }));
    act(() => useChat.getState().receivePresence({ event: 'UserOnline', id: 6 }));
    act(() => useChat.getState().receivePresence({ event: 'UserOffline', id: 5 }));
    expect([...useChat.getState().online]).toEqual([6]);
    act(() => useChat.getState().receivePresence({ event: 'UserAway', id: 6 } as unknown as PresenceEvent));
    expect(warn).toHaveBeenCalledWith('Unhandled event');
    expect([...useChat.getState().online]).toEqual([6]);
    warn.mockRestore();
  });

  it("starts from the chat list's statuses until the chat server says who is online, then follows the server", async () => {
    await loadList(chatItem(2, { other_user_id: 7, status: 'online' }), chatItem(3, { other_user_id: 8 }));
    expect([...useChat.getState().online]).toEqual([7]);
    act(() => useChat.getState().setOnlineUsers([8]));
    await loadList(chatItem(2, { other_user_id: 7, status: 'online' }), chatItem(3, { other_user_id: 8 }));
    expect([...useChat.getState().online]).toEqual([8]);
  });

  it('the connected flag follows the socket', () => {
    act(() => useChat.getState().setConnected(true));
    expect(useChat.getState().connected).toBe(true);
    act(() => useChat.getState().setConnected(false));
    expect(useChat.getState().connected).toBe(false);
  });
});
