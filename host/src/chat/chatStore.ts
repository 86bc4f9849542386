import { create } from 'zustand';
import { CHAT_HISTORY_PAGE_SIZE, type ChatDeliveryState, type ChatEvent, type ChatListItem, type ChatMessage, type ChatOpened, type PresenceEvent, type UserChatUpdate } from '@hcm/contract';
import { notify, useSession, type ApiResult } from '@hcm/kit';
import { chatApi } from './chatApi';
import { chatNotificationTitle, showChatNotification } from './desktopNotifications';

type HistoryStatus = 'idle' | 'loading' | 'error';

export type ChatState = {
  /** The signed-in user the chat belongs to; null when signed out (or without chat.use). */
  myId: number | null;
  /** Toggles on the socket's connect and disconnect (§4). */
  connected: boolean;
  /** The chat list, ordered by difference_in_seconds ascending (§4). */
  chats: ChatListItem[];
  chatsLoaded: boolean;
  chatsError: string | null;
  /** Ids of the users who are online (§4 presence). */
  online: ReadonlySet<number>;
  /** Whether the chat server has said who is online; until it has, the chat list's statuses seed `online`. */
  presenceKnown: boolean;
  /** The chat on screen, whose messages are in `messages` (oldest first). */
  openChatId: number | null;
  messages: ChatMessage[];
  /** Where the next (older) page of history starts; null when the first message is loaded. */
  nextBefore: number | null;
  historyStatus: HistoryStatus;
  historyError: string | null;

  start: (myId: number) => void;
  reset: () => void;
  setConnected: (connected: boolean) => void;
  loadChats: () => Promise<void>;
  openChat: (chatId: number) => Promise<void>;
  closeChat: () => void;
  loadEarlier: () => Promise<void>;
  send: (body: string) => Promise<ApiResult<ChatMessage> | null>;
  startChatWith: (userId: number) => Promise<ApiResult<ChatOpened>>;
  createGroup: (name: string, userIds: number[]) => Promise<ApiResult<ChatOpened>>;
  receiveChatEvent: (event: ChatEvent) => void;
  receiveChatUpdate: (update: UserChatUpdate) => void;
  receivePresence: (event: PresenceEvent) => void;
  setOnlineUsers: (ids: readonly number[]) => void;
};

const INITIAL = {
  myId: null,
  connected: false,
  chats: [],
  chatsLoaded: false,
  chatsError: null,
  online: new Set<number>(),
  presenceKnown: false,
  openChatId: null,
  messages: [],
  nextBefore: null,
  historyStatus: 'idle',
  historyError: null,
} satisfies Partial<ChatState>;

/** Where a click on a desktop notification goes; the layout replaces it with the router's navigate. */
let openChatScreen = (chatId: number) => window.location.assign(chatScreenPath(chatId));
export const chatScreenPath = (chatId: number) => `/app/chat?chat=${chatId}`;
export function setChatNavigator(navigate: (chatId: number) => void): void {
  openChatScreen = navigate;
}

/** §4: the chat list is ordered by difference_in_seconds ascending (a stable sort keeps ties in place). */
export const orderChats = (chats: readonly ChatListItem[]) =>
  [...chats].sort((a, b) => a.difference_in_seconds - b.difference_in_seconds);

const byId = (a: ChatMessage, b: ChatMessage) => a.id - b.id;

const DELIVERY_ORDER: Record<ChatDeliveryState, number> = { UNREAD: 0, DELIVERED: 1, READ: 2 };

/**
 * Adds a message to a history kept oldest first, or updates the one there. A receipt only moves forward:
 * the answer to my POST, my own echo and a MessageRead race each other, and an older copy must not undo a
 * newer receipt.
 */
function upsertMessage(messages: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  const existing = messages.find((known) => known.id === message.id);
  const merged = existing
    ? {
        ...message,
        deliveryState: DELIVERY_ORDER[existing.deliveryState] > DELIVERY_ORDER[message.deliveryState] ? existing.deliveryState : message.deliveryState,
        readers: [...new Set([...existing.readers, ...message.readers])],
      }
    : message;
  return [...messages.filter((known) => known.id !== message.id), merged].sort(byId);
}

/** The current user's userUnreadMessageCount (kit session store) follows the chat list's unread counts. */
function setUserUnread(count: (current: number) => number): void {
  const { user } = useSession.getState();
  if (user) useSession.setState({ user: { ...user, userUnreadMessageCount: Math.max(0, count(user.userUnreadMessageCount)) } });
}

const totalUnread = (chats: readonly ChatListItem[]) => chats.reduce((sum, chat) => sum + chat.unread_message_count, 0);

