import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { branches } from '@hcm/server/schema';
import { auditActorOf, ok, pageOf, pageOffset, parseId, parsePaging, queryParam, recordAudit, sendError, viewerOf, type AuthSettings } from '@hcm/server/platform';
import { CARER_LIST_SORTS, CARER_STATUSES, COMPLIANCE_STATES, type CarerOverviewRow, type ComplianceState, type CarerSummary, type EmployeeSummary } from '../../contract/index.js';
import { refreshStaleCompliance } from '../compliance/service.js';
import { carerCompliance } from '../compliance/tables.js';
import { carerAccounts, carersTable, employeesTable } from './people-tables.js';
import { carerColumns as c, employeeColumns as e, visibleCarers, visibleEmployees } from './visibility.js';
import { carerAppIdentityRoutes, rotaCarerRoutes } from './rota-carers.js';

const staffcodes = sql.raw('staffcodes');

/** The columns of a carers-list row (the role's name read from reference data's staffcodes by table name). */
function overviewColumns() {
  return {
    id: c.id,
    first_name: c.first_name,
    last_name: c.last_name,
    status: c.status,
    recruitment_stage: c.recruitment_stage,
    branch_id: c.branch_id,
    branch: branches.name,
    role: sql<string | null>`(select s.name from ${staffcodes} s where s.id = ${c.staffcode_id})`,
    phone: c.phone,
    town: c.town,
    start_date: c.start_date,
    compliance: carerCompliance.state,
    rosterable: carerCompliance.rosterable,
    next_expiry: carerCompliance.next_expiry,
  };
}

type OverviewRecord = Omit<CarerOverviewRow, 'name'>;
const withName = <T extends { first_name: string; last_name: string }>(row: T) => ({ ...row, id: Number((row as { id?: unknown }).id), name: `${row.first_name} ${row.last_name}` });

const ORDER: Record<(typeof CARER_LIST_SORTS)[number], SQL[]> = {
  name: [sql`${c.last_name}`, sql`${c.first_name}`],
  status: [sql`${c.status}`],
  branch: [sql`${branches.name}`],
  // Worst first: not compliant, then expiring, then compliant.
  compliance: [sql`case ${carerCompliance.state} when 'non-compliant' then 0 when 'expiring' then 1 when 'compliant' then 2 else 3 end`],
  next_expiry: [sql`${carerCompliance.next_expiry}`],
  start_date: [sql`${c.start_date}`],
};

/**
 * The carers' and employees' own reads, beside what the engine serves from their declarations:
 *   GET /carers/overview     the carers list with branch, role and compliance (filters: branch_id, status,
 *                            compliance, search; sort: name, status, branch, compliance, next_expiry, start_date)
 *   GET /carers/:id/summary  a carer's record header (an audited view of the carer's file)
 *   GET /employees/:id/summary
 */
