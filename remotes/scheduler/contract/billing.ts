import * as v from 'valibot';
import { CONFIRMATION_STATES } from './live.js';
import { VISIT_STATUSES } from './visits.js';

// What the scheduler answers finance (GET /api/v1/visits/billing and /visits/worked): visits as invoices and pay
// read them. Published to other areas (server/published.ts) with these schemas, which are the answers' types;
// finance declares its own schema of what it reads (areas never share code), checked against these at start-up.

/** A visit as invoices read it. Instants are ISO strings. */
export const BillableVisitSchema = v.object({
  id: v.number(),
  branch_id: v.number(),
  client_id: v.number(),
  funder_code_id: v.nullable(v.number()),
  /** The planned day (UK). */
  visit_date: v.string(),
  planned_start: v.string(),
  planned_end: v.string(),
  actual_start: v.nullable(v.string()),
  actual_end: v.nullable(v.string()),
  carers_needed: v.number(),
  /** In position order (the first carer first). */
  carer_ids: v.array(v.number()),
  status: v.picklist(VISIT_STATUSES.map((status) => status.value)),
  /** Only 'auto-confirmed' and 'confirmed' visits reach invoices and pay. */
  confirmation: v.picklist(CONFIRMATION_STATES),
  cancelled_at: v.nullable(v.string()),
  cancel_chargeable: v.boolean(),
  /** Why it was cancelled (CANCEL_REASONS: a stay in hospital is not the client calling off late); null when it was not. */
  cancel_reason: v.nullable(v.string()),
  /** When it was booked (a call booked shortly before it starts may carry a call-out charge). */
  created_at: v.string(),
  /** The first carer's road miles from their previous visit that day; 0 when unknown or the day's first. */
  chargeable_miles: v.number(),
});
export type BillableVisit = v.InferOutput<typeof BillableVisitSchema>;

/** One visit a carer worked, as pay reads it. */
export const WorkedVisitSchema = v.object({
  visit_id: v.number(),
  client_id: v.number(),
  visit_date: v.string(),
  /** Actual times when checked in and out, else planned. */
  start: v.string(),
  end: v.string(),
  /** Travel from the carer's previous worked visit the same day (null for the day's first, or a place unknown). */
  travel_minutes_before: v.nullable(v.number()),
  miles_before: v.nullable(v.number()),
});
export type WorkedVisit = v.InferOutput<typeof WorkedVisitSchema>;

export const CarerWorkedVisitsSchema = v.object({ carer_id: v.number(), visits: v.array(WorkedVisitSchema) });
export type CarerWorkedVisits = v.InferOutput<typeof CarerWorkedVisitsSchema>;

/** The longest period one billing or worked read answers (finance asks longer periods in slices). */
export const BILLING_PERIOD_DAYS = 93;
