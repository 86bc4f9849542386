import type { FastifyInstance, FastifyRequest } from 'fastify';
import { areaClient } from '@hcm/server/platform';
import type { VisitTask } from '../../contract/visits.js';
import { carersAvailabilityRoute, carersComplianceRoute, carersPreferencesRoute, carersRotaRoute, carersTrainingRoute, clientsRotaProfilesRoute } from '../consumed-routes.js';
import type { CarerCompliance, CarerDay, CarerPreferences, CarerTraining, ClientFacts, SchedulingSources } from './types.js';

// The scheduler's reads of care-records and workforce, made through their HTTP APIs in this process by the
// platform's area client, as the signed-in user (so the other areas' own permission checks and branch rules
// apply), on the routes the scheduler declares it consumes (../consumed-routes.ts). Their answers are mapped to
// the scheduler's shapes (./types.ts); asking for many ids is split into the pages each API accepts. A route
// refusing throws the platform's AreaCallError.

/** What the scheduler reads of a client without their care-record content (names for lists; not audited). */
export type ClientBasics = Pick<ClientFacts, 'id' | 'name' | 'branch_id' | 'status' | 'postcode'>;

export type ApiSchedulingSources = SchedulingSources & {
  /** Clients' names, branches, statuses and postcodes only (lists and timelines: no preference content read). */
  clientBasics(query: { branchIds?: readonly number[]; ids?: readonly number[] }): Promise<ClientBasics[]>;
};

/** workforce's availability answers at most 62 days a request. */
const AVAILABILITY_DAYS = 62;

const unique = (ids: readonly number[] | undefined) => [...new Set(ids ?? [])];

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The SchedulingSources of one signed-in request, read through the other areas' APIs. */
export function apiSources(app: FastifyInstance, request: FastifyRequest): ApiSchedulingSources {
  const client = areaClient(app, request);
  const byIds = (ids: readonly number[] | undefined) => ({ param: 'ids', ids });

  return {
    async carers({ branchIds, ids }) {
      if (branchIds && !branchIds.length && !ids) return [];
      const rows = await client.list(carersRotaRoute, byIds(ids), { query: { branch_id: unique(branchIds) } });
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        branch_id: row.branch_id,
        status: row.status,
        gender: row.gender,
        drives: row.drives,
        contracted_hours: row.contracted_hours,
        postcode: row.postcode,
        start_date: row.start_date,
        leaving_date: row.leaving_date,
        user_id: row.user_id,
      }));
    },

    async clients({ branchIds, ids }) {
      if (branchIds && !branchIds.length && !ids) return [];
      const rows = await client.list(clientsRotaProfilesRoute, byIds(ids), { query: { branch_id: unique(branchIds) } });
      return rows.map(
        (row): ClientFacts => ({
          id: row.id,
          name: row.name,
          branch_id: row.branch_id,
          status: row.status,
          postcode: row.postcode,
          gender_preference: row.gender_preference,
          preferred_carer_names: row.preferred_carer_names,
          declined_carer_names: row.declined_carer_names,
          continuity: row.continuity,
          care_plan_tasks: row.care_plan_tasks.map(({ key, label, kind }): VisitTask => ({ key, label, kind })),
        }),
      );
    },

    async clientBasics({ branchIds, ids }) {
      if (branchIds && !branchIds.length && !ids) return [];
      const rows = await client.list(clientsRotaProfilesRoute, byIds(ids), { query: { branch_id: unique(branchIds), content: '0' } });
      return rows.map(({ id, name, branch_id, status, postcode }) => ({ id, name, branch_id, status, postcode }));
    },

    async availability(carerIds, from, to) {
      const answer = new Map<number, CarerDay[]>();
      if (!carerIds.length || to < from) return answer;
      const periods: [string, string][] = [];
      for (let start = from; start <= to; start = addDays(start, AVAILABILITY_DAYS)) {
        const end = addDays(start, AVAILABILITY_DAYS - 1);
        periods.push([start, end < to ? end : to]);
      }
      const asks = periods.map(([start, end]) => client.list(carersAvailabilityRoute, byIds(carerIds), { query: { from: start, to: end } }));
      for (const rows of await Promise.all(asks)) {
        for (const row of rows) {
          const days = answer.get(row.carer_id) ?? [];
          days.push(...row.days.map(({ date, status, windows, note }) => ({ date, status, windows, note })));
          answer.set(row.carer_id, days);
        }
      }
      for (const days of answer.values()) days.sort((a, b) => a.date.localeCompare(b.date));
      return answer;
    },

    async compliance(carerIds) {
      // Only the checks a lapse of which blocks rostering (all the rota keeps of them): a few instead of every one.
      const rows = await client.list(carersComplianceRoute, byIds(carerIds), { query: { checks: 'blocking' } });
      return new Map<number, CarerCompliance>(
        rows.map((row) => [
          row.carer_id,
          {
            rosterable: row.rosterable,
            blocked_because: row.blocked_because,
            weekly_hours_cap: row.weekly_hours_cap,
            next_expiry: row.next_expiry,
            // The dated checks that block rostering once lapsed: a visit after one is refused whatever today says.
            lapses: row.checks.flatMap(({ key, label, expires_on, blocks_rostering }) => (blocks_rostering && expires_on ? [{ key, label, expires_on }] : [])),
          },
        ]),
      );
    },

    async training(carerIds, courseIds) {
      const rows = await client.list(carersTrainingRoute, byIds(carerIds), { query: { courses: unique(courseIds) } });
      return new Map<number, CarerTraining>(
        rows.map((row) => [row.carer_id, { medication_competent: row.medication_competent, courses: row.courses.map(({ course_id, code, state, expires_on }) => ({ course_id, code, state, expires_on })) }]),
      );
    },

    async preferences(carerIds) {
      const rows = await client.list(carersPreferencesRoute, byIds(carerIds));
      return new Map<number, CarerPreferences>(rows.map((row) => [row.carer_id, { max_weekly_hours: row.max_weekly_hours, max_travel_miles: row.max_travel_miles, transport_mode: row.transport_mode }]));
    },
  };
}
