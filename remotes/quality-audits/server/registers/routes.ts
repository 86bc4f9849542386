import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { can } from '@hcm/contract';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { londonDate } from '@hcm/contract/engine';
import { branches, users } from '@hcm/server/schema';
import {
  auditActorOf,
  inScope,
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
  type Viewer,
} from '@hcm/server/platform';
import { REGISTERS, REGISTER_KINDS, isCalendarDate, registerSchema, type DashboardAnswer, type RegisterKind, type RegisterRow } from '../../contract/registers.js';
import { cqcPromptOf } from '../../contract/registers-cqc.js';
import { notificationPdf } from './pdf.js';
import { findRow, headlineOf, insertRecord, peopleErrors, recordView, updateRecord, type Values } from './service.js';
import { qaRecordPeople, qaRecords, type QaRecordRow } from './tables.js';

/** The audited record type of every register record (record_id: the qa_records row). */
export const QUALITY_AUDIT = 'quality-records';

const canView = { config: { permission: 'quality.view' as const } };
const canWrite = { config: { anyPermission: ['quality.edit' as const, 'quality.cqc' as const] } };
const BASE = '/quality-assurance';
const SOURCE_KINDS: readonly RegisterKind[] = ['incident-and-accidents', 'safeguardings', 'medication-errors'];
const SORTS = { reference: qaRecords.seq, occurred_on: qaRecords.occurred_on, status: qaRecords.status, due_on: qaRecords.due_on, severity: qaRecords.severity, updated_at: qaRecords.updated_at } as const;

/**
 * The quality-assurance registers under /api/v1/quality-assurance (kind: incident-and-accidents, safeguardings,
 * complaints, medication-errors, compliments, cqc-notifications):
 *   GET  /quality-assurance/dashboard                 counts by register and status, 12 months' trends, overdue items (branch_id)
 *   GET  /quality-assurance/:kind                     a page (status, branch_id, severity, search, from, to, overdue=1; sort)
 *   GET  /quality-assurance/:kind/:id                 the record with people, who was told, the CQC prompt and link, a complaint's timetable
 *   POST /quality-assurance/:kind                     create (quality.edit; CQC notifications quality.cqc): 201 { record, cqc_prompt }
 *   PUT  /quality-assurance/:kind/:id                 save over base_version (409 when someone saved since)
 *   GET  /quality-assurance/cqc-notifications/:id/pdf the notification's content as a PDF
 * Users other than super admins see and write their branches' records only; every write and every read of one
 * record is audited ('quality-records').
 */
