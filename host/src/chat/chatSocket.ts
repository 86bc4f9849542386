import type { Socket } from 'socket.io-client';
import { CHAT_CHANNELS, type AreaEvent, type ChatEvent, type OnlineUsers, type PresenceEvent, type UserChatUpdate } from '@hcm/contract';
import { areaEvents, useRuntime } from '@hcm/kit';
import { useChat } from './chatStore';
import { chatSocketUrl } from './chatUrl';
import { requestNotificationPermission } from './desktopNotifications';

let socket: Socket | null = null;
/** Bumped on every connect and disconnect, so a connect whose library arrives after a logout gives up. */
let generation = 0;

/**
 * Opens the chat socket for the signed-in user (spec §7): cookie-authenticated, WebSocket only; socket.io
 * reconnects by itself. socket.io-client is fetched here, on first use, so the login screen never loads it.
 */
export async function connectChat(userId: number): Promise<void> {
  disconnectChat();
  const mine = ++generation;
  const chat = useChat.getState();
  chat.start(userId);
  void requestNotificationPermission();
  void chat.loadChats();

  const { io } = await import(/* webpackChunkName: "chat-socket" */ 'socket.io-client');
  if (mine !== generation) return;
  const opened = io(chatSocketUrl(useRuntime.getState().registry), { withCredentials: true, transports: ['websocket'] });
  socket = opened;

  let connectedBefore = false;
  opened.on('connect', () => {
    useChat.getState().setConnected(true);
    areaEvents.setConnected(true);
    // After a reconnection, catch up with what arrived while we were away.
    if (connectedBefore) void useChat.getState().loadChats();
    connectedBefore = true;
  });
  opened.on('disconnect', () => {
    useChat.getState().setConnected(false);
    areaEvents.setConnected(false);
  });
  opened.on(CHAT_CHANNELS.online, (event: OnlineUsers) => useChat.getState().setOnlineUsers(event.ids));
  opened.on(CHAT_CHANNELS.status, (event: PresenceEvent) => useChat.getState().receivePresence(event));
  opened.on(CHAT_CHANNELS.chat(userId), (event: ChatEvent) => {
    // Tell the server a message from someone else reached us: its sender's receipt turns "Delivered".
    if (event.event === 'MessageUpdated' && event.message.type === 'TEXT' && event.message.userId !== userId) {
      opened.emit(CHAT_CHANNELS.delivered, { message_id: event.message.id });
    }
    useChat.getState().receiveChatEvent(event);
  });
  opened.on(CHAT_CHANNELS.update(userId), (update: UserChatUpdate) => useChat.getState().receiveChatUpdate(update));
  // Areas' live events (a planner's change on an open timeline) ride the same socket, to whichever area listens.
  opened.on(CHAT_CHANNELS.area(userId), (event: AreaEvent) => areaEvents.publish(event));
}

/** Closes the socket and forgets the user's chats (logout, account switch). */
export function disconnectChat(): void {
  generation++;
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
  areaEvents.setConnected(false);
  useChat.getState().reset();
}
