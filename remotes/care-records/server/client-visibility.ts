import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { branchVisible, type BranchScope, type Database, type Transaction } from '@hcm/server/platform';
import { clientsTable } from './columns.js';

// Who may see a client: the one rule for every part of the server that reads clients or what hangs off them
// (the engine's client list and the records nested under a client, family messages, the time tracker, client
// shares with health professionals, the audit trail). A super admin's scope ('all', see scopeOf in
// resources/routes.ts) sees every client; anyone else the clients of their own branches; a user without a
// branch none. Whether removed (soft-deleted) clients count is each caller's to say: a list or a new message
// leaves them out, a history (audit entries, tracked time) keeps them.

/** Whether removed (soft-deleted) clients count as seen: `include` for histories, `exclude` for live work. */
export type DeletedClients = { deleted: 'include' | 'exclude' };

const c = clientsTable;

/** A column of the clients table (built from its declaration, so typed loosely). */
function column(name: string): PgColumn {
  const found = (c as unknown as Record<string, PgColumn | undefined>)[name];
  if (!found) throw new Error(`No column "${name}" in the clients table.`);
  return found;
}

// The branch part of the rule is the platform's branchVisible (the resource engine applies it to every
// branch-scoped declaration, so the clients list is judged by the same rule).

/** The rule as a condition on a clients row (for a select from the clients table itself). */
export function visibleClients(scope: BranchScope, { deleted }: DeletedClients): SQL {
  return and(deleted === 'exclude' ? isNull(column('deleted_at')) : undefined, branchVisible(scope, column('branch_id'))) ?? sql`true`;
}

/** A subquery of the ids of the clients the scope may see: `… in (${visibleClientIds(scope, …)})`. */
export function visibleClientIds(scope: BranchScope, options: DeletedClients): SQL {
  return sql`select ${column('id')} from ${c} where ${visibleClients(scope, options)}`;
}

/** Whether the scope may see this client (false too when there is no such client). */
export async function clientVisible(db: Database | Transaction, scope: BranchScope, clientId: number, options: DeletedClients): Promise<boolean> {
  if (!Number.isSafeInteger(clientId)) return false;
  const [row] = await db
    .select({ id: column('id') })
    .from(c)
    .where(and(eq(column('id'), clientId), visibleClients(scope, options)))
    .limit(1);
  return row !== undefined;
}
