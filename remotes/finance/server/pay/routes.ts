import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { fieldErrorsOf, isCalendarDate } from '@hcm/contract/engine';
import { ok, pageOf, pageOffset, parseId, parsePaging, queryParam, sendError, sendInvalid, viewerOf, type AreaServerContext, type BranchScope, type Database, type Viewer } from '@hcm/server/platform';
import { branches, users } from '@hcm/server/schema';
import { PAY_RUN_SORTS, PayRunRequestSchema, PayRunResetSchema, type PayRunDetail, type PayRunPreview, type PayRunRequestValues, type PayRunRow, type PayRunSort } from '../../contract/pay.js';
import { loadRateBook } from '../rates/rate-book.js';
import { financeSources } from '../sources/api-sources.js';
import { holidayRulesFor } from './holiday.js';
import { carersOfRun, computePayRun, PayRunConflict, postPayRun, resetPayRun } from './runs.js';
import { payRuns } from './tables.js';
import { wagesCsv } from './wages-file.js';

// Pay runs (finance/pay-runs) and the wages file (export/reports/wages-report):
//   POST /finance/pay-runs/preview  {branch_id, period_from, period_to}     (payroll.view; ≤ 31 days)
//   POST /finance/pay-runs          same body: posts it atomically           (payroll.run; 409 overlapping posted run)
//   GET  /finance/pay-runs          ?branch_id&status&from&to&sort&mode&page (payroll.view)
//   GET  /finance/pay-runs/:id                                               (payroll.view)
//   POST /finance/pay-runs/:id/reset {reason}                                (payroll.run)
//   GET  /finance/pay-runs/:id/wages.csv                                     (payroll.run)
// Branch-scoped by the run's branch. Worked visits and carers come from the scheduler's and workforce's APIs
// as the signed-in user; rates from the rate book; who may have holiday pay rolled up from workforce's published
// carers (irregular_hours) and the leave year setting (./holiday.ts).

const BASE = '/finance/pay-runs';

const inScope = (column: SQL | typeof payRuns.branch_id, scope: BranchScope): SQL =>
  scope === 'all' ? sql`true` : scope.length ? inArray(column as typeof payRuns.branch_id, [...scope]) : sql`false`;

