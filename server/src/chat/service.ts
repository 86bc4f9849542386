import {
  CHAT_HISTORY_MAX_PAGE_SIZE,
  CHAT_HISTORY_PAGE_SIZE,
  SUPER_ADMIN,
  type ChatContact,
  type ChatDeliveryState,
  type ChatListItem,
  type ChatMessage,
  type ChatMessagePage,
  type ChatMessageType,
  type CurrentUser,
  type UserChatUpdate,
} from '@hcm/contract';
import { and, asc, desc, eq, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { chatMembers, chatMessageReads, chatMessages, chats, userBranches, users } from '../db/schema.js';
import { clock } from '@hcm/contract/time';

// Chat (spec §3, §4 Chat): chats, members, messages and who read them, in SQL. The routes (routes.ts) check
// permissions and input, call these, then tell the members' sockets through the ChatBroadcaster.

/** The signed-in user as the chat rules see them. */
export type ChatViewer = { id: number; name: string; superAdmin: boolean; branchIds: number[] };

export function chatViewerOf(user: CurrentUser): ChatViewer {
  return {
    id: user.userID,
    name: user.name,
    superAdmin: user.userRole === SUPER_ADMIN,
    branchIds: user.branches.map((branch) => branch.id),
  };
}

/** A chat list preview longer than this is cut (the message itself keeps its whole text). */
const PREVIEW_LENGTH = 140;

export function previewOf(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}

/** Users have no picture: the avatar is the initials of the name, which the host draws in a circle. */
export function avatarOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => word[0]!.toUpperCase()).join('');
}

// ---- Who may chat with whom ----

/**
 * Users the viewer may chat with: enabled, holding chat.use (a super admin holds everything), not the viewer,
 * and (unless the viewer is a super admin) sharing one of the viewer's branches, like the users list.
 */
function eligibleCondition(viewer: ChatViewer): SQL {
  const holdsChat = sql`(
    exists (select 1 from roles r where r.id = users.role_id and r.name = ${SUPER_ADMIN})
    or exists (select 1 from role_permissions rp where rp.role_id = users.role_id and rp.permission = 'chat.use')
  )`;
  const sharesBranch = viewer.superAdmin
    ? sql`true`
    : viewer.branchIds.length
      ? sql`exists (select 1 from user_branches ub where ub.user_id = users.id and ub.branch_id in (${sql.join(
          viewer.branchIds.map((id) => sql`${id}`),
          sql`, `,
        )}))`
      : sql`false`;
  return and(eq(users.disabled, false), ne(users.id, viewer.id), holdsChat, sharesBranch)!;
}

/**
 * Of these online users, those whose presence the viewer may see: the people they may chat with (a shared branch;
 * a super admin: everyone), and themselves. Presence follows chatContacts' rule (server/README.md, "Chat").
 */
export async function visibleOnline(db: Database, viewer: Pick<ChatViewer, 'id' | 'superAdmin' | 'branchIds'>, online: Iterable<number>): Promise<Set<number>> {
  const ids = [...new Set(online)];
  if (viewer.superAdmin) return new Set(ids);
  const others = ids.filter((id) => id !== viewer.id);
  const shown = new Set(ids.includes(viewer.id) ? [viewer.id] : []);
  if (!others.length || !viewer.branchIds.length) return shown;
  const rows = await db
    .selectDistinct({ id: userBranches.user_id })
    .from(userBranches)
    .where(and(inArray(userBranches.user_id, others), inArray(userBranches.branch_id, viewer.branchIds)));
  for (const row of rows) shown.add(row.id);
  return shown;
}

/** The people the viewer may start a chat with (GET /communication/users), by name. */
export async function chatContacts(db: Database, viewer: ChatViewer, online: ReadonlySet<number>): Promise<ChatContact[]> {
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eligibleCondition(viewer))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => ({ ...row, status: online.has(row.id) ? 'online' : 'offline' }));
}

