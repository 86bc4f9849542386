import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '@hcm/server/platform';
import { numberSequences } from './tables.js';

// Gap-free numbers per series and fiscal year. The sequence row is created if missing, then locked FOR UPDATE for
// the rest of the posting transaction: a second run in the same year waits, then continues after the first's
// numbers; a run that rolls back never took any, so no number is ever skipped.

export type Series = 'invoice' | 'credit-note';
const PREFIX: Record<Series, string> = { invoice: 'INV', 'credit-note': 'CN' };

/** 'INV-2026-27-000001'. */
export function formatNumber(series: Series, fiscalYear: string, sequence: number): string {
  return `${PREFIX[series]}-${fiscalYear}-${String(sequence).padStart(6, '0')}`;
}

/** Takes `count` numbers of the series in the fiscal year; returns the first (the rest follow it). */
export async function takeNumbers(tx: Transaction, series: Series, fiscalYear: string, count: number): Promise<number> {
  await tx.insert(numberSequences).values({ series, fiscal_year: fiscalYear, last_number: 0 }).onConflictDoNothing();
  const where = and(eq(numberSequences.series, series), eq(numberSequences.fiscal_year, fiscalYear));
  const [row] = await tx.select({ last: numberSequences.last_number }).from(numberSequences).where(where).for('update');
  const first = row!.last + 1;
  await tx
    .update(numberSequences)
    .set({ last_number: sql`${numberSequences.last_number} + ${count}` })
    .where(where);
  return first;
}
