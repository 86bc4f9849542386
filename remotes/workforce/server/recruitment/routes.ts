import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can } from '@hcm/contract';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { isCalendarDate, londonDate } from '@hcm/contract/engine';
import { inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  auditActorOf,
  ok,
  pageOfAll,
  parseId,
  parsePaging,
  queryParam,
  recordAudit,
  recordIdIn,
  sendError,
  sendInvalid,
  UNAUTHORIZED,
  viewerOf,
  type AreaServerContext,
  type Viewer,
} from '@hcm/server/platform';
import type { RecruitmentStage } from '../../contract/people.js';
import { DASHBOARD_PERIODS, HireSchema, InterviewCancelSchema, InterviewSchema, InterviewUpdateSchema, StageMoveSchema, VacancyLinkSchema, type DashboardPeriod, type InterviewStatus } from '../../contract/recruitment.js';
import { carersTable } from '../people/people-tables.js';
import { carerColumns, findCarer } from '../people/visibility.js';
import {
  cancelInterview,
  dashboard,
  findInterview,
  findVacancy,
  hire,
  linkVacancy,
  listApplicants,
  listInterviews,
  listSurveys,
  listVacancies,
  matrix,
  moveStage,
  numberSetting,
  recruitmentInfo,
  RecruitmentRuleError,
  report,
  reportCsv,
  scheduleInterview,
  shiftDay,
  surveyDue,
  updateInterview,
} from './service.js';
import { recruitmentInterviews } from './tables.js';

const VIEW = { config: { permission: 'recruitment.view' as const } };
const EDIT = { config: { permission: 'recruitment.edit' as const } };
// Surveys are of carers (not applicants): whoever sees carers sees who has not answered.
const CARERS_VIEW = { config: { permission: 'carers.view' as const } };

const NO_APPLICANT = 'No such applicant.';

async function parsed<S extends v.GenericSchema>(reply: FastifyReply, schema: S, body: unknown): Promise<v.InferOutput<S> | null> {
  const result = v.safeParse(schema, body ?? {});
  if (result.success) return result.output;
  await sendInvalid(reply, fieldErrorsOf(result.issues));
  return null;
}

async function answerRule(reply: FastifyReply, error: unknown): Promise<FastifyReply> {
  if (!(error instanceof RecruitmentRuleError)) throw error;
  if (error.status === 409) return sendError(reply, 409, error.message, { [error.field]: [error.message] });
  return sendInvalid(reply, { [error.field]: [error.message] });
}

const day = (query: unknown, name: string): string | null | undefined => {
  const value = queryParam(query, name);
  if (!value) return undefined;
  return isCalendarDate(value) ? value : null;
};

/**
 * Recruitment under /api/v1/recruitment (README "Recruitment"): the applicants pipeline and each applicant's
 * moves, interviews and hiring; the dashboard, the checks matrix and the reports; job vacancies (reference
 * data's careers) with their applicants; and carer surveys with who has not answered. Reads are
 * 'recruitment.view' (surveys 'carers.view'), writes 'recruitment.edit' (hiring also 'carers.edit'); every read
 * is scoped to the user's branches, every write audited.
 */