/** Of `ids`, those the viewer may chat with (as a map id → name). */
export async function eligibleAmong(db: Database, viewer: ChatViewer, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eligibleCondition(viewer)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

// ---- Chats ----

export type ChatRow = { id: number; is_group: boolean; name: string };

/** The chat, when the user is one of its members. */
export async function chatOfMember(db: Database, chatId: number, userId: number): Promise<ChatRow | null> {
  const [row] = await db
    .select({ id: chats.id, is_group: chats.is_group, name: chats.name })
    .from(chats)
    .innerJoin(chatMembers, and(eq(chatMembers.chat_id, chats.id), eq(chatMembers.user_id, userId)))
    .where(eq(chats.id, chatId));
  return row ?? null;
}

/**
 * The one-to-one chat of two users, created on first use. `direct_key` is unique, and the insert does nothing
 * on a conflict, so two people opening the same pair at once still end with one chat.
 */
export async function openDirectChat(db: Database, viewerId: number, otherId: number): Promise<{ chatId: number; created: boolean }> {
  const key = `${Math.min(viewerId, otherId)}:${Math.max(viewerId, otherId)}`;
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(chats)
      .values({ is_group: false, direct_key: key, created_by: viewerId })
      .onConflictDoNothing({ target: chats.direct_key })
      .returning({ id: chats.id });
    const chatId = inserted?.id ?? (await tx.select({ id: chats.id }).from(chats).where(eq(chats.direct_key, key)))[0]!.id;
    await tx
      .insert(chatMembers)
      .values([viewerId, otherId].map((user_id) => ({ chat_id: chatId, user_id })))
      .onConflictDoNothing();
    return { chatId, created: inserted !== undefined };
  });
}

/** A new group of the viewer and `memberIds`, announced by an UPDATE message; resolves to the chat and it. */
export async function createGroupChat(
  db: Database,
  viewer: ChatViewer,
  name: string,
  memberIds: readonly number[],
): Promise<{ chatId: number; messageId: number }> {
  return db.transaction(async (tx) => {
    const [chat] = await tx.insert(chats).values({ is_group: true, name, created_by: viewer.id }).returning({ id: chats.id });
    const chatId = chat!.id;
    await tx.insert(chatMembers).values([viewer.id, ...memberIds].map((user_id) => ({ chat_id: chatId, user_id })));
    const messageId = await insertMessage(tx, chatId, viewer.id, 'UPDATE', `${viewer.name} created the group ${name}`);
    return { chatId, messageId };
  });
}

/** Adds people to a group (those already in it are left out); resolves to the UPDATE message, or null. */
export async function addGroupMembers(
  db: Database,
  viewer: ChatViewer,
  chatId: number,
  people: ReadonlyMap<number, string>,
): Promise<{ messageId: number; added: number[] } | null> {
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(chatMembers)
      .values([...people.keys()].map((user_id) => ({ chat_id: chatId, user_id })))
      .onConflictDoNothing()
      .returning({ user_id: chatMembers.user_id });
    if (!added.length) return null;
    const names = added.map((row) => people.get(row.user_id)!);
    const messageId = await insertMessage(tx, chatId, viewer.id, 'UPDATE', `${viewer.name} added ${listOf(names)} to the group`);
    return { messageId, added: added.map((row) => row.user_id) };
  });
}

/** Renames a group; resolves to the UPDATE message that says so. */
export async function renameGroup(db: Database, viewer: ChatViewer, chatId: number, name: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.update(chats).set({ name }).where(eq(chats.id, chatId));
    return insertMessage(tx, chatId, viewer.id, 'UPDATE', `${viewer.name} renamed the group to ${name}`);
  });
}

function listOf(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');
}

// ---- Messages ----

/**
 * Adds a message and moves the chat to the top of its members' lists. A TEXT message raises every other
 * member's unread count by one; an UPDATE message only changes the preview (§4).
 */
