import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { isCalendarDate } from '@hcm/contract/engine';
import { SUPER_ADMIN } from '@hcm/contract';
import { auditActorOf, ok, pageOf, pageOffset, parseId, parsePaging, queryParam, recordAudit, recordIdIn, sendError, sendInvalid, viewerOf, type AreaServerContext, type Database, type Viewer } from '@hcm/server/platform';
import { branches, rolePermissions, roles, userBranches, users } from '@hcm/server/schema';
import { AssessmentVisitSchema, type AssessmentChoices, type AssessmentVisitRow, type AssessmentVisitValues } from '../../contract/assessments.js';
import { clientName, clientsInScope, inScope, paramId, parsed } from '../imports/common.js';
import { clientsRead } from '../read-models.js';
import { assessmentVisits } from './tables.js';
import { followAssessmentVisit, reviewsToBookRoutes } from './reviews-to-book.js';
import { clock } from '@hcm/contract/time';

// The office planner's API (assessment-visits): office staff's assessments, reviews and re-assessments.
//   GET    /assessment-visits?from=&to=&status=&kind=&assessor_id=&client_id=&page=   (scheduler.view)
//   GET    /assessment-visits/calendar?month=YYYY-MM                                  (scheduler.view)
//   GET    /assessment-visits/choices      clients of the user's branches and the office users who may assess
//   GET    /assessment-visits/:id
//   POST   /assessment-visits              (scheduler.edit)
//   PUT    /assessment-visits/:id          {…, version} (scheduler.edit; 409 on a stale version)
//   DELETE /assessment-visits/:id          (scheduler.edit)
//   GET    /assessment-visits/reviews-to-book   care plans and assessments due for review, not yet booked (./reviews-to-book.ts)
// Branch-scoped by the client's branch; every write audited ('scheduler-assessment-visits').

const RESOURCE = 'scheduler-assessment-visits';

const assessor = sql<string>`(select ${users.name} from ${users} where ${users.id} = ${assessmentVisits.assessor_id})`;
const branchName = sql<string>`(select ${branches.name} from ${branches} where ${branches.id} = ${assessmentVisits.branch_id})`;
const clientOf = sql<string>`coalesce((select ${clientName} from ${clientsRead} where ${clientsRead.id} = ${assessmentVisits.client_id}), 'Client #' || ${assessmentVisits.client_id})`;

