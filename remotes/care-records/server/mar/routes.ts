import type { CareRecordsUsablePermission } from '../../contract/permissions.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  auditActorOf,
  NOT_BRANCH_BOUND,
  ok,
  parseId,
  parsePaging,
  queryParam,
  sendError,
  sendInvalid,
  type AuthSettings,
} from '@hcm/server/platform';
import {
  AdministrationSchema,
  currentMonth,
  IDEMPOTENCY_KEY,
  MAR_MONTH,
  MarAuditSchema,
  MedicationScheduleSchema,
  OutcomeCodeSchema,
  StopScheduleSchema,
  type CreatedVia,
  type MedicationList,
} from '../../contract/index.js';
import { administrationDetail, recordAdministration } from './administrations.js';
import { auditFindings, createAudit, findAudit, listAudits } from './audits.js';
import { buildMarChart } from './chart.js';
import { clientTarget, declareClientRecordAudit, parsedBody, recordClientView, sendMarError, type ClientTarget } from './common.js';
import { addOutcomeCode, outcomeCodes, updateOutcomeCode } from './outcome-codes.js';
import { marChartPdf } from './pdf.js';
import { catalogueChoices, createSchedule, listSchedules, scheduleHistory, stopSchedule } from './schedules.js';
import { marAdministrations, marAudits } from './tables.js';

const NO_SCHEDULE = 'No such medication on this client\'s chart.';
const NO_ADMINISTRATION = 'No such record on this client\'s chart.';
const NO_AUDIT = 'No such MAR audit for this client.';
const NO_CODE = 'No such outcome code.';

const need = (permission: CareRecordsUsablePermission) => ({ config: { permission } });

/** ?month=YYYY-MM (this month when absent), or the 422 sent and null. */
async function monthOf(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
  const month = queryParam(request.query, 'month');
  if (month === undefined || month === '') return currentMonth();
  const match = MAR_MONTH.exec(month);
  if (match && Number(match[1]) >= 2000 && Number(match[1]) <= 2100) return month;
  await sendInvalid(reply, { month: ['Choose a month like 2026-11.'] });
  return null;
}

/** A numeric route parameter, or the 404 sent and null. */
async function idParam(request: FastifyRequest, reply: FastifyReply, name: string, notFound: string): Promise<number | null> {
  const id = parseId(String((request.params as Record<string, string>)[name] ?? ''));
  if (id === null) await sendError(reply, 404, notFound);
  return id;
}

/**
 * The eMAR under /api/v1 (NICE NG67): a client's medication schedules (list, add with the duplicate warning,
 * stop, history), administrations from the office's MAR chart (carers' devices record through the live-events
 * medication routes), the month's chart and its PDF, the agency's outcome codes, and the office's monthly MAR
 * audits. Reading any of it is a view of the client's care record, audited; medication is clinical, so reading it
 * needs clients.clinical.view.
 */