async function insertMessage(tx: Transaction, chatId: number, userId: number, type: ChatMessageType, body: string): Promise<number> {
  const [message] = await tx
    .insert(chatMessages)
    .values({ chat_id: chatId, user_id: userId, type, body })
    .returning({ id: chatMessages.id, created_at: chatMessages.created_at });
  await tx.update(chats).set({ last_message_at: message!.created_at }).where(eq(chats.id, chatId));
  if (type === 'TEXT') {
    await tx
      .update(chatMembers)
      .set({ unread_count: sql`${chatMembers.unread_count} + 1` })
      .where(and(eq(chatMembers.chat_id, chatId), ne(chatMembers.user_id, userId)));
  }
  return message!.id;
}

/** A TEXT message from the viewer (a member: the route checked). */
export async function postTextMessage(db: Database, viewerId: number, chatId: number, body: string): Promise<number> {
  return db.transaction((tx) => insertMessage(tx, chatId, viewerId, 'TEXT', body));
}

/**
 * The members a message was sent to: everyone in the chat when it was written but its sender. A member
 * who joined later is not counted (their unread count never rose for it either).
 */
const RECIPIENTS = sql`
  chat_members cm where cm.chat_id = chat_messages.chat_id and cm.user_id is distinct from chat_messages.user_id
  and cm.joined_at <= chat_messages.created_at`;

/** Messages as §3 describes them, in the order of `ids`. */
export async function messagesByIds(db: Database, ids: readonly number[]): Promise<ChatMessage[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: chatMessages.id,
      chat_id: chatMessages.chat_id,
      type: chatMessages.type,
      user_id: chatMessages.user_id,
      user_name: sql<string>`coalesce(${users.name}, '')`,
      body: chatMessages.body,
      created_at: chatMessages.created_at,
      delivered: sql<boolean>`chat_messages.delivered_at is not null`,
      readers: sql<number[]>`coalesce((
        select array_agg(r.user_id order by r.read_at, r.user_id) from chat_message_reads r
        where r.message_id = chat_messages.id and r.user_id is distinct from chat_messages.user_id
      ), '{}')::int[]`,
      recipients: sql<number>`(select count(*) from ${RECIPIENTS})::int`,
      recipients_read: sql<number>`(select count(*) from ${RECIPIENTS} and exists (
        select 1 from chat_message_reads r where r.message_id = chat_messages.id and r.user_id = cm.user_id))::int`,
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.user_id))
    .where(inArray(chatMessages.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        chat_id: row.chat_id,
        type: row.type,
        userId: row.user_id,
        userName: row.user_name,
        preview: row.body,
        deliveryState: deliveryStateOf(row),
        readers: row.readers.map(Number),
        created_at: new Date(row.created_at).toISOString(),
      },
    ];
  });
}

/** READ once every recipient has read it; else DELIVERED once a recipient's socket got it; else UNREAD. */
function deliveryStateOf(row: { recipients: number; recipients_read: number; delivered: boolean }): ChatDeliveryState {
  if (row.recipients > 0 && row.recipients_read >= row.recipients) return 'READ';
  return row.delivered ? 'DELIVERED' : 'UNREAD';
}

/** One page of a chat's history: the `pageSize` messages before `before` (newest page first), oldest first. */
export async function messagePage(db: Database, chatId: number, before: number | null, pageSize: number): Promise<ChatMessagePage> {
  const rows = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.chat_id, chatId), before === null ? undefined : lt(chatMessages.id, before)))
    .orderBy(desc(chatMessages.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize).map((row) => row.id).reverse();
  return { messages: await messagesByIds(db, page), next_before: rows.length > pageSize ? page[0]! : null };
}

/** ?before=&page_size= leniently: nonsense falls back to the defaults. */
export function parseHistoryQuery(query: unknown): { before: number | null; pageSize: number } {
  const params = (query ?? {}) as Record<string, unknown>;
  const before = typeof params.before === 'string' && /^\d{1,10}$/.test(params.before) ? Number(params.before) : null;
  const size = typeof params.page_size === 'string' && /^\d{1,3}$/.test(params.page_size) ? Number(params.page_size) : 0;
  return {
    before: before && before <= 2_147_483_647 ? before : null,
    pageSize: size >= 1 ? Math.min(size, CHAT_HISTORY_MAX_PAGE_SIZE) : CHAT_HISTORY_PAGE_SIZE,
  };
}

