import * as v from 'valibot';
import type { ConsumedRoute } from '@hcm/server/platform';
import { TASK_KINDS } from '../contract/visits.js';

// What the scheduler reads of other areas' routes (and the platform's), by path (server/src/modules/contracts.ts):
// its own schema of each answer's part it reads, listed in the module's `consumes` and checked against what the
// owner publishes at start-up. Every call goes through the platform's area client with these (areaClient), which
// parses each answer with them: a route that drifts fails loudly, never mis-mapped. Never the owners' code.

const route = <S extends v.GenericSchema>(path: string, answer: S, query?: Record<string, string>): ConsumedRoute<S> => ({ method: 'GET', path, answer, ...(query ? { query } : {}) });

/** Workforce's carers as the rota plans with them (sources/api-sources.ts). */
export const carersRotaRoute = route(
  '/carers/rota',
  v.array(
    v.object({
      id: v.number(),
      name: v.string(),
      branch_id: v.number(),
      status: v.string(),
      gender: v.string(),
      drives: v.boolean(),
      contracted_hours: v.nullable(v.number()),
      postcode: v.string(),
      start_date: v.nullable(v.string()),
      leaving_date: v.nullable(v.string()),
      user_id: v.nullable(v.number()),
    }),
  ),
);

/** Workforce's days of carers: duty pattern, temporary changes, approved holidays. */
export const carersAvailabilityRoute = route(
  '/carers/availability',
  v.array(
    v.object({
      carer_id: v.number(),
      days: v.array(
        v.object({
          date: v.string(),
          status: v.picklist(['available', 'unavailable', 'holiday', 'not-set']),
          windows: v.array(v.object({ from: v.string(), to: v.string() })),
          note: v.string(),
        }),
      ),
    }),
  ),
);

/** Workforce's compliance: whether a carer may be rostered, and the dated checks that stop it once lapsed. */
export const carersComplianceRoute = route(
  '/carers/compliance',
  v.array(
    v.object({
      carer_id: v.number(),
      rosterable: v.boolean(),
      blocked_because: v.array(v.string()),
      weekly_hours_cap: v.nullable(v.number()),
      next_expiry: v.nullable(v.string()),
      checks: v.array(v.object({ key: v.string(), label: v.string(), expires_on: v.nullable(v.string()), blocks_rostering: v.boolean() })),
    }),
  ),
);

/** Workforce's training states of carers for courses, and medication competence. */
export const carersTrainingRoute = route(
  '/carers/training',
  v.array(
    v.object({
      carer_id: v.number(),
      medication_competent: v.boolean(),
      courses: v.array(v.object({ course_id: v.number(), code: v.string(), state: v.nullable(v.string()), expires_on: v.nullable(v.string()) })),
    }),
  ),
);

/** Workforce's carers' soft preferences for rostering. */
export const carersPreferencesRoute = route(
  '/carers/preferences',
  v.array(v.object({ carer_id: v.number(), max_weekly_hours: v.nullable(v.number()), max_travel_miles: v.nullable(v.number()), transport_mode: v.string() })),
);

/** Workforce's carer record of the signed-in account (live/device/carer-identity.ts). */
export const carerAppCarerRoute = route('/carer-app/carer', v.object({ carer_id: v.number(), name: v.string(), branch_id: v.number() }));

/** Care-records' clients as the rota plans for them: staff preferences and the support plan's tasks. */
export const clientsRotaProfilesRoute = route(
  '/clients/rota-profiles',
  v.array(
    v.object({
      id: v.number(),
      name: v.string(),
      branch_id: v.number(),
      status: v.string(),
      postcode: v.string(),
      gender_preference: v.string(),
      preferred_carer_names: v.array(v.string()),
      declined_carer_names: v.array(v.string()),
      continuity: v.nullable(v.picklist(['essential', 'important', 'not-important'])),
      care_plan_tasks: v.array(v.object({ key: v.string(), label: v.string(), kind: v.picklist(TASK_KINDS.map((kind) => kind.value)) })),
    }),
  ),
);

/** Care-records' clients' postcodes, for travel between a carer's visits (billing/routes.ts). */
export const clientPlacesRoute = route('/clients/billing-profiles', v.array(v.object({ id: v.number(), postcode: v.string() })), { fields: 'postcode' });

/** Care-records' care sheet of a client, as a carer's device reads it (live/device/client-facts.ts). */
export const deviceCareSheetRoute = route(
  '/carer-app/clients/:clientId/care',
  v.object({
    client: v.object({ name: v.string(), postcode: v.string(), allergies: v.string() }),
    key_facts: v.object({ resuscitation: v.nullable(v.string()), access: v.string() }),
  }),
);

/** Finance's visits on live invoices, which may not change (billing/lock.ts). */
export const billedVisitsRoute = route('/finance/billed-visits', v.array(v.object({ visit_id: v.number(), invoice_id: v.number(), invoice_number: v.string() })));

/** The platform's carers' devices, a page at a time (live/device/lists.ts). */
export const carerDevicesRoute = route(
  '/carer-devices',
  v.object({
    data: v.array(v.object({ id: v.number(), user_id: v.number(), user_name: v.string(), device_name: v.string(), last_used_at: v.nullable(v.string()), revoked_at: v.nullable(v.string()) })),
    last_page: v.number(),
  }),
);

export const SCHEDULER_CONSUMED_ROUTES: readonly ConsumedRoute[] = [
  carersRotaRoute,
  carersAvailabilityRoute,
  carersComplianceRoute,
  carersTrainingRoute,
  carersPreferencesRoute,
  carerAppCarerRoute,
  clientsRotaProfilesRoute,
  clientPlacesRoute,
  deviceCareSheetRoute,
  billedVisitsRoute,
  carerDevicesRoute,
];
