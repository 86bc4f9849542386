import type { CareRecordsUsablePermission } from '../../../contract/permissions.js';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  auditActorOf,
  FileNotFoundError,
  fileStorage,
  ok,
  parseId,
  parsePaging,
  queryParam,
  recordAudit,
  sendError,
  sendInvalid,
  viewerOf,
  type AreaServerContext,
  type Viewer,
} from '@hcm/server/platform';
import { HandleAvailabilitySchema, MAR_MONTH } from '../../../contract/index.js';
import { clientVisible } from '../../client-visibility.js';
import { declareClientRecordAudit, parsedBody } from '../../mar/common.js';
import { medicationDeviceRoutes } from './device-routes.js';
import { filtersOf, findMedicationImage, listAvailabilityReports, listMarGaps, listMedicationEvents, listMedicationImages, thisMonth, type ListFilters, type Sorting } from './lists.js';
import { handleAvailabilityReport } from './reports.js';
import { medicationAvailabilityReports, medicationImages } from './tables.js';

const need = (permission: CareRecordsUsablePermission) => ({ config: { permission } });
const NO_REPORT = 'No such open stock report.';
const NO_IMAGE = 'No such photo.';

/** The viewer and the list's filters, or the answer sent (401, 422) and null. */
async function listRequest(request: FastifyRequest, reply: FastifyReply, context: AreaServerContext): Promise<{ viewer: Viewer; filters: ListFilters; sorting: Sorting } | null> {
  const viewer = await viewerOf(request, reply, context.auth);
  if (!viewer) return null;
  const parsed = filtersOf(request.query);
  if ('errors' in parsed) {
    await sendInvalid(reply, parsed.errors);
    return null;
  }
  return { viewer, ...parsed };
}

/**
 * Medication's live events under /api/v1/live-events/… (the office; branch-scoped): outcomes recorded at visits,
 * anticoagulant doses, the photos (and each photo's bytes, audited), stock reports with their handling, and the
 * MAR gaps by client. The carers' app's routes are ./device-routes.ts.
 */
export async function medicationLiveRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { db } = context.auth;
  declareClientRecordAudit(app, 'medication-images', 'Medication photos from visits', medicationImages, medicationImages.id, medicationImages.client_id);
  declareClientRecordAudit(app, 'medication-availability', 'Medication stock reports', medicationAvailabilityReports, medicationAvailabilityReports.id, medicationAvailabilityReports.client_id);
  await medicationDeviceRoutes(app, { auth: context.auth });

  const audit = (request: FastifyRequest, list: string, filters: ListFilters) =>
    // A list of care-record events is a look at many records: one audit entry naming the list and its filters.
    recordAudit(db, { actor: auditActorOf(request), resource: 'clients', recordId: filters.clientId ?? 0, action: 'view', after: { view: `live-events/${list}`, filters } });

  app.get('/live-events/medications', need('clients.view'), async (request, reply) => {
    const list = await listRequest(request, reply, context);
    if (!list) return reply;
    const page = await listMedicationEvents(db, list.viewer.scope, list.filters, list.sorting, parsePaging(request.query));
    await audit(request, 'medications', list.filters);
    return ok(page);
  });

  app.get('/live-events/medications-warfarin', need('clients.view'), async (request, reply) => {
    const list = await listRequest(request, reply, context);
    if (!list) return reply;
    const page = await listMedicationEvents(db, list.viewer.scope, list.filters, list.sorting, parsePaging(request.query), true);
    await audit(request, 'medications-warfarin', list.filters);
    return ok(page);
  });

  app.get('/live-events/medications-images', need('clients.view'), async (request, reply) => {
    const list = await listRequest(request, reply, context);
    if (!list) return reply;
    const page = await listMedicationImages(db, list.viewer.scope, list.filters, list.sorting, parsePaging(request.query));
    await audit(request, 'medications-images', list.filters);
    return ok(page);
  });

  app.get('/live-events/medications-images/:id/file', need('clients.view'), async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const id = parseId(String((request.params as { id?: string }).id ?? ''));
    const image = id === null ? null : await findMedicationImage(db, viewer.scope, id);
    if (!image) return sendError(reply, 404, NO_IMAGE);
    let stream;
    try {
      stream = await fileStorage().get(image.storage_key);
    } catch (error) {
      if (error instanceof FileNotFoundError) return sendError(reply, 404, 'The photo is missing from storage. Tell your administrator.');
      throw error;
    }
    await recordAudit(db, { actor: auditActorOf(request), resource: 'clients', recordId: image.client_id, action: 'view', after: { view: 'medication-image', image_id: image.id } });
    return reply
      .type(image.mime)
      .header('content-disposition', `inline; filename="medication-photo-${image.id}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  app.get('/live-events/medication-availability', need('clients.view'), async (request, reply) => {
    const list = await listRequest(request, reply, context);
    if (!list) return reply;
    const page = await listAvailabilityReports(db, list.viewer.scope, list.filters, list.sorting, parsePaging(request.query));
    await audit(request, 'medication-availability', list.filters);
    return ok(page);
  });

  app.post('/live-events/medication-availability/:id/handle', need('clients.edit'), async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const id = parseId(String((request.params as { id?: string }).id ?? ''));
    const values = await parsedBody(reply, HandleAvailabilitySchema, request.body);
    if (!values) return reply;
    // Only reports of clients the viewer's branches hold.
    const visible = id !== null && (await reportVisible(id, viewer));
    if (!visible || !(await handleAvailabilityReport(db, id!, viewer.user.userID, auditActorOf(request), values))) return sendError(reply, 404, NO_REPORT);
    return ok({ id }, 'Marked handled.');
  });

  async function reportVisible(id: number, viewer: Viewer): Promise<boolean> {
    const [row] = await db.select({ client_id: medicationAvailabilityReports.client_id }).from(medicationAvailabilityReports).where(eq(medicationAvailabilityReports.id, id));
    if (!row) return false;
    return clientVisible(db, viewer.scope, row.client_id, { deleted: 'exclude' });
  }

  app.get('/live-events/marchart-audit', need('medication.audit'), async (request, reply) => {
    const list = await listRequest(request, reply, context);
    if (!list) return reply;
    const month = queryParam(request.query, 'month') || thisMonth();
    if (!MAR_MONTH.test(month)) return sendInvalid(reply, { month: ['Choose a month like 2026-11.'] });
    const page = await listMarGaps(db, list.viewer.scope, { ...list.filters, month }, list.sorting, parsePaging(request.query));
    await audit(request, 'marchart-audit', list.filters);
    return ok(page);
  });
}
