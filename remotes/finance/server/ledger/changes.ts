import type { Transaction } from '@hcm/server/platform';
import { financeChanges } from '../invoicing/tables.js';

/** One change to a finance record, for the finance audit trail (finance/audit-trail). */
export type FinanceChange = {
  entity: string;
  entity_id: number;
  action: string;
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string;
  branch_id?: number | null;
  changed_by: number | null;
};

/**
 * Writes a change to the finance audit trail inside the transaction that makes it, so the trail and the ledger
 * never disagree: a change that rolls back leaves no entry. Returns the entry's id.
 */
export async function recordFinanceChange(tx: Transaction, change: FinanceChange): Promise<number> {
  const [row] = await tx
    .insert(financeChanges)
    .values({
      entity: change.entity,
      entity_id: change.entity_id,
      action: change.action,
      summary: change.summary,
      before: change.before ?? null,
      after: change.after ?? null,
      reason: change.reason ?? '',
      branch_id: change.branch_id ?? null,
      changed_by: change.changed_by,
    })
    .returning({ id: financeChanges.id });
  return row!.id;
}
