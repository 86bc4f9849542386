import { sql, type SQL } from 'drizzle-orm';

// Values written into a statement rather than sent as parameters, for the statements worth keeping prepared
// (db/client.ts, prepareRepeatedStatements). A prepared statement is planned once for whatever its parameters
// hold; where a parameter steers the plan (how many rows a period or a page holds) PostgreSQL must guess, and its
// guess for a week of visits was 3 rows of 8,000: it sorted the whole week where walking it in order stops after
// a page. So statements with such parameters are planned on every run, unless they say these values as literals:
// each distinct period or page size is then a statement of its own, planned once for what it really holds.
// Each value is checked before it is written: nothing a request sends reaches the text unchecked.

/** A whole number (a page's size, its offset, a count's cap). */
export function literalCount(count: number): SQL {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`Not a count: ${count}`);
  return sql.raw(String(count));
}

/** Whole numbers, comma-separated, for `in (…)`: ids the server chose (a viewer's branches), never many. */
export function literalIds(ids: readonly number[]): SQL {
  if (ids.length === 0) throw new RangeError('No ids.');
  for (const id of ids) if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`Not an id: ${id}`);
  return sql.raw(ids.join(', '));
}

/** A calendar day, 'YYYY-MM-DD'. */
export function literalDay(day: string): SQL {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`Not a day: ${day}`);
  return sql.raw(`'${day}'::date`);
}

/** An instant. */
export function literalInstant(at: Date): SQL {
  if (Number.isNaN(at.getTime())) throw new RangeError('Not an instant.');
  return sql.raw(`'${at.toISOString()}'::timestamptz`);
}

/**
 * A value PostgreSQL learns only when it runs the statement (a sub-select of the parameter: an InitPlan), so the plan
 * is made without it and the statement stays prepared even where the value is one side of a range or a pattern. For
 * values that change how far a plan reads or what it keeps, never its shape: "now" against a partial index read in
 * order (planning was about half of such a statement's cost), a search's pattern against a few branches' names (the
 * plan made without the pattern was as quick for a name, a postcode district and a single letter; server README,
 * "Prepared statements"). An instant is a timestamptz, a string text.
 */
export function runTimeValue(value: Date | string): SQL {
  if (typeof value === 'string') return sql`(select ${value}::text)`;
  if (Number.isNaN(value.getTime())) throw new RangeError('Not an instant.');
  return sql`(select ${value.toISOString()}::timestamptz)`;
}
