import type { Page } from '@hcm/contract';
import { CARER_ROLE, type CarerSummary, type CarerThread, type MessageRow } from '@hcm/contract/schemas';
import { and, asc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { branches, emailText, iso, likePattern, messageById, outer, pageOf, pageOffset, recordAudit, retryMessageEmail, roles, threadMessages, userBranches, users, type AuditActor, type Database, type Mailer, type MessageValues, type SearchPaging as Paging, type SavedMessage, type Viewer } from '@hcm/server/platform';
import { carerMessages } from '../tables.js';
import { clock } from '@hcm/contract/time';

// Messages to and from carers (users with the carer role), one thread per carer. Staff see the carers of their
// branches; an inbound message stays unread until someone opens the carer's thread (the screen then POSTs /read).

const userId = outer(users, users.id);
const branchNames = sql<string[]>`coalesce((
  select array_agg(${branches.name} order by ${branches.name}) from ${userBranches}
  join ${branches} on ${branches.id} = ${userBranches.branch_id} where ${userBranches.user_id} = ${userId}
), '{}')`;
const unreadCount = sql<number>`(select count(*)::int from ${carerMessages} where ${carerMessages.carer_user_id} = ${userId}
  and ${carerMessages.direction} = 'inbound' and ${carerMessages.read_at} is null)`;
const lastMessageAt = sql<Date | string | null>`(select max(${carerMessages.created_at}) from ${carerMessages} where ${carerMessages.carer_user_id} = ${userId})`;

/** Carers the user may see: every carer for a super admin, else carers sharing one of their branches. */
function carersOf(viewer: Viewer): SQL {
  const isCarer = eq(roles.name, CARER_ROLE);
  if (viewer.scope === 'all') return isCarer;
  if (!viewer.scope.length) return sql`false`;
  return and(
    isCarer,
    sql`exists (select 1 from ${userBranches} where ${userBranches.user_id} = ${userId} and ${userBranches.branch_id} in ${viewer.scope})`,
  )!;
}

function carerRows(db: Database) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      disabled: users.disabled,
      branches: branchNames,
      unread_count: unreadCount,
      last_message_at: lastMessageAt,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .$dynamic();
}

const toSummary = (row: Awaited<ReturnType<typeof carerRows>>[number]): CarerSummary => ({ ...row, last_message_at: iso(row.last_message_at) });

/** The carers the user may message, by name, with their unread counts; `search` in name and email. */
export async function listCarers(db: Database, viewer: Viewer, paging: Paging): Promise<Page<CarerSummary>> {
  const where = and(
    carersOf(viewer),
    paging.search ? or(ilike(users.name, likePattern(paging.search)), ilike(users.email, likePattern(paging.search))) : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(where);
  const rows = await carerRows(db)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(paging.pageSize)
    .offset(pageOffset(paging));
  return pageOf(rows.map(toSummary), total, paging);
}

export async function findCarer(db: Database, viewer: Viewer, carerId: number): Promise<CarerSummary | null> {
  const [row] = await carerRows(db).where(and(eq(users.id, carerId), carersOf(viewer)));
  return row ? toSummary(row) : null;
}

const messagesOf = (db: Database, carerId: number) => threadMessages(db, carerMessages, eq(carerMessages.carer_user_id, carerId));

/**
 * A carer's thread: the messages oldest first, as they are (an unread inbound one has read_at null, so the
 * screen can mark it new). Reading changes nothing; markCarerThreadRead does. Null: no such carer for the user.
 */
export async function carerThread(db: Database, viewer: Viewer, carerId: number): Promise<CarerThread | null> {
  const carer = await findCarer(db, viewer, carerId);
  if (!carer) return null;
  return { carer, messages: await messagesOf(db, carerId) };
}

/** Marks the carer's unread inbound messages read (once opened on screen). Null: no such carer for the user. */
export async function markCarerThreadRead(db: Database, viewer: Viewer, carerId: number): Promise<CarerSummary | null> {
  const carer = await findCarer(db, viewer, carerId);
  if (!carer) return null;
  if (carer.unread_count > 0) {
    await db
      .update(carerMessages)
      .set({ read_at: clock.now() })
      .where(and(eq(carerMessages.carer_user_id, carerId), eq(carerMessages.direction, 'inbound'), isNull(carerMessages.read_at)));
  }
  return { ...carer, unread_count: 0 };
}

/**
 * Emails the carer through the mailer or logs a message that went another way; audited. The message (and its
 * mail, in the outbox) is committed first, then the mail is sent: an SMTP failure leaves the message kept, with
 * a failed delivery to retry. The caller has found the carer in the user's scope.
 */
export async function addCarerMessage(
  db: Database,
  mailer: Mailer,
  viewer: Viewer,
  carer: CarerSummary,
  values: MessageValues,
  actor: AuditActor,
): Promise<SavedMessage> {
  const { id, mailId } = await db.transaction(async (tx) => {
    const mailId =
      values.channel === 'email' ? await mailer.store({ to: carer.email, subject: values.subject, text: emailText(values.body, viewer.user) }, tx) : null;
    const [message] = await tx
      .insert(carerMessages)
      .values({ carer_user_id: carer.id, ...values, recorded_by: viewer.user.userID, mail_id: mailId })
      .returning();
    await recordAudit(tx, { actor, resource: 'carer-messages', recordId: message!.id, action: 'create', after: message });
    return { id: message!.id, mailId };
  });
  const mail = mailId === null ? null : await mailer.deliver(mailId);
  return { message: (await messageById(db, carerMessages, id))!, mail };
}

/** A carer message with its carer, when the carer is one the user may see. */
export async function findCarerMessage(db: Database, viewer: Viewer, id: number): Promise<{ carer: CarerSummary; message: MessageRow } | null> {
  const [row] = await db.select({ carerId: carerMessages.carer_user_id }).from(carerMessages).where(eq(carerMessages.id, id));
  const carer = row ? await findCarer(db, viewer, row.carerId) : null;
  const message = carer ? await messageById(db, carerMessages, id) : null;
  return carer && message ? { carer, message } : null;
}

/** Sends again a carer message's failed email (found with findCarerMessage); audited as an update of the message. */
export async function retryCarerEmail(db: Database, mailer: Mailer, before: MessageRow, actor: AuditActor): Promise<SavedMessage | { refused: string }> {
  const result = await retryMessageEmail(db, mailer, carerMessages, before);
  if ('message' in result) await recordAudit(db, { actor, resource: 'carer-messages', recordId: before.id, action: 'update', before, after: result.message });
  return result;
}
