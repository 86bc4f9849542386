import { sql, type SQL } from 'drizzle-orm';
import { auditLog } from '../db/schema.js';
import { NOT_BRANCH_BOUND, recordIdIn, type AuditScope } from '../audit/scopes.js';
import { columnOf, type Resource } from './catalog.js';
import { scopeCondition } from './list-query.js';

/** Whether a resource's rows follow a branch: branch-scoped itself, or nested (at any depth) under such a row. */
function branchBound(resource: Resource): boolean {
  return resource.spec.branchScoped === true || (resource.parent !== undefined && branchBound(resource.parent.resource));
}

/** The ids of a resource's rows in these branches (deleted ones included: their history stays readable). */
function idsIn(resource: Resource, branchIds: readonly number[]): SQL {
  return sql`select ${columnOf(resource, 'id')} from ${resource.table} where ${scopeCondition(resource, branchIds) ?? sql`true`}`;
}

/**
 * Who reads a declared resource's audit entries, from its declaration, as its list does: a branch-scoped row's
 * (clients) by its row, deleted or not; a row nested under one (a client's medications) by the parent id its
 * entry recorded (after, or before for a delete), so hard-deleted rows keep their place; every other row by
 * every holder of audit-trail.view (reference data).
 */
export function auditScopeOf(resource: Resource): AuditScope {
  if (!branchBound(resource)) return NOT_BRANCH_BOUND;
  if (resource.spec.branchScoped) return recordIdIn((branchIds) => idsIn(resource, branchIds));
  const parent = resource.parent!;
  const parentId = sql`coalesce(${auditLog.after} ->> ${parent.key}, ${auditLog.before} ->> ${parent.key})`;
  return {
    branchBound: (branchIds) =>
      sql`${parentId} ~ '^[0-9]{1,10}$' and (${parentId})::bigint in (${idsIn(parent.resource, branchIds)})`,
  };
}
