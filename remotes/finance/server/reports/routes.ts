import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { isCalendarDate } from '@hcm/contract/engine';
import { ok, sendError, sendInvalid, viewerOf, type AreaServerContext, type BranchScope, type Viewer } from '@hcm/server/platform';
import { DailyQuerySchema, SalesQuerySchema, SALES_GROUPS, type SalesReport } from '../../contract/reports.js';
import { csvOf, type ExportTable } from '../exports/formats.js';
import { dailyDetail, dailyReport } from './daily.js';
import { salesGroups, sortSales } from './sales.js';

const VIEW = { config: { permission: 'finance.view' as const } };

/** ?page=&page_size= as the kit's lists send them (25 a page, 100 at most). */
function pagingOf(query: unknown) {
  const params = (query ?? {}) as Record<string, unknown>;
  const page = Number(params['page']);
  const size = Number(params['page_size']);
  return { page: Number.isSafeInteger(page) && page >= 1 && page <= 2_147_483_647 ? page : 1, pageSize: Number.isSafeInteger(size) && size >= 1 ? Math.min(size, 100) : 25 };
}

const inScope = (scope: BranchScope, branchId: number) => scope === 'all' || scope.includes(branchId);

/**
 * The reports (finance.view), for the user's branches or one of them:
 *   GET /finance/reports/sales?from&to&group=funder|client|branch|month&branch_id&sort&mode&page&page_size
 *   GET /finance/reports/sales.csv (the same, every group, with the totals)
 *   GET /finance/reports/daily?from&to&branch_id (per day invoiced, credited, received, expenses)
 *   GET /finance/reports/daily/:day?branch_id (the invoices, credit notes, payments and expenses of the day)
 */
export async function reportsRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const db = context.auth.db;

  /** The viewer and the query parsed by `schema`, or 401/422 sent (null); a branch outside theirs is a field error. */
  async function parsed<S extends typeof SalesQuerySchema | typeof DailyQuerySchema>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: S,
  ): Promise<{ viewer: Viewer; query: v.InferOutput<S>; branchId: number | null } | null> {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return null;
    const result = v.safeParse(schema, request.query ?? {});
    if (!result.success) {
      await sendInvalid(reply, fieldErrorsOf(result.issues));
      return null;
    }
    const branchId = result.output.branch_id === '' ? null : result.output.branch_id;
    if (branchId !== null && !inScope(viewer.scope, branchId)) {
      await sendInvalid(reply, { branch_id: ['Choose one of your branches.'] });
      return null;
    }
    return { viewer, query: result.output, branchId };
  }

  async function sales(request: FastifyRequest, reply: FastifyReply) {
    const input = await parsed(request, reply, SalesQuerySchema);
    if (!input) return null;
    const { query, viewer, branchId } = input;
    const { rows, totals } = await salesGroups(db, query, { scope: viewer.scope, branchId });
    return { query, branchId, rows: sortSales(rows, query), totals };
  }

  app.get('/finance/reports/sales', VIEW, async (request, reply) => {
    const report = await sales(request, reply);
    if (!report) return reply;
    const { page, pageSize } = pagingOf(request.query);
    const { query, branchId, rows, totals } = report;
    const answer: SalesReport = {
      from: query.from,
      to: query.to,
      group: query.group,
      branch_id: branchId,
      rows: rows.slice((page - 1) * pageSize, page * pageSize),
      total: rows.length,
      page,
      page_size: pageSize,
      last_page: Math.max(1, Math.ceil(rows.length / pageSize)),
      totals,
    };
    return ok(answer);
  });

  app.get('/finance/reports/sales.csv', VIEW, async (request, reply) => {
    const report = await sales(request, reply);
    if (!report) return reply;
    const { query, rows, totals } = report;
    const groupLabel = SALES_GROUPS.find((group) => group.value === query.group)!.label;
    const table: ExportTable = {
      columns: [
        { header: groupLabel, kind: 'text' },
        { header: 'Invoices', kind: 'number' },
        { header: 'Invoiced (£)', kind: 'money' },
        { header: 'Credited (£)', kind: 'money' },
        { header: 'Net (£)', kind: 'money' },
        { header: 'Paid (£)', kind: 'money' },
        { header: 'Outstanding (£)', kind: 'money' },
      ],
      rows: [...rows, { label: 'Total', ...totals }].map((row) => [
        row.label,
        row.invoice_count,
        row.invoiced_pence,
        row.credited_pence,
        row.net_pence,
        row.paid_pence,
        row.outstanding_pence,
      ]),
    };
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="sales-by-${query.group}-${query.from}-to-${query.to}.csv"`)
      .send(csvOf(table));
  });

  app.get('/finance/reports/daily', VIEW, async (request, reply) => {
    const input = await parsed(request, reply, DailyQuerySchema);
    if (!input) return reply;
    return ok(await dailyReport(db, input.query.from, input.query.to, { scope: input.viewer.scope, branchId: input.branchId }));
  });

  app.get<{ Params: { day: string } }>('/finance/reports/daily/:day', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const { day } = request.params;
    if (!isCalendarDate(day)) return sendError(reply, 404, 'No such day.');
    const raw = (request.query as Record<string, unknown> | undefined)?.['branch_id'];
    let branchId: number | null = null;
    if (typeof raw === 'string' && raw !== '') {
      branchId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(branchId) || !inScope(viewer.scope, branchId)) return sendInvalid(reply, { branch_id: ['Choose one of your branches.'] });
    }
    return ok(await dailyDetail(db, day, { scope: viewer.scope, branchId }));
  });
}
