import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { can } from '@hcm/contract';
import { londonDate } from '@hcm/contract/engine';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import {
  auditActorOf,
  ok,
  parseId,
  queryParam,
  recordAudit,
  recordIdIn,
  sendError,
  sendInvalid,
  viewerOf,
  type AreaServerContext,
  type Transaction,
  type Viewer,
} from '@hcm/server/platform';
import {
  CARE_CERTIFICATE_CODE,
  CareCertificateStandardSchema,
  expiryOf,
  isCareCertificateStandard,
  isTrainingState,
  TrainingRecordSchema,
  type CarerTraining,
  type RotaTraining,
  type TrainingRecordValues,
} from '../../contract/training.js';
import { findCarer, visibleCarerIds } from '../people/visibility.js';
import { competenceOfCarers } from './competence.js';
import { activeCourses, carerRecords, carerTraining, findCourse, matrixCsv, trainingCells, trainingMatrix, trainingSettings, trainingStatsOf, type MatrixFilters } from './service.js';
import { careCertificateOfCarer, saveStandard } from './care-certificate.js';
import { recomputeTrainingStatus } from './status.js';
import { careCertificateStandards, trainingRecords } from './tables.js';
import { clock } from '@hcm/contract/time';

const NO_CARER = 'No such carer.';
const NO_RECORD = 'No such training record.';
const canView = { config: { permission: 'carers.view' as const } };
const canEdit = { config: { permission: 'carers.edit' as const } };
/** The largest page of the matrix (a whole branch on one screen or export). */
const MATRIX_MAX_PAGE_SIZE = 1000;

/** A list of ids in the query (?ids=1,2,3), at most `max`; null when any is not an id. */
function idsParam(query: unknown, name: string, max = 1000): number[] | null | undefined {
  const raw = queryParam(query, name);
  if (raw === undefined || raw === '') return undefined;
  const ids = raw.split(',').map((part) => parseId(part.trim()));
  if (ids.length > max || ids.some((id) => id === null)) return null;
  return [...new Set(ids as number[])];
}

/**
 * Training on carers' files (DOMAIN.md "Training"), under /api/v1/carers:
 *   GET    /carers/training-courses          the active course catalogue (reference data's), for the forms
 *   GET    /carers/:id/training              each course with its state, every record, competence ('carers.view')
 *   POST   /carers/:id/training              a record (expiry from the course's validity unless typed) ('carers.edit')
 *   PUT    /carers/:id/training/:recordId    DELETE likewise; audited as 'training-records'
 *   GET    /carers/:id/training-stats        % compliant, counts by state, hours this year and the last five years
 *   GET    /carers/:id/competence            medication (observations against the setting), catheter, skills, shadowing
 *   GET    /carers/training-matrix(.csv)     people × courses (branch_id, course_ids, status, search, page, page_size)
 *   GET    /carers/training?ids=&courses=    for the rota: states and competence ('carers.view' or 'scheduler.view')
 *   GET    /carers/:id/care-certificate      the Care Certificate's 16 standards, each completed on a day by an assessor
 *   PUT    /carers/:id/care-certificate/standards/:number   complete (or clear) one standard ('carers.edit'); audited
 *          as 'care-certificate'; the certificate's training record (course CC) follows the standards
 */