export type MessageRef = { id: number; chat_id: number; user_id: number | null; type: ChatMessageType };

export async function messageInChat(db: Database, chatId: number, messageId: number): Promise<MessageRef | null> {
  const [row] = await db
    .select({ id: chatMessages.id, chat_id: chatMessages.chat_id, user_id: chatMessages.user_id, type: chatMessages.type })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.chat_id, chatId)));
  return row ?? null;
}

/**
 * The reader has read one message: adds them to its readers and, for a TEXT message that counted for them,
 * lowers their unread count (never below 0). Resolves to true when this was news.
 */
export async function markMessageRead(db: Database, readerId: number, message: MessageRef): Promise<boolean> {
  if (message.user_id === readerId) return false;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(chatMessageReads)
      .values({ message_id: message.id, user_id: readerId })
      .onConflictDoNothing()
      .returning({ id: chatMessageReads.message_id });
    if (!inserted.length) return false;
    if (message.type === 'TEXT') {
      await tx
        .update(chatMembers)
        .set({ unread_count: sql`greatest(${chatMembers.unread_count} - 1, 0)` })
        .where(
          and(
            eq(chatMembers.chat_id, message.chat_id),
            eq(chatMembers.user_id, readerId),
            sql`${chatMembers.joined_at} <= (select m.created_at from chat_messages m where m.id = ${message.id})`,
          ),
        );
    }
    return true;
  });
}

/** Receipts told to senders when a chat is opened: the newest ones are what a sender's screen shows. */
const OPEN_RECEIPTS_TOLD = 100;

/**
 * Opening a chat (§4): every message of others becomes read by the user and their unread count is 0.
 * Resolves to the TEXT messages that became read now (newest first, at most OPEN_RECEIPTS_TOLD), whose
 * senders get a receipt.
 */
export async function markChatRead(db: Database, readerId: number, chatId: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const unread = await tx
      .select({ id: chatMessages.id, type: chatMessages.type })
      .from(chatMessages)
      .leftJoin(chatMessageReads, and(eq(chatMessageReads.message_id, chatMessages.id), eq(chatMessageReads.user_id, readerId)))
      .where(
        and(
          eq(chatMessages.chat_id, chatId),
          sql`${chatMessages.user_id} is distinct from ${readerId}`,
          isNull(chatMessageReads.user_id),
        ),
      )
      .orderBy(desc(chatMessages.id));
    if (unread.length) {
      await tx
        .insert(chatMessageReads)
        .values(unread.map((row) => ({ message_id: row.id, user_id: readerId })))
        .onConflictDoNothing();
    }
    await tx
      .update(chatMembers)
      .set({ unread_count: 0 })
      .where(and(eq(chatMembers.chat_id, chatId), eq(chatMembers.user_id, readerId)));
    return unread.filter((row) => row.type === 'TEXT').slice(0, OPEN_RECEIPTS_TOLD).map((row) => row.id);
  });
}

/**
 * A member's socket received someone else's message: it becomes DELIVERED (once). Resolves to the message
 * and whether this was the first delivery, or null when the user is not a member of its chat.
 */
export async function markDelivered(
  db: Database,
  userId: number,
  messageId: number,
): Promise<{ message: MessageRef; first: boolean } | null> {
  const [row] = await db
    .select({ id: chatMessages.id, chat_id: chatMessages.chat_id, user_id: chatMessages.user_id, type: chatMessages.type })
    .from(chatMessages)
    .innerJoin(chatMembers, and(eq(chatMembers.chat_id, chatMessages.chat_id), eq(chatMembers.user_id, userId)))
    .where(eq(chatMessages.id, messageId));
  if (!row) return null;
  if (row.user_id === userId) return { message: row, first: false };
  const updated = await db
    .update(chatMessages)
    .set({ delivered_at: clock.now() })
    .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.delivered_at)))
    .returning({ id: chatMessages.id });
  return { message: row, first: updated.length > 0 };
}

// ---- The chat list ----

