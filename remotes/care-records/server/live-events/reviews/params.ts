import { isCalendarDate } from '@hcm/contract/engine';
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { queryParam } from '@hcm/server/platform';

// The query of the reviews' live lists (?branch_id=&client_id=&from=&to=&sort=&mode=, and each list's own):
// read strictly, so a filter that makes no sense is a 422 on its name rather than a silently wider list.

export type Sorting = { sort?: string; mode?: string };

export class QueryReader {
  readonly errors: Record<string, string[]> = {};
  constructor(private readonly query: unknown) {}

  text(name: string): string | undefined {
    return queryParam(this.query, name) || undefined;
  }

  /** One of the allowed values, or undefined when absent. */
  choice<T extends string>(name: string, allowed: readonly T[], message: string): T | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.errors[name] = [message];
    return undefined;
  }

  id(name: string, message: string): number | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (/^[1-9]\d{0,9}$/.test(value) && Number(value) < 2_147_483_647) return Number(value);
    this.errors[name] = [message];
    return undefined;
  }

  day(name: string): string | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (isCalendarDate(value)) return value;
    this.errors[name] = ['Choose a date like 2026-03-01.'];
    return undefined;
  }

  whole(name: string, min: number, max: number, message: string): number | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (/^\d{1,4}$/.test(value) && Number(value) >= min && Number(value) <= max) return Number(value);
    this.errors[name] = [message];
    return undefined;
  }

  sorting(): Sorting {
    return { sort: this.text('sort'), mode: this.text('mode') };
  }

  get failed(): boolean {
    return Object.keys(this.errors).length > 0;
  }
}

/** The order by a whitelisted column (ties broken by the default order), else the default order. */
export function orderOf(sorting: Sorting, columns: Record<string, SQL>, fallback: SQL[]): SQL[] {
  const column = sorting.sort ? columns[sorting.sort] : undefined;
  if (!column) return fallback;
  return [sorting.mode === 'desc' ? sql`${desc(column)} nulls last` : sql`${asc(column)} nulls last`, ...fallback];
}

/** Rows of db.execute from either driver (PGlite and node-postgres both answer { rows }). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