export async function marRoutes(app: FastifyInstance, { auth }: { auth: AuthSettings }): Promise<void> {
  const { db } = auth;
  declareClientRecordAudit(app, 'mar-administrations', 'Medicines given (MAR)', marAdministrations, marAdministrations.id, marAdministrations.client_id);
  declareClientRecordAudit(app, 'mar-audits', 'MAR chart audits', marAudits, marAudits.id, marAudits.client_id);
  app.auditScopes.declare({ resource: 'mar-outcome-codes', label: 'MAR outcome codes', scope: NOT_BRANCH_BOUND });

  // ---- Outcome codes: read by everyone who reads a chart; the agency's to change (settings).

  app.get('/mar/outcome-codes', need('clients.view'), async () => ok(await outcomeCodes(db)));

  app.post('/mar/outcome-codes', need('settings.edit'), async (request, reply) => {
    const values = await parsedBody(reply, OutcomeCodeSchema, request.body);
    if (!values) return reply;
    try {
      return reply.code(201).send(ok(await addOutcomeCode(db, values, auditActorOf(request)), `Outcome code ${values.code ?? ''} added.`));
    } catch (error) {
      return sendMarError(reply, error);
    }
  });

  app.put('/mar/outcome-codes/:code', need('settings.edit'), async (request, reply) => {
    const code = String((request.params as { code: string }).code ?? '');
    if (!/^[A-Za-z]{1,4}$/.test(code)) return sendError(reply, 404, NO_CODE);
    const values = await parsedBody(reply, OutcomeCodeSchema, request.body);
    if (!values) return reply;
    try {
      const updated = await updateOutcomeCode(db, code, values, auditActorOf(request));
      return updated ? ok(updated, `Outcome code ${updated.code} saved.`) : sendError(reply, 404, NO_CODE);
    } catch (error) {
      return sendMarError(reply, error);
    }
  });

  // ---- Medication schedules.

  app.get('/clients/:clientId/medications', need('clients.clinical.view'), async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const [schedules, medicines] = await Promise.all([listSchedules(db, target.client.id), catalogueChoices(db)]);
    await recordClientView(db, target, 'medication');
    return ok({ client: target.client, schedules, medicines } satisfies MedicationList);
  });

  app.post('/clients/:clientId/medications', need('clients.edit'), async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const values = await parsedBody(reply, MedicationScheduleSchema, request.body);
    if (!values) return reply;
    try {
      const created = await db.transaction((tx) => createSchedule(tx, target.client, values, target.actor));
      return reply.code(201).send(ok(created, `${created.medicine} added to ${target.client.name}'s chart.`));
    } catch (error) {
      return sendMarError(reply, error);
    }
  });

  app.get('/clients/:clientId/medications/:id/history', need('clients.clinical.view'), async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const id = await idParam(request, reply, 'id', NO_SCHEDULE);
    if (id === null) return reply;
    const history = await scheduleHistory(db, target.client.id, id, parsePaging(request.query));
    if (!history) return sendError(reply, 404, NO_SCHEDULE);
    await recordClientView(db, target, 'medication-logging', { schedule_id: id });
    return ok(history);
  });

  app.post('/clients/:clientId/medications/:id/stop', need('clients.edit'), async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const id = await idParam(request, reply, 'id', NO_SCHEDULE);
    if (id === null) return reply;
    const values = await parsedBody(reply, StopScheduleSchema, request.body);
    if (!values) return reply;
    try {
      const stopped = await db.transaction((tx) => stopSchedule(tx, target.client.id, id, values, target.actor));
      return stopped ? ok(stopped, `${stopped.medicine} stopped.`) : sendError(reply, 404, NO_SCHEDULE);
    } catch (error) {
      return sendMarError(reply, error);
    }
  });

  // ---- The chart.

  app.get('/clients/:clientId/mar', need('clients.clinical.view'), async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const month = await monthOf(request, reply);
    if (!month) return reply;
    const chart = await buildMarChart(db, target.client, month);
    await recordClientView(db, target, 'marchart', { month });
    return ok(chart);
  });

  app.get('/clients/:clientId/mar.pdf', need('clients.clinical.view'), async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const month = await monthOf(request, reply);
    if (!month) return reply;
    const pdf = await marChartPdf(await buildMarChart(db, target.client, month));
    await recordClientView(db, target, 'marchart-pdf', { month });
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="mar-chart-${target.client.id}-${month}.pdf"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(pdf));
  });

  // ---- Administrations from the office's MAR chart. Carers' devices record through live-events/medication's
  // POST /carer-app/clients/:clientId/medication-outcomes (device tokens), which calls the same recordAdministration.

  const record = (via: CreatedVia) => async (request: FastifyRequest, reply: FastifyReply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const header = request.headers['idempotency-key'];
    const headerKey = Array.isArray(header) ? header[0] : header;
    if (headerKey !== undefined && !IDEMPOTENCY_KEY.test(headerKey)) {
      return sendInvalid(reply, { 'Idempotency-Key': ['The Idempotency-Key header must be 8 to 200 letters, digits, dots, colons, dashes or underscores.'] });
    }
    const values = await parsedBody(reply, AdministrationSchema, request.body);
    if (!values) return reply;
    try {
      const { administration, replayed } = await recordAdministration(db, { viewer: target.viewer, actor: target.actor, client: target.client, values, headerKey, via });
      if (replayed) return ok(administration, 'Already recorded: this is the record first sent with this key.');
      return reply.code(201).send(ok(administration, `${administration.medicine}: ${administration.outcome_label} recorded.`));
    } catch (error) {
      return sendMarError(reply, error);
    }
  };

  app.post('/clients/:clientId/administrations', need('medication.administer'), record('office'));

  app.get('/clients/:clientId/administrations/:id', need('clients.clinical.view'), async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const id = await idParam(request, reply, 'id', NO_ADMINISTRATION);
    if (id === null) return reply;
    const detail = await administrationDetail(db, target.client.id, id);
    if (!detail) return sendError(reply, 404, NO_ADMINISTRATION);
    await recordClientView(db, target, 'medication-administration', { administration_id: id });
    return ok(detail);
  });

  // ---- MAR chart audits: read with clients.view, made with medication.audit.

  app.get('/clients/:clientId/mar-audits', need('clients.view'), async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const audits = await listAudits(db, target.client.id);
    await recordClientView(db, target, 'marchart-audit');
    return ok(audits);
  });

  app.get('/clients/:clientId/mar-audits/findings', need('medication.audit'), async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const month = await monthOf(request, reply);
    if (!month) return reply;
    const findings = await auditFindings(db, target.client, month);
    await recordClientView(db, target, 'marchart-audit-findings', { month });
    return ok(findings);
  });

  app.get('/clients/:clientId/mar-audits/:id', need('clients.view'), async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const id = await idParam(request, reply, 'id', NO_AUDIT);
    if (id === null) return reply;
    const audit = await findAudit(db, target.client.id, id);
    if (!audit) return sendError(reply, 404, NO_AUDIT);
    await recordClientView(db, target, 'marchart-audit', { audit_id: id });
    return ok(audit);
  });

  app.post('/clients/:clientId/mar-audits', need('medication.audit'), async (request, reply) => {
    const target: ClientTarget | null = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const values = await parsedBody(reply, MarAuditSchema, request.body);
    if (!values) return reply;
    const audit = await db.transaction((tx) => createAudit(tx, target.client, target.viewer.user.userID, values, target.actor));
    return reply.code(201).send(ok(audit, `MAR audit for ${target.client.name} saved.`));
  });
}
