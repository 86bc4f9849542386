import type { CurrentUser } from '@hcm/contract';
import type { MessageRow } from '@hcm/contract/schemas';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentUserOf } from '../auth/hooks.js';
import type { AuthSettings } from '../auth/settings.js';
import type { Database } from '../db/client.js';
import { mailOutbox, users } from '../db/schema.js';
import { ok, sendError, UNAUTHENTICATED } from '../http/envelope.js';
import { parseId } from '../http/params.js';
import { parsePaging, queryParam, type Paging as PageOfList } from '../http/paging.js';
import { mailDelivery, type MailOutcome, type Mailer } from '../mail/mailer.js';
import type { BranchScope } from '../resources/list-query.js';
import { scopeOf } from '../resources/routes.js';

// Message threads with people outside the office (carers, clients' families), kept by the areas that own
// those people: their tables share the message columns below (MessageTable), and an emailed message's delivery
// is its outbox row. Also what such routes share: the signed-in user and their branch scope, paging, search.

export type Viewer = { user: CurrentUser; scope: BranchScope };

/** The signed-in user (the guard has already refused anonymous calls; this answers 401 should it not have). */
export async function viewerOf(request: FastifyRequest, reply: FastifyReply, auth: AuthSettings): Promise<Viewer | null> {
  const user = await currentUserOf(request, auth);
  if (!user) {
    await sendError(reply, 401, UNAUTHENTICATED);
    return null;
  }
  return { user, scope: scopeOf(user) };
}

/** `column in (the user's branches)`, true for a super admin, false for a user without a branch. */
export function inScope(scope: BranchScope, column: PgColumn): SQL {
  if (scope === 'all') return sql`true`;
  if (!scope.length) return sql`false`;
  return inArray(column, [...scope]);
}

/**
 * `"table"."column"`: an outer row's column inside a correlated subquery. drizzle leaves columns unqualified in
 * a select without joins, and an unqualified `id` inside `(select … from other_table …)` means the other table's.
 */
export function outer(table: PgTable, column: PgColumn): SQL {
  return sql`${table}.${sql.identifier(column.name)}`;
}

export type SearchPaging = PageOfList & { search: string };

/**
 * A table of messages with one kind of person: an id, the person's own column(s), and these, with these names
 * (an area's tables.ts declares them like carer_messages): direction, channel, subject, body, recorded_by (a
 * user), mail_id (the outbox row of an emailed message), created_at, read_at.
 */
export type MessageTable = PgTable & Record<'id' | 'direction' | 'channel' | 'subject' | 'body' | 'recorded_by' | 'mail_id' | 'created_at' | 'read_at', PgColumn>;

