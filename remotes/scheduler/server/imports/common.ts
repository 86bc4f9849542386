import { addDays } from '@hcm/contract/time';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import { fieldErrorsOf } from '@hcm/contract/engine';
import { parseId, sendInvalid, type BranchScope, type Database, type Transaction } from '@hcm/server/platform';
import { clientsRead, funderCodesRead, settingsRead } from '../read-models.js';

// What the wizard, the CSV imports, the bulk utilities and the office planner share: a body parsed by its
// schema (422 per field otherwise), the viewer's branch scope as SQL, clients' names, settings with defaults.

export async function parsed<S extends v.GenericSchema>(reply: FastifyReply, schema: S, body: unknown): Promise<v.InferOutput<S> | null> {
  const result = v.safeParse(schema, body ?? {});
  if (result.success) return result.output;
  await sendInvalid(reply, fieldErrorsOf(result.issues));
  return null;
}

export const paramId = (request: FastifyRequest, name = 'id') => parseId(String((request.params as Record<string, string>)[name] ?? ''));

/** `column` in the viewer's branches (always true for 'all', never for none). */
export function inScope(column: PgColumn | SQL, scope: BranchScope): SQL {
  if (scope === 'all') return sql`true`;
  if (!scope.length) return sql`false`;
  return inArray(column as PgColumn, [...scope]);
}

export const mayUseBranch = (scope: BranchScope, branchId: number) => scope === 'all' || scope.includes(branchId);

export const clientName = sql<string>`trim(${clientsRead.first_name} || ' ' || ${clientsRead.last_name})`;

/** The clients of the viewer's branches (not deleted), by name; `activeOnly` for those receiving care. */
export async function clientsInScope(db: Database | Transaction, scope: BranchScope, options: { activeOnly?: boolean; ids?: readonly number[] } = {}) {
  const conditions = [isNull(clientsRead.deleted_at), inScope(clientsRead.branch_id, scope)];
  if (options.activeOnly) conditions.push(eq(clientsRead.status, 'active'));
  if (options.ids) conditions.push(options.ids.length ? inArray(clientsRead.id, [...options.ids]) : sql`false`);
  return db
    .select({ id: clientsRead.id, name: clientName, branch_id: clientsRead.branch_id, status: clientsRead.status, postcode: clientsRead.postcode, nhs_number: clientsRead.nhs_number, local_authority_id: clientsRead.local_authority_id, address: sql<string>`${clientsRead.address_line_1} || ', ' || ${clientsRead.town}` })
    .from(clientsRead)
    .where(and(...conditions))
    .orderBy(asc(clientsRead.last_name), asc(clientsRead.first_name));
}

export async function activeFunderCodes(db: Database | Transaction) {
  return db.select({ id: funderCodesRead.id, code: funderCodesRead.code, name: funderCodesRead.name }).from(funderCodesRead).where(and(eq(funderCodesRead.active, true), isNull(funderCodesRead.deleted_at))).orderBy(asc(funderCodesRead.code));
}

/** A global setting's text, or the default when the key is absent or empty. */
export async function settingText(db: Database | Transaction, key: string, fallback: string): Promise<string> {
  const [row] = await db.select({ value: settingsRead.value }).from(settingsRead).where(eq(settingsRead.key, key)).limit(1);
  return row?.value?.trim() ? row.value.trim() : fallback;
}

/** A whole-number global setting, or the default when absent or not a whole number. */
export async function settingNumber(db: Database | Transaction, key: string, fallback: number): Promise<number> {
  const value = Number(await settingText(db, key, String(fallback)));
  return Number.isInteger(value) ? value : fallback;
}

/** The UK calendar's day arithmetic, from the one date module. */
export { addDays };

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}
