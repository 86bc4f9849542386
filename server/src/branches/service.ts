import type { Page, SortMode } from '@hcm/contract';
import { BRANCH_SORTABLE, type Branch, type BranchSortColumn, type BranchValues } from '@hcm/contract/schemas';
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { branches, type BranchRow } from '../db/schema.js';
import { pageOf, pageOffset, parsePaging, queryParam, type Paging } from '../http/paging.js';
import { clock } from '@hcm/contract/time';

export type BranchListQuery = Paging & {
  sort: BranchSortColumn;
  mode: SortMode;
  search: string;
};

const SORT_COLUMNS = {
  name: branches.name,
  code: branches.code,
  type: branches.type,
  town: branches.town,
  postcode: branches.postcode,
  active: branches.active,
  created_at: branches.created_at,
} satisfies Record<BranchSortColumn, unknown>;

/** Thrown when another branch already uses the code (the column is unique). */
export class DuplicateBranchCodeError extends Error {
  constructor(code: string) {
    super(`A branch with code ${code} already exists.`);
  }
}

/**
 * Reads ?page=&page_size=&sort=&mode=&search= leniently: a value that makes no sense falls back to the
 * default instead of failing the list, and page_size is capped so one request cannot ask for everything.
 */
export function parseBranchListQuery(query: unknown): BranchListQuery {
  const first = (name: string): string | undefined => queryParam(query, name);
  const sort = first('sort');
  return {
    ...parsePaging(query),
    sort: (BRANCH_SORTABLE as readonly string[]).includes(sort ?? '') ? (sort as BranchSortColumn) : 'name',
    mode: first('mode')?.toLowerCase() === 'desc' ? 'desc' : 'asc',
    search: (first('search') ?? '').slice(0, 100),
  };
}

export async function listBranches(db: Database, query: BranchListQuery): Promise<Page<Branch>> {
  const where = searchCondition(query.search);
  const order = query.mode === 'desc' ? desc : asc;
  const rows = await db
    .select()
    .from(branches)
    .where(where)
    // id breaks ties so pages never overlap or skip rows when sort values repeat.
    .orderBy(order(SORT_COLUMNS[query.sort]), order(branches.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(branches)
    .where(where);
  return pageOf(rows.map(toBranch), total, query);
}

export async function findBranch(db: Database | Transaction, id: number): Promise<Branch | null> {
  const [row] = await db.select().from(branches).where(eq(branches.id, id));
  return row ? toBranch(row) : null;
}

export async function createBranch(db: Database | Transaction, values: BranchValues): Promise<Branch> {
  await assertCodeFree(db, values.code);
  try {
    const [row] = await db.insert(branches).values(values).returning();
    return toBranch(row!);
  } catch (error) {
    throw uniqueViolation(error) ? new DuplicateBranchCodeError(values.code) : error;
  }
}

/** Replaces a branch's fields; null when there is no such branch. */
export async function updateBranch(db: Database | Transaction, id: number, values: BranchValues): Promise<Branch | null> {
  if (!(await findBranch(db, id))) return null;
  await assertCodeFree(db, values.code, id);
  try {
    const [row] = await db
      .update(branches)
      .set({ ...values, updated_at: clock.now() })
      .where(eq(branches.id, id))
      .returning();
    return row ? toBranch(row) : null;
  } catch (error) {
    throw uniqueViolation(error) ? new DuplicateBranchCodeError(values.code) : error;
  }
}

/** Case-insensitive substring match on name, code, town and postcode. */
function searchCondition(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
  return or(
    ilike(branches.name, pattern),
    ilike(branches.code, pattern),
    ilike(branches.town, pattern),
    ilike(branches.postcode, pattern),
  );
}

// Checked first for a clear answer; the unique index still decides when two requests race.
async function assertCodeFree(db: Database | Transaction, code: string, exceptId?: number): Promise<void> {
  const [clash] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.code, code), exceptId === undefined ? undefined : ne(branches.id, exceptId)));
  if (clash) throw new DuplicateBranchCodeError(code);
}

function uniqueViolation(error: unknown): boolean {
  // drizzle wraps the driver's error; PostgreSQL's code for a unique violation is 23505.
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A row as the API answers it: the contract's Branch, dates as ISO strings. */
export function toBranch(row: BranchRow): Branch {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}
