import * as v from 'valibot';
import type { ConsumedRoute } from '@hcm/server/platform';

// What care-records reads of other areas' routes, by path (server/src/modules/contracts.ts): its own schema of
// each answer's part it reads, listed in the module's `consumes` and checked against what the owner publishes at
// start-up. Every call goes through the platform's area client with these (areaClient), which parses each answer
// with them: a route that drifts fails loudly, never mis-mapped. Never the owners' code.

const route = <S extends v.GenericSchema>(path: string, answer: S): ConsumedRoute<S> => ({ method: 'GET', path, answer });

/** The scheduler's clients of a device's carer from yesterday to tomorrow (live-events/carer-scope.ts). */
export const carerClientsRoute = route('/carer-app/clients', v.object({ client_ids: v.array(v.number()) }));

export const CARE_RECORDS_CONSUMED_ROUTES: readonly ConsumedRoute[] = [carerClientsRoute];
