import type { FastifyInstance } from 'fastify';
import { isCalendarDate, londonDate } from '@hcm/contract/engine';
import { auditActorOf, ok, parseId, parsePaging, queryParam, recordAudit, sendError, sendInvalid, viewerOf, type AreaServerContext } from '@hcm/server/platform';
import { AUDIT_LISTS, AUDIT_SORTS, AUDIT_STATES, auditListOf, type AuditList, type AuditSort, type AuditState } from '../../contract/audits.js';
import { addMonthsTo, auditList } from './query.js';

const NO_LIST = 'No such audit list.';

/**
 * The audits of carers' and clients' records (contract/audits.ts):
 *   GET /audits                 the lists (group, kind, title, columns, outcomes…)
 *   GET /audits/:group/:kind    ?branch_id= &state=overdue|due|upcoming|done &outcome= &from= &to= (the record's date)
 *                               &q= (the person's name) &sort= &mode=asc|desc &page= &page_size=
 * audits.view, the viewer's branches (another branch: 404). A client list is a look at each listed client's
 * record: one `view` of each client shown, naming the list and the records seen (as care-records' live lists).
 */
export async function auditsRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { auth } = context;
  const { db } = auth;

  app.get('/audits', { config: { permission: 'audits.view' } }, async () => ok(AUDIT_LISTS));

  app.get('/audits/:group/:kind', { config: { permission: 'audits.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const { group, kind } = request.params as { group: string; kind: string };
    const spec = auditListOf(group, kind);
    if (!spec) return sendError(reply, 404, NO_LIST);

    const query = request.query;
    const errors: Record<string, string[]> = {};
    const text = (name: string) => queryParam(query, name)?.trim() || undefined;
    const branchParam = text('branch_id');
    const branchId = branchParam === undefined ? undefined : parseId(branchParam);
    if (branchId === null) errors.branch_id = ['Choose a branch from the list.'];
    const state = text('state');
    if (state !== undefined && !AUDIT_STATES.some((candidate) => candidate.value === state)) errors.state = ['Choose overdue, due, upcoming or done.'];
    const outcome = text('outcome');
    if (outcome !== undefined && !spec.outcomes.some((candidate) => candidate.value === outcome)) errors.outcome = ['Choose an outcome from the list.'];
    const from = text('from');
    if (from !== undefined && !isCalendarDate(from)) errors.from = ['Choose a date like 2026-03-01.'];
    const to = text('to');
    if (to !== undefined && !isCalendarDate(to)) errors.to = ['Choose a date like 2026-03-01.'];
    if (from && to && !errors.from && !errors.to && from > to) errors.to = ['To must be on or after from.'];
    const q = text('q');
    if (q !== undefined && q.length > 100) errors.q = ['Search with at most 100 characters.'];
    const sort = text('sort');
    if (sort !== undefined && !(AUDIT_SORTS as readonly string[]).includes(sort)) errors.sort = [`Sort by one of: ${AUDIT_SORTS.join(', ')}.`];
    const mode = text('mode');
    if (mode !== undefined && mode !== 'asc' && mode !== 'desc') errors.mode = ['Sort asc or desc.'];
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    if (branchId !== undefined && branchId !== null && viewer.scope !== 'all' && !viewer.scope.includes(branchId)) return sendError(reply, 404, 'No such branch.');

    const today = londonDate();
    const period = { from: from ?? addMonthsTo(to ?? today, -12), to: to ?? today };
    const page: AuditList = await auditList(
      db,
      spec,
      viewer.scope,
      { branchId: branchId ?? undefined, state: state as AuditState | undefined, outcome, from, to, q, today, period },
      { sort: sort as AuditSort | undefined, mode: mode as 'asc' | 'desc' | undefined },
      parsePaging(query),
    );

    if (spec.group === 'clients') {
      const byClient = new Map<number, number[]>();
      for (const row of page.data) byClient.set(row.person_id, [...(byClient.get(row.person_id) ?? []), row.id]);
      const actor = auditActorOf(request);
      for (const [clientId, ids] of byClient) await recordAudit(db, { actor, resource: 'clients', recordId: clientId, action: 'view', after: { view: `audits/clients/${spec.kind}`, ids } });
    }
    return ok(page);
  });
}
