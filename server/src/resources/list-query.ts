import type { SortMode } from '@hcm/contract';
import type { FieldSpec } from '@hcm/contract/engine';
import { and, asc, desc, eq, gte, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { parsePaging, type Paging } from '../http/paging.js';
import { columnOf, isCalendarDate, type Resource } from './catalog.js';
import { literalIds } from '../db/literals.js';

/** Which branches' rows the current user may see and write: all (super admin) or these ids. */
export type BranchScope = 'all' | readonly number[];

/** A parsed list request: paging plus the SQL of its filter and order, ready for any select. */
export type ListQuery = Paging & {
  sort: string;
  mode: SortMode;
  where: SQL | undefined;
  orderBy: SQL[];
};

type Params = Record<string, unknown>;

const TEXT_KINDS: ReadonlySet<FieldSpec['kind']> = new Set(['text', 'long-text', 'email', 'phone', 'choice']);

const ROW_ID = /^\d{1,10}$/;

function first(params: Params, name: string): string | undefined {
  const value = params[name];
  const single = Array.isArray(value) ? value[0] : value;
  return typeof single === 'string' ? single.trim() : undefined;
}

/**
 * Reads ?page=&page_size=&sort=&mode=&search=&<field>=&<date field>_from=&<date field>_to= leniently, like the
 * branches list: nonsense falls back to the default, unknown keys and unusable filter values are ignored.
 * Sort and filter columns come only from the declaration, never from the request's own words.
 */
export function parseListQuery(resource: Resource, query: unknown, scope: BranchScope): ListQuery {
  const params = (query ?? {}) as Params;
  const { spec } = resource;
  const sortable = resource.fields.filter(([, field]) => field.sortable).map(([key]) => key);
  const requested = first(params, 'sort') ?? '';
  const sort = sortable.includes(requested) ? requested : spec.defaultSort.field;
  const requestedMode = first(params, 'mode')?.toLowerCase();
  const mode: SortMode =
    requestedMode === 'asc' || requestedMode === 'desc'
      ? requestedMode
      : sort === spec.defaultSort.field
        ? spec.defaultSort.mode
        : 'asc';
  const order = mode === 'desc' ? desc : asc;
  return {
    ...parsePaging(params),
    sort,
    mode,
    where: listCondition(resource, params, scope),
    // id breaks ties so pages never overlap or skip rows when sort values repeat.
    orderBy: [order(columnOf(resource, sort)), order(columnOf(resource, 'id'))],
  };
}

/** Live rows in the user's branches that match the search and filters. */
export function listCondition(resource: Resource, params: Params, scope: BranchScope): SQL | undefined {
  const conditions: (SQL | undefined)[] = [resource.soft ? isNull(columnOf(resource, 'deleted_at')) : undefined];
  conditions.push(scopeCondition(resource, scope));

  const search = (first(params, 'search') ?? '').slice(0, 100);
  // ILIKE needs text: a number or date marked searchable by mistake is left out rather than failing the query.
  const searchable = resource.fields.filter(([, field]) => field.searchable && TEXT_KINDS.has(field.kind));
  if (search && searchable.length) {
    const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(or(...searchable.map(([key]) => ilike(columnOf(resource, key), pattern))));
  }

  for (const [key, field] of resource.fields) {
    // A nested list always narrows to its parent (?<parent field>=<id>), filterable or not.
    if (!field.filterable && key !== resource.parent?.key) continue;
    const column = columnOf(resource, key);
    if (field.kind === 'date') {
      const from = first(params, `${key}_from`);
      const to = first(params, `${key}_to`);
      if (from && isCalendarDate(from)) conditions.push(gte(column, from));
      if (to && isCalendarDate(to)) conditions.push(lte(column, to));
      continue;
    }
    const value = first(params, key);
    if (!value) continue;
    if (field.kind === 'boolean') {
      if (value === 'true' || value === 'false') conditions.push(eq(column, value === 'true'));
    } else if (field.kind === 'reference' || field.kind === 'integer' || field.kind === 'money') {
      if (ROW_ID.test(value)) conditions.push(eq(column, Number(value)));
    } else {
      conditions.push(eq(column, value));
    }
  }

  const branch = first(params, 'branch_id');
  if (resource.spec.branchScoped && branch && ROW_ID.test(branch)) {
    conditions.push(eq(columnOf(resource, 'branch_id'), Number(branch)));
  }
  return and(...conditions);
}

/**
 * Rows of branches outside the scope do not exist for this user; nor do the rows nested under such a row
 * (a client's medications and contacts follow the client's branch), however deep the nesting.
 */
export function scopeCondition(resource: Resource, scope: BranchScope): SQL | undefined {
  if (scope === 'all') return undefined;
  // A branch-scoped declaration's rows follow their branch (clients: care-records' rule of who sees a client builds on this).
  if (resource.spec.branchScoped) return branchVisible(scope, columnOf(resource, 'branch_id'));
  const parent = resource.parent;
  const parentScope = parent ? scopeCondition(parent.resource, scope) : undefined;
  if (!parent || !parentScope) return undefined;
  const parentId = columnOf(parent.resource, 'id');
  return sql`${columnOf(resource, parent.key)} in (select ${parentId} from ${parent.resource.table} where ${parentScope})`;
}

/**
 * The branch rule on any branch column: nothing to check for 'all' (undefined), false for a scope without a
 * branch, else the column in the scope's branches. Every branch-scoped row of every area is judged by it.
 */
export function branchVisible(scope: BranchScope, branchColumn: PgColumn): SQL | undefined {
  if (scope === 'all') return undefined;
  if (scope.length === 0) return sql`false`;
  // Written in, not sent: how many rows a viewer's branches hold steers a plan (db/literals.ts).
  return sql`${branchColumn} in (${literalIds(scope)})`;
}
