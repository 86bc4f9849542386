import * as v from 'valibot';
import { defineResource, objectMessage, optionalBic, requiredText, sortCode } from '@hcm/contract/engine';

/** UK banks, picked from for staff bank details and direct debits. A fixed list: shown, not edited. */
export const banks = defineResource({
  name: 'banks',
  title: 'Banks',
  singular: 'bank',
  schema: v.strictObject(
    {
      name: requiredText('Name', 120),
      sort_code: sortCode('Sort code'),
      bic: optionalBic('BIC'),
    },
    objectMessage('bank'),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true, unique: true },
    sort_code: { label: 'Sort code', kind: 'text', hint: 'One of the bank’s sort codes, as NN-NN-NN', column: true, sortable: true, searchable: true },
    bic: { label: 'BIC', kind: 'text', hint: 'SWIFT code, e.g. BARCGB22', column: true, searchable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  operations: [],
  deletion: 'soft',
});