export async function peopleRoutes(app: FastifyInstance, { auth }: { auth: AuthSettings }): Promise<void> {
  const { db } = auth;
  await rotaCarerRoutes(app, { auth });
  await carerAppIdentityRoutes(app, { auth });

  app.get('/carers/overview', { config: { permission: 'carers.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    // A carer added or whose documents changed since their compliance was worked out is worked out again first.
    await refreshStaleCompliance(db);
    const query = request.query;
    const paging = parsePaging(query);
    const conditions: (SQL | undefined)[] = [visibleCarers(viewer.scope)];
    const branchId = parseId(queryParam(query, 'branch_id') ?? '');
    if (branchId) conditions.push(eq(c.branch_id, branchId));
    const status = queryParam(query, 'status');
    if (status && CARER_STATUSES.some((choice) => choice.value === status)) conditions.push(eq(c.status, status));
    const compliance = queryParam(query, 'compliance');
    if (compliance && COMPLIANCE_STATES.some((choice) => choice.value === compliance)) conditions.push(eq(carerCompliance.state, compliance as ComplianceState));
    const search = queryParam(query, 'search');
    if (search) {
      const like = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      conditions.push(or(ilike(c.first_name, like), ilike(c.last_name, like), ilike(sql`${c.first_name} || ' ' || ${c.last_name}`, like), ilike(c.town, like), ilike(c.postcode, like), ilike(c.email, like)));
    }
    const where = and(...conditions);
    const sortKey = (CARER_LIST_SORTS as readonly string[]).includes(queryParam(query, 'sort') ?? '') ? (queryParam(query, 'sort') as keyof typeof ORDER) : 'name';
    const direction = queryParam(query, 'mode') === 'desc' ? desc : asc;
    const order = [...ORDER[sortKey].map((part) => direction(part)), asc(c.id)];

    const [rows, [{ total } = { total: 0 }]] = await Promise.all([
      db
        .select(overviewColumns())
        .from(carersTable)
        .innerJoin(branches, eq(branches.id, c.branch_id))
        .leftJoin(carerCompliance, eq(carerCompliance.carer_id, c.id))
        .where(where)
        .orderBy(...order)
        .limit(paging.pageSize)
        .offset(pageOffset(paging)),
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(carersTable)
        .leftJoin(carerCompliance, eq(carerCompliance.carer_id, c.id))
        .where(where),
    ]);
    return ok(pageOf((rows as unknown as OverviewRecord[]).map(withName), total, paging));
  });

  app.get('/carers/:id/summary', { config: { permission: 'carers.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = parseId(String((request.params as { id: string }).id));
    if (!id) return sendError(reply, 404, 'No such carer.');
    await refreshStaleCompliance(db, [id]);
    const [row] = await db
      .select({
        ...overviewColumns(),
        preferred_name: c.preferred_name,
        email: c.email,
        gender: c.gender,
        date_of_birth: c.date_of_birth,
        contract_type: c.contract_type,
        blocked_because: carerCompliance.blocked_because,
        checks: carerCompliance.checks,
        weekly_hours_cap: carerCompliance.weekly_hours_cap,
        user_id: carerAccounts.user_id,
      })
      .from(carersTable)
      .innerJoin(branches, eq(branches.id, c.branch_id))
      .leftJoin(carerCompliance, eq(carerCompliance.carer_id, c.id))
      .leftJoin(carerAccounts, eq(carerAccounts.carer_id, c.id))
      .where(and(eq(c.id, id), visibleCarers(viewer.scope)));
    if (!row) return sendError(reply, 404, 'No such carer.');
    await recordAudit(db, { actor: auditActorOf(request), resource: 'carers', recordId: id, action: 'view' });
    const summary = withName(row as unknown as CarerSummary);
    return ok({ ...summary, blocked_because: summary.blocked_because ?? [], checks: summary.checks ?? [] });
  });

  app.get('/employees/:id/summary', { config: { permission: 'employees.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = parseId(String((request.params as { id: string }).id));
    if (!id) return sendError(reply, 404, 'No such office employee.');
    const [row] = await db
      .select({
        id: e.id,
        first_name: e.first_name,
        last_name: e.last_name,
        preferred_name: e.preferred_name,
        job_title: e.job_title,
        status: e.status,
        branch_id: e.branch_id,
        branch: branches.name,
        email: e.email,
        phone: e.phone,
        start_date: e.start_date,
        probation_ends_on: e.probation_ends_on,
      })
      .from(employeesTable)
      .innerJoin(branches, eq(branches.id, e.branch_id))
      .where(and(eq(e.id, id), visibleEmployees(viewer.scope)));
    if (!row) return sendError(reply, 404, 'No such office employee.');
    await recordAudit(db, { actor: auditActorOf(request), resource: 'employees', recordId: id, action: 'view' });
    const { first_name, last_name, ...rest } = row as unknown as EmployeeSummary & { first_name: string; last_name: string };
    return ok({ ...rest, id, name: `${first_name} ${last_name}` });
  });
}
