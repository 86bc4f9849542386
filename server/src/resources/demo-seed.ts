import { tableNameOf, type DemoRows, type ResourceSpec } from '@hcm/contract/engine';
import { asc, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Transaction } from '../db/client.js';
import { branches } from '../db/schema.js';
import type { ResourceTable } from './tables.js';

// Demo rows of declared resources, seeded by each area's module into empty tables. Each row goes through its
// declaration's schema, so a seed can never hold a row the API would refuse.

/** A seed row as its declaration's schema outputs it (defaults filled), with an empty date as NULL. */
export function storable(spec: ResourceSpec, input: Record<string, unknown>): Record<string, unknown> {
  const output = v.parse(spec.schema, input) as Record<string, unknown>;
  for (const [key, field] of Object.entries(spec.fields)) if (field.kind === 'date' && output[key] === '') output[key] = null;
  return output;
}

/**
 * Seeds `rows` in the order of `specs`. A reference field holds the 1-based position of the referenced row:
 * among the rows seeded here, or, for a resource seeded earlier (another area's, or `seeded`), among its table's
 * rows in id order. A branch-scoped row's branch_id is the position of a branch in id order (the demo branches).
 */
export async function seedDemoRows(
  tx: Transaction,
  specs: readonly ResourceSpec[],
  rows: DemoRows,
  tables: Record<string, ResourceTable>,
  seeded: ReadonlyMap<string, number[]> = new Map(),
): Promise<void> {
  const idsByResource = new Map(seeded);
  const idsOf = async (resource: string): Promise<number[]> => {
    if (!idsByResource.has(resource)) {
      const found = (await tx.execute(sql`select id from ${sql.identifier(tableNameOf({ name: resource }))} order by id`)) as unknown as { rows: { id: number }[] };
      idsByResource.set(resource, found.rows.map((row) => Number(row.id)));
    }
    return idsByResource.get(resource)!;
  };
  const branchIds = (await tx.select({ id: branches.id }).from(branches).orderBy(asc(branches.id))).map((row) => row.id);
  for (const spec of specs) {
    const specRows = rows[spec.name];
    if (!specRows?.length) continue;
    const resolved: Record<string, unknown>[] = [];
    for (const row of specRows) {
      const { branch_id: branchPosition, ...copy } = row;
      const branchId = spec.branchScoped ? branchIds[Number(branchPosition) - 1] : undefined;
      if (spec.branchScoped && branchId === undefined) throw new Error(`Demo ${spec.name} row names branch #${String(branchPosition)}, which does not exist.`);
      for (const [key, field] of Object.entries(spec.fields)) {
        const target = field.kind === 'reference' ? field.references?.resource : undefined;
        if (!target || copy[key] === undefined || copy[key] === null) continue;
        const id = (await idsOf(target))[Number(copy[key]) - 1];
        if (id === undefined) throw new Error(`Demo ${spec.name} row refers to ${target} #${String(copy[key])}, which has no demo row.`);
        copy[key] = id;
      }
      resolved.push(branchId === undefined ? storable(spec, copy) : { ...storable(spec, copy), branch_id: branchId });
    }
    const table = tables[spec.name]!;
    const inserted = await tx.insert(table).values(resolved).returning({ id: table.id });
    idsByResource.set(spec.name, inserted.map((row) => Number(row.id)));
  }
}
