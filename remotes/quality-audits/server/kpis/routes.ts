import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { isCalendarDate, londonDate } from '@hcm/contract/engine';
import {
  auditActorOf,
  ok,
  pageOf,
  pageOffset,
  parseId,
  parsePaging,
  queryParam,
  recordAudit,
  recordIdIn,
  sendError,
  sendInvalid,
  viewerOf,
  type AreaServerContext,
  type BranchScope,
  type Database,
  type Transaction,
} from '@hcm/server/platform';
import { branches } from '@hcm/server/schema';
import { BurCreateSchema, BurUpdateSchema, MAX_PERIOD_DAYS, RecruitmentReportSchema, type BurReview, type Period, type RecruitmentReport } from '../../contract/kpis/api.js';
import { DEFINITIONS_VERSION } from '../../contract/kpis/definitions.js';
import { hdsFigures } from '../../contract/kpis/formulas.js';
import { branchUtilisation, careQuality, hoursDelivered, recruitmentFunnel } from './queries.js';
import { kpiBranchReviews, kpiRecruitmentReports } from './tables.js';
import { clock } from '@hcm/contract/time';

const VIEW = { config: { permission: 'kpis.view' as const } };
const EDIT = { config: { permission: 'kpis.edit' as const } };

const NO_REPORT = 'No such KPI report.';
const NO_REVIEW = 'No such branch utilisation review.';
const NOT_YOUR_BRANCH = 'Choose one of your branches.';

const mayUseBranch = (scope: BranchScope, branchId: number) => scope === 'all' || scope.includes(branchId);
const scopeWhere = (scope: BranchScope, column: AnyPgColumn): SQL | undefined =>
  scope === 'all' ? undefined : scope.length ? inArray(column, [...scope]) : sql`false`;

const dayCount = (period: Period) => Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / 86_400_000) + 1;

/** ?from=&to= (default: this month to today) and ?branch_id=; field errors when they are not right. */
function periodOf(query: unknown, scope: BranchScope): { period: Period; branchId: number | null } | { errors: Record<string, string[]> } {
  const today = londonDate();
  const from = queryParam(query, 'from') || `${today.slice(0, 7)}-01`;
  const to = queryParam(query, 'to') || today;
  const errors: Record<string, string[]> = {};
  if (!isCalendarDate(from)) errors.from = ['From must be a date.'];
  if (!isCalendarDate(to)) errors.to = ['To must be a date.'];
  else if (isCalendarDate(from) && to < from) errors.to = ['To must be on or after From.'];
  else if (isCalendarDate(from) && dayCount({ from, to }) > MAX_PERIOD_DAYS) errors.to = [`A period is at most ${MAX_PERIOD_DAYS} days.`];
  const rawBranch = queryParam(query, 'branch_id');
  let branchId: number | null = null;
  if (rawBranch) {
    branchId = parseId(rawBranch);
    if (branchId === null || !mayUseBranch(scope, branchId)) errors.branch_id = [NOT_YOUR_BRANCH];
  }
  return Object.keys(errors).length ? { errors } : { period: { from, to }, branchId };
}

async function parsed<S extends v.GenericSchema>(reply: FastifyReply, schema: S, body: unknown): Promise<v.InferOutput<S> | null> {
  const result = v.safeParse(schema, body ?? {});
  if (result.success) return result.output;
  await sendInvalid(reply, fieldErrorsOf(result.issues));
  return null;
}

type Db = Database | Transaction;

const reportColumns = {
  id: kpiRecruitmentReports.id,
  branch_id: kpiRecruitmentReports.branch_id,
  branch_name: branches.name,
  title: kpiRecruitmentReports.title,
  from: kpiRecruitmentReports.period_from,
  to: kpiRecruitmentReports.period_to,
  figures: kpiRecruitmentReports.figures,
  definitions_version: kpiRecruitmentReports.definitions_version,
  created_by_name: kpiRecruitmentReports.created_by_name,
  created_at: kpiRecruitmentReports.created_at,
};
const reviewColumns = {
  id: kpiBranchReviews.id,
  branch_id: kpiBranchReviews.branch_id,
  branch_name: branches.name,
  month: kpiBranchReviews.month,
  figures: kpiBranchReviews.figures,
  definitions_version: kpiBranchReviews.definitions_version,
  commentary: kpiBranchReviews.commentary,
  actions: kpiBranchReviews.actions,
  status: kpiBranchReviews.status,
  version: kpiBranchReviews.version,
  created_by_name: kpiBranchReviews.created_by_name,
  created_at: kpiBranchReviews.created_at,
  updated_by_name: kpiBranchReviews.updated_by_name,
  updated_at: kpiBranchReviews.updated_at,
};
const stamp = <T extends { created_at: Date; updated_at?: Date }>(row: T) => ({
  ...row,
  created_at: row.created_at.toISOString(),
  ...(row.updated_at ? { updated_at: row.updated_at.toISOString() } : {}),
});

