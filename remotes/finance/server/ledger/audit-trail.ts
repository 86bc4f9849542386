import { and, asc, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { outer, type BranchScope, type Database } from '@hcm/server/platform';
import { branches, users } from '@hcm/server/schema';
import type { AuditDetail, AuditRow, AuditSort } from '../../contract/ledger.js';
import { financeChanges } from '../invoicing/tables.js';
import { scopeCondition, utcText } from './ledger-kit.js';

// The finance audit trail (finance/audit-trail, finance/:id/audit/:editid): every change to a finance record with
// its state before and after, as recordFinanceChange wrote it in the change's own transaction. A viewer sees the
// changes of their branches and those of no branch (rate cards, minimum wages).

const changerName = sql<string>`coalesce((select ${users.name} from ${users} where ${users.id} = ${outer(financeChanges, financeChanges.changed_by)}), '')`;
const branchName = sql<string>`coalesce((select ${branches.name} from ${branches} where ${branches.id} = ${outer(financeChanges, financeChanges.branch_id)}), '')`;

const rowColumns = {
  id: financeChanges.id,
  entity: financeChanges.entity,
  entity_id: financeChanges.entity_id,
  action: financeChanges.action,
  summary: financeChanges.summary,
  reason: financeChanges.reason,
  branch_id: financeChanges.branch_id,
  branch: branchName,
  changed_by: financeChanges.changed_by,
  changed_by_name: changerName,
  changed_at: utcText(financeChanges.changed_at),
};

const SORTS: Record<AuditSort, SQL | typeof financeChanges.id> = {
  changed_at: sql`${financeChanges.changed_at}`,
  entity: sql`${financeChanges.entity}`,
  action: sql`${financeChanges.action}`,
  changed_by_name: changerName,
};

export type AuditFilters = { entity?: string; entity_id?: number; action?: string; user_id?: number; branch_id?: number; from?: string; to?: string; search?: string };

const visibleTo = (scope: BranchScope): SQL => or(isNull(financeChanges.branch_id), scopeCondition(scope, financeChanges.branch_id))!;

/** UK days: from 00:00 on `from` to the end of `to`, London time. */
const londonDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/London')`;

export function auditConditions(scope: BranchScope, filters: AuditFilters): SQL {
  const conditions: (SQL | undefined)[] = [visibleTo(scope)];
  if (filters.entity) conditions.push(eq(financeChanges.entity, filters.entity));
  if (filters.entity_id) conditions.push(eq(financeChanges.entity_id, filters.entity_id));
  if (filters.action) conditions.push(eq(financeChanges.action, filters.action));
  if (filters.user_id) conditions.push(eq(financeChanges.changed_by, filters.user_id));
  if (filters.branch_id) conditions.push(eq(financeChanges.branch_id, filters.branch_id));
  if (filters.from) conditions.push(gte(financeChanges.changed_at, londonDayStart(filters.from)));
  if (filters.to) conditions.push(lt(financeChanges.changed_at, sql`(${filters.to}::date + 1)::timestamp at time zone 'Europe/London'`));
  if (filters.search) {
    const pattern = `%${filters.search.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(or(ilike(financeChanges.summary, pattern), ilike(financeChanges.reason, pattern)));
  }
  return and(...conditions)!;
}

export async function listChanges(
  db: Database,
  where: SQL,
  order: { sort: AuditSort; mode: 'asc' | 'desc' },
  paging: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const direction = order.mode === 'desc' ? desc : asc;
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(financeChanges).where(where);
  const rows = await db
    .select(rowColumns)
    .from(financeChanges)
    .where(where)
    .orderBy(direction(SORTS[order.sort]), direction(financeChanges.id))
    .limit(paging.limit)
    .offset(paging.offset);
  return { rows, total };
}

/** What entities and actions the trail holds, for the screen's filters. */
export async function auditVocabulary(db: Database, scope: BranchScope): Promise<{ entities: string[]; actions: string[] }> {
  const rows = await db.selectDistinct({ entity: financeChanges.entity, action: financeChanges.action }).from(financeChanges).where(visibleTo(scope));
  return { entities: [...new Set(rows.map((row) => row.entity))].sort(), actions: [...new Set(rows.map((row) => row.action))].sort() };
}

export async function findChange(db: Database, scope: BranchScope, id: number): Promise<AuditDetail | null> {
  const [row] = await db
    .select({ ...rowColumns, before: financeChanges.before, after: financeChanges.after })
    .from(financeChanges)
    .where(and(eq(financeChanges.id, id), visibleTo(scope)));
  return row ?? null;
}
