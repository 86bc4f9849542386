import type { CareRecordsUsablePermission } from '../../contract/permissions.js';
import { londonDate } from '@hcm/contract/engine';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditActorOf, DocumentRuleError, ok, parseId, parsePaging, recordAudit, sendError, sendInvalid, viewerOf, type AreaServerContext } from '@hcm/server/platform';
import { DASHBOARD_STATES, REABLEMENT_WEEKS, WeekReviewSchema, type DashboardState } from '../../contract/index.js';
import { clientDocumentOwner } from '../documents/routes.js';
import { QueryReader } from '../live-events/reviews/params.js';
import { parsedBody } from '../record-routes.js';
import { contentWithWeek, currentDocumentId, documentStore, programmeOf, reablementDashboard, reablementSpec, readerOf } from './service.js';

const need = (permission: CareRecordsUsablePermission) => ({ config: { permission } });
const NO_CLIENT = 'No such client.';
const NO_PROGRAMME = 'This client has no reablement programme: start one on their reablement tab.';
const NO_WEEK = `A reablement programme has weeks 1 to ${REABLEMENT_WEEKS}.`;

/**
 * The reablement dashboard and a client's week, under /api/v1/reablement/… (clients.view to read, clients.edit to
 * save a week; the viewer's branches only). Every answer naming clients is a view of their records in the audit
 * trail; a saved week is an update of the client's reablement document (resource client-documents), as the
 * document engine records its own saves.
 */
export async function reablementRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { db } = context.auth;

  const clientOf = async (request: FastifyRequest, viewer: Parameters<typeof clientDocumentOwner.find>[1]) => {
    const id = parseId((request.params as { id: string }).id);
    return id === null ? null : clientDocumentOwner.find(db, viewer, id);
  };

  app.get('/reablement/dashboard', need('clients.view'), async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const query = new QueryReader(request.query);
    const branchId = query.id('branch_id', 'Choose a branch from the list.');
    const state = query.choice<DashboardState>('state', DASHBOARD_STATES.map((choice) => choice.value), 'Choose in progress, overdue, ended or all.') ?? 'open';
    if (query.failed) return sendInvalid(reply, query.errors);
    const answer = await reablementDashboard(db, viewer.scope, { branchId, state }, query.sorting(), parsePaging(request.query), londonDate());
    const actor = auditActorOf(request);
    for (const row of answer.data) {
      await recordAudit(db, { actor, resource: 'clients', recordId: row.client_id, action: 'view', after: { view: 'reablement/dashboard', ids: [row.document_id] } });
    }
    return ok(answer);
  });

  app.get('/reablement/clients/:id', need('clients.view'), async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const client = await clientOf(request, viewer);
    if (!client) return sendError(reply, 404, NO_CLIENT);
    const programme = await programmeOf(db, readerOf(viewer.user), client);
    if (!programme) return sendError(reply, 404, NO_PROGRAMME);
    await recordAudit(db, { actor: auditActorOf(request), resource: 'client-documents', recordId: programme.document_id, action: 'view' });
    return ok(programme);
  });

  app.put('/reablement/clients/:id/weeks/:weekno', need('clients.edit'), async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const weekText = (request.params as { weekno: string }).weekno;
    const weekno = /^[1-9]$/.test(weekText) ? Number(weekText) : 0;
    if (weekno < 1 || weekno > REABLEMENT_WEEKS) return sendError(reply, 404, NO_WEEK);
    const client = await clientOf(request, viewer);
    if (!client) return sendError(reply, 404, NO_CLIENT);
    const values = await parsedBody(reply, WeekReviewSchema, request.body);
    if (!values) return reply;
    const documentId = await currentDocumentId(db, client.id);
    if (documentId === null) return sendError(reply, 404, NO_PROGRAMME);
    const reader = readerOf(viewer.user);
    const store = documentStore(db);
    const spec = reablementSpec();
    const current = await store.view(client.id, spec, documentId, reader);
    if (!current) return sendError(reply, 404, NO_PROGRAMME);
    if (!current.can.edit) return sendError(reply, 403, 'You may not change this reablement programme.');
    try {
      const saved = await store.update(
        client.id,
        spec,
        documentId,
        { base_version: values.base_version, content: contentWithWeek(current.content, weekno, values, weekno === REABLEMENT_WEEKS), note: `Week ${weekno} review` },
        reader,
      );
      if (!saved) return sendError(reply, 404, NO_PROGRAMME);
      await recordAudit(db, {
        actor: auditActorOf(request),
        resource: 'client-documents',
        recordId: documentId,
        action: 'update',
        before: { version: values.base_version, content: saved.before },
        after: { version: saved.version, content: saved.after },
      });
      return ok(await programmeOf(db, reader, client), `Week ${weekno} saved as version ${saved.version}.`);
    } catch (error) {
      if (!(error instanceof DocumentRuleError)) throw error;
      if (error.statusCode === 422) return sendInvalid(reply, error.errors ?? {});
      return reply.code(error.statusCode).send({ status: false, message: error.message, data: error.data, errors: null });
    }
  });
}