type ListRow = {
  id: number;
  is_group: boolean;
  name: string;
  unread_count: number;
  seconds: number;
  preview: string | null;
  members: { id: number; name: string }[];
};

async function listRows(db: Database, userId: number, chatIds?: readonly number[]): Promise<ListRow[]> {
  const rows = await db.execute(sql`
    select c.id, c.is_group, c.name, me.unread_count,
      greatest(0, floor(extract(epoch from (${clock.now()}::timestamptz - c.last_message_at))))::int as seconds,
      (select m.body from chat_messages m where m.chat_id = c.id order by m.id desc limit 1) as preview,
      (select json_agg(json_build_object('id', u.id, 'name', u.name) order by u.name, u.id)
         from chat_members cm join users u on u.id = cm.user_id where cm.chat_id = c.id) as members
    from chat_members me join chats c on c.id = me.chat_id
    where me.user_id = ${userId}
      ${chatIds ? sql`and c.id in (${sql.join(chatIds.map((id) => sql`${id}`), sql`, `)})` : sql``}
    order by c.last_message_at desc, c.id desc`);
  return (rows as unknown as { rows: ListRow[] }).rows.map((row) => ({
    ...row,
    members: typeof row.members === 'string' ? JSON.parse(row.members) : (row.members ?? []),
  }));
}

function listItemOf(row: ListRow, userId: number, online: ReadonlySet<number>): ChatListItem {
  const others = row.members.filter((member) => member.id !== userId);
  const other = row.is_group ? null : (others[0] ?? null);
  const name = row.is_group ? row.name : (other?.name ?? 'Nobody');
  return {
    id: row.id,
    chat_id: row.id,
    name,
    preview: previewOf(row.preview ?? ''),
    avatar: avatarOf(name),
    unread_message_count: Number(row.unread_count),
    difference_in_seconds: Number(row.seconds),
    status: others.some((member) => online.has(member.id)) ? 'online' : 'offline',
    selected: false,
    is_chat: true,
    is_group: row.is_group,
    members: row.members,
    other_user_id: other?.id ?? null,
  };
}

/** The user's chats, most recent first (difference_in_seconds ascending, §4). */
export async function listChats(db: Database, userId: number, online: ReadonlySet<number>): Promise<ChatListItem[]> {
  return (await listRows(db, userId)).map((row) => listItemOf(row, userId, online));
}

export async function chatListItem(db: Database, userId: number, chatId: number, online: ReadonlySet<number>): Promise<ChatListItem | null> {
  const [row] = await listRows(db, userId, [chatId]);
  return row ? listItemOf(row, userId, online) : null;
}

/** A chat as each of its members sees it in `user_chat` (§7): name, preview, avatar, their unread count. */
export async function userChatsOf(db: Database, chatId: number): Promise<Map<number, UserChatUpdate>> {
  const [chat] = await db
    .select({
      is_group: chats.is_group,
      name: chats.name,
      preview: sql<string | null>`(select m.body from chat_messages m where m.chat_id = chats.id order by m.id desc limit 1)`,
    })
    .from(chats)
    .where(eq(chats.id, chatId));
  if (!chat) return new Map();
  const members = await db
    .select({ id: users.id, name: users.name, unread_count: chatMembers.unread_count })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.user_id))
    .where(eq(chatMembers.chat_id, chatId));
  const preview = previewOf(chat.preview ?? '');
  return new Map(
    members.map((member) => {
      const name = chat.is_group ? chat.name : (members.find((other) => other.id !== member.id)?.name ?? 'Nobody');
      const update: UserChatUpdate = {
        chat_id: chatId,
        preview,
        avatar: avatarOf(name),
        name,
        is_group: chat.is_group,
        unread_message_count: member.unread_count,
      };
      return [member.id, update];
    }),
  );
}

/** The true number of unread messages of a user over all their chats (CurrentUser.userUnreadMessageCount). */
export async function unreadTotalOf(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${chatMembers.unread_count}), 0)::int` })
    .from(chatMembers)
    .where(eq(chatMembers.user_id, userId));
  return Number(row?.total ?? 0);
}