export async function findReport(db: Db, scope: BranchScope, id: number): Promise<RecruitmentReport | null> {
  const [row] = await db
    .select(reportColumns)
    .from(kpiRecruitmentReports)
    .innerJoin(branches, eq(branches.id, kpiRecruitmentReports.branch_id))
    .where(and(eq(kpiRecruitmentReports.id, id), scopeWhere(scope, kpiRecruitmentReports.branch_id)));
  return row ? (stamp(row) as RecruitmentReport) : null;
}

export async function findReview(db: Db, scope: BranchScope, id: number): Promise<BurReview | null> {
  const [row] = await db
    .select(reviewColumns)
    .from(kpiBranchReviews)
    .innerJoin(branches, eq(branches.id, kpiBranchReviews.branch_id))
    .where(and(eq(kpiBranchReviews.id, id), scopeWhere(scope, kpiBranchReviews.branch_id)));
  return row ? (stamp(row) as BurReview) : null;
}

/** Saves a recruitment KPI report: the funnel computed now, with the definitions' version and who made it. */
export async function createRecruitmentReport(db: Db, author: { id: number | null; name: string }, input: { branch_id: number; from: string; to: string; title: string }): Promise<number> {
  const figures = await recruitmentFunnel(db, input.branch_id, { from: input.from, to: input.to });
  const [row] = await db
    .insert(kpiRecruitmentReports)
    .values({ branch_id: input.branch_id, title: input.title, period_from: input.from, period_to: input.to, figures, definitions_version: DEFINITIONS_VERSION, created_by: author.id, created_by_name: author.name })
    .returning({ id: kpiRecruitmentReports.id });
  return row!.id;
}

/** Saves a branch utilisation review with its figures computed now. */
export async function createBranchReview(
  db: Db,
  author: { id: number | null; name: string },
  input: { branch_id: number; month: string; commentary: string; actions: BurReview['actions']; status: BurReview['status'] },
): Promise<number> {
  const figures = await branchUtilisation(db, input.branch_id, input.month);
  const [row] = await db
    .insert(kpiBranchReviews)
    .values({ ...input, figures, definitions_version: DEFINITIONS_VERSION, created_by: author.id, created_by_name: author.name, updated_by: author.id, updated_by_name: author.name })
    .onConflictDoNothing()
    .returning({ id: kpiBranchReviews.id });
  return row?.id ?? 0;
}

const SORTS = {
  recruitment: { created_at: kpiRecruitmentReports.created_at, from: kpiRecruitmentReports.period_from, branch: branches.name },
  bur: { month: kpiBranchReviews.month, updated_at: kpiBranchReviews.updated_at, branch: branches.name, status: kpiBranchReviews.status },
} as const;

function sortOf(list: keyof typeof SORTS, query: unknown, fallback: string): SQL[] {
  const columns: Record<string, AnyPgColumn> = SORTS[list];
  const requested = queryParam(query, 'sort') ?? '';
  const column = columns[requested] ?? columns[fallback]!;
  const mode = queryParam(query, 'mode') === 'asc' ? asc : desc;
  return [mode(column), desc(list === 'recruitment' ? kpiRecruitmentReports.id : kpiBranchReviews.id)];
}

/**
 * KPIs under /api/v1/kpis (README.kpis.md): hours delivered, care quality measures, recruitment KPI reports and
 * branch utilisation reviews. Reads 'kpis.view', writes 'kpis.edit'; all scoped to the user's branches; saved
 * reports and reviews are audited.
 */
