import type { ChatListItem, ChatMessage, CurrentUser } from '@hcm/contract';

// Builders for the chat's tests: a chat list entry, a message and a signed-in user, each with overrides.

export const ME = 1;

export const ok = <T,>(data: T) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });
export const failed = (message: string, errors: Record<string, string[]> | null = null) => ({ data: null, error: true, message, errors, httpStatus: 422 });

export function chatItem(chatId: number, overrides: Partial<ChatListItem> = {}): ChatListItem {
  return {
    id: chatId,
    chat_id: chatId,
    name: `Chat ${chatId}`,
    preview: '',
    avatar: '',
    unread_message_count: 0,
    difference_in_seconds: chatId * 60,
    status: 'offline',
    selected: false,
    is_chat: true,
    is_group: false,
    members: [],
    other_user_id: chatId + 100,
    ...overrides,
  };
}

export function chatMessage(id: number, chatId: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    chat_id: chatId,
    type: 'TEXT',
    userId: chatId + 100,
    userName: 'Oliver Office',
    preview: `Message ${id}`,
    deliveryState: 'UNREAD',
    readers: [],
    created_at: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

/** One page of history (GET .../messages): oldest first, and where the next older page starts. */
export const historyPage = (messages: ChatMessage[], nextBefore: number | null = null) => ok({ messages, next_before: nextBefore });

export function currentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    userID: ME,
    userRole: 'office_staff',
    userPermissions: ['chat.use'],
    userUnreadMessageCount: 0,
    name: 'Amira Admin',
    email: 'admin@homecare.test',
    userType: 'domiciliary',
    roleLabel: 'Office staff',
    branches: [],
    ...overrides,
  };
}
