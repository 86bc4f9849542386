import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './client.js';

type Works<Results extends readonly unknown[]> = { readonly [Index in keyof Results]: () => Promise<Results[Index]> };

/**
 * Runs independent reads side by side on the pool, and one after another when `db` is a transaction: its one
 * connection takes a statement at a time (pg 8 warns of more, pg 9 refuses them), and code that reads for a screen
 * is also called inside a transaction (generation, the demo's seed). Answers the results in the works' order.
 */
export async function sideBySide<Results extends readonly unknown[]>(db: Database | Transaction, works: Works<Results>): Promise<Results> {
  if (!is(db, PgTransaction)) return (await Promise.all(works.map((work) => work()))) as unknown as Results;
  const results: unknown[] = [];
  for (const work of works) results.push(await work());
  return results as unknown as Results;
}
