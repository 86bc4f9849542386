/**
 * Chat (spec §3, §4, §7): the shapes the API answers and the chat socket carries. Declared once here; the
 * server's chat module and the host's chat store both read them.
 */

export type ChatMessageType = 'TEXT' | 'UPDATE';

/** UNREAD until every other member has read it (a one-to-one chat: the other person), then READ. */
export type ChatDeliveryState = 'UNREAD' | 'DELIVERED' | 'READ';

/** A chat message (§3): `preview` is its text as the chat list shows it. */
export type ChatMessage = {
  id: number;
  chat_id: number;
  type: ChatMessageType;
  userId: number | null;
  userName: string;
  preview: string;
  deliveryState: ChatDeliveryState;
  /** Ids of the users who have read it (the sender is not listed). */
  readers: number[];
  created_at: string;
};

export type ChatMember = { id: number; name: string };

/** An entry of the chat list (§3). `status` is the other person's presence in a one-to-one chat. */
export type ChatListItem = {
  id: number;
  chat_id: number;
  /** The other person's name in a one-to-one chat, the group's name otherwise. */
  name: string;
  preview: string;
  avatar: string;
  unread_message_count: number;
  /** Seconds since the chat's last message; the list is ordered by it, ascending. */
  difference_in_seconds: number;
  status: 'online' | 'offline';
  selected: boolean;
  is_chat: boolean;
  is_group: boolean;
  members: ChatMember[];
  /** In a one-to-one chat, the other person's user id (for presence). */
  other_user_id: number | null;
};

/** `user:{userID}:update` (§7): a chat's preview changed. */
export type UserChatUpdate = { chat_id: number; preview: string; avatar: string };

/** Events on `user:{userID}:chat` (§7). MessageUpdated: a new message; MessageRead: its readers changed. */
export type ChatEventName = 'MessageUpdated' | 'MessageRead';
export type ChatEvent = { event: ChatEventName; message: ChatMessage; user_chat: UserChatUpdate };

/** Events on `user:status` (§7). */
export type PresenceEventName = 'UserOnline' | 'UserOffline';
export type PresenceEvent = { event: PresenceEventName; id: number };

/** The socket channel names of §7. */
export const CHAT_CHANNELS = {
  status: 'user:status',
  chat: (userId: number) => `user:${userId}:chat`,
  update: (userId: number) => `user:${userId}:update`,
} as const;

/**
 * Sent to each socket as it connects: who is online at that moment, so the presence set starts true and
 * `user:status` events keep it so.
 */
export const CHAT_ONLINE_USERS_EVENT = 'users:online';
export type OnlineUsersEvent = { ids: number[] };

/** §9: the chat server's port. */
export const DEFAULT_CHAT_PORT = 3002;

/** The longest chat message accepted. */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
