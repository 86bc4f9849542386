import * as v from 'valibot';
import type { ConsumedRoute } from '@hcm/server/platform';

// What finance reads of other areas' routes, by path (server/src/modules/contracts.ts): its own schema of each
// answer's part it reads, listed in the module's `consumes` and checked against what the owner publishes at
// start-up. Every call goes through the platform's area client with these (areaClient), which parses each answer
// with them: a route that drifts fails loudly, never mis-mapped. Never the owners' code.

const route = <S extends v.GenericSchema>(path: string, answer: S): ConsumedRoute<S> => ({ method: 'GET', path, answer });

/** The scheduler's visits as invoices read them (sources/api-sources.ts: BillableVisit). */
export const billableVisitsRoute = route(
  '/visits/billing',
  v.array(
    v.object({
      id: v.number(),
      branch_id: v.number(),
      client_id: v.number(),
      funder_code_id: v.nullable(v.number()),
      visit_date: v.string(),
      planned_start: v.string(),
      planned_end: v.string(),
      actual_start: v.nullable(v.string()),
      actual_end: v.nullable(v.string()),
      carers_needed: v.number(),
      carer_ids: v.array(v.number()),
      status: v.picklist(['unassigned', 'assigned', 'in-progress', 'completed', 'missed', 'cancelled']),
      confirmation: v.picklist(['not-due', 'pending', 'auto-confirmed', 'confirmed']),
      cancelled_at: v.nullable(v.string()),
      cancel_chargeable: v.boolean(),
      cancel_reason: v.optional(v.nullable(v.string())),
      created_at: v.string(),
      chargeable_miles: v.number(),
    }),
  ),
);

/** The scheduler's worked visits of each carer, as pay reads them (WorkedVisit). */
export const workedVisitsRoute = route(
  '/visits/worked',
  v.array(
    v.object({
      carer_id: v.number(),
      visits: v.array(
        v.object({
          visit_id: v.number(),
          client_id: v.number(),
          visit_date: v.string(),
          start: v.string(),
          end: v.string(),
          travel_minutes_before: v.nullable(v.number()),
          miles_before: v.nullable(v.number()),
        }),
      ),
    }),
  ),
);

/** Care-records' clients as invoices name and address them (ClientBilling). */
export const clientBillingRoute = route(
  '/clients/billing-profiles',
  v.array(
    v.object({
      id: v.number(),
      branch_id: v.number(),
      name: v.string(),
      nhs_number: v.string(),
      local_authority_id: v.string(),
      address: v.string(),
      postcode: v.string(),
      status: v.string(),
    }),
  ),
);

/** Workforce's carers as pay reads them (CarerPayProfile). */
export const carerPayProfilesRoute = route(
  '/carers/pay-profiles',
  v.array(
    v.object({
      id: v.number(),
      branch_id: v.number(),
      name: v.string(),
      band_id: v.nullable(v.number()),
      date_of_birth: v.nullable(v.string()),
      payroll_number: v.string(),
      status: v.string(),
    }),
  ),
);

/** The people exports (exports/jobs.ts): each area's CSV of the rows the asker may see, copied cell for cell. */
export const peopleExportRoutes = {
  clients: route('/clients/export.csv', v.string()),
  carers: route('/carers/export.csv', v.string()),
  employees: route('/employees/export.csv', v.string()),
};

export const FINANCE_CONSUMED_ROUTES: readonly ConsumedRoute[] = [
  billableVisitsRoute,
  workedVisitsRoute,
  clientBillingRoute,
  carerPayProfilesRoute,
  ...Object.values(peopleExportRoutes),
];