export async function registersRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { auth } = context;
  const { db } = auth;
  app.auditScopes.declare({
    resource: QUALITY_AUDIT,
    label: 'Quality-assurance records',
    scope: recordIdIn((branchIds) => sql`select ${qaRecords.id} from ${qaRecords} where ${inArray(qaRecords.branch_id, [...branchIds])}`),
  });

  const visibleRow = async (viewer: Viewer, kind: RegisterKind, rawId: string | undefined, reply: FastifyReply, forUpdate = false, tx: typeof db = db) => {
    const id = parseId(String(rawId ?? ''));
    const row = id === null ? null : await findRow(tx, kind, id, forUpdate);
    if (!row || (viewer.scope !== 'all' && !viewer.scope.includes(row.branch_id))) {
      await sendError(reply, 404, `No such ${REGISTERS[kind].singular}.`);
      return null;
    }
    return row;
  };
  const mayWrite = (viewer: Viewer, kind: RegisterKind) => can(viewer.user, kind === 'cqc-notifications' ? 'quality.cqc' : 'quality.edit');
  const audit = (request: FastifyRequest, id: number, action: 'create' | 'update' | 'view', after?: unknown, before?: unknown) =>
    recordAudit(db, { actor: auditActorOf(request), resource: QUALITY_AUDIT, recordId: id, action, ...(after === undefined ? {} : { after }), ...(before === undefined ? {} : { before }) });

  /**
   * The body checked by the kind's schema, then the rules that need the database: the branch, the linked record,
   * the people involved (of the record's branch; on a save, those already on it under the same branch are kept).
   */
  const validated = async (viewer: Viewer, kind: RegisterKind, body: unknown, reply: FastifyReply, existing: QaRecordRow | null = null): Promise<Values | null> => {
    const result = v.safeParse(registerSchema(kind, londonDate()), body ?? {});
    if (!result.success) {
      await sendInvalid(reply, fieldErrorsOf(result.issues));
      return null;
    }
    const values = result.output as unknown as Values;
    const errors: Record<string, string[]> = {};
    const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, values.branch_id));
    if (!branch || (viewer.scope !== 'all' && !viewer.scope.includes(values.branch_id))) errors['branch_id'] = ['Choose one of your branches.'];
    if (kind === 'cqc-notifications' && values['source_id']) {
      const [source] = await db.select({ kind: qaRecords.kind, branch_id: qaRecords.branch_id }).from(qaRecords).where(eq(qaRecords.id, Number(values['source_id'])));
      if (!source || !SOURCE_KINDS.includes(source.kind as RegisterKind) || (viewer.scope !== 'all' && !viewer.scope.includes(source.branch_id))) errors['source_id'] = ['Link an incident, safeguarding concern or medication error of your branches.'];
    }
    if (!errors['branch_id']) {
      const kept =
        existing && existing.branch_id === values.branch_id
          ? new Set(
              (await db.select({ type: qaRecordPeople.person_type, id: qaRecordPeople.person_id }).from(qaRecordPeople).where(eq(qaRecordPeople.record_id, existing.id))).map(
                (person) => `${person.type}:${person.id}`,
              ),
            )
          : new Set<string>();
      Object.assign(errors, await peopleErrors(db, values.branch_id, values.people, kept));
    }
    if (Object.keys(errors).length) {
      await sendInvalid(reply, errors);
      return null;
    }
    return values;
  };

  // ---- The dashboard (before /:kind, so "dashboard" is not taken for a register).

  app.get(`${BASE}/dashboard`, canView, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const rawBranch = queryParam(request.query, 'branch_id');
    const branchId = rawBranch ? parseId(rawBranch) : null;
    if (rawBranch && branchId === null) return sendInvalid(reply, { branch_id: ['Choose a branch.'] });
    return ok(await dashboardOf(db, viewer, branchId, londonDate()));
  });

  // ---- Each register: its list, one record, create and save (one set of routes per kind).

  for (const kind of REGISTER_KINDS) {
    // ---- Lists.

    app.get(`${BASE}/${kind}`, canView, async (request, reply) => {
      const viewer = await viewerOf(request, reply, auth);
      if (!viewer) return reply;
      const query = request.query;
      const errors: Record<string, string[]> = {};
      const param = (name: string) => queryParam(query, name) ?? '';
      const status = param('status');
      if (status && !REGISTERS[kind].statuses.some((one) => one.value === status)) errors['status'] = ['Choose a status of this register.'];
      const rawBranch = param('branch_id');
      const branchId = rawBranch ? parseId(rawBranch) : null;
      if (rawBranch && branchId === null) errors['branch_id'] = ['Choose a branch.'];
      for (const name of ['from', 'to']) if (param(name) && !isCalendarDate(param(name))) errors[name] = ['Give a date as YYYY-MM-DD.'];
      if (Object.keys(errors).length) return sendInvalid(reply, errors);
      const today = londonDate();
      const search = param('search');
      const where = and(
        eq(qaRecords.kind, kind),
        inScope(viewer.scope, qaRecords.branch_id),
        status ? eq(qaRecords.status, status) : undefined,
        branchId ? eq(qaRecords.branch_id, branchId) : undefined,
        param('severity') ? eq(qaRecords.severity, param('severity')) : undefined,
        param('from') ? gte(qaRecords.occurred_on, param('from')) : undefined,
        param('to') ? lte(qaRecords.occurred_on, param('to')) : undefined,
        param('overdue') === '1' ? and(lt(qaRecords.due_on, today), eq(qaRecords.due_met, false)) : undefined,
        search
          ? or(
              ilike(qaRecords.reference, `%${search}%`),
              ilike(qaRecords.summary, `%${search}%`),
              ilike(qaRecords.reported_by, `%${search}%`),
              sql`${qaRecords.details}::text ilike ${`%${search}%`}`,
              sql`exists (select 1 from ${qaRecordPeople} where ${qaRecordPeople.record_id} = ${qaRecords.id} and ${qaRecordPeople.name} ilike ${`%${search}%`})`,
            )
          : undefined,
      );
      const sortKey = param('sort') in SORTS ? (param('sort') as keyof typeof SORTS) : 'occurred_on';
      const order = param('mode') === 'asc' ? asc(SORTS[sortKey]) : desc(SORTS[sortKey]);
      const paging = parsePaging(query);
      const [total] = await db.select({ n: count() }).from(qaRecords).where(where);
      const rows = await db
        .select({
          row: qaRecords,
          branch: branches.name,
          people: sql<string>`coalesce((select string_agg(${qaRecordPeople.name}, ', ' order by ${qaRecordPeople.position}) from ${qaRecordPeople} where ${qaRecordPeople.record_id} = ${qaRecords.id}), '')`,
        })
        .from(qaRecords)
        .innerJoin(branches, eq(branches.id, qaRecords.branch_id))
        .where(where)
        .orderBy(order, desc(qaRecords.id))
        .limit(paging.pageSize)
        .offset(pageOffset(paging));
      const data: RegisterRow[] = rows.map(({ row, branch, people }) => ({
        id: row.id,
        kind,
        reference: row.reference,
        branch_id: row.branch_id,
        branch,
        occurred_on: row.occurred_on,
        summary: row.summary,
        status: row.status,
        severity: row.severity,
        due_on: row.due_on ?? '',
        overdue: Boolean(row.due_on && row.due_on < today && !row.due_met),
        headline: headlineOf(kind, row.details),
        people,
        updated_at: row.updated_at.toISOString(),
      }));
      return ok(pageOf(data, Number(total?.n ?? 0), paging));
    });

    // ---- One record.

    app.get(`${BASE}/${kind}/:id`, canView, async (request, reply) => {
      const viewer = await viewerOf(request, reply, auth);
      if (!viewer) return reply;
      const row = await visibleRow(viewer, kind, (request.params as { id?: string }).id, reply);
      if (!row) return reply;
      await audit(request, row.id, 'view');
      return ok(await recordView(db, row, londonDate()));
    });

    // ---- Writes.

    app.post(`${BASE}/${kind}`, canWrite, async (request, reply) => {
      const viewer = await viewerOf(request, reply, auth);
      if (!viewer) return reply;
      if (!mayWrite(viewer, kind)) return sendError(reply, 403, 'This action is unauthorized.');
      const values = await validated(viewer, kind, request.body, reply);
      if (!values) return reply;
      const id = await db.transaction((tx) => insertRecord(tx, kind, values, viewer.user.userID));
      const row = await findRow(db, kind, id);
      const record = await recordView(db, row!, londonDate());
      await audit(request, id, 'create', record);
      reply.code(201);
      return ok({ record, cqc_prompt: kind === 'cqc-notifications' ? null : cqcPromptOf(kind, values) }, `${record.reference} recorded.`);
    });

    app.put(`${BASE}/${kind}/:id`, canWrite, async (request, reply) => {
      const viewer = await viewerOf(request, reply, auth);
      if (!viewer) return reply;
      if (!mayWrite(viewer, kind)) return sendError(reply, 403, 'This action is unauthorized.');
      const existing = await visibleRow(viewer, kind, (request.params as { id?: string }).id, reply);
      if (!existing) return reply;
      const values = await validated(viewer, kind, request.body, reply, existing);
      if (!values) return reply;
      const baseVersion = values['base_version'];
      if (typeof baseVersion !== 'number') return sendInvalid(reply, { base_version: ['Send the version you opened (base_version).'] });
      const before = await recordView(db, existing, londonDate());
      const outcome = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(qaRecords).where(eq(qaRecords.id, existing.id)).for('update');
        if (!locked || locked.version !== baseVersion) return locked ?? null;
        await updateRecord(tx, kind, existing.id, locked.version, values, viewer.user.userID);
        return 'saved' as const;
      });
      if (outcome !== 'saved') {
        const [who] = outcome?.updated_by ? await db.select({ name: users.name }).from(users).where(eq(users.id, outcome.updated_by)) : [];
        const when = outcome ? outcome.updated_at.toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'short', timeStyle: 'short' }) : '';
        return sendError(
          reply,
          409,
          `${existing.reference} was saved by ${who?.name ?? 'someone else'} at ${when} since you opened it (now version ${outcome?.version ?? '?'}). Your changes were not saved: reload the record to see theirs.`,
        );
      }
      const record = await recordView(db, (await findRow(db, kind, existing.id))!, londonDate());
      await audit(request, existing.id, 'update', record, before);
      return ok({ record, cqc_prompt: kind === 'cqc-notifications' ? null : cqcPromptOf(kind, values) }, `${record.reference} saved.`);
    });
  }

  app.get(`${BASE}/cqc-notifications/:id/pdf`, canView, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const row = await visibleRow(viewer, 'cqc-notifications', (request.params as { id?: string }).id, reply);
    if (!row) return reply;
    await audit(request, row.id, 'view');
    const record = await recordView(db, row, londonDate());
    const bytes = await notificationPdf(record);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${record.reference}.pdf"`)
      .send(Buffer.from(bytes));
  });

}

