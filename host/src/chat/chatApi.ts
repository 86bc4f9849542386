import type { ChatDeliveryState, ChatListItem, ChatMember, ChatMessage } from '@hcm/contract';
import { api } from '@hcm/kit';

const CHATS = 'api/v1/communication/chats';

/** The chat endpoints of the API (spec §7), each answering the kit's `{ data, error, message, errors }`. */
export const chatApi = {
  /** The current user's chats, as the chat list shows them. */
  list: () => api.get<ChatListItem[]>(CHATS),
  /** A one-to-one chat with `userId` (the same pair always gives the same chat). */
  startWith: (userId: number) => api.post<{ id: number }>(CHATS, { userId }),
  /** A named group chat with the given members (the current user is added by the server). */
  createGroup: (name: string, userIds: number[]) => api.post<{ id: number }>(CHATS, { name, userIds }),
  /** One page of a chat's history, newest last; `before` pages further back. */
  messages: (chatId: number, query: { before?: number; page_size: number }) =>
    api.get<ChatMessage[]>(`${CHATS}/${chatId}/messages`, query),
  send: (chatId: number, body: string) => api.post<ChatMessage>(`${CHATS}/${chatId}/messages`, { body }),
  markRead: (chatId: number, messageId: number) =>
    api.post<{ deliveryState: ChatDeliveryState }>(`${CHATS}/${chatId}/messages/${messageId}/read`),
  /** Marks the whole chat read for the current user. */
  open: (chatId: number) => api.post<unknown>(`${CHATS}/${chatId}/open`),
  /** The people the current user can chat with. */
  people: () => api.get<ChatMember[]>('api/v1/communication/users'),
};
