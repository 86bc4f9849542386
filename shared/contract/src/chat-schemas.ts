import * as v from 'valibot';
import { CHAT_GROUP_MAX_MEMBERS, CHAT_MESSAGE_MAX_LENGTH } from './chat.js';
import { isIdNumber, objectMessage } from './validation.js';

// Chat (spec §4 Chat, §7): the bodies of POST /api/v1/communication/chats and its sub-paths, one rule for the
// host's chat screens and the server.

const PERSON_MESSAGE = 'Choose a person from the list.';

/** A user id from a JSON body (number) or a form (text). */
const userId = v.pipe(
  v.union([v.number(PERSON_MESSAGE), v.pipe(v.string(PERSON_MESSAGE), v.trim(), v.nonEmpty(PERSON_MESSAGE), v.transform(Number))], PERSON_MESSAGE),
  v.check(isIdNumber, PERSON_MESSAGE),
);

const userIds = v.pipe(
  v.array(userId, 'Choose at least one person.'),
  v.minLength(1, 'Choose at least one person.'),
  v.maxLength(CHAT_GROUP_MAX_MEMBERS - 1, `A group holds at most ${CHAT_GROUP_MAX_MEMBERS} people.`),
  v.transform((ids) => [...new Set(ids)]),
);

const groupName = v.pipe(
  v.string('Name the group.'),
  v.trim(),
  v.minLength(1, 'Name the group.'),
  v.maxLength(100, 'A group name is at most 100 characters.'),
);

/** `{ userId }`: the one-to-one chat with that person (opened twice, the same chat). */
export const DirectChatSchema = v.strictObject({ userId }, objectMessage('chat'));
export type DirectChatInput = v.InferOutput<typeof DirectChatSchema>;

/** `{ name, userIds }`: a new group chat of the user and these people. */
export const GroupChatSchema = v.strictObject({ name: groupName, userIds }, objectMessage('group chat'));
export type GroupChatInput = v.InferOutput<typeof GroupChatSchema>;

/** POST .../chats/{chatId}/members: people to add to a group. */
export const ChatMembersSchema = v.strictObject({ userIds }, objectMessage('list of members'));
export type ChatMembersInput = v.InferOutput<typeof ChatMembersSchema>;

/** PUT .../chats/{chatId}: a group's new name. */
export const ChatRenameSchema = v.strictObject({ name: groupName }, objectMessage('group chat'));
export type ChatRenameInput = v.InferOutput<typeof ChatRenameSchema>;

/** POST .../chats/{chatId}/messages: a TEXT message. */
export const ChatMessageSchema = v.strictObject(
  {
    body: v.pipe(
      v.string('Write a message.'),
      v.trim(),
      v.minLength(1, 'Write a message.'),
      v.maxLength(CHAT_MESSAGE_MAX_LENGTH, `A message is at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`),
    ),
  },
  objectMessage('message'),
);
export type ChatMessageInput = v.InferOutput<typeof ChatMessageSchema>;
