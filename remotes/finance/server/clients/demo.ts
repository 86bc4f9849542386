import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '@hcm/server/platform';
import { clientsRead, funderCodesRead, visitTemplatesRead } from '../read-models.js';
import { clientFunding } from './tables.js';

// The demo's funding: every council-funded client (their rota template's funder, seeded by the scheduler just
// before) has the council's purchase order and reference; private clients a billing name and address.

export async function seedDemoFunding(tx: Transaction): Promise<void> {
  const rows = await tx
    .selectDistinctOn([clientsRead.id], {
      id: clientsRead.id,
      first_name: clientsRead.first_name,
      last_name: clientsRead.last_name,
      local_authority_id: clientsRead.local_authority_id,
      address_line_1: clientsRead.address_line_1,
      town: clientsRead.town,
      postcode: clientsRead.postcode,
      funder_code_id: funderCodesRead.id,
      code: funderCodesRead.code,
      funder_type: funderCodesRead.funder_type,
    })
    .from(clientsRead)
    .innerJoin(visitTemplatesRead, eq(visitTemplatesRead.client_id, clientsRead.id))
    .innerJoin(funderCodesRead, eq(funderCodesRead.id, visitTemplatesRead.funder_code_id))
    .where(and(isNull(clientsRead.deleted_at), isNull(funderCodesRead.deleted_at)))
    .orderBy(clientsRead.id);
  const values = rows.flatMap((row, index): (typeof clientFunding.$inferInsert)[] => {
    if (row.funder_type === 'local-authority') {
      const reference = row.local_authority_id?.trim() || `${row.code}-${String(40_000 + row.id * 37).padStart(6, '0')}`;
      return [{ client_id: row.id, funder_code_id: row.funder_code_id, purchase_order: `PO-${row.code}-2026-${String(101 + index).padStart(4, '0')}`, council_reference: reference, notes: 'Care package commissioned by the council; quote the purchase order on every invoice.' }];
    }
    if (row.funder_type === 'private') {
      return [{ client_id: row.id, funder_code_id: row.funder_code_id, billing_name: `${row.first_name} ${row.last_name}`, billing_address: [row.address_line_1, row.town, row.postcode].join('\n'), notes: 'Pays by bank transfer.' }];
    }
    return [];
  });
  if (values.length) await tx.insert(clientFunding).values(values);
}
