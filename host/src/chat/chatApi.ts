import type { ChatContact, ChatListItem, ChatMessage, ChatMessagePage, ChatOpened, ReadReceipt } from '@hcm/contract';
import { api } from '@hcm/kit';

const CHATS = 'api/v1/communication/chats';

/** The chat endpoints of the API (spec §7), each answering the kit's `{ data, error, message, errors }`. */
export const chatApi = {
  /** The current user's chats, as the chat list shows them. */
  list: () => api.get<ChatListItem[]>(CHATS),
  /** A one-to-one chat with `userId` (the same pair always gives the same chat). */
  startWith: (userId: number) => api.post<ChatOpened>(CHATS, { userId }),
  /** A named group chat with the given members (the current user is added by the server). */
  createGroup: (name: string, userIds: number[]) => api.post<ChatOpened>(CHATS, { name, userIds }),
  /** One page of a chat's history, oldest first; `before` (the previous page's next_before) pages further back. */
  messages: (chatId: number, query: { before?: number; page_size: number }) =>
    api.get<ChatMessagePage>(`${CHATS}/${chatId}/messages`, query),
  send: (chatId: number, body: string) => api.post<ChatMessage>(`${CHATS}/${chatId}/messages`, { body }),
  markRead: (chatId: number, messageId: number) =>
    api.post<ReadReceipt>(`${CHATS}/${chatId}/messages/${messageId}/read`),
  /** Marks the whole chat read for the current user. */
  open: (chatId: number) => api.post<ChatListItem>(`${CHATS}/${chatId}/open`),
  /** The people the current user can chat with. */
  people: () => api.get<ChatContact[]>('api/v1/communication/users'),
};
