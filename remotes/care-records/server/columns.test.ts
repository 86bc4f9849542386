import assert from 'node:assert/strict';
import { test } from 'node:test';
import { defineResource, requiredText } from '@hcm/contract/engine';
import * as v from 'valibot';
import { clientColumns, clientsTable } from './columns.js';
import { declaredColumns } from '@hcm/server/platform';

test('hand-written queries read the care records\' columns by their declared names, checked by the compiler', () => {
  assert.equal(clientColumns.first_name, (clientsTable as unknown as Record<string, unknown>).first_name);
  // @ts-expect-error a field the declaration does not have (a rename or a typo) does not compile
  assert.equal(clientColumns.firstname, undefined);
});

test('a declaration whose field has no column in the table stops the start-up', () => {
  const renamed = defineResource({
    name: 'clients',
    title: 'Clients',
    singular: 'client',
    schema: v.strictObject({ given_name: requiredText('Given name') }),
    fields: { given_name: { label: 'Given name', kind: 'text' } },
    labelField: 'given_name',
    defaultSort: { field: 'given_name', mode: 'asc' },
    permissions: { view: 'clients.view', create: 'clients.create', edit: 'clients.edit', delete: 'clients.delete' },
    deletion: 'soft',
  });
  assert.throws(() => declaredColumns(clientsTable, renamed), /The clients table has no column for its field "given_name"/);
});