const rowColumns = {
  id: assessmentVisits.id,
  branch_id: assessmentVisits.branch_id,
  branch: branchName,
  client_id: assessmentVisits.client_id,
  client_name: clientOf,
  kind: assessmentVisits.kind,
  assessor_id: assessmentVisits.assessor_id,
  assessor_name: assessor,
  date: assessmentVisits.visit_date,
  start_time: assessmentVisits.start_time,
  duration_minutes: assessmentVisits.duration_minutes,
  location: assessmentVisits.location,
  status: assessmentVisits.status,
  outcome: assessmentVisits.outcome,
  version: assessmentVisits.version,
  updated_at: sql<string>`to_char(${assessmentVisits.updated_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};

/** Office users of the viewer's branches who may assess: enabled, holding scheduler.view (or super admins). */
export async function assessorsInScope(db: Database, viewer: Viewer, ids?: readonly number[]) {
  const holdsPlanner = sql`(${roles.name} = ${SUPER_ADMIN} or exists (select 1 from ${rolePermissions} where ${rolePermissions.role_id} = ${roles.id} and ${rolePermissions.permission} = 'scheduler.view'))`;
  const inBranches = viewer.scope === 'all' ? sql`true` : sql`exists (select 1 from ${userBranches} where ${userBranches.user_id} = ${users.id} and ${inScope(userBranches.branch_id, viewer.scope)})`;
  const conditions: SQL[] = [eq(users.disabled, false), holdsPlanner, inBranches];
  if (ids) conditions.push(ids.length ? sql`${users.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  return db.select({ id: users.id, name: users.name }).from(users).innerJoin(roles, eq(roles.id, users.role_id)).where(and(...conditions)).orderBy(asc(users.name));
}

export async function assessmentRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;
  await reviewsToBookRoutes(app, context);

  app.auditScopes.declare({
    resource: RESOURCE,
    label: 'Assessment visits (office planner)',
    scope: recordIdIn((branchIds) => sql`select ${assessmentVisits.id} from ${assessmentVisits} where ${inScope(assessmentVisits.branch_id, branchIds)}`),
  });

  const findRow = async (viewer: Viewer, id: number): Promise<AssessmentVisitRow | null> => {
    const [row] = await db.select(rowColumns).from(assessmentVisits).where(and(eq(assessmentVisits.id, id), inScope(assessmentVisits.branch_id, viewer.scope)));
    return (row as AssessmentVisitRow | undefined) ?? null;
  };

  /** Client and assessor must be the viewer's to choose: else 422 on the field. */
  async function checkChoices(viewer: Viewer, values: AssessmentVisitValues): Promise<{ errors: Record<string, string[]> | null; branchId: number }> {
    const errors: Record<string, string[]> = {};
    const [client] = await clientsInScope(db, viewer.scope, { ids: [values.client_id] });
    if (!client) errors.client_id = ['Choose a client of your branches.'];
    const [who] = await assessorsInScope(db, viewer, [values.assessor_id]);
    if (!who) errors.assessor_id = ['Choose an office user of your branches.'];
    return { errors: Object.keys(errors).length ? errors : null, branchId: client?.branch_id ?? 0 };
  }

  const audit = (request: FastifyRequest, id: number, action: 'create' | 'update' | 'delete', before: unknown, after: unknown) =>
    recordAudit(db, { actor: auditActorOf(request), resource: RESOURCE, recordId: id, action, before, after });

  app.get('/assessment-visits', { config: { permission: 'scheduler.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const query = request.query;
    const conditions: SQL[] = [inScope(assessmentVisits.branch_id, viewer.scope)];
    const errors: Record<string, string[]> = {};
    const from = queryParam(query, 'from');
    const to = queryParam(query, 'to');
    if (from && !isCalendarDate(from)) errors.from = ['From must be a date.'];
    else if (from) conditions.push(gte(assessmentVisits.visit_date, from));
    if (to && !isCalendarDate(to)) errors.to = ['To must be a date.'];
    else if (to) conditions.push(lte(assessmentVisits.visit_date, to));
    const status = queryParam(query, 'status');
    if (status) conditions.push(eq(assessmentVisits.status, status as AssessmentVisitRow['status']));
    const kind = queryParam(query, 'kind');
    if (kind) conditions.push(eq(assessmentVisits.kind, kind as AssessmentVisitRow['kind']));
    for (const name of ['assessor_id', 'client_id'] as const) {
      const raw = queryParam(query, name);
      if (!raw) continue;
      const id = parseId(raw);
      if (id === null) errors[name] = ['Choose from the list.'];
      else conditions.push(eq(assessmentVisits[name], id));
    }
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    const paging = parsePaging(query);
    const where = and(...conditions);
    const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(assessmentVisits).where(where);
    const upcoming = queryParam(query, 'sort') !== 'oldest';
    const rows = await db
      .select(rowColumns)
      .from(assessmentVisits)
      .where(where)
      .orderBy(upcoming ? desc(assessmentVisits.visit_date) : asc(assessmentVisits.visit_date), asc(assessmentVisits.start_time), asc(assessmentVisits.id))
      .limit(paging.pageSize)
      .offset(pageOffset(paging));
    return ok(pageOf(rows as AssessmentVisitRow[], total, paging));
  });

  app.get('/assessment-visits/calendar', { config: { permission: 'scheduler.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const month = queryParam(request.query, 'month') ?? '';
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return sendInvalid(reply, { month: ['Month must be like 2026-12.'] });
    const first = `${month}-01`;
    const next = new Date(`${first}T12:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const rows = await db
      .select(rowColumns)
      .from(assessmentVisits)
      .where(and(inScope(assessmentVisits.branch_id, viewer.scope), gte(assessmentVisits.visit_date, first), sql`${assessmentVisits.visit_date} < ${next.toISOString().slice(0, 10)}`))
      .orderBy(asc(assessmentVisits.visit_date), asc(assessmentVisits.start_time));
    return ok({ month, visits: rows as AssessmentVisitRow[] });
  });

  app.get('/assessment-visits/choices', { config: { permission: 'scheduler.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const branchRows = await db.select({ id: branches.id, name: branches.name }).from(branches);
    const names = new Map(branchRows.map((row) => [row.id, row.name]));
    const clients = (await clientsInScope(db, viewer.scope)).filter((client) => client.status !== 'ended' && client.status !== 'deceased');
    const answer: AssessmentChoices = {
      clients: clients.map((client) => ({ id: client.id, name: client.name, branch: names.get(client.branch_id) ?? '' })),
      assessors: await assessorsInScope(db, viewer),
    };
    return ok(answer);
  });

  app.get('/assessment-visits/:id', { config: { permission: 'scheduler.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = paramId(request);
    const row = id === null ? null : await findRow(viewer, id);
    if (!row) return sendError(reply, 404, 'No such assessment visit.');
    return ok(row);
  });

  app.post('/assessment-visits', { config: { permission: 'scheduler.edit' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const values = await parsed(reply, AssessmentVisitSchema, request.body);
    if (!values) return reply;
    const { errors, branchId } = await checkChoices(viewer, values);
    if (errors) return sendInvalid(reply, errors);
    const [made] = await db
      .insert(assessmentVisits)
      .values({
        branch_id: branchId,
        client_id: values.client_id,
        kind: values.kind,
        assessor_id: values.assessor_id,
        visit_date: values.date,
        start_time: values.start_time,
        duration_minutes: values.duration_minutes,
        location: values.location,
        status: values.status,
        outcome: values.outcome,
        created_by: viewer.user.userID,
      })
      .returning({ id: assessmentVisits.id });
    const row = (await findRow(viewer, made!.id))!;
    await followAssessmentVisit(db, row);
    await audit(request, row.id, 'create', null, row);
    return reply.code(201).send(ok(row, 'Assessment visit planned.'));
  });

  app.put('/assessment-visits/:id', { config: { permission: 'scheduler.edit' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = paramId(request);
    const before = id === null ? null : await findRow(viewer, id);
    if (!before || id === null) return sendError(reply, 404, 'No such assessment visit.');
    const values = await parsed(reply, AssessmentVisitSchema, request.body);
    if (!values) return reply;
    if (values.version === undefined) return sendInvalid(reply, { version: ['Send the version you edited.'] });
    if (values.version !== before.version) {
      const changed = (['client_id', 'kind', 'assessor_id', 'date', 'start_time', 'duration_minutes', 'location', 'status', 'outcome'] as const).filter((key) => before[key] !== values[key]);
      return reply.code(409).send({ status: false, message: `Someone else changed this assessment visit since you opened it${changed.length ? ` (${changed.join(', ')})` : ''}. Reload it and make your change again.`, data: { current: before, changed }, errors: null });
    }
    const { errors, branchId } = await checkChoices(viewer, values);
    if (errors) return sendInvalid(reply, errors);
    const updated = await db
      .update(assessmentVisits)
      .set({
        branch_id: branchId,
        client_id: values.client_id,
        kind: values.kind,
        assessor_id: values.assessor_id,
        visit_date: values.date,
        start_time: values.start_time,
        duration_minutes: values.duration_minutes,
        location: values.location,
        status: values.status,
        outcome: values.outcome,
        version: sql`${assessmentVisits.version} + 1`,
        updated_at: clock.now(),
      })
      .where(and(eq(assessmentVisits.id, id), eq(assessmentVisits.version, before.version)))
      .returning({ id: assessmentVisits.id });
    if (!updated.length) return sendError(reply, 409, 'Someone else changed this assessment visit since you opened it. Reload it and make your change again.');
    const after = (await findRow(viewer, id))!;
    await followAssessmentVisit(db, after);
    await audit(request, id, 'update', before, after);
    return ok(after, 'Assessment visit saved.');
  });

  app.delete('/assessment-visits/:id', { config: { permission: 'scheduler.edit' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = paramId(request);
    const before = id === null ? null : await findRow(viewer, id);
    if (!before || id === null) return sendError(reply, 404, 'No such assessment visit.');
    await db.delete(assessmentVisits).where(eq(assessmentVisits.id, id));
    await audit(request, id, 'delete', before, null);
    return ok(null, 'Assessment visit removed.');
  });
}
