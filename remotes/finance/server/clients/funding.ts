import { eq, inArray } from 'drizzle-orm';
import { users } from '@hcm/server/schema';
import type { Database, Transaction } from '@hcm/server/platform';
import type { ClientFunding } from '../../contract/funding.js';
import { clientFunding } from './tables.js';

type Db = Database | Transaction;

/** A client's funding row as the API answers it; the empty funding (version 0) for a client without one. */
export function fundingAnswer(clientId: number, row: (typeof clientFunding.$inferSelect & { updated_by_name?: string | null }) | undefined): ClientFunding {
  if (!row) {
    return { client_id: clientId, funder_code_id: null, purchase_order: '', council_reference: '', billing_name: '', billing_address: '', billing_email: '', notes: '', version: 0, updated_by_name: null, updated_at: null };
  }
  return {
    client_id: row.client_id,
    funder_code_id: row.funder_code_id,
    purchase_order: row.purchase_order,
    council_reference: row.council_reference,
    billing_name: row.billing_name,
    billing_address: row.billing_address,
    billing_email: row.billing_email,
    notes: row.notes,
    version: row.version,
    updated_by_name: row.updated_by_name ?? null,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The stored funding of one client (with who saved it last), or undefined. */
export async function storedFunding(db: Db, clientId: number) {
  const [row] = await db
    .select({ funding: clientFunding, updated_by_name: users.name })
    .from(clientFunding)
    .leftJoin(users, eq(users.id, clientFunding.updated_by))
    .where(eq(clientFunding.client_id, clientId));
  return row ? { ...row.funding, updated_by_name: row.updated_by_name } : undefined;
}

/**
 * The funding of each of `clientIds` that has one (invoice runs: purchase orders, council references and private
 * payers' billing names and addresses). Clients without a row are absent from the map.
 */
export async function fundingOf(db: Db, clientIds: readonly number[]): Promise<Map<number, ClientFunding>> {
  const answer = new Map<number, ClientFunding>();
  const ids = [...new Set(clientIds)];
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = await db.select().from(clientFunding).where(inArray(clientFunding.client_id, ids.slice(start, start + 1000)));
    for (const row of rows) answer.set(row.client_id, fundingAnswer(row.client_id, row));
  }
  return answer;
}