const creator = sql<string>`coalesce((select ${users.name} from ${users} where ${users.id} = ${payRuns.created_by}), '')`;
const resetter = sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${payRuns.reset_by})`;
const branchName = sql<string>`coalesce((select ${branches.name} from ${branches} where ${branches.id} = ${payRuns.branch_id}), '')`;

const rowColumns = {
  id: payRuns.id,
  branch_id: payRuns.branch_id,
  branch: branchName,
  period_from: payRuns.period_from,
  period_to: payRuns.period_to,
  status: payRuns.status,
  carers: payRuns.carers,
  care_minutes: payRuns.care_minutes,
  travel_minutes: payRuns.travel_minutes,
  waiting_minutes: payRuns.waiting_minutes,
  miles: sql<number>`${payRuns.miles_hundredths}::float8 / 100`,
  gross_pence: payRuns.gross_pence,
  shortfall_pence: payRuns.shortfall_pence,
  flagged_count: payRuns.flagged_count,
  created_by_name: creator,
  created_at: sql<string>`to_char(${payRuns.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  reset_by_name: resetter,
  reset_at: sql<string | null>`to_char(${payRuns.reset_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  reset_reason: payRuns.reset_reason,
};

const SORT_COLUMNS: Record<PayRunSort, SQL | typeof payRuns.id> = {
  period_from: sql`${payRuns.period_from}`,
  branch: branchName,
  status: sql`${payRuns.status}`,
  carers: sql`${payRuns.carers}`,
  gross_pence: sql`${payRuns.gross_pence}`,
  flagged_count: sql`${payRuns.flagged_count}`,
  created_at: sql`${payRuns.created_at}`,
};

async function parsedBody<S extends v.GenericSchema>(reply: FastifyReply, schema: S, body: unknown): Promise<v.InferOutput<S> | null> {
  const result = v.safeParse(schema, body ?? {});
  if (result.success) return result.output;
  await sendInvalid(reply, fieldErrorsOf(result.issues));
  return null;
}

export async function payRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;

  async function findRun(viewer: Viewer, id: number): Promise<PayRunRow | null> {
    const [row] = await db.select(rowColumns).from(payRuns).where(and(eq(payRuns.id, id), inScope(payRuns.branch_id, viewer.scope)));
    return (row as PayRunRow | undefined) ?? null;
  }

  /** The branch's name when the viewer may run its pay; else answers 422 on the field and returns null. */
  async function branchOf(viewer: Viewer, reply: FastifyReply, branchId: number): Promise<string | null> {
    const [branch] = await db.select({ name: branches.name }).from(branches).where(eq(branches.id, branchId));
    if (!branch || (viewer.scope !== 'all' && !viewer.scope.includes(branchId))) {
      await sendInvalid(reply, { branch_id: ['Choose one of your branches.'] });
      return null;
    }
    return branch.name;
  }

  /** Computes the run from the other areas' visits and carers and the rate book. */
  async function preview(request: FastifyRequest, values: PayRunRequestValues): Promise<PayRunPreview> {
    const sources = financeSources(app, request);
    const carers = await sources.carers({ branchIds: [values.branch_id] });
    const worked = carers.length ? await sources.workedVisits({ from: values.period_from, to: values.period_to, carerIds: carers.map((carer) => carer.id) }) : new Map();
    const [book, holiday] = await Promise.all([loadRateBook(db, { from: values.period_from, to: values.period_to }), holidayRulesFor(db, carers.map((carer) => carer.id))]);
    return computePayRun(values, { book, worked, carers, holiday });
  }

  async function detailOf(row: PayRunRow): Promise<PayRunDetail> {
    return { ...row, carers_pay: await carersOfRun(db, row.id) };
  }

  app.post(`${BASE}/preview`, { config: { permission: 'payroll.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const values = await parsedBody(reply, PayRunRequestSchema, request.body);
    if (!values) return reply;
    if ((await branchOf(viewer, reply, values.branch_id)) === null) return reply;
    return ok(await preview(request, values));
  });

  app.post(BASE, { config: { permission: 'payroll.run' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const values = await parsedBody(reply, PayRunRequestSchema, request.body);
    if (!values) return reply;
    const branchName = await branchOf(viewer, reply, values.branch_id);
    if (branchName === null) return reply;
    const run = await preview(request, values);
    if (run.problems.length) {
      const count = run.problems.length;
      return sendInvalid(reply, { carers: run.problems }, `The pay run cannot be posted: ${count} ${count === 1 ? 'carer has' : 'carers have'} no rate to be paid at.`);
    }
    if (!run.carers.length) return sendInvalid(reply, { period_to: ['Nobody of this branch worked a confirmed visit in the period: there is nothing to pay.'] });
    try {
      const id = await postPayRun(db, run, { userId: viewer.user.userID, branchName });
      const row = (await findRun(viewer, id))!;
      return reply.code(201).send(ok(await detailOf(row), `Pay run posted for ${run.totals.carers} carers.`));
    } catch (error) {
      if (error instanceof PayRunConflict) return sendError(reply, 409, error.message);
      throw error;
    }
  });

  app.get(BASE, { config: { permission: 'payroll.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const query = request.query;
    const conditions: SQL[] = [inScope(payRuns.branch_id, viewer.scope)];
    const errors: Record<string, string[]> = {};
    const branch = queryParam(query, 'branch_id');
    if (branch) {
      const id = parseId(branch);
      if (id === null) errors.branch_id = ['Choose a branch.'];
      else conditions.push(eq(payRuns.branch_id, id));
    }
    const status = queryParam(query, 'status');
    if (status) {
      if (status !== 'posted' && status !== 'reset') errors.status = ['Choose posted or reset.'];
      else conditions.push(eq(payRuns.status, status));
    }
    // A run is listed when its period meets [from, to].
    const from = queryParam(query, 'from');
    if (from) {
      if (!isCalendarDate(from)) errors.from = ['From must be a date.'];
      else conditions.push(gte(payRuns.period_to, from));
    }
    const to = queryParam(query, 'to');
    if (to) {
      if (!isCalendarDate(to)) errors.to = ['To must be a date.'];
      else conditions.push(lte(payRuns.period_from, to));
    }
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    const requested = queryParam(query, 'sort') ?? '';
    const sort: PayRunSort = (PAY_RUN_SORTS as readonly string[]).includes(requested) ? (requested as PayRunSort) : 'period_from';
    const modeParam = queryParam(query, 'mode');
    const mode = modeParam === 'asc' || modeParam === 'desc' ? modeParam : sort === 'period_from' || sort === 'created_at' ? 'desc' : 'asc';
    const order = mode === 'desc' ? desc : asc;
    const paging = parsePaging(query);
    const where = and(...conditions);
    const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(payRuns).where(where);
    const rows = await db
      .select(rowColumns)
      .from(payRuns)
      .where(where)
      .orderBy(order(SORT_COLUMNS[sort]), order(payRuns.id))
      .limit(paging.pageSize)
      .offset(pageOffset(paging));
    return ok({ ...pageOf(rows as PayRunRow[], total, paging), sort, mode });
  });

  app.get(`${BASE}/:id`, { config: { permission: 'payroll.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = parseId(String((request.params as { id?: string }).id ?? ''));
    const row = id === null ? null : await findRun(viewer, id);
    if (!row) return sendError(reply, 404, 'No such pay run.');
    return ok(await detailOf(row));
  });

  app.post(`${BASE}/:id/reset`, { config: { permission: 'payroll.run' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = parseId(String((request.params as { id?: string }).id ?? ''));
    const row = id === null ? null : await findRun(viewer, id);
    if (!row || id === null) return sendError(reply, 404, 'No such pay run.');
    const values = await parsedBody(reply, PayRunResetSchema, request.body);
    if (!values) return reply;
    try {
      await resetPayRun(db, id, { userId: viewer.user.userID, reason: values.reason });
    } catch (error) {
      if (error instanceof PayRunConflict) return sendError(reply, 409, error.message);
      throw error;
    }
    return ok(await detailOf((await findRun(viewer, id))!), 'Pay run reset.');
  });

  app.get(`${BASE}/:id/wages.csv`, { config: { permission: 'payroll.run' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = parseId(String((request.params as { id?: string }).id ?? ''));
    const row = id === null ? null : await findRun(viewer, id);
    if (!row) return sendError(reply, 404, 'No such pay run.');
    if (row.status !== 'posted') return sendError(reply, 409, `Pay run ${row.id} was reset: its wages file is no longer valid. Post the period again.`);
    const csv = wagesCsv(row, await carersOfRun(db, row.id));
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="wages-${row.period_from}-to-${row.period_to}-run-${row.id}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
}