export async function kpisRoutes(app: FastifyInstance, { auth }: AreaServerContext): Promise<void> {
  const { db } = auth;
  app.auditScopes.declare({
    resource: 'kpi-recruitment-reports',
    label: 'Recruitment KPI reports',
    scope: recordIdIn((ids) => sql`select ${kpiRecruitmentReports.id} from ${kpiRecruitmentReports} where ${inArray(kpiRecruitmentReports.branch_id, [...ids])}`),
  });
  app.auditScopes.declare({
    resource: 'kpi-branch-reviews',
    label: 'Branch utilisation reviews',
    scope: recordIdIn((ids) => sql`select ${kpiBranchReviews.id} from ${kpiBranchReviews} where ${inArray(kpiBranchReviews.branch_id, [...ids])}`),
  });

  const authorOf = (request: FastifyRequest, viewer: { user: { userID: number; name: string } }) => {
    const actor = auditActorOf(request);
    return { id: viewer.user.userID, name: viewer.user.name, actor };
  };

  app.get('/kpis/hds', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const asked = periodOf(request.query, viewer.scope);
    if ('errors' in asked) return sendInvalid(reply, asked.errors);
    const group = queryParam(request.query, 'group') === 'month' ? 'month' : 'week';
    const { rows, totals } = await hoursDelivered(db, viewer.scope, asked.branchId, asked.period, group);
    return ok({ ...asked.period, group, rows, totals: hdsFigures(totals), definitions_version: DEFINITIONS_VERSION });
  });

  app.get('/kpis/cqm', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const asked = periodOf(request.query, viewer.scope);
    if ('errors' in asked) return sendInvalid(reply, asked.errors);
    return ok({ ...asked.period, rows: await careQuality(db, viewer.scope, asked.branchId, asked.period), definitions_version: DEFINITIONS_VERSION });
  });

  // ---- recruitment KPI reports

  app.get('/kpis/recruitment/preview', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const asked = periodOf(request.query, viewer.scope);
    if ('errors' in asked) return sendInvalid(reply, asked.errors);
    if (asked.branchId === null) return sendInvalid(reply, { branch_id: ['Choose a branch.'] });
    return ok({ ...asked.period, branch_id: asked.branchId, figures: await recruitmentFunnel(db, asked.branchId, asked.period), definitions_version: DEFINITIONS_VERSION });
  });

  app.get('/kpis/recruitment/reports', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const paging = parsePaging(request.query);
    const branchId = parseId(queryParam(request.query, 'branch_id') ?? '');
    const where = and(scopeWhere(viewer.scope, kpiRecruitmentReports.branch_id), branchId === null ? undefined : eq(kpiRecruitmentReports.branch_id, branchId));
    const [total] = await db.select({ n: count() }).from(kpiRecruitmentReports).where(where);
    const rows = await db
      .select(reportColumns)
      .from(kpiRecruitmentReports)
      .innerJoin(branches, eq(branches.id, kpiRecruitmentReports.branch_id))
      .where(where)
      .orderBy(...sortOf('recruitment', request.query, 'created_at'))
      .limit(paging.pageSize)
      .offset(pageOffset(paging));
    return ok(pageOf(rows.map(stamp), total?.n ?? 0, paging));
  });

  app.get('/kpis/recruitment/reports/:id', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = parseId(String((request.params as Record<string, string>).id ?? ''));
    const report = id === null ? null : await findReport(db, viewer.scope, id);
    return report ? ok(report) : sendError(reply, 404, NO_REPORT);
  });

  app.post('/kpis/recruitment/reports', EDIT, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const input = await parsed(reply, RecruitmentReportSchema, request.body);
    if (!input) return reply;
    if (!mayUseBranch(viewer.scope, input.branch_id)) return sendInvalid(reply, { branch_id: [NOT_YOUR_BRANCH] });
    const author = authorOf(request, viewer);
    const report = await db.transaction(async (tx) => {
      const id = await createRecruitmentReport(tx, author, input);
      const saved = await findReport(tx, 'all', id);
      await recordAudit(tx, { actor: author.actor, resource: 'kpi-recruitment-reports', recordId: id, action: 'create', after: saved });
      return saved;
    });
    return reply.code(201).send(ok(report, 'KPI report saved.'));
  });

  // ---- branch utilisation reviews

  app.get('/kpis/bur', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const paging = parsePaging(request.query);
    const branchId = parseId(queryParam(request.query, 'branch_id') ?? '');
    const status = queryParam(request.query, 'status');
    const where = and(
      scopeWhere(viewer.scope, kpiBranchReviews.branch_id),
      branchId === null ? undefined : eq(kpiBranchReviews.branch_id, branchId),
      status === 'draft' || status === 'final' ? eq(kpiBranchReviews.status, status) : undefined,
    );
    const [total] = await db.select({ n: count() }).from(kpiBranchReviews).where(where);
    const rows = await db
      .select(reviewColumns)
      .from(kpiBranchReviews)
      .innerJoin(branches, eq(branches.id, kpiBranchReviews.branch_id))
      .where(where)
      .orderBy(...sortOf('bur', request.query, 'month'))
      .limit(paging.pageSize)
      .offset(pageOffset(paging));
    return ok(pageOf(rows.map(stamp), total?.n ?? 0, paging));
  });

  app.get('/kpis/bur/preview', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const branchId = parseId(queryParam(request.query, 'branch_id') ?? '');
    const month = queryParam(request.query, 'month') ?? '';
    const errors: Record<string, string[]> = {};
    if (branchId === null || !mayUseBranch(viewer.scope, branchId)) errors.branch_id = [NOT_YOUR_BRANCH];
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) errors.month = ['Month must be a month (YYYY-MM).'];
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    return ok({ branch_id: branchId, month, figures: await branchUtilisation(db, branchId!, month), definitions_version: DEFINITIONS_VERSION });
  });

  app.get('/kpis/bur/:id', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = parseId(String((request.params as Record<string, string>).id ?? ''));
    const review = id === null ? null : await findReview(db, viewer.scope, id);
    return review ? ok(review) : sendError(reply, 404, NO_REVIEW);
  });

  app.post('/kpis/bur', EDIT, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const input = await parsed(reply, BurCreateSchema, request.body);
    if (!input) return reply;
    if (!mayUseBranch(viewer.scope, input.branch_id)) return sendInvalid(reply, { branch_id: [NOT_YOUR_BRANCH] });
    const author = authorOf(request, viewer);
    const review = await db.transaction(async (tx) => {
      const id = await createBranchReview(tx, author, input);
      if (!id) return null;
      const saved = await findReview(tx, 'all', id);
      await recordAudit(tx, { actor: author.actor, resource: 'kpi-branch-reviews', recordId: id, action: 'create', after: saved });
      return saved;
    });
    if (!review) return sendError(reply, 409, 'This branch already has a review for that month: open it to edit.', { month: ['This branch already has a review for that month.'] });
    return reply.code(201).send(ok(review, 'Review saved.'));
  });

  app.put('/kpis/bur/:id', EDIT, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = parseId(String((request.params as Record<string, string>).id ?? ''));
    const current = id === null ? null : await findReview(db, viewer.scope, id);
    if (!current) return sendError(reply, 404, NO_REVIEW);
    const input = await parsed(reply, BurUpdateSchema, request.body);
    if (!input) return reply;
    const author = authorOf(request, viewer);
    const outcome = await db.transaction(async (tx) => {
      const [locked] = await tx.select({ version: kpiBranchReviews.version, status: kpiBranchReviews.status }).from(kpiBranchReviews).where(eq(kpiBranchReviews.id, current.id)).for('update');
      if (!locked) return { status: 404 as const };
      if (locked.version !== input.version) return { status: 409 as const, message: `Someone saved this review since you opened it (version ${locked.version}). Reload to see their changes.` };
      if (locked.status === 'final') return { status: 409 as const, message: 'This review is final and can no longer be changed.' };
      const before = await findReview(tx, 'all', current.id);
      const figures = input.recompute ? await branchUtilisation(tx, current.branch_id, current.month) : undefined;
      await tx
        .update(kpiBranchReviews)
        .set({
          commentary: input.commentary,
          actions: input.actions,
          status: input.status,
          ...(figures ? { figures, definitions_version: DEFINITIONS_VERSION } : {}),
          version: locked.version + 1,
          updated_by: author.id,
          updated_by_name: author.name,
          updated_at: clock.now(),
        })
        .where(eq(kpiBranchReviews.id, current.id));
      const after = await findReview(tx, 'all', current.id);
      await recordAudit(tx, { actor: author.actor, resource: 'kpi-branch-reviews', recordId: current.id, action: 'update', before, after });
      return { status: 200 as const, review: after };
    });
    if (outcome.status === 404) return sendError(reply, 404, NO_REVIEW);
    if (outcome.status === 409) return sendError(reply, 409, outcome.message, { version: [outcome.message] });
    return ok(outcome.review, 'Review saved.');
  });
}
