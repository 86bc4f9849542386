import type { FastifyInstance } from 'fastify';
import { londonDate } from '@hcm/contract/engine';
import { ok, pageOfAll, parseId, parsePaging, queryParam, sendError, sendInvalid, viewerOf, type AreaServerContext } from '@hcm/server/platform';
import { DUE_FILTERS, dueKindsOf, type DueList, type DueOwner } from '../../contract/due.js';
import { dueInterval, dueRows } from './due.js';

const PERMISSION: Record<DueOwner, 'carers.view' | 'employees.view'> = { carers: 'carers.view', employees: 'employees.view' };
const WHOSE: Record<DueOwner, string> = { carers: 'carers', employees: 'office employees' };

/**
 * Supervisions, spot checks and appraisals due:
 *   GET /carers/due     ?kind=supervisions|spot-check|annual-appraisal &state=all|overdue|due &branch_id= &page= &page_size=
 *   GET /employees/due  (supervisions, annual-appraisal)
 * Everyone at work in the user's branches (one of them with branch_id: another branch answers 404), soonest due
 * first, with the counts by state before the state filter. Reads documents' dates only: nothing to audit.
 */
export async function staffDueRoutes(app: FastifyInstance, { auth }: AreaServerContext): Promise<void> {
  const { db } = auth;

  for (const owner of ['carers', 'employees'] as const) {
    app.get(`/${owner}/due`, { config: { permission: PERMISSION[owner] } }, async (request, reply) => {
      const viewer = await viewerOf(request, reply, auth);
      if (!viewer) return reply;
      const query = request.query;
      const kinds = dueKindsOf(owner);
      const errors: Record<string, string[]> = {};
      const kindParam = queryParam(query, 'kind') || kinds[0]!.kind;
      const spec = kinds.find((candidate) => candidate.kind === kindParam);
      if (!spec) errors.kind = [`Choose one of: ${kinds.map((candidate) => candidate.label.toLowerCase()).join(', ')} (${WHOSE[owner]} have no other).`];
      const state = queryParam(query, 'state') || 'all';
      if (!DUE_FILTERS.some((filter) => filter.value === state)) errors.state = ['Choose all, overdue or due.'];
      const branchParam = queryParam(query, 'branch_id') ?? '';
      const branchId = branchParam === '' ? undefined : parseId(branchParam);
      if (branchId === null) errors.branch_id = ['Choose a branch from the list.'];
      if (Object.keys(errors).length || !spec) return sendInvalid(reply, errors);
      if (branchId !== undefined && branchId !== null && viewer.scope !== 'all' && !viewer.scope.includes(branchId)) return sendError(reply, 404, 'No such branch.');

      const rows = await dueRows(db, owner, viewer.scope, spec, { branchId: branchId ?? undefined, today: londonDate() });
      const counts = {
        overdue: rows.filter((row) => row.state === 'overdue').length,
        due: rows.filter((row) => row.state === 'due').length,
        upcoming: rows.filter((row) => row.state === 'upcoming').length,
        never_done: rows.filter((row) => row.never_done).length,
      };
      const shown = state === 'all' ? rows : rows.filter((row) => row.state === state);
      const list: DueList = { ...pageOfAll(shown, parsePaging(query)), kind: spec.kind, counts, interval: await dueInterval(db, spec) };
      return ok(list);
    });
  }
}