export async function trainingRoutes(app: FastifyInstance, { auth }: AreaServerContext): Promise<void> {
  const { db } = auth;
  app.auditScopes.declare({
    resource: 'training-records',
    label: 'Training records',
    scope: recordIdIn((branchIds) => sql`select ${trainingRecords.id} from ${trainingRecords} where ${trainingRecords.carer_id} in (${visibleCarerIds(branchIds)})`),
  });
  app.auditScopes.declare({
    resource: 'care-certificate',
    label: 'Care Certificate standards',
    scope: recordIdIn((branchIds) => sql`select distinct ${careCertificateStandards.carer_id} from ${careCertificateStandards} where ${careCertificateStandards.carer_id} in (${visibleCarerIds(branchIds)})`),
  });

  /** The viewer and the carer of :id (theirs to see), or null once 401/404 is sent. */
  async function carerTarget(request: FastifyRequest, reply: FastifyReply) {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return null;
    const carer = await findCarer(db, viewer.scope, parseId(String((request.params as { id?: string }).id ?? '')) ?? Number.NaN);
    if (!carer) {
      await sendError(reply, 404, NO_CARER);
      return null;
    }
    return { viewer, carer };
  }

  async function parsedRecord(reply: FastifyReply, body: unknown): Promise<(TrainingRecordValues & { expiry: string | null; overridden: boolean }) | null> {
    const result = v.safeParse(TrainingRecordSchema, body ?? {});
    if (!result.success) {
      await sendInvalid(reply, fieldErrorsOf(result.issues));
      return null;
    }
    const values = result.output;
    const course = await findCourse(db, values.course_id);
    if (!course) {
      await sendInvalid(reply, { course_id: ['Choose a course from the catalogue.'] });
      return null;
    }
    // The certificate is complete only when its 16 standards are: it is recorded standard by standard.
    if (course.code === CARE_CERTIFICATE_CODE) {
      await sendInvalid(reply, { course_id: ['Record the Care Certificate standard by standard (the Care Certificate section of the training tab): it is complete when all 16 standards are.'] });
      return null;
    }
    const overridden = values.expires_on !== '';
    const expiry = values.result === 'in-progress' || values.completed_on === '' ? null : overridden ? values.expires_on : expiryOf(values.completed_on, course.validity_months);
    return { ...values, expiry, overridden: overridden && expiry !== null };
  }

  const columnsOf = (values: TrainingRecordValues & { expiry: string | null; overridden: boolean }) => ({
    course_id: values.course_id,
    result: values.result,
    completed_on: values.completed_on || null,
    expires_on: values.expiry,
    expiry_overridden: values.overridden,
    provider: values.provider,
    certificate_number: values.certificate_number,
    score: values.score,
    hours: values.hours,
    notes: values.notes,
  });

  /**
   * A write of a carer's training records, in one transaction with what it means to the rota: their standing is
   * brought up to date first (a lapse since it was last stored is told as such), then worked out again after the
   * write, and workforce.carer-training.changed written with it when it changed (./status.ts).
   */
  async function toldToTheRota<T>(carerId: number, userId: number, write: (tx: Transaction) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await recomputeTrainingStatus(tx, [carerId]);
      const written = await write(tx);
      await recomputeTrainingStatus(tx, [carerId], clock.now(), userId);
      return written;
    });
  }

  async function fullTraining(carerId: number): Promise<CarerTraining> {
    const settings = await trainingSettings(db);
    const [training, competence] = await Promise.all([carerTraining(db, carerId, londonDate(), settings), competenceOfCarers(db, [carerId], settings.medicationObservations)]);
    return { ...training, competence: competence.get(carerId)! };
  }

  app.get('/carers/training-courses', canView, async () => ok(await activeCourses(db)));

  app.get('/carers/:id/training', canView, async (request, reply) => {
    const target = await carerTarget(request, reply);
    if (!target) return reply;
    const training = await fullTraining(target.carer.id);
    await recordAudit(db, { actor: auditActorOf(request), resource: 'carers', recordId: target.carer.id, action: 'view', after: { view: 'training' } });
    return ok(training);
  });

  app.get('/carers/:id/training-stats', canView, async (request, reply) => {
    const target = await carerTarget(request, reply);
    if (!target) return reply;
    const training = await carerTraining(db, target.carer.id, londonDate(), await trainingSettings(db));
    return ok(trainingStatsOf(training));
  });

  app.get('/carers/:id/competence', canView, async (request, reply) => {
    const target = await carerTarget(request, reply);
    if (!target) return reply;
    const settings = await trainingSettings(db);
    const competence = await competenceOfCarers(db, [target.carer.id], settings.medicationObservations);
    return ok(competence.get(target.carer.id)!);
  });

  app.post('/carers/:id/training', canEdit, async (request, reply) => {
    const target = await carerTarget(request, reply);
    if (!target) return reply;
    const values = await parsedRecord(reply, request.body);
    if (!values) return reply;
    const saved = await toldToTheRota(target.carer.id, target.viewer.user.userID, async (tx) => {
      const [row] = await tx
        .insert(trainingRecords)
        .values({ ...columnsOf(values), carer_id: target.carer.id, recorded_by: target.viewer.user.userID })
        .returning({ id: trainingRecords.id });
      const [written] = await carerRecords(tx, target.carer.id, row!.id);
      await recordAudit(tx, { actor: auditActorOf(request), resource: 'training-records', recordId: row!.id, action: 'create', after: written });
      return written;
    });
    return reply.code(201).send(ok(saved, `${saved!.course_name} recorded.`));
  });

  async function ownRecord(request: FastifyRequest, reply: FastifyReply): Promise<{ viewer: Viewer; carerId: number; recordId: number; before: unknown } | null> {
    const target = await carerTarget(request, reply);
    if (!target) return null;
    const recordId = parseId(String((request.params as { recordId?: string }).recordId ?? ''));
    const [before] = recordId === null ? [] : await carerRecords(db, target.carer.id, recordId);
    if (!before || recordId === null) {
      await sendError(reply, 404, NO_RECORD);
      return null;
    }
    return { viewer: target.viewer, carerId: target.carer.id, recordId, before };
  }

  app.put('/carers/:id/training/:recordId', canEdit, async (request, reply) => {
    const target = await ownRecord(request, reply);
    if (!target) return reply;
    const values = await parsedRecord(reply, request.body);
    if (!values) return reply;
    const saved = await toldToTheRota(target.carerId, target.viewer.user.userID, async (tx) => {
      await tx
        .update(trainingRecords)
        .set({ ...columnsOf(values), recorded_by: target.viewer.user.userID, updated_at: clock.now() })
        .where(and(eq(trainingRecords.id, target.recordId), eq(trainingRecords.carer_id, target.carerId)));
      const [written] = await carerRecords(tx, target.carerId, target.recordId);
      await recordAudit(tx, { actor: auditActorOf(request), resource: 'training-records', recordId: target.recordId, action: 'update', before: target.before, after: written });
      return written;
    });
    return ok(saved, 'Training record saved.');
  });

  app.delete('/carers/:id/training/:recordId', canEdit, async (request, reply) => {
    const target = await ownRecord(request, reply);
    if (!target) return reply;
    await toldToTheRota(target.carerId, target.viewer.user.userID, async (tx) => {
      await tx.delete(trainingRecords).where(and(eq(trainingRecords.id, target.recordId), eq(trainingRecords.carer_id, target.carerId)));
      await recordAudit(tx, { actor: auditActorOf(request), resource: 'training-records', recordId: target.recordId, action: 'delete', before: target.before });
    });
    return ok(null, 'Training record removed.');
  });

  app.get('/carers/:id/care-certificate', canView, async (request, reply) => {
    const target = await carerTarget(request, reply);
    if (!target) return reply;
    return ok(await careCertificateOfCarer(db, target.carer.id));
  });

  app.put('/carers/:id/care-certificate/standards/:number', canEdit, async (request, reply) => {
    const target = await carerTarget(request, reply);
    if (!target) return reply;
    const number = parseId(String((request.params as { number?: string }).number ?? ''));
    if (number === null || !isCareCertificateStandard(number)) return sendError(reply, 404, 'No such standard: the Care Certificate has standards 1 to 16.');
    const result = v.safeParse(CareCertificateStandardSchema, request.body ?? {});
    if (!result.success) return sendInvalid(reply, fieldErrorsOf(result.issues));
    const userId = target.viewer.user.userID;
    const { before, after } = await db.transaction(async (tx) => {
      const was = await careCertificateOfCarer(tx, target.carer.id);
      return { before: was, after: await saveStandard(tx, target.carer.id, number, result.output, userId) };
    });
    const standardOf = (certificate: typeof before) => certificate.standards.find((standard) => standard.number === number)!;
    await recordAudit(db, {
      actor: auditActorOf(request),
      resource: 'care-certificate',
      recordId: target.carer.id,
      action: 'update',
      before: { standard: standardOf(before), completed: before.completed },
      after: { standard: standardOf(after), completed: after.completed, complete: after.complete },
    });
    const name = standardOf(after).name;
    const message = after.complete ? `Standard ${number} saved: the Care Certificate is complete.` : result.output.completed_on ? `Standard ${number} (${name}) completed: ${after.completed} of ${after.total}.` : `Standard ${number} (${name}) cleared.`;
    return ok(after, message);
  });

  /** The matrix's filters from the query, or the field errors. */
  function matrixQuery(query: unknown): { filters: MatrixFilters; page: number; pageSize: number | null } | { errors: Record<string, string[]> } {
    const errors: Record<string, string[]> = {};
    const branchRaw = queryParam(query, 'branch_id');
    const branchId = branchRaw ? parseId(branchRaw) : null;
    if (branchRaw && branchId === null) errors.branch_id = ['Choose a branch.'];
    const courseIds = idsParam(query, 'course_ids', 200);
    if (courseIds === null) errors.course_ids = ['Choose courses from the catalogue.'];
    const state = queryParam(query, 'status') || null;
    if (state && !isTrainingState(state)) errors.status = ['Choose valid, expiring, expired or missing.'];
    const search = (queryParam(query, 'search') ?? '').slice(0, 100);
    if (Object.keys(errors).length) return { errors };
    const page = Math.max(1, Math.min(Number.parseInt(queryParam(query, 'page') ?? '1', 10) || 1, 2_147_483_647));
    const sizeRaw = queryParam(query, 'page_size');
    const pageSize = sizeRaw === 'all' ? null : Math.max(1, Math.min(Number.parseInt(sizeRaw ?? '50', 10) || 50, MATRIX_MAX_PAGE_SIZE));
    return { filters: { branchId, courseIds: courseIds ?? undefined, state: state && isTrainingState(state) ? state : null, search }, page, pageSize };
  }

  app.get('/carers/training-matrix', canView, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const parsed = matrixQuery(request.query);
    if ('errors' in parsed) return sendInvalid(reply, parsed.errors);
    const { alertDays } = await trainingSettings(db);
    return ok(await trainingMatrix(db, viewer.scope, parsed.filters, { page: parsed.page, pageSize: parsed.pageSize }, londonDate(), alertDays));
  });

  app.get('/carers/training-matrix.csv', canView, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const parsed = matrixQuery(request.query);
    if ('errors' in parsed) return sendInvalid(reply, parsed.errors);
    const today = londonDate();
    const { alertDays } = await trainingSettings(db);
    const matrix = await trainingMatrix(db, viewer.scope, parsed.filters, { page: 1, pageSize: null }, today, alertDays);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="training-matrix-${today}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(matrixCsv(matrix));
  });

  // The rota's ask (the scheduling area reads it over HTTP): who of these carers holds these courses, and whether
  // they may give medication alone. Rota planners have scheduler.view without carers.view.
  app.get('/carers/training', { config: { anyPermission: ['carers.view', 'scheduler.view'] } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    if (!can(viewer.user, 'carers.view') && !can(viewer.user, 'scheduler.view')) return sendError(reply, 403, 'This action is unauthorized.');
    const ids = idsParam(request.query, 'ids', 500);
    const courseIds = idsParam(request.query, 'courses', 200);
    if (!ids || courseIds === null) return sendInvalid(reply, { ...(!ids ? { ids: ['Give the carers’ ids, like ids=1,2,3 (at most 500).'] } : {}), ...(courseIds === null ? { courses: ['Give course ids, like courses=1,2.'] } : {}) });
    const settings = await trainingSettings(db);
    const cells = await trainingCells(db, viewer.scope, ids, courseIds, londonDate(), settings.alertDays);
    const seen = [...new Set(cells.map((cell) => Number(cell.carer_id)))];
    const competence = await competenceOfCarers(db, seen, settings.medicationObservations);
    const answer: RotaTraining[] = seen.map((carerId) => ({
      carer_id: carerId,
      courses: cells.filter((cell) => Number(cell.carer_id) === carerId).map((cell) => ({ course_id: Number(cell.course_id), code: cell.code, state: cell.state, expires_on: cell.expires_on })),
      medication_competent: competence.get(carerId)!.medication.competent,
      competence: competence.get(carerId)!,
    }));
    return ok(answer);
  });
}
