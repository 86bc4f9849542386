import * as v from 'valibot';
import { pageSchema, schemaOf, type AreaPublications } from '@hcm/server/platform';
import type { FamilyFeedbackRow, IncidentRow } from '../contract/live-incidents.js';
import { CareSheetSchema } from '../contract/live-medication.js';
import { ClientBillingSchema, ClientPlaceSchema } from './billing/billing-profiles.js';
import { RotaProfileSchema } from './rota-profiles.js';
import { CARE_EVENTS } from './episodes/events.js';
import { REVIEW_EVENTS } from './live-events/reviews/review-due.js';
import { careIncidents, clientDocuments, clientDocumentVersions, clientPreExitTable, clientsTable, familyFeedback, logBookAudits, marAdministrations, marAudits, moneyAudits } from './tables.js';

// What other areas may read of the care records (server/src/modules/contracts.ts): the clients, the ending of
// their care, their record documents, the office's audits of their records and what carers report from visits,
// each table's columns other areas read today and no more. Changing a published column's name, type or
// nullability steps `version` up and is recorded in ./published.json (`npm run contracts:publish`); the other
// columns stay this area's to change.

export const careRecordsPublications: AreaPublications = {
  version: 3,
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
  // The routes other areas call (as the signed-in user or device: these routes' permissions, branch rules and
  // audit apply), with their answers' schemas, which are the routes' own answer types.
  routes: [
    {
      method: 'GET',
      path: '/clients/rota-profiles',
      answer: v.array(RotaProfileSchema),
      meaning:
        "The clients of the caller's branches as a rota plans for them (clients.view or scheduler.view), removed ones left out; ?ids (at most 1,000) and ?branch_id=1,2 narrow it. From the latest staff-preference document the gender preference ('none' without one), carers wanted and declined by name, continuity; the support plan's tasks. Each read of that content is audited as a view of the client's rota profile; ?content=0 reads names, branches, statuses and postcodes only (the rest at their defaults), unaudited.",
    },
    {
      method: 'GET',
      path: '/clients/billing-profiles',
      answer: v.array(ClientBillingSchema),
      meaning:
        "How invoices name and address the clients of the caller's branches (finance.view or export.run), removed clients included; ?ids and ?branch_id narrow it. address: one line per address line. Each client answered is audited as a view of the client.",
    },
    {
      method: 'GET',
      path: '/clients/billing-profiles',
      query: { fields: 'postcode' },
      answer: v.array(ClientPlaceSchema),
      meaning: 'Only where the clients of the caller\'s branches live, for travel between visits (also to payroll.view), removed clients included; not audited.',
    },
    {
      method: 'GET',
      path: '/carer-app/clients/:clientId/care',
      answer: CareSheetSchema,
      meaning:
        "A device's care sheet of a client its carer visits from yesterday to tomorrow (404 otherwise): name, allergies, address and postcode, key facts (that there is a key safe and where, only with clients.key-safe.view; never its code), calls, today's and tomorrow's doses, PRN medicines with the doses given in the last 24 hours, and the active MAR outcome codes. Each read is audited as a view of the client.",
    },
    // The lists the office's assistant reads (quality-audits): the part of their rows others may read.
    {
      method: 'GET',
      path: '/clients',
      answer: pageSchema(
        v.object({ id: v.number(), branch_id: v.number(), first_name: v.string(), last_name: v.string(), status: v.string(), town: v.string(), postcode: v.string(), start_date: v.string() }),
      ),
      meaning:
        "A page of the clients resource (the resource engine's, clients.view): the clients of the caller's branches, removed ones left out; ?search (name, NHS number, town, postcode), ?status, ?branch_id narrow it. status: active, in-hospital, paused, ended or deceased; start_date the UK day care began.",
    },
    {
      method: 'GET',
      path: '/live-events/incidents',
      answer: pageSchema(
        schemaOf<IncidentRow>()(
          v.object({
            id: v.number(),
            client_id: v.number(),
            client_name: v.string(),
            branch_id: v.nullable(v.number()),
            carer_name: v.string(),
            kind: v.string(),
            happened_at: v.string(),
            description: v.string(),
            state: v.string(),
          }),
        ),
      ),
      meaning:
        "A page of the incidents carers reported from visits to the clients of the caller's branches (clients.view), newest first; each page read is audited as views of those clients. kind: fall, hazard, injury, safeguarding-concern, behaviour, property-damage, near-miss or other; state open until the office reviews it. ?kind, ?state, ?from, ?to, ?branch_id narrow it.",
    },
    {
      method: 'GET',
      path: '/live-events/family-feedback',
      answer: pageSchema(
        schemaOf<FamilyFeedbackRow>()(
          v.object({
            id: v.number(),
            client_id: v.number(),
            client_name: v.string(),
            branch_id: v.nullable(v.number()),
            from: v.string(),
            kind: v.string(),
            text: v.string(),
            recorded_at: v.string(),
            state: v.string(),
          }),
        ),
      ),
      meaning:
        "A page of what clients' families told carers (clients.view), newest first; each page read is audited as views of those clients. kind: comment, complaint, compliment or concern; state open until the office acknowledges it. ?kind, ?state, ?from, ?to, ?branch_id narrow it.",
    },
    {
      method: 'GET',
      path: '/clients/export.csv',
      answer: v.string(),
      meaning:
        "The clients resource's CSV export (the resource engine's, clients.view): a header row of column labels, then the rows of the caller's branches the list's filters hold (?branch_id…), cells as people read them, formulas defused.",
    },
  ],
  // Events written with the change (server/src/events/outbox.ts): a client's calls paused for a hospital stay,
  // resumed after it, or their care ended; and, from a job, a care plan or assessment falling due for review.
  events: [...CARE_EVENTS, ...REVIEW_EVENTS],
};
