import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type CurrentUser, type Page } from '@hcm/contract';
import type { MessageRow } from '@hcm/contract/schemas';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentUserOf } from '../auth/hooks.js';
import type { AuthSettings } from '../auth/settings.js';
import type { Database } from '../db/client.js';
import { carerMessages, familyMessages, users } from '../db/schema.js';
import { sendError, UNAUTHENTICATED } from '../http/envelope.js';
import type { BranchScope } from '../resources/list-query.js';
import { scopeOf } from '../resources/routes.js';

// What the communication routes share: the signed-in user and their branch scope, paging, and messages.

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

export type Paging = { page: number; pageSize: number; search: string };

/** ?page=&page_size=&search=, leniently: nonsense falls back to the default, page_size at most 100. */
export function pagingOf(query: unknown): Paging {
  const params = (query ?? {}) as Record<string, unknown>;
  const first = (name: string) => {
    const value = params[name];
    const single = Array.isArray(value) ? value[0] : value;
    return typeof single === 'string' ? single.trim() : '';
  };
  const positive = (name: string, fallback: number) => {
    const value = Number(first(name));
    return Number.isSafeInteger(value) && value >= 1 ? value : fallback;
  };
  return {
    page: positive('page', DEFAULT_PAGE),
    pageSize: Math.min(positive('page_size', DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE),
    search: first('search').slice(0, 100),
  };
}

export function pageOf<T>(data: T[], total: number, paging: Paging): Page<T> {
  return { data, total, page: paging.page, page_size: paging.pageSize, last_page: Math.max(1, Math.ceil(total / paging.pageSize)) };
}

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A carer or family message row (with the recorder's name) in the contract's shape. */
export function toMessageRow(row: {
  id: number;
  direction: MessageRow['direction'];
  channel: string;
  subject: string;
  body: string;
  recorded_by_id: number | null;
  recorded_by_name: string | null;
  mail_id: number | null;
  created_at: Date;
  read_at: Date | null;
}): MessageRow {
  return {
    id: row.id,
    direction: row.direction,
    channel: row.channel as MessageRow['channel'],
    subject: row.subject,
    body: row.body,
    recorded_by: row.recorded_by_id !== null && row.recorded_by_name !== null ? { id: row.recorded_by_id, name: row.recorded_by_name } : null,
    mail_id: row.mail_id,
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
 * first, with the name of who sent or logged each: the whole thread, or one message by its id.
 */
export async function threadMessages(db: Database, table: typeof carerMessages | typeof familyMessages, where: SQL): Promise<MessageRow[]> {
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
      created_at: table.created_at,
      read_at: table.read_at,
    })
    .from(table)
    .leftJoin(recorder, eq(recorder.id, table.recorded_by))
    .where(where)
    .orderBy(asc(table.created_at), asc(table.id));
  return rows.map(toMessageRow);
}
