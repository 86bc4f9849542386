import type { Page } from '@hcm/contract';
import type { MonitoredChat, MonitoredChatView, MonitoredMessage, Person } from '@hcm/contract/schemas';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { chatMembers, chatMessages, chats, outer, pageOf, pageOffset, recordAudit, userBranches, users, type AuditActor, type BranchScope, type Database, type SearchPaging as Paging } from '@hcm/server/platform';

const chatsId = outer(chats, chats.id);

// Chat monitoring (chat.monitor), read-only: the conversations of the reader's branches (a super admin: every
// conversation). The chat tables are written by the chat API; this module only reads them, and writes one audit
// entry ('view' of 'chats') each time a conversation is read.

/**
 * The chats a reader may monitor: every chat for a super admin ('all'), else those with at least one member
 * who shares one of the reader's branches; none for a reader without a branch. Another chat does not exist
 * for them (not listed, 404 to read).
 */
function monitoredIn(scope: BranchScope): SQL | undefined {
  if (scope === 'all') return undefined;
  if (!scope.length) return sql`false`;
  return sql`exists (select 1 from ${chatMembers} where ${chatMembers.chat_id} = ${chatsId} and ${chatMembers.user_id} in (
    select ${userBranches.user_id} from ${userBranches} where ${userBranches.branch_id} in ${scope}))`;
}

const messageCount = sql<number>`(select count(*)::int from ${chatMessages} where ${chatMessages.chat_id} = ${chatsId} and ${chatMessages.type} = 'TEXT')`;

async function membersOf(db: Database, chatIds: number[]): Promise<Map<number, Person[]>> {
  const members = new Map<number, Person[]>(chatIds.map((id) => [id, []]));
  if (!chatIds.length) return members;
  const rows = await db
    .select({ chat_id: chatMembers.chat_id, id: users.id, name: users.name })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.user_id))
    .where(inArray(chatMembers.chat_id, chatIds))
    .orderBy(asc(users.name), asc(users.id));
  for (const row of rows) members.get(row.chat_id)?.push({ id: row.id, name: row.name });
  return members;
}

type ChatSelect = { id: number; is_group: boolean; name: string; last_message_at: Date; message_count: number };

function toMonitoredChat(row: ChatSelect, members: Person[]): MonitoredChat {
  return {
    id: row.id,
    // A one-to-one chat has no name of its own: it is called by who is in it.
    name: row.is_group && row.name ? row.name : members.map((member) => member.name).join(' and ') || `Chat ${row.id}`,
    is_group: row.is_group,
    members,
    last_message_at: row.last_message_at.toISOString(),
    message_count: row.message_count,
  };
}

const chatColumns = { id: chats.id, is_group: chats.is_group, name: chats.name, last_message_at: chats.last_message_at, message_count: messageCount };

/** The conversations the reader may monitor, latest message first; `person` keeps those the user with that id is in. */
export async function listChats(db: Database, scope: BranchScope, paging: Paging, person: number | null): Promise<Page<MonitoredChat>> {
  const where = and(
    monitoredIn(scope),
    person === null
      ? undefined
      : sql`exists (select 1 from ${chatMembers} where ${chatMembers.chat_id} = ${chatsId} and ${chatMembers.user_id} = ${person})`,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(chats).where(where);
  const rows = await db
    .select(chatColumns)
    .from(chats)
    .where(where)
    .orderBy(desc(chats.last_message_at), desc(chats.id))
    .limit(paging.pageSize)
    .offset(pageOffset(paging));
  const members = await membersOf(db, rows.map((row) => row.id));
  return pageOf(rows.map((row) => toMonitoredChat(row, members.get(row.id) ?? [])), total, paging);
}

/** The people in at least one chat the reader may monitor, for the "person" filter. */
export async function chatPeople(db: Database, scope: BranchScope): Promise<Person[]> {
  const monitored = monitoredIn(scope);
  return db
    .selectDistinct({ id: users.id, name: users.name })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.user_id))
    .where(monitored && inArray(chatMembers.chat_id, db.select({ id: chats.id }).from(chats).where(monitored)))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * Reads one conversation the reader may monitor (null otherwise): the chat and a page of its messages, oldest
 * first. Every read is recorded in the audit trail as a view of the chat (with the page read), so each reading
 * by a monitor is accountable.
 */
export async function readChat(db: Database, scope: BranchScope, chatId: number, paging: Paging, actor: AuditActor): Promise<MonitoredChatView | null> {
  const [row] = await db.select(chatColumns).from(chats).where(and(eq(chats.id, chatId), monitoredIn(scope)));
  if (!row) return null;
  const members = await membersOf(db, [chatId]);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(eq(chatMessages.chat_id, chatId));
  const messages = await db
    .select({ id: chatMessages.id, type: chatMessages.type, user_id: users.id, user_name: users.name, body: chatMessages.body, created_at: chatMessages.created_at })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.user_id))
    .where(eq(chatMessages.chat_id, chatId))
    .orderBy(asc(chatMessages.created_at), asc(chatMessages.id))
    .limit(paging.pageSize)
    .offset(pageOffset(paging));
  await recordAudit(db, { actor, resource: 'chats', recordId: chatId, action: 'view', after: { view: 'record', page: paging.page } });
  const page: MonitoredMessage[] = messages.map((message) => ({
    id: message.id,
    type: message.type,
    user: message.user_id !== null && message.user_name !== null ? { id: message.user_id, name: message.user_name } : null,
    body: message.body,
    created_at: message.created_at.toISOString(),
  }));
  return { chat: toMonitoredChat(row, members.get(chatId) ?? []), messages: pageOf(page, total, paging) };
}