/** The dashboard's figures, each one SQL: counts by register and status, 12 months by register, overdue items. */
export async function dashboardOf(db: AreaServerContext['auth']['db'], viewer: Viewer, branchId: number | null, today: string): Promise<DashboardAnswer> {
  const scope: SQL | undefined = and(inScope(viewer.scope, qaRecords.branch_id), branchId ? eq(qaRecords.branch_id, branchId) : undefined);
  const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  first.setUTCMonth(first.getUTCMonth() - 11);
  const from = first.toISOString().slice(0, 10);
  const months = Array.from({ length: 12 }, (_, index) => {
    const month = new Date(first);
    month.setUTCMonth(first.getUTCMonth() + index);
    return month.toISOString().slice(0, 7);
  });
  const [counts, trends, overdue] = await Promise.all([
    db.select({ kind: qaRecords.kind, status: qaRecords.status, count: sql<number>`count(*)::int` }).from(qaRecords).where(scope).groupBy(qaRecords.kind, qaRecords.status),
    db
      .select({ kind: qaRecords.kind, month: sql<string>`to_char(${qaRecords.occurred_on}, 'YYYY-MM')`, count: sql<number>`count(*)::int` })
      .from(qaRecords)
      .where(and(scope, gte(qaRecords.occurred_on, from), lte(qaRecords.occurred_on, today)))
      .groupBy(qaRecords.kind, sql`to_char(${qaRecords.occurred_on}, 'YYYY-MM')`),
    db
      .select({ id: qaRecords.id, kind: qaRecords.kind, reference: qaRecords.reference, branch: branches.name, due_on: qaRecords.due_on, status: qaRecords.status, summary: qaRecords.summary, occurred_on: qaRecords.occurred_on })
      .from(qaRecords)
      .innerJoin(branches, eq(branches.id, qaRecords.branch_id))
      .where(and(scope, or(and(lt(qaRecords.due_on, today), eq(qaRecords.due_met, false)), and(eq(qaRecords.kind, 'cqc-notifications'), eq(qaRecords.status, 'draft')))))
      .orderBy(sql`coalesce(${qaRecords.due_on}, ${qaRecords.occurred_on})`, asc(qaRecords.id))
      .limit(100),
  ]);
  return {
    branch_id: branchId,
    counts: counts.map((row) => ({ kind: row.kind as RegisterKind, status: row.status, count: Number(row.count) })),
    months,
    trends: trends.map((row) => ({ kind: row.kind as RegisterKind, month: row.month, count: Number(row.count) })),
    overdue: overdue.map((row) => ({
      id: row.id,
      kind: row.kind as RegisterKind,
      reference: row.reference,
      branch: row.branch,
      what: row.kind === 'cqc-notifications' ? 'CQC notification not submitted' : row.kind === 'complaints' ? 'Complaint response overdue' : 'Investigation past its due date',
      due_on: row.due_on ?? row.occurred_on,
      summary: row.summary,
    })),
  };
}
