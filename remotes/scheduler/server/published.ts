import * as v from 'valibot';
import { countedPageSchema, pageSchema, schemaOf, type AreaPublications } from '@hcm/server/platform';
import { BillableVisitSchema, CarerWorkedVisitsSchema } from '../contract/billing.js';
import { CarerClientsSchema, type LiveVisitRow } from '../contract/live-device.js';
import type { AlertRow } from '../contract/live-engine.js';
import type { VisitRow } from '../contract/visits.js';
import { branchLiveSettings } from './live/tables.js';
import { visitCarers, visits, visitTemplates } from './tables.js';
import { VISIT_EVENTS } from './visits/events.js';

// What other areas may read of the scheduler (server/src/modules/contracts.ts): the visits, who is on them, a
// branch's live thresholds and clients' rota templates. Changing a published column's name, type or nullability steps `version` up and is
// recorded in ./published.json (`npm run contracts:publish`); the other columns stay the scheduler's to change.

export const schedulerPublications: AreaPublications = {
  version: 2,
  readModels: [
    {
      table: visits,
      columns: [
        'id',
        'branch_id',
        'client_id',
        'visit_date',
        'planned_start',
        'planned_end',
        'carers_needed',
        'status',
        'requires_medication',
        'funder_code_id',
        'cancel_reason',
        'actual_start',
        'actual_end',
        'confirmation',
      ],
      meaning:
        'One planned visit to a client on a UK day (visit_date) between two instants. status: unassigned, assigned, in-progress, completed, missed or cancelled (cancelled visits keep cancel_reason). actual_start/actual_end come from check-in and check-out; only confirmation = confirmed reaches pay and invoices.',
    },
    {
      table: visitCarers,
      columns: ['visit_id', 'position', 'carer_id'],
      meaning: "The carers on a visit: position 1, and 2 on a double-up; carer_id is workforce's carers.id. A visit without a row here has nobody yet.",
    },
    {
      table: branchLiveSettings,
      columns: ['branch_id', 'punctuality_window_minutes'],
      meaning: "A branch's live thresholds; no row means the scheduler's defaults (a 15-minute punctuality window).",
    },
    {
      table: visitTemplates,
      columns: ['client_id', 'funder_code_id'],
      meaning:
        "A client's repeating weekly pattern of visits, from which visits are generated; a client may have several (inactive or ended ones included). funder_code_id is reference data's funder_codes.id paying for its visits, null when not set.",
    },
  ],
  // The events it writes with a visit's change (./visits/events.ts): carers, times, status or confirmation.
  events: VISIT_EVENTS,
  // The routes other areas call (as the signed-in user or device: these routes' permissions and branch rules
  // apply), with their answers' schemas, which are the routes' own answer types.
  routes: [
    {
      method: 'GET',
      path: '/visits/billing',
      answer: v.array(BillableVisitSchema),
      meaning:
        "The visits of the caller's branches planned from ?from to ?to (UK days, at most 93 of them; finance.view or payroll.view), every status, with their carers in position order; ?branch_id, ?funder_code_id and ?client_id (ids by commas) narrow it. Only auto-confirmed and confirmed visits reach invoices; chargeable_miles: the first carer's road miles from their previous visit that day, 0 for the day's first or when unknown.",
    },
    {
      method: 'GET',
      path: '/visits/worked',
      answer: v.array(CarerWorkedVisitsSchema),
      meaning:
        "Each carer's confirmed (auto-confirmed or confirmed) visits from ?from to ?to (UK days, at most 93 of them; payroll.view) in time order, actual times when checked in and out (else planned), with travel minutes and miles from the previous one that day (null for the day's first); ?branch_id and ?carer_ids narrow it.",
    },
    {
      method: 'GET',
      path: '/carer-app/clients',
      answer: CarerClientsSchema,
      meaning: "For a carer's device: the clients the carer visits from yesterday to tomorrow (UK days), and those visits. 403 for an account without a carer record or a browser session.",
    },
    // The visit lists the office's assistant reads (quality-audits): the part of their rows others may read.
    {
      method: 'GET',
      path: '/visits',
      answer: countedPageSchema(
        schemaOf<VisitRow>()(
          v.object({
            id: v.number(),
            branch_id: v.number(),
            branch: v.string(),
            client_id: v.number(),
            client_name: v.string(),
            date: v.string(),
            start_time: v.string(),
            end_time: v.string(),
            actual_start: v.nullable(v.string()),
            actual_end: v.nullable(v.string()),
            carers: v.array(v.object({ carer_id: v.number(), name: v.string(), position: v.number() })),
            status: v.string(),
          }),
        ),
      ),
      meaning:
        "A page of the visits of the caller's branches (visits.view or scheduler.view), filtered by ?from, ?to, ?branch_id, ?client_id, ?carer_id, ?status, ?search. total counts up to 10,000 visits: beyond, it is 10,000 and more is true. date and start_time/end_time: the planned UK day and times of day; actual_start/actual_end: check-in and check-out as UK times of day, null before; carers by position.",
    },
    {
      method: 'GET',
      path: '/live/visits',
      answer: pageSchema(
        schemaOf<LiveVisitRow>()(
          v.object({
            id: v.number(),
            branch_id: v.number(),
            client_id: v.number(),
            client_name: v.string(),
            carer_names: v.array(v.string()),
            start_time: v.string(),
            end_time: v.string(),
            status: v.string(),
            check_in_at: v.nullable(v.string()),
            punctual: v.nullable(v.boolean()),
            on_site: v.nullable(v.boolean()),
          }),
        ),
      ),
      meaning:
        "A page of one UK day's visits (?date, today by default; visits.view) as they happen, cancelled ones left out unless ?state asks: check-in instant, and whether the carer was punctual and on site (null before a check). ?flag=not-punctual|not-on-site, ?branch_id, ?carer_id narrow it.",
    },
    {
      method: 'GET',
      path: '/live/alerts',
      answer: pageSchema(
        schemaOf<AlertRow>()(
          v.object({
            id: v.number(),
            branch_id: v.number(),
            kind_label: v.string(),
            state_label: v.string(),
            visit_id: v.nullable(v.number()),
            client_name: v.nullable(v.string()),
            carer_name: v.nullable(v.string()),
            planned_start: v.nullable(v.string()),
            raised_at: v.string(),
            arrived_at: v.nullable(v.string()),
          }),
        ),
      ),
      meaning:
        "A page of visit monitoring's alerts (visits.view), newest first: late, time-critical late and missed visits, and carers' support requests, with their state; a support request has no visit (nulls). ?kind, ?state (active: open or acknowledged), ?branch_id, ?date narrow it.",
    },
  ],
};
