import { SUPER_ADMIN, type Page } from '@hcm/contract';
import { CARER_ROLE, type MyNotice, type NoticeAudience, type NoticeDetail, type NoticeRecipient, type NoticeRow } from '@hcm/contract/schemas';
import { and, asc, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { branches, inScope, iso, outer, pageOf, pageOffset, recordAudit, roles, userBranches, users, type AuditActor, type Database, type SearchPaging as Paging, type Viewer } from '@hcm/server/platform';
import { noticeRecipients, notices } from '../tables.js';
import { clock } from '@hcm/contract/time';

// Office notices: published to carers, office staff or both, in one branch or every branch; the recipients are
// fixed at publish time (notice_recipients), each marks it read once.

/** A rule of publishing broken: answered 422 on `field`. */
export class NoticeRuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const AUDIENCE_WORDS: Record<NoticeAudience, string> = { carers: 'carers', office: 'office staff', everyone: 'carers or office staff' };

/** Who a notice for `audience` in `branchId` (null: every branch) goes to: active users of that kind, not the sender. */
async function recipientIds(db: Database, audience: NoticeAudience, branchId: number | null, senderId: number): Promise<number[]> {
  const conditions: SQL[] = [eq(users.disabled, false), ne(users.id, senderId)];
  if (audience === 'carers') conditions.push(eq(roles.name, CARER_ROLE));
  if (audience === 'office') conditions.push(ne(roles.name, CARER_ROLE));
  if (branchId !== null) {
    conditions.push(sql`exists (select 1 from ${userBranches} where ${userBranches.user_id} = ${outer(users, users.id)} and ${userBranches.branch_id} = ${branchId})`);
  }
  // A user without a role can do nothing in the product, so receives nothing either.
  const rows = await db.select({ id: users.id }).from(users).innerJoin(roles, eq(roles.id, users.role_id)).where(and(...conditions));
  return rows.map((row) => row.id);
}

/**
 * The branches a notice goes to: the one chosen (one of the user's), or for "all my branches" every branch
 * (null) when the user works in all of them (a super admin always does), else one notice per branch of theirs.
 */
async function targetBranches(db: Database, viewer: Viewer, branchId: number | null): Promise<(number | null)[]> {
  const isSuperAdmin = viewer.user.userRole === SUPER_ADMIN;
  if (branchId !== null) {
    const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, branchId));
    if (!branch || !(isSuperAdmin || viewer.user.branches.some((mine) => mine.id === branchId))) {
      throw new NoticeRuleError('branch_id', 'Choose one of your branches.');
    }
    return [branchId];
  }
  if (isSuperAdmin) return [null];
  const mine = viewer.user.branches.map((branch) => branch.id);
  if (!mine.length) throw new NoticeRuleError('branch_id', 'You work in no branch, so you cannot publish a notice.');
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(branches);
  return mine.length >= count ? [null] : mine;
}

export type PublishInput = { title: string; body: string; audience: NoticeAudience; branch_id: number | null };

/** Publishes a notice (one per branch when "all my branches" is a part of the agency); resolves to their ids. */
export async function publishNotice(db: Database, viewer: Viewer, input: PublishInput, actor: AuditActor): Promise<number[]> {
  const targets = await targetBranches(db, viewer, input.branch_id);
  const planned: { branchId: number | null; recipients: number[] }[] = [];
  for (const branchId of targets) {
    const recipients = await recipientIds(db, input.audience, branchId, viewer.user.userID);
    if (recipients.length) planned.push({ branchId, recipients });
  }
  if (!planned.length) {
    throw new NoticeRuleError('audience', `Nobody would receive this notice: there are no ${AUDIENCE_WORDS[input.audience]} in ${targets.length === 1 && targets[0] !== null ? 'this branch' : 'your branches'}.`);
  }
  return db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const { branchId, recipients } of planned) {
      const [notice] = await tx
        .insert(notices)
        .values({ title: input.title, body: input.body, audience: input.audience, branch_id: branchId, published_by: viewer.user.userID })
        .returning();
      await tx.insert(noticeRecipients).values(recipients.map((userId) => ({ notice_id: notice!.id, user_id: userId })));
      await recordAudit(tx, { actor, resource: 'notices', recordId: notice!.id, action: 'create', after: { ...notice, recipient_count: recipients.length } });
      ids.push(notice!.id);
    }
    return ids;
  });
}

const publisher = alias(users, 'publisher');
const noticeId = outer(notices, notices.id);
const recipientCount = sql<number>`(select count(*)::int from ${noticeRecipients} where ${noticeRecipients.notice_id} = ${noticeId})`;
const readCount = sql<number>`(select count(*)::int from ${noticeRecipients} where ${noticeRecipients.notice_id} = ${noticeId} and ${noticeRecipients.read_at} is not null)`;

/** Staff see the notices of their branches and those sent to every branch; a super admin sees all. */
const visibleTo = (viewer: Viewer): SQL => or(isNull(notices.branch_id), inScope(viewer.scope, notices.branch_id))!;

