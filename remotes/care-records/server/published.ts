import type { AreaPublications } from '@hcm/server/platform';
import { careIncidents, clientDocuments, clientDocumentVersions, clientPreExitTable, clientsTable, familyFeedback, logBookAudits, marAdministrations, marAudits, moneyAudits } from './tables.js';

// What other areas may read of the care records (server/src/modules/contracts.ts): the clients, the ending of
// their care, their record documents, the office's audits of their records and what carers report from visits,
// each table's columns other areas read today and no more. Changing a published column's name, type or
// nullability steps `version` up and is recorded in ./published.json (`npm run contracts:publish`); the other
// columns stay this area's to change.

export const careRecordsPublications: AreaPublications = {
  version: 1,
  readModels: [
    {
      table: clientsTable,
      columns: [
        'id',
        'branch_id',
        'first_name',
        'last_name',
        'nhs_number',
        'local_authority_id',
        'status',
        'service_type',
        'address_line_1',
        'town',
        'postcode',
        'care_needs',
        'start_date',
        'end_date',
        'deleted_at',
      ],
      meaning:
        "A person receiving care, in one branch. status: active, in-hospital, paused, ended or deceased; service_type domiciliary or supported-living; care from start_date to end_date (null: no end set). nhs_number is stored as '943 476 5919'; local_authority_id is '' when the council gave none. deleted_at set: removed, not to be listed or offered. Personal data: a reader shows it only to users who may see the client's branch.",
    },
    {
      table: clientPreExitTable,
      columns: ['id', 'client_id', 'reason', 'deleted_at'],
      meaning:
        "The ending of a client's care. reason: residential-nursing-care, moved-out-of-area, family-taking-over, funding-ended, hospital-long-term, deceased, client-choice or other. deleted_at set: withdrawn, not to be counted.",
    },
    {
      table: clientDocuments,
      columns: ['id', 'owner_id', 'kind', 'status', 'version', 'review_date', 'signed_off_version', 'created_at', 'updated_at'],
      meaning:
        "A record document of a client's care record (owner_id is clients.id), kept by the platform's document engine: kind is its declaration's name, status draft, active or archived (archived: kept, read-only, no longer current), version the current version's number, review_date the UK day its review is due (null: none), signed_off_version the version last signed off (null: never).",
    },
    {
      table: clientDocumentVersions,
      columns: ['id', 'document_id', 'version', 'content', 'results'],
      meaning:
        "Every save of a client document, whole and never changed: the current one is the row whose version is its document's version. content holds the answers keyed by the declaration's question keys (clinical and safeguarding answers included: a reader must withhold them from users without clients.clinical.view or clients.safeguarding.view); results the declaration's computed results as worked out when saved.",
    },
    {
      table: marAdministrations,
      columns: ['client_id', 'chart_date', 'superseded_at'],
      meaning:
        "One dose recorded on a client's MAR chart, on the UK day chart_date. Never updated but to be superseded by a correction: only rows with superseded_at null are current, so a reader counts those alone.",
    },
    {
      table: marAudits,
      columns: ['id', 'client_id', 'month', 'audited_on', 'auditor_id', 'outcome'],
      meaning:
        "The office's audit of a client's MAR for a month ('YYYY-MM'), done on audited_on by the user auditor_id. outcome: satisfactory, actions (actions needed) or concern (serious concern, escalated).",
    },
    {
      table: logBookAudits,
      columns: ['id', 'client_id', 'month', 'auditor_name', 'created_at', 'outcome'],
      meaning:
        "The office's monthly audit ('YYYY-MM') of a client's communication log book, saved at created_at by auditor_name. outcome: satisfactory, minor-issues (put right) or action-required.",
    },
    {
      table: moneyAudits,
      columns: ['id', 'client_id', 'period_from', 'period_to', 'auditor_name', 'created_at', 'receipts_present', 'outcome'],
      meaning:
        "The office's audit of the money carers handle for a client over period_from to period_to, saved at created_at by auditor_name; receipts_present: every spend had its receipt. outcome: balanced, explained (difference found and explained) or unexplained (to be raised as a safeguarding concern).",
    },
    {
      table: careIncidents,
      columns: ['client_id', 'kind', 'happened_at'],
      meaning:
        'An incident a carer reported from a visit, at happened_at by the device clock. kind: fall, hazard, injury, safeguarding-concern, behaviour, property-damage, near-miss or other. Never deleted.',
    },
    {
      table: familyFeedback,
      columns: ['client_id', 'kind', 'recorded_at'],
      meaning: "What a client's family told a carer, at recorded_at by the device clock. kind: comment, complaint, compliment or concern. Never deleted.",
    },
  ],
};