/** ?page=&page_size= (http/paging.ts) and ?search=, leniently: nonsense falls back to the default. */
export function pagingOf(query: unknown): SearchPaging {
  return { ...parsePaging(query), search: (queryParam(query, 'search') ?? '').slice(0, 100) };
}

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A carer or family message row (with the recorder's name and its outbox row, if emailed) in the contract's shape. */
export function toMessageRow(row: {
  id: number;
  direction: MessageRow['direction'];
  channel: string;
  subject: string;
  body: string;
  recorded_by_id: number | null;
  recorded_by_name: string | null;
  mail_id: number | null;
  mail_status: 'stored' | 'sent' | 'failed' | null;
  mail_transport: 'outbox' | 'smtp' | null;
  mail_error: string | null;
  mail_created_at: Date | null;
  mail_sent_at: Date | null;
  mail_attempted_at: Date | null;
  created_at: Date;
  read_at: Date | null;
}): MessageRow {
  const { mail_status: status, mail_transport: transport, mail_created_at: storedAt } = row;
  const delivery =
    status !== null && transport !== null && storedAt !== null
      ? mailDelivery({ status, transport, error: row.mail_error, created_at: storedAt, sent_at: row.mail_sent_at, attempted_at: row.mail_attempted_at })
      : null;
  return {
    id: row.id,
    direction: row.direction,
    channel: row.channel as MessageRow['channel'],
    subject: row.subject,
    body: row.body,
    recorded_by: row.recorded_by_id !== null && row.recorded_by_name !== null ? { id: row.recorded_by_id, name: row.recorded_by_name } : null,
    mail_id: row.mail_id,
    delivery_status: delivery?.status ?? null,
    delivery_error: delivery?.error ?? null,
    delivery_at: delivery?.at ? delivery.at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    read_at: iso(row.read_at),
  };
}

/** The text of an emailed message: what was written, signed by the sender. */
export function emailText(body: string, sender: CurrentUser): string {
  return `${body}\n\n${sender.name}\n(sent from the office of your home-care provider)`;
}

const recorder = alias(users, 'recorder');

/**
 * Messages of a carer's or a family contact's thread (the two tables share their message columns), oldest
 * first, with the name of who sent or logged each and an email's delivery: the whole thread, or one message.
 */
export async function threadMessages(db: Database, table: MessageTable, where: SQL): Promise<MessageRow[]> {
  const rows = await db
    .select({
      id: table.id,
      direction: table.direction,
      channel: table.channel,
      subject: table.subject,
      body: table.body,
      recorded_by_id: recorder.id,
      recorded_by_name: recorder.name,
      mail_id: table.mail_id,
      mail_status: mailOutbox.status,
      mail_transport: mailOutbox.transport,
      mail_error: mailOutbox.error,
      mail_created_at: mailOutbox.created_at,
      mail_sent_at: mailOutbox.sent_at,
      mail_attempted_at: mailOutbox.attempted_at,
      created_at: table.created_at,
      read_at: table.read_at,
    })
    .from(table)
    .leftJoin(recorder, eq(recorder.id, table.recorded_by))
    .leftJoin(mailOutbox, eq(mailOutbox.id, table.mail_id))
    .where(where)
    .orderBy(asc(table.created_at), asc(table.id));
  return rows.map((row) => toMessageRow(row as Parameters<typeof toMessageRow>[0]));
}

/** One message of either kind, as its thread shows it; null when there is no such message. */
export async function messageById(db: Database, table: MessageTable, id: number): Promise<MessageRow | null> {
  return (await threadMessages(db, table, eq(table.id, id)))[0] ?? null;
}

/** What office staff write or log: the channel and direction, a subject and the text. */
export type MessageValues = { channel: MessageRow['channel']; direction: MessageRow['direction']; subject: string; body: string };

/** A message just saved (sent or logged), and how its email went (null: logged, nothing was sent). */
export type SavedMessage = { message: MessageRow; mail: MailOutcome | null };

/** Why a message's email cannot be sent again, or null when it can: only a failed delivery is retried. */
export function notRetryable(message: MessageRow): string | null {
  switch (message.delivery_status) {
    case 'failed':
      return null;
    case 'sent':
      return 'This email has been sent already.';
    case 'sending':
      return 'This email is being sent: wait for the mail server to answer.';
    case 'outbox':
      return 'This email is in the outbox: no mail server is configured to send it.';
    default:
      return 'Only an email sent from here can be sent again.';
  }
}

/**
 * Sends again the failed email of a message the caller found in the user's scope (the caller audits it).
 * Answers why not instead when it is not waiting for a retry (sent meanwhile, or another retry is sending it).
 */
export async function retryMessageEmail(db: Database, mailer: Mailer, table: MessageTable, before: MessageRow): Promise<SavedMessage | { refused: string }> {
  const refused = notRetryable(before);
  if (refused !== null) return { refused };
  // A delivery status comes from the message's outbox row: a failed one has a mail id.
  const mail = await mailer.retry(before.mail_id!);
  const message = (await messageById(db, table, before.id))!;
  if (!mail) return { refused: notRetryable(message) ?? 'This email is being sent again already.' };
  return { message, mail };
}

/** The viewer and a route's numeric id parameter, or null once the answer is sent (401 signed out, 404 no such id). */
export async function viewerAndId(request: FastifyRequest, reply: FastifyReply, auth: AuthSettings, name: string, notFound: string): Promise<{ viewer: Viewer; id: number } | null> {
  const viewer = await viewerOf(request, reply, auth);
  if (!viewer) return null;
  const id = parseId(String((request.params as Record<string, string>)[name] ?? ''));
  if (id === null) {
    await sendError(reply, 404, notFound);
    return null;
  }
  return { viewer, id };
}

const reason = (mail: MailOutcome) => (mail.error ?? 'the mail server refused it').replace(/[.\s]+$/, '');

/**
 * What the user is told once a message is saved: whether its email was sent, only stored in the outbox (no
 * mail server configured), or not sent (the message is kept; retry from the thread). Never "sent" when it was not.
 */
export function savedText(name: string, mail: MailOutcome | null): string {
  if (!mail) return 'Message logged.';
  if (mail.status === 'sent') return `Email sent to ${name}.`;
  if (mail.status === 'outbox') return `Email to ${name} saved in the outbox: no mail server is configured, so it was not sent.`;
  return `Saved, but the email could not be sent: ${reason(mail)}. Retry from the thread.`;
}

/** The answer to a retry: 200 with the message and how it went this time, or 409 when it was not waiting for one. */
export function retriedAnswer(reply: FastifyReply, name: string, result: SavedMessage | { refused: string }) {
  if ('refused' in result) return sendError(reply, 409, result.refused);
  const { message, mail } = result;
  const text = mail?.status === 'failed' ? `The email still could not be sent: ${reason(mail)}.` : savedText(name, mail);
  return reply.send(ok(message, text));
}
