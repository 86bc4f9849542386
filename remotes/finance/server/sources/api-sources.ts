import type { FastifyInstance, FastifyRequest } from 'fastify';
import { areaClient } from '@hcm/server/platform';
import type { BillableVisit, WorkedVisit } from '../../contract/rates/types.js';
import { billableVisitsRoute, carerPayProfilesRoute, clientBillingRoute, workedVisitsRoute } from '../consumed-routes.js';
import type { FinanceSources } from './types.js';

// Finance's reads of the scheduler, care-records and workforce, made through their HTTP APIs in this process by
// the platform's area client, as the signed-in user (so the other areas' own permission checks and branch rules
// apply), on the routes finance declares it consumes (../consumed-routes.ts). Many ids are asked in pages, and a
// period longer than the scheduler answers at once in consecutive slices. A route refusing throws the platform's
// AreaCallError.

/** The scheduler's billing and worked reads answer at most 93 days a request. */
export const PERIOD_DAYS = 93;

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** [from, to] cut into consecutive slices of at most PERIOD_DAYS days. */
export function periodSlices(from: string, to: string): [string, string][] {
  const slices: [string, string][] = [];
  for (let start = from; start <= to; start = addDays(start, PERIOD_DAYS)) {
    const end = addDays(start, PERIOD_DAYS - 1);
    slices.push([start, end < to ? end : to]);
  }
  return slices;
}

const list = (ids: readonly number[] | undefined) => [...new Set(ids ?? [])];

/** The FinanceSources of one signed-in request, read through the other areas' APIs. */
export function financeSources(app: FastifyInstance, request: FastifyRequest): FinanceSources {
  const client = areaClient(app, request);

  // An empty list of branches (or funders, clients, carers) asked for means nothing, not everything.
  const asksNothing = (...filters: (readonly number[] | undefined)[]) => filters.some((filter) => filter !== undefined && filter.length === 0);

  return {
    async billableVisits({ from, to, branchIds, funderCodeIds, clientIds }) {
      if (to < from || asksNothing(branchIds, funderCodeIds, clientIds)) return [];
      const asks = periodSlices(from, to).map(([start, end]) =>
        client.list(billableVisitsRoute, { param: 'client_id', ids: clientIds }, { query: { from: start, to: end, branch_id: list(branchIds), funder_code_id: list(funderCodeIds) } }),
      );
      const visits: BillableVisit[] = (await Promise.all(asks)).flat();
      return visits.sort((a, b) => a.planned_start.localeCompare(b.planned_start) || a.id - b.id);
    },

    async workedVisits({ from, to, branchIds, carerIds }) {
      const answer = new Map<number, WorkedVisit[]>();
      if (to < from || asksNothing(branchIds, carerIds)) return answer;
      const asks = periodSlices(from, to).map(([start, end]) =>
        client.list(workedVisitsRoute, { param: 'carer_ids', ids: carerIds }, { query: { from: start, to: end, branch_id: list(branchIds) } }),
      );
      // Slices are in time order, so appending keeps each carer's visits in time order.
      for (const rows of await Promise.all(asks)) {
        for (const row of rows) answer.set(row.carer_id, [...(answer.get(row.carer_id) ?? []), ...row.visits]);
      }
      return answer;
    },

    async clients({ ids, branchIds }) {
      if (asksNothing(branchIds)) return [];
      return client.list(clientBillingRoute, { param: 'ids', ids }, { query: { branch_id: list(branchIds) } });
    },

    async carers({ ids, branchIds }) {
      if (asksNothing(branchIds)) return [];
      return client.list(carerPayProfilesRoute, { param: 'ids', ids }, { query: { branch_id: list(branchIds) } });
    },
  };
}
