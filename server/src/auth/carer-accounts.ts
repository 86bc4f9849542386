import { and, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../db/client.js';
import { userBranches } from '../db/schema.js';

/**
 * Who is a carer, and of which branch: the workforce area's carer records as the platform reads them for the
 * carers' app (device enrolment, the office's list of devices, tokens of carers who left). Read models the
 * workforce publishes, which the platform declares it consumes (PLATFORM_CONTRACT, modules/platform-routes.ts) and
 * the API's start checks column by column, like ./global-settings.ts: neither exported from schema.ts nor created
 * by the platform's migrations; workforce owns and migrates both tables
 * (remotes/workforce/server/people/people-tables.ts) and keeps a carer's account in the carer's branch
 * (user_branches) when it hires or moves them.
 */

/** workforce: a carer's sign-in account (one account per carer record, one carer record per account). */
export const carerAccountsRead = pgTable('carer_accounts', {
  carer_id: integer('carer_id').notNull(),
  user_id: integer('user_id').notNull(),
});

/** workforce: the carer record's branch and status ('leaver' once they have left), and its removal. */
export const carersRead = pgTable('carers', {
  id: integer('id').notNull(),
  branch_id: integer('branch_id').notNull(),
  status: text('status').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/** The carer status of someone who has left the agency. */
export const CARER_LEAVER = 'leaver';
/** The declared resource of carer records: the engine audits each of its writes (status included) in audit_log. */
export const CARERS_RESOURCE = 'carers';

export type CarerAccount = { carerId: number; branchId: number; left: boolean };

/** A carer record that says the carer has left: status leaver, or the record removed. */
export function carerHasLeft(): SQL {
  return or(eq(carersRead.status, CARER_LEAVER), isNotNull(carersRead.deleted_at))!;
}

/** The carer record linked to a user's sign-in account, or null when the user is not a carer. */
export async function carerAccountOf(db: Database | Transaction, userId: number): Promise<CarerAccount | null> {
  const [row] = await db
    .select({ carerId: carersRead.id, branchId: carersRead.branch_id, left: sql<boolean>`${carerHasLeft()}` })
    .from(carerAccountsRead)
    .innerJoin(carersRead, eq(carersRead.id, carerAccountsRead.carer_id))
    .where(eq(carerAccountsRead.user_id, userId));
  return row ? { carerId: Number(row.carerId), branchId: Number(row.branchId), left: Boolean(row.left) } : null;
}

/**
 * The users whose devices belong to these branches (a subquery of user ids): a carer by their carer record's
 * branch; an account without a carer record by the branches it works in.
 */
export function deviceHoldersIn(branchIds: readonly number[]): SQL {
  if (!branchIds.length) return sql`select null::integer where false`;
  const ids = [...branchIds];
  return sql`select ${carerAccountsRead.user_id} from ${carerAccountsRead} inner join ${carersRead} on ${carersRead.id} = ${carerAccountsRead.carer_id} where ${inArray(carersRead.branch_id, ids)}
    union
    select ${userBranches.user_id} from ${userBranches} where ${and(
      inArray(userBranches.branch_id, ids),
      sql`not exists (select 1 from ${carerAccountsRead} where ${carerAccountsRead.user_id} = ${userBranches.user_id})`,
    )}`;
}
