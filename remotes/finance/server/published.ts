import * as v from 'valibot';
import { pageSchema, schemaOf, type AreaPublications } from '@hcm/server/platform';
import { BilledVisitSchema, type InvoiceRow } from '../contract/invoicing.js';

// What other areas may read of finance (server/src/modules/contracts.ts): the routes they call, with their answers'
// schemas, which are the routes' own answer types. Changing a published answer's fields, types or nullability
// steps `version` up and is recorded in ./published.json (`npm run contracts:publish`).

export const financePublications: AreaPublications = {
  version: 1,
  routes: [
    {
      method: 'GET',
      path: '/finance/billed-visits',
      answer: v.array(BilledVisitSchema),
      meaning:
        'Which of the asked visits (?ids, at most 1,000) are on a live invoice, by visit id, with the invoice: such a visit may not change until finance credits it (finance.view, visits.edit or visits.correct). A visit on no live invoice is not in the answer.',
    },
    {
      method: 'GET',
      path: '/finance/invoices',
      // The part of the list's rows others may read (the office's assistant, quality-audits).
      answer: pageSchema(
        schemaOf<InvoiceRow>()(
          v.object({
            id: v.number(),
            number: v.string(),
            branch_id: v.number(),
            branch: v.string(),
            payer_name: v.string(),
            issue_date: v.string(),
            due_date: v.string(),
            total_pence: v.number(),
            outstanding_pence: v.number(),
            status: v.string(),
          }),
        ),
      ),
      meaning:
        "A page of the invoices raised in the caller's branches (finance.view), amounts in pence; outstanding is total less credited and paid. status: posted, sent, part-paid, paid or void. ?status, ?from, ?to (issue day), ?branch_id, ?search, ?payer_kind, ?funder_code_id, ?client_id narrow it.",
    },
  ],
};
