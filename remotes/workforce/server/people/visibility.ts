import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { branchVisible, declaredColumns, type BranchScope, type Database, type Transaction } from '@hcm/server/platform';
import { carers, employees } from '../../contract/people.js';
import { carersTable, employeesTable } from './people-tables.js';

// Who may see a carer or an office employee: the one rule for every part of this area that reads them (the
// engine's lists apply the same branchVisible rule to the declared resources). A super admin's scope ('all') sees
// everyone; anyone else the people of their own branches. Whether removed people count is each caller's to say.

export const carerColumns = declaredColumns(carersTable, carers);
export const employeeColumns = declaredColumns(employeesTable, employees);

export type Removed = { deleted: 'include' | 'exclude' };

/** The rule as a condition on a carers row. */
export function visibleCarers(scope: BranchScope, { deleted }: Removed = { deleted: 'exclude' }): SQL {
  return and(deleted === 'exclude' ? isNull(carerColumns.deleted_at) : undefined, branchVisible(scope, carerColumns.branch_id)) ?? sql`true`;
}

/** A subquery of the ids of the carers the scope may see: `… in (${visibleCarerIds(scope)})`. */
export function visibleCarerIds(scope: BranchScope, options: Removed = { deleted: 'include' }): SQL {
  return sql`select ${carerColumns.id} from ${carersTable} where ${visibleCarers(scope, options)}`;
}

export function visibleEmployees(scope: BranchScope, { deleted }: Removed = { deleted: 'exclude' }): SQL {
  return and(deleted === 'exclude' ? isNull(employeeColumns.deleted_at) : undefined, branchVisible(scope, employeeColumns.branch_id)) ?? sql`true`;
}

export function visibleEmployeeIds(scope: BranchScope, options: Removed = { deleted: 'include' }): SQL {
  return sql`select ${employeeColumns.id} from ${employeesTable} where ${visibleEmployees(scope, options)}`;
}

export type StaffMember = { id: number; name: string; branch_id: number; status: string };

/** A carer the scope may see (null when there is none, or not theirs to see). */
export async function findCarer(db: Database | Transaction, scope: BranchScope, carerId: number): Promise<StaffMember | null> {
  if (!Number.isSafeInteger(carerId)) return null;
  const [row] = await db
    .select({ id: carerColumns.id, first: carerColumns.first_name, last: carerColumns.last_name, branch_id: carerColumns.branch_id, status: carerColumns.status })
    .from(carersTable)
    .where(and(eq(carerColumns.id, carerId), visibleCarers(scope)));
  return row ? { id: Number(row.id), name: `${String(row.first)} ${String(row.last)}`, branch_id: Number(row.branch_id), status: String(row.status) } : null;
}

export async function findEmployee(db: Database | Transaction, scope: BranchScope, employeeId: number): Promise<StaffMember | null> {
  if (!Number.isSafeInteger(employeeId)) return null;
  const [row] = await db
    .select({ id: employeeColumns.id, first: employeeColumns.first_name, last: employeeColumns.last_name, branch_id: employeeColumns.branch_id, status: employeeColumns.status })
    .from(employeesTable)
    .where(and(eq(employeeColumns.id, employeeId), visibleEmployees(scope)));
  return row ? { id: Number(row.id), name: `${String(row.first)} ${String(row.last)}`, branch_id: Number(row.branch_id), status: String(row.status) } : null;
}