/** A list entry for a chat we had not heard of, from the message that revealed it (the list reload fills in the rest). */
function chatFromMessage(message: ChatMessage, update: UserChatUpdate): ChatListItem {
  const isGroup = update.is_group ?? false;
  return {
    id: message.chat_id,
    chat_id: message.chat_id,
    name: update.name ?? message.userName,
    preview: update.preview,
    avatar: update.avatar,
    unread_message_count: 1,
    difference_in_seconds: 0,
    status: 'online',
    selected: false,
    is_chat: true,
    is_group: isGroup,
    members: [],
    other_user_id: isGroup ? null : message.userId,
  };
}

/**
 * The chat (spec §4 Chat, §5, §8), fed by the chat socket (host/src/chat/chatSocket.ts) and by the screens.
 * One store for the signed-in user; `reset()` at logout.
 */
export const useChat = create<ChatState>((set, get) => {
  /** Puts a chat first with its new preview (a new message makes it the most recent). */
  const touchChat = (update: UserChatUpdate, changes: Partial<ChatListItem> = {}) => {
    const chats = get().chats.map((chat) =>
      chat.chat_id === update.chat_id ? { ...chat, preview: update.preview, avatar: update.avatar || chat.avatar, difference_in_seconds: 0, ...changes } : chat,
    );
    const touched = chats.find((chat) => chat.chat_id === update.chat_id);
    set({ chats: orderChats(touched ? [touched, ...chats.filter((chat) => chat !== touched)] : chats) });
  };

  /** §4: marks an unread message from someone else in the open chat as read (a group's only if I am not a reader yet). */
  const markReadIfNeeded = (message: ChatMessage) => {
    const { myId, chats } = get();
    if (message.userId === myId || message.deliveryState === 'READ' || myId === null) return;
    const isGroup = chats.find((chat) => chat.chat_id === message.chat_id)?.is_group ?? false;
    if (isGroup && message.readers.includes(myId)) return;
    void chatApi.markRead(message.chat_id, message.id).then((answer) => {
      if (answer.error || !answer.data || get().openChatId !== message.chat_id) return;
      const current = get().messages.find((existing) => existing.id === message.id) ?? message;
      const readers = current.readers.includes(myId) ? current.readers : [...current.readers, myId];
      set({ messages: upsertMessage(get().messages, { ...current, deliveryState: answer.data.deliveryState, readers }) });
    });
  };

  /** §4, §8: a TEXT message from someone else in a chat that is not open. */
  const receiveUnread = (message: ChatMessage, update: UserChatUpdate) => {
    const known = get().chats.some((chat) => chat.chat_id === message.chat_id);
    if (known) {
      const unread = (get().chats.find((chat) => chat.chat_id === message.chat_id)?.unread_message_count ?? 0) + 1;
      touchChat(update, { unread_message_count: unread });
    } else {
      set({ chats: orderChats([chatFromMessage(message, update), ...get().chats]) });
      void get().loadChats();
    }
    setUserUnread((count) => count + 1);
    const title = chatNotificationTitle(message.userName);
    notify({ type: 'chat', title, message: message.preview });
    showChatNotification(message.userName, message.preview, `chat-${message.chat_id}`, () => openChatScreen(message.chat_id));
  };

  return {
    ...INITIAL,

    start: (myId) => {
      if (get().myId !== myId) set({ ...INITIAL, online: new Set(), myId });
    },
    reset: () => set({ ...INITIAL, online: new Set() }),
    setConnected: (connected) => set({ connected }),

    loadChats: async () => {
      const answer = await chatApi.list();
      if (answer.error || !answer.data) {
        set({ chatsError: answer.message || 'The chats could not be loaded.' });
        return;
      }
      const { openChatId } = get();
      // The open chat has been read (its open call may still be on its way).
      const chats = orderChats(
        answer.data.map((chat) =>
          chat.chat_id === openChatId ? { ...chat, unread_message_count: 0, selected: true } : { ...chat, selected: false },
        ),
      );
      const online = new Set(get().online);
      if (!get().presenceKnown) {
        for (const chat of chats) if (chat.other_user_id !== null && chat.status === 'online') online.add(chat.other_user_id);
      }
      set({ chats, chatsLoaded: true, chatsError: null, online });
      setUserUnread(() => totalUnread(chats));
    },

    openChat: async (chatId) => {
      const previous = get().chats.find((chat) => chat.chat_id === chatId)?.unread_message_count ?? 0;
      set({
        openChatId: chatId,
        chats: get().chats.map((chat) => ({ ...chat, selected: chat.chat_id === chatId, unread_message_count: chat.chat_id === chatId ? 0 : chat.unread_message_count })),
        messages: [],
        nextBefore: null,
        historyStatus: 'loading',
        historyError: null,
      });
      setUserUnread((count) => count - previous);
      await chatApi.open(chatId);
      const answer = await chatApi.messages(chatId, { page_size: CHAT_HISTORY_PAGE_SIZE });
      if (get().openChatId !== chatId) return;
      if (answer.error || !answer.data) {
        set({ historyStatus: 'error', historyError: answer.message || 'The messages could not be loaded.' });
        return;
      }
      // Live messages may have arrived while the page was on its way.
      const live = get().messages;
      set({ messages: [...answer.data.messages.filter((message) => !live.some((known) => known.id === message.id)), ...live].sort(byId), nextBefore: answer.data.next_before, historyStatus: 'idle' });
    },

    closeChat: () =>
      set({
        openChatId: null,
        messages: [],
        nextBefore: null,
        historyStatus: 'idle',
        historyError: null,
        chats: get().chats.map((chat) => ({ ...chat, selected: false })),
      }),

    loadEarlier: async () => {
      const { openChatId, nextBefore } = get();
      if (openChatId === null || nextBefore === null) return;
      set({ historyStatus: 'loading', historyError: null });
      const answer = await chatApi.messages(openChatId, { before: nextBefore, page_size: CHAT_HISTORY_PAGE_SIZE });
      if (get().openChatId !== openChatId) return;
      if (answer.error || !answer.data) {
        set({ historyStatus: 'error', historyError: answer.message || 'The earlier messages could not be loaded.' });
        return;
      }
      const known = new Set(get().messages.map((message) => message.id));
      const earlier = answer.data.messages.filter((message) => !known.has(message.id));
      set({ messages: [...earlier, ...get().messages].sort(byId), nextBefore: answer.data.next_before, historyStatus: 'idle' });
    },

    send: async (body) => {
      const { openChatId } = get();
      const text = body.trim();
      if (openChatId === null || !text) return null;
      const answer = await chatApi.send(openChatId, text);
      if (!answer.error && answer.data) {
        const message = answer.data;
        if (get().openChatId === message.chat_id) set({ messages: upsertMessage(get().messages, message) });
        touchChat({ chat_id: message.chat_id, preview: message.preview, avatar: '' });
      }
      return answer;
    },

    startChatWith: async (userId) => {
      const answer = await chatApi.startWith(userId);
      if (!answer.error) await get().loadChats();
      return answer;
    },

    createGroup: async (name, userIds) => {
      const answer = await chatApi.createGroup(name, userIds);
      if (!answer.error) await get().loadChats();
      return answer;
    },

    receiveChatEvent: ({ event, message, user_chat }) => {
      const { openChatId, myId } = get();
      const isOpen = openChatId === message.chat_id;
      if (event === 'MessageRead') {
        // It may overtake the answer to my own POST: it carries the whole message, so it is added if missing.
        if (isOpen) set({ messages: upsertMessage(get().messages, message) });
        return;
      }
      if (event !== 'MessageUpdated') return;
      // §4: UPDATE messages only update the preview.
      if (message.type === 'UPDATE') {
        set({ chats: get().chats.map((chat) => (chat.chat_id === message.chat_id ? { ...chat, preview: user_chat.preview } : chat)) });
        return;
      }
      if (isOpen) {
        set({ messages: upsertMessage(get().messages, message) });
        touchChat(user_chat);
        markReadIfNeeded(message);
      } else if (message.userId !== myId) {
        receiveUnread(message, user_chat);
      } else {
        touchChat(user_chat);
      }
    },

    receiveChatUpdate: (update) => {
      if (!get().chats.some((chat) => chat.chat_id === update.chat_id)) {
        // A chat we did not know of (say, a group we were just added to): the list reload brings it in.
        void get().loadChats();
        return;
      }
      set({
        chats: get().chats.map((chat) =>
          chat.chat_id === update.chat_id ? { ...chat, preview: update.preview, avatar: update.avatar || chat.avatar } : chat,
        ),
      });
    },

    receivePresence: (event) => {
      const online = new Set(get().online);
      switch (event.event) {
        case 'UserOnline':
          online.add(event.id);
          break;
        case 'UserOffline':
          online.delete(event.id);
          break;
        default:
          console.warn('Unhandled event');
          return;
      }
      set({ online });
    },

    setOnlineUsers: (ids) => set({ online: new Set(ids), presenceKnown: true }),
  };
});

/** Whether the other person of a chat is online: the presence set, for one-to-one chats. */
export const isChatOnline = (chat: ChatListItem, online: ReadonlySet<number>) =>
  chat.other_user_id !== null && online.has(chat.other_user_id);
