// What the scheduler answers finance (GET /api/v1/visits/billing and /visits/worked): visits as invoices and pay
// read them. The same shapes finance declares for its rate engine; copied, not imported (areas never share code).

/** A visit as invoices read it. Instants are ISO strings. */
export type BillableVisit = {
  id: number;
  branch_id: number;
  client_id: number;
  funder_code_id: number | null;
  /** The planned day (UK). */
  visit_date: string;
  planned_start: string;
  planned_end: string;
  actual_start: string | null;
  actual_end: string | null;
  carers_needed: number;
  /** In position order (the first carer first). */
  carer_ids: number[];
  status: 'unassigned' | 'assigned' | 'in-progress' | 'completed' | 'missed' | 'cancelled';
  /** Only 'auto-confirmed' and 'confirmed' visits reach invoices and pay. */
  confirmation: 'not-due' | 'pending' | 'auto-confirmed' | 'confirmed';
  cancelled_at: string | null;
  cancel_chargeable: boolean;
  /** When it was booked (a call booked shortly before it starts may carry a call-out charge). */
  created_at: string;
  /** The first carer's road miles from their previous visit that day; 0 when unknown or the day's first. */
  chargeable_miles: number;
};

/** One visit a carer worked, as pay reads it. */
export type WorkedVisit = {
  visit_id: number;
  client_id: number;
  visit_date: string;
  /** Actual times when checked in and out, else planned. */
  start: string;
  end: string;
  /** Travel from the carer's previous worked visit the same day (null for the day's first, or a place unknown). */
  travel_minutes_before: number | null;
  miles_before: number | null;
};

export type CarerWorkedVisits = { carer_id: number; visits: WorkedVisit[] };

/** The longest period one billing or worked read answers (finance asks longer periods in slices). */
export const BILLING_PERIOD_DAYS = 93;
