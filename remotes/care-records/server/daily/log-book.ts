import type { Page } from '@hcm/contract';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { pageOf, pageOffset, recordAudit, type Database, type Paging, type Transaction } from '@hcm/server/platform';
import {
  LOG_BOOK_AUDIT_CHECKS,
  londonInstant,
  type LogBookAuditRow,
  type LogBookAuditSchema,
  type LogBookEntryRow,
  type LogBookEntrySchema,
} from '../../contract/index.js';
import { isoOf, type ClientTarget } from './common.js';
import { logBookAudits, logBookEntries } from './tables.js';
import { clock } from '@hcm/contract/time';

// The communication book kept in the client's home, typed in by the office (entries as written, with their
// author), replies, and the office's monthly audit of the book.

export class LogBookRuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const e = logBookEntries;

const toEntry = (row: typeof e.$inferSelect): LogBookEntryRow => ({
  id: row.id,
  client_id: row.client_id,
  written_at: isoOf(row.written_at)!,
  author_name: row.author_name,
  author_role: row.author_role,
  audience: row.audience,
  message: row.message,
  needs_reply: row.needs_reply,
  reply: row.reply,
  replied_at: isoOf(row.replied_at),
  replied_by_name: row.replied_by_name,
  recorded_by_name: row.recorded_by_name,
});

/** The client's entries, newest first; `awaitingReply` keeps those needing a reply that have none. */
export async function listLogBookEntries(db: Database, clientId: number, paging: Paging, awaitingReply: boolean): Promise<Page<LogBookEntryRow>> {
  const where = and(eq(e.client_id, clientId), awaitingReply ? and(eq(e.needs_reply, true), sql`${e.replied_at} is null`) : undefined);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(e).where(where);
  const rows = await db.select().from(e).where(where).orderBy(desc(e.written_at), desc(e.id)).limit(paging.pageSize).offset(pageOffset(paging));
  return pageOf(rows.map(toEntry), total, paging);
}

export async function addLogBookEntry(db: Database, target: ClientTarget, values: v.InferOutput<typeof LogBookEntrySchema>): Promise<LogBookEntryRow> {
  const writtenAt = new Date(londonInstant(values.entry_date, values.entry_time));
  if (writtenAt.getTime() > clock.nowMs() + 60_000) throw new LogBookRuleError('entry_time', 'The entry cannot be written in the future.');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(e)
      .values({
        client_id: target.clientId,
        written_at: writtenAt,
        author_name: values.author_name,
        author_role: values.author_role,
        audience: values.audience,
        message: values.message,
        needs_reply: values.needs_reply,
        recorded_by: target.viewer.user.userID,
        recorded_by_name: target.viewer.user.name,
      })
      .returning();
    const entry = toEntry(row!);
    await recordAudit(tx, { actor: target.actor, resource: 'log-book-entries', recordId: entry.id, action: 'create', after: entry });
    return entry;
  });
}

/** Records the reply to an entry (once). Null: no such entry for the client. */
export async function replyToLogBookEntry(db: Database, target: ClientTarget, id: number, reply: string): Promise<LogBookEntryRow | null> {
  const [found] = await db.select().from(e).where(and(eq(e.client_id, target.clientId), eq(e.id, id)));
  if (!found) return null;
  if (found.replied_at) throw new LogBookRuleError('reply', 'This entry has a reply already.');
  return db.transaction(async (tx: Transaction) => {
    const [row] = await tx.update(e).set({ reply, replied_at: clock.now(), replied_by_name: target.viewer.user.name }).where(eq(e.id, id)).returning();
    const after = toEntry(row!);
    await recordAudit(tx, { actor: target.actor, resource: 'log-book-entries', recordId: id, action: 'update', before: toEntry(found), after });
    return after;
  });
}

const a = logBookAudits;

const toAudit = (row: typeof a.$inferSelect): LogBookAuditRow => ({
  id: row.id,
  client_id: row.client_id,
  month: row.month,
  auditor_name: row.auditor_name,
  audited_at: isoOf(row.audited_at)!,
  entries_checked: row.entries_checked,
  entries_recorded: row.entries_recorded,
  checks: row.checks as LogBookAuditRow['checks'],
  issues: row.issues,
  outcome: row.outcome,
  actions: row.actions,
});

export async function listLogBookAudits(db: Database, clientId: number): Promise<LogBookAuditRow[]> {
  const rows = await db.select().from(a).where(eq(a.client_id, clientId)).orderBy(desc(a.month), desc(a.id));
  return rows.map(toAudit);
}

/** How many entries the book has for a month (YYYY-MM), by the UK calendar. */
async function entriesInMonth(db: Database | Transaction, clientId: number, month: string): Promise<number> {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(e)
    .where(and(eq(e.client_id, clientId), gte(e.written_at, new Date(londonInstant(`${month}-01`, '00:00'))), lt(e.written_at, new Date(londonInstant(`${next}-01`, '00:00')))));
  return count;
}

export async function addLogBookAudit(db: Database, target: ClientTarget, values: v.InferOutput<typeof LogBookAuditSchema>): Promise<LogBookAuditRow> {
  return db.transaction(async (tx) => {
    const checks = Object.fromEntries(LOG_BOOK_AUDIT_CHECKS.map((check) => [check.key, values[check.key]]));
    const [row] = await tx
      .insert(a)
      .values({
        client_id: target.clientId,
        month: values.month,
        auditor_id: target.viewer.user.userID,
        auditor_name: target.viewer.user.name,
        entries_checked: values.entries_checked,
        entries_recorded: await entriesInMonth(tx, target.clientId, values.month),
        checks,
        issues: values.issues,
        outcome: values.outcome,
        actions: values.actions,
      })
      .returning();
    const audit = toAudit(row!);
    await recordAudit(tx, { actor: target.actor, resource: 'log-book-audits', recordId: audit.id, action: 'create', after: audit });
    return audit;
  });
}
