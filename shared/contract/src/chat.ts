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

/**
 * `user:{userID}:update` (§7): a chat's preview changed. Beside the three fields of §7 the server sends, for
 * the user it goes to, the chat's name as they see it, whether it is a group, and their true unread count
 * (optional in the type so a client may build the three-field shape itself).
 */
export type UserChatUpdate = {
  chat_id: number;
  preview: string;
  avatar: string;
  name?: string;
  is_group?: boolean;
  unread_message_count?: number;
};

/**
 * Events on `user:{userID}:chat` (§7). MessageUpdated: a new message in one of the user's chats (their own
 * too, for their other tabs); MessageRead: the receipt of the user's own message changed (delivered, or read
 * by someone), with its new deliveryState and readers.
 */
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
  /**
   * Server to client, once on connecting: `{ ids }`, the users online right now (an OnlineUsers). A client
   * may also emit it with an acknowledgement callback at any time and gets the same answer.
   */
  online: 'user:online',
  /**
   * Client to server: `{ message_id }` when a MessageUpdated from someone else reached this socket; the
   * message becomes DELIVERED and its sender gets a MessageRead. The acknowledgement answers a ReadReceipt.
   */
  delivered: 'message:delivered',
  /**
   * Server to client: an area's live event for this user (an AreaEvent), e.g. the scheduler's "these visits
   * changed", so an open timeline redraws within a second. The host forwards it to the area (kit's areaEvents).
   */
  area: (userId: number) => `user:${userId}:area`,
} as const;

/**
 * A live event an area pushes to signed-in users over the host's socket (CHAT_CHANNELS.area). It carries ids and
 * a version, never a record's content: the area's screens refetch through the API, which checks permissions.
 */
export type AreaEvent = { area: string; topic: string; data: unknown };

/** The users online right now (CHAT_CHANNELS.online). */
export type OnlineUsers = { ids: number[] };

/** The answer of POST .../messages/{messageId}/read and of CHAT_CHANNELS.delivered. */
export type ReadReceipt = { deliveryState: ChatDeliveryState };

/** GET /api/v1/communication/chats/{chatId}/messages: one page, oldest first within the page. */
export type ChatMessagePage = {
  messages: ChatMessage[];
  /** Pass as `before` for the next (older) page; null when this page reaches the first message. */
  next_before: number | null;
};

/** GET /api/v1/communication/users: someone the user can start a chat with. */
export type ChatContact = { id: number; name: string; status: 'online' | 'offline' };

/** POST /api/v1/communication/chats answers the chat: `id` is the chat id (§7). */
export type ChatOpened = ChatListItem;

/** The default and largest page of GET .../messages. */
export const CHAT_HISTORY_PAGE_SIZE = 30;
export const CHAT_HISTORY_MAX_PAGE_SIZE = 100;
/** The most people a group may hold (its creator included). */
export const CHAT_GROUP_MAX_MEMBERS = 100;

/** §9: the chat server's port. */
export const DEFAULT_CHAT_PORT = 3002;

/** The longest chat message accepted. */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