function noticeRows(db: Database) {
  return db
    .select({
      id: notices.id,
      title: notices.title,
      body: notices.body,
      audience: notices.audience,
      branch_id: notices.branch_id,
      branch_name: branches.name,
      published_by_id: publisher.id,
      published_by_name: publisher.name,
      published_at: notices.published_at,
      recipient_count: recipientCount,
      read_count: readCount,
    })
    .from(notices)
    .leftJoin(branches, eq(branches.id, notices.branch_id))
    .leftJoin(publisher, eq(publisher.id, notices.published_by))
    .$dynamic();
}

type NoticeSelect = Awaited<ReturnType<ReturnType<typeof noticeRows>['execute']>>[number];

function toNoticeRow(row: NoticeSelect): NoticeRow {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    audience: row.audience,
    branch: row.branch_id !== null && row.branch_name !== null ? { id: row.branch_id, name: row.branch_name } : null,
    published_by: row.published_by_id !== null && row.published_by_name !== null ? { id: row.published_by_id, name: row.published_by_name } : null,
    published_at: row.published_at.toISOString(),
    recipient_count: row.recipient_count,
    read_count: row.read_count,
  };
}

/** The notices the user may see, newest first, with read counts. */
export async function listNotices(db: Database, viewer: Viewer, paging: Paging): Promise<Page<NoticeRow>> {
  const where = visibleTo(viewer);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(notices).where(where);
  const rows = await noticeRows(db)
    .where(where)
    .orderBy(desc(notices.published_at), desc(notices.id))
    .limit(paging.pageSize)
    .offset(pageOffset(paging));
  return pageOf(rows.map(toNoticeRow), total, paging);
}

/** One notice with who has read it and who has not; null when it does not exist or is outside the user's branches. */
export async function noticeDetail(db: Database, viewer: Viewer, id: number): Promise<NoticeDetail | null> {
  const [row] = await noticeRows(db).where(and(eq(notices.id, id), visibleTo(viewer)));
  if (!row) return null;
  const people = await db
    .select({ user_id: users.id, name: users.name, role_label: roles.label, read_at: noticeRecipients.read_at })
    .from(noticeRecipients)
    .innerJoin(users, eq(users.id, noticeRecipients.user_id))
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(eq(noticeRecipients.notice_id, id))
    .orderBy(asc(noticeRecipients.read_at), asc(users.name));
  const recipients: NoticeRecipient[] = people.map((person) => ({ ...person, read_at: iso(person.read_at) }));
  return {
    notice: toNoticeRow(row),
    read: recipients.filter((person) => person.read_at !== null),
    unread: recipients.filter((person) => person.read_at === null),
  };
}

/** Notices as their recipients see them (callers add `where` on notice_recipients.user_id). */
function myNoticeRows(db: Database) {
  return db
    .select({
      id: notices.id,
      title: notices.title,
      body: notices.body,
      branch_name: branches.name,
      published_by: publisher.name,
      published_at: notices.published_at,
      read_at: noticeRecipients.read_at,
    })
    .from(noticeRecipients)
    .innerJoin(notices, eq(notices.id, noticeRecipients.notice_id))
    .leftJoin(branches, eq(branches.id, notices.branch_id))
    .leftJoin(publisher, eq(publisher.id, notices.published_by))
    .$dynamic();
}

const toMyNotice = (row: Awaited<ReturnType<typeof myNoticeRows>>[number]): MyNotice => ({
  ...row,
  published_at: row.published_at.toISOString(),
  read_at: iso(row.read_at),
});

/** The notices addressed to the user: unread first, then newest first. */
export async function myNotices(db: Database, userId: number, paging: Paging, unreadOnly: boolean): Promise<Page<MyNotice>> {
  const where = and(eq(noticeRecipients.user_id, userId), unreadOnly ? isNull(noticeRecipients.read_at) : undefined);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(noticeRecipients).where(where);
  const rows = await myNoticeRows(db)
    .where(where)
    .orderBy(sql`${noticeRecipients.read_at} is null desc`, desc(notices.published_at), desc(notices.id))
    .limit(paging.pageSize)
    .offset(pageOffset(paging));
  return pageOf(rows.map(toMyNotice), total, paging);
}

/** Marks a notice read by the user (the first read stays); null when it was not addressed to them. */
export async function markNoticeRead(db: Database, userId: number, noticeId: number): Promise<MyNotice | null> {
  await db
    .update(noticeRecipients)
    .set({ read_at: clock.now() })
    .where(and(eq(noticeRecipients.notice_id, noticeId), eq(noticeRecipients.user_id, userId), isNull(noticeRecipients.read_at)));
  const [row] = await myNoticeRows(db).where(and(eq(noticeRecipients.user_id, userId), eq(noticeRecipients.notice_id, noticeId)));
  return row ? toMyNotice(row) : null;
}
