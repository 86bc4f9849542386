import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { inArray, sql } from 'drizzle-orm';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { branches } from '@hcm/server/schema';
import { auditActorOf, ok, pageOf, pageOffset, parsePaging, recordAudit, recordIdIn, sendError, sendInvalid, viewerOf, type AreaServerContext, type Viewer } from '@hcm/server/platform';
import { DASHBOARD_PAGES, DashboardQuerySchema, DashboardRowsQuerySchema, type DashboardAnswer, type DashboardKind } from '../../contract/dashboards.js';
import { PAGES, defaultPeriod, londonToday, drillRows, type Filters } from './queries.js';

const VIEW = { config: { permission: 'kpis.view' as const } };
/** The audit type of a drill-down listing clients (their names and visits): one entry per request. */
export const CLIENT_ROWS_AUDIT = 'dashboard-client-rows';

/**
 * The client and carer dashboards (kpis.view), each for the viewer's branches or one of them:
 *   GET /dashboards/:kind/:page?branch_id&from&to            the page's charts (aggregates only)
 *   GET /dashboards/:kind/:page/rows?chart&series&key&…&page&page_size   the visits, clients or carers behind one mark
 * kind is client or carer; a drill-down naming clients is audited (one entry per request, by the branch it lists).
 */
export async function dashboardsRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const db = context.auth.db;

  app.auditScopes.declare({
    resource: CLIENT_ROWS_AUDIT,
    label: 'Dashboard rows naming clients',
    // The entry's record id is the branch listed (0: every branch the viewer had, read by super admins only).
    scope: recordIdIn((branchIds) => sql`select ${branches.id} from ${branches} where ${inArray(branches.id, [...branchIds])}`),
  });

  type Parsed<S extends typeof DashboardQuerySchema | typeof DashboardRowsQuerySchema> = { viewer: Viewer; query: v.InferOutput<S>; filters: Filters; kind: DashboardKind; page: string };

  async function parse<S extends typeof DashboardQuerySchema | typeof DashboardRowsQuerySchema>(request: FastifyRequest, reply: FastifyReply, schema: S): Promise<Parsed<S> | null> {
    const { kind, page } = request.params as { kind: string; page: string };
    const spec = kind === 'client' || kind === 'carer' ? DASHBOARD_PAGES[kind].find((item) => item.value === page) : undefined;
    if (!spec) {
      await sendError(reply, 404, 'Not found.');
      return null;
    }
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return null;
    const result = v.safeParse(schema, request.query ?? {});
    if (!result.success) {
      await sendInvalid(reply, fieldErrorsOf(result.issues));
      return null;
    }
    const query = result.output;
    const branchId = query.branch_id === '' ? null : query.branch_id;
    if (branchId !== null && viewer.scope !== 'all' && !viewer.scope.includes(branchId)) {
      await sendInvalid(reply, { branch_id: ['Choose one of your branches.'] });
      return null;
    }
    const today = londonToday();
    const period = defaultPeriod(spec.period, today);
    const from = query.from || (query.to && query.to < period.from ? query.to : period.from);
    const to = query.to || (query.from && query.from > period.to ? query.from : period.to);
    if (Date.parse(to) - Date.parse(from) > 3 * 366 * 86_400_000) {
      await sendInvalid(reply, { to: ['Choose a period of at most three years.'] });
      return null;
    }
    return { viewer, query, kind: kind as DashboardKind, page, filters: { scope: viewer.scope, branchId, from, to, today } };
  }

  app.get('/dashboards/:kind/:page', VIEW, async (request, reply) => {
    const input = await parse(request, reply, DashboardQuerySchema);
    if (!input) return reply;
    const { kind, page, filters } = input;
    const charts = [];
    for (const chart of PAGES[kind][page]!) {
      const { build, drill: _drill, ...rest } = chart;
      charts.push({ ...rest, series: await build(db, filters) });
    }
    const answer: DashboardAnswer = {
      kind,
      page,
      title: DASHBOARD_PAGES[kind].find((item) => item.value === page)!.title,
      from: filters.from,
      to: filters.to,
      branch_id: filters.branchId,
      charts,
    };
    return ok(answer);
  });

  app.get('/dashboards/:kind/:page/rows', VIEW, async (request, reply) => {
    const input = await parse(request, reply, DashboardRowsQuerySchema);
    if (!input) return reply;
    const { kind, page, filters, query } = input;
    const chart = PAGES[kind][page]!.find((item) => item.id === query.chart);
    if (!chart) return sendInvalid(reply, { chart: ['Choose one of the page’s charts.'] });
    const condition = await chart.drill(db, filters, query.series, query.key);
    if (!condition) return sendInvalid(reply, { key: ['Choose a bar, slice or point of the chart.'] });
    const paging = parsePaging(request.query);
    const found = await drillRows(db, chart.rows, filters, condition, { pageSize: paging.pageSize, offset: pageOffset(paging) });
    if (chart.rows !== 'carers') {
      await recordAudit(db, {
        actor: auditActorOf(request),
        resource: CLIENT_ROWS_AUDIT,
        recordId: filters.branchId ?? 0,
        action: 'view',
        after: { view: `dashboards/${kind}/${page}`, chart: chart.id, series: query.series, key: query.key, from: filters.from, to: filters.to, client_ids: found.clientIds },
      });
    }
    return ok(pageOf(found.rows, found.total, paging));
  });
}