export async function recruitmentRoutes(app: FastifyInstance, { auth }: AreaServerContext): Promise<void> {
  const { db } = auth;
  app.auditScopes.declare({
    resource: 'recruitment-interviews',
    label: 'Recruitment interviews',
    scope: recordIdIn((branchIds) => sql`select ${recruitmentInterviews.id} from ${recruitmentInterviews} join ${carersTable} on ${carerColumns.id} = ${recruitmentInterviews.carer_id} where ${inArray(carerColumns.branch_id, [...branchIds])}`),
  });

  /** The viewer and the carer of `:id` when the viewer's branches hold them; else the answer is sent. */
  async function applicantTarget(request: FastifyRequest, reply: FastifyReply): Promise<{ viewer: Viewer; carerId: number } | null> {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return null;
    const carerId = parseId(String((request.params as Record<string, string>).id ?? ''));
    const carer = carerId === null ? null : await findCarer(db, viewer.scope, carerId);
    if (!carer) {
      await sendError(reply, 404, NO_APPLICANT);
      return null;
    }
    return { viewer, carerId: carer.id };
  }

  // ---- the pipeline

  app.get('/recruitment/applicants', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const query = request.query;
    const rows = await listApplicants(
      db,
      viewer.scope,
      { stage: queryParam(query, 'stage') || undefined, branchId: parseId(queryParam(query, 'branch_id') ?? ''), source: queryParam(query, 'source') || undefined, search: queryParam(query, 'search') || undefined },
      await numberSetting(db, 'recruitment_stage_stale_days'),
    );
    return ok(pageOfAll(rows, parsePaging(query)));
  });

  app.get('/recruitment/applicants/:id', VIEW, async (request, reply) => {
    const target = await applicantTarget(request, reply);
    if (!target) return reply;
    const info = await recruitmentInfo(db, target.viewer.scope, target.carerId);
    if (!info) return sendError(reply, 404, NO_APPLICANT);
    await recordAudit(db, { actor: auditActorOf(request), resource: 'carers', recordId: target.carerId, action: 'view', after: { view: 'recruitment-info' } });
    return ok(info);
  });

  app.put('/recruitment/applicants/:id/stage', EDIT, async (request, reply) => {
    const target = await applicantTarget(request, reply);
    if (!target) return reply;
    const values = await parsed(reply, StageMoveSchema, request.body);
    if (!values) return reply;
    try {
      await moveStage(db, auditActorOf(request), target.carerId, values.stage as RecruitmentStage, values.reason);
    } catch (error) {
      return answerRule(reply, error);
    }
    return ok(await recruitmentInfo(db, target.viewer.scope, target.carerId), 'Stage moved.');
  });

  app.post('/recruitment/applicants/:id/hire', EDIT, async (request, reply) => {
    const target = await applicantTarget(request, reply);
    if (!target) return reply;
    if (!can(target.viewer.user, 'carers.edit')) return sendError(reply, 403, UNAUTHORIZED);
    const values = await parsed(reply, HireSchema, request.body);
    if (!values) return reply;
    try {
      await hire(db, auditActorOf(request), target.carerId, values);
    } catch (error) {
      return answerRule(reply, error);
    }
    return ok(await recruitmentInfo(db, target.viewer.scope, target.carerId), 'Hired: they are an active carer with a sign-in account.');
  });

  app.put('/recruitment/applicants/:id/vacancy', EDIT, async (request, reply) => {
    const target = await applicantTarget(request, reply);
    if (!target) return reply;
    const values = await parsed(reply, VacancyLinkSchema, request.body);
    if (!values) return reply;
    try {
      await linkVacancy(db, auditActorOf(request), target.carerId, values.career_id);
    } catch (error) {
      return answerRule(reply, error);
    }
    return ok(await recruitmentInfo(db, target.viewer.scope, target.carerId), values.career_id ? 'Vacancy linked.' : 'Vacancy unlinked.');
  });

  // ---- interviews

  app.get('/recruitment/interviews', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const from = day(request.query, 'from');
    const to = day(request.query, 'to');
    if (from === null || to === null) return sendInvalid(reply, { [from === null ? 'from' : 'to']: ['Choose a date like 2026-11-01.'] });
    const start = from ?? `${londonDate().slice(0, 7)}-01`;
    const end = to ?? shiftDay(start, 41);
    if (end < start) return sendInvalid(reply, { to: ['To must be on or after from.'] });
    if (shiftDay(start, 92) < end) return sendInvalid(reply, { to: ['Choose at most three months.'] });
    return ok(await listInterviews(db, viewer.scope, start, end));
  });

  app.post('/recruitment/applicants/:id/interviews', EDIT, async (request, reply) => {
    const target = await applicantTarget(request, reply);
    if (!target) return reply;
    const values = await parsed(reply, InterviewSchema, request.body);
    if (!values) return reply;
    try {
      const id = await scheduleInterview(db, auditActorOf(request), target.carerId, values);
      return reply.code(201).send(ok(await findInterview(db, target.viewer.scope, id), 'Interview booked.'));
    } catch (error) {
      return answerRule(reply, error);
    }
  });

  async function interviewTarget(request: FastifyRequest, reply: FastifyReply) {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return null;
    const id = parseId(String((request.params as Record<string, string>).id ?? ''));
    const interview = id === null ? null : await findInterview(db, viewer.scope, id);
    if (!interview) {
      await sendError(reply, 404, 'No such interview.');
      return null;
    }
    return { viewer, interview };
  }

  app.put('/recruitment/interviews/:id', EDIT, async (request, reply) => {
    const target = await interviewTarget(request, reply);
    if (!target) return reply;
    const values = await parsed(reply, InterviewUpdateSchema, request.body);
    if (!values) return reply;
    await updateInterview(db, auditActorOf(request), target.interview, { ...values, status: values.status as InterviewStatus });
    return ok(await findInterview(db, target.viewer.scope, target.interview.id), 'Interview saved.');
  });

  app.post('/recruitment/interviews/:id/cancel', EDIT, async (request, reply) => {
    const target = await interviewTarget(request, reply);
    if (!target) return reply;
    const values = await parsed(reply, InterviewCancelSchema, request.body);
    if (!values) return reply;
    try {
      await cancelInterview(db, auditActorOf(request), target.interview, values.reason);
    } catch (error) {
      return answerRule(reply, error);
    }
    return ok(await findInterview(db, target.viewer.scope, target.interview.id), 'Interview cancelled.');
  });

  // ---- dashboard, matrix, reports

  app.get('/recruitment/dashboard', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const asked = queryParam(request.query, 'period') ?? 'year';
    const period = (DASHBOARD_PERIODS.some((choice) => choice.value === asked) ? asked : 'year') as DashboardPeriod;
    return ok(await dashboard(db, viewer.scope, period));
  });

  app.get('/recruitment/matrix', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    return ok(await matrix(db, viewer.scope, parseId(queryParam(request.query, 'branch_id') ?? '')));
  });

  const yearOf = (query: unknown) => {
    const raw = queryParam(query, 'year');
    if (!raw) return Number(londonDate().slice(0, 4));
    return /^\d{4}$/.test(raw) && Number(raw) >= 2000 && Number(raw) <= 2100 ? Number(raw) : null;
  };

  app.get('/recruitment/reports', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const year = yearOf(request.query);
    if (year === null) return sendInvalid(reply, { year: ['Choose a year like 2026.'] });
    return ok(await report(db, viewer.scope, year));
  });

  app.get('/recruitment/reports.csv', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const year = yearOf(request.query);
    if (year === null) return sendInvalid(reply, { year: ['Choose a year like 2026.'] });
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="recruitment-${year}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(reportCsv(await report(db, viewer.scope, year)));
  });

  // ---- job vacancies (reference data's careers) and carer surveys

  app.get('/recruitment/vacancies', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    return ok(await listVacancies(db, viewer.scope));
  });

  app.get('/recruitment/vacancies/:id', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = parseId(String((request.params as Record<string, string>).id ?? ''));
    const vacancy = id === null ? null : await findVacancy(db, viewer.scope, id, await numberSetting(db, 'recruitment_stage_stale_days'));
    if (!vacancy) return sendError(reply, 404, 'No such job vacancy.');
    return ok(vacancy);
  });

  app.get('/recruitment/surveys', CARERS_VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    return ok(await listSurveys(db));
  });

  app.get('/recruitment/surveys/:id/due', CARERS_VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = parseId(String((request.params as Record<string, string>).id ?? ''));
    const due = id === null ? null : await surveyDue(db, viewer.scope, id);
    if (!due) return sendError(reply, 404, 'No such survey.');
    return ok(due);
  });
}
