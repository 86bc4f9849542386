import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { aliasedTable, and, asc, desc, eq, gte, or, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { londonDate } from '@hcm/contract/engine';
import { clock } from '@hcm/contract/time';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { branches, users } from '@hcm/server/schema';
import { auditActorOf, ok, parseId, queryParam, recordAudit, recordIdIn, sendError, sendInvalid, viewerOf, type AreaServerContext, type BranchScope, type Database, type Transaction } from '@hcm/server/platform';
import { AcceptAvailabilityRequestSchema, AVAILABILITY_REQUEST_STATUSES, DeclineAvailabilityRequestSchema, type AvailabilityRequestRow, type AvailabilityRequestStatus } from '../../contract/carer-app-time-off.js';
import type { TemporaryChange, TemporaryChangeSchema } from '../../contract/time-off.js';
import { carersTable } from '../people/people-tables.js';
import { carerColumns as c, visibleCarerIds, visibleCarers } from '../people/visibility.js';
import { addChange, refreshAvailabilityDays } from './availability.js';
import { findPerson } from './holidays.js';
import { carerAvailabilityRequests } from './tables.js';

// What carers tell the office about their availability from their phones (issue 31): a request the office
// reviews, never a change of the carer's days by itself. The office lists them on the live-event availability
// view and accepts one (it becomes a temporary change, and the availability read model is written again in the
// same transaction) or declines it with a reason the carer reads.
//   GET  /carers/availability-requests?status=&branch_id=            carers.view: the submissions of the user's branches
//   POST /carers/:id/availability-requests/:requestId/accept          carers.edit
//   POST /carers/:id/availability-requests/:requestId/decline         carers.edit

type Db = Database | Transaction;
type ChangeValues = v.InferOutput<typeof TemporaryChangeSchema>;

/** A rule of submissions broken: 404 not this carer's, 409 already decided. */
export class AvailabilityRequestError extends Error {
  constructor(
    readonly status: 404 | 409,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const decider = aliasedTable(users, 'availability_request_decider');
const iso = (value: Date | string | null) => (value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString());

function requestQuery(db: Db) {
  return db
    .select({ request: carerAvailabilityRequests, first: c.first_name, last: c.last_name, branch_id: c.branch_id, branch: branches.name, decided_by_name: decider.name })
    .from(carerAvailabilityRequests)
    .innerJoin(carersTable, eq(c.id, carerAvailabilityRequests.carer_id))
    .innerJoin(branches, eq(branches.id, c.branch_id))
    .leftJoin(decider, eq(decider.id, carerAvailabilityRequests.decided_by));
}

type RequestRecord = Awaited<ReturnType<ReturnType<typeof requestQuery>['where']>>[number];

function rowOf(record: RequestRecord): AvailabilityRequestRow {
  const r = record.request;
  return {
    id: r.id,
    carer_id: r.carer_id,
    carer_name: `${String(record.first)} ${String(record.last)}`,
    branch_id: Number(record.branch_id),
    branch: record.branch,
    from_date: r.from_date,
    to_date: r.to_date,
    available: r.available,
    windows: r.windows,
    reason: r.reason,
    status: r.status,
    recorded_at: iso(r.recorded_at)!,
    created_at: iso(r.created_at)!,
    decided_by_name: record.decided_by_name,
    decided_at: iso(r.decided_at),
    decision_note: r.decision_note,
    change_id: r.change_id,
  };
}

export async function findAvailabilityRequest(db: Db, carerId: number, id: number): Promise<AvailabilityRequestRow | null> {
  if (!Number.isSafeInteger(id)) return null;
  const [record] = await requestQuery(db).where(and(eq(carerAvailabilityRequests.id, id), eq(carerAvailabilityRequests.carer_id, carerId)));
  return record ? rowOf(record) : null;
}

/** A carer's own submissions for their phone: every one waiting, and the decided ones whose days are not past. */
export async function ownAvailabilityRequests(db: Db, carerId: number, today: string): Promise<AvailabilityRequestRow[]> {
  const records = await requestQuery(db)
    .where(and(eq(carerAvailabilityRequests.carer_id, carerId), or(eq(carerAvailabilityRequests.status, 'pending'), gte(carerAvailabilityRequests.to_date, today))))
    .orderBy(asc(carerAvailabilityRequests.from_date), asc(carerAvailabilityRequests.id))
    .limit(100);
  return records.map(rowOf);
}

/** The submissions of the carers the scope sees, waiting ones first by date (decided ones latest first). */
export async function availabilityRequestsOf(db: Db, scope: BranchScope, filter: { status: AvailabilityRequestStatus | 'all'; branchId: number | null }): Promise<AvailabilityRequestRow[]> {
  const conditions: (SQL | undefined)[] = [visibleCarers(scope), filter.status === 'all' ? undefined : eq(carerAvailabilityRequests.status, filter.status), filter.branchId ? eq(c.branch_id, filter.branchId) : undefined];
  const records = await requestQuery(db)
    .where(and(...conditions))
    .orderBy(
      sql`case ${carerAvailabilityRequests.status} when 'pending' then 0 else 1 end`,
      filter.status === 'pending' ? asc(carerAvailabilityRequests.from_date) : desc(carerAvailabilityRequests.created_at),
      asc(carerAvailabilityRequests.id),
    )
    .limit(200);
  return records.map(rowOf);
}

/** Stores what the carer told the office (waiting for it); answers its id. */
export async function submitAvailability(db: Db, carerId: number, values: ChangeValues, recordedAt: Date, userId: number | null): Promise<number> {
  const [row] = await db
    .insert(carerAvailabilityRequests)
    .values({ carer_id: carerId, from_date: values.from_date, to_date: values.to_date, available: values.available, windows: values.windows, reason: values.reason, recorded_at: recordedAt, created_by: userId })
    .returning({ id: carerAvailabilityRequests.id });
  return row!.id;
}

export type AvailabilityDecision = { action: 'accept'; note: string } | { action: 'decline'; reason: string };

/**
 * Accepts (the submission becomes a temporary change of the carer's days, and their availability read model is
 * written again) or declines a waiting submission, in the caller's transaction. Answers before, after and the
 * change made; null when the carer has no such submission. Only from waiting: a decision made meanwhile wins.
 */
export async function decideAvailabilityRequest(tx: Transaction, carerId: number, id: number, decision: AvailabilityDecision, userId: number | null) {
  const before = await findAvailabilityRequest(tx, carerId, id);
  if (!before) return null;
  if (before.status !== 'pending') {
    throw new AvailabilityRequestError(409, 'status', `This was already ${before.status}${before.decided_by_name ? ` by ${before.decided_by_name}` : ''}.`);
  }
  let change: TemporaryChange | null = null;
  if (decision.action === 'accept') {
    change = await addChange(tx, carerId, { from_date: before.from_date, to_date: before.to_date, available: before.available, windows: before.windows, reason: before.reason }, userId);
  }
  const changed = await tx
    .update(carerAvailabilityRequests)
    .set({
      status: decision.action === 'accept' ? 'accepted' : 'declined',
      decided_by: userId,
      decided_at: clock.now(),
      decision_note: decision.action === 'accept' ? decision.note : decision.reason,
      change_id: change?.id ?? null,
    })
    .where(and(eq(carerAvailabilityRequests.id, id), eq(carerAvailabilityRequests.status, 'pending')))
    .returning({ id: carerAvailabilityRequests.id });
  if (!changed.length) throw new AvailabilityRequestError(409, 'status', 'Someone else has just decided on this: reload the list.');
  if (change) await refreshAvailabilityDays(tx, londonDate(), [carerId]);
  return { before, after: (await findAvailabilityRequest(tx, carerId, id))!, change };
}

// ---------------------------------------------------------------- the office's routes

const param = (request: FastifyRequest, name: string) => parseId(String((request.params as Record<string, string>)[name] ?? ''));

export async function availabilityRequestRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;

  app.auditScopes.declare({
    resource: 'carer-availability-requests',
    label: 'Availability told from the carers’ app',
    scope: recordIdIn((branchIds) => sql`select ${carerAvailabilityRequests.id} from ${carerAvailabilityRequests} where ${carerAvailabilityRequests.carer_id} in (${visibleCarerIds(branchIds)})`),
  });

  app.get('/carers/availability-requests', { config: { permission: 'carers.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const status = queryParam(request.query, 'status') || 'pending';
    const rawBranch = queryParam(request.query, 'branch_id');
    const branchId = rawBranch ? parseId(rawBranch) : null;
    const errors: Record<string, string[]> = {};
    if (status !== 'all' && !AVAILABILITY_REQUEST_STATUSES.some((choice) => choice.value === status)) errors.status = ['Choose pending, accepted, declined or all.'];
    if (rawBranch && branchId === null) errors.branch_id = ['Choose a branch.'];
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    return ok(await availabilityRequestsOf(db, viewer.scope, { status: status as AvailabilityRequestStatus | 'all', branchId }));
  });

  const decisionRoute = (action: AvailabilityDecision['action'], schema: v.GenericSchema, toDecision: (values: Record<string, string>) => AvailabilityDecision, message: string) =>
    app.post(`/carers/:id/availability-requests/:requestId/${action}`, { config: { permission: 'carers.edit' } }, async (request: FastifyRequest, reply: FastifyReply) => {
      const viewer = await viewerOf(request, reply, auth);
      if (!viewer) return reply;
      const carerId = param(request, 'id');
      const person = carerId === null ? null : await findPerson(db, viewer.scope, 'carers', carerId);
      if (!person) return sendError(reply, 404, 'No such carer.');
      const id = param(request, 'requestId');
      if (id === null) return sendError(reply, 404, 'No such availability request.');
      const result = v.safeParse(schema, request.body ?? {});
      if (!result.success) return sendInvalid(reply, fieldErrorsOf(result.issues));
      const actor = auditActorOf(request);
      try {
        const decided = await db.transaction(async (tx) => {
          const outcome = await decideAvailabilityRequest(tx, person.id, id, toDecision(result.output as Record<string, string>), viewer.user.userID);
          if (outcome?.change) await recordAudit(tx, { actor, resource: 'carer-temporary-days', recordId: outcome.change.id, action: 'create', after: outcome.change });
          if (outcome) await recordAudit(tx, { actor, resource: 'carer-availability-requests', recordId: id, action: 'update', before: outcome.before, after: outcome.after });
          return outcome;
        });
        if (!decided) return sendError(reply, 404, 'No such availability request.');
        return ok({ request: decided.after, change: decided.change }, message);
      } catch (error) {
        if (!(error instanceof AvailabilityRequestError)) throw error;
        return sendError(reply, error.status, error.message, { [error.field]: [error.message] });
      }
    });
  decisionRoute('accept', AcceptAvailabilityRequestSchema, (values) => ({ action: 'accept', note: values.note ?? '' }), 'Accepted: the carer’s days are changed.');
  decisionRoute('decline', DeclineAvailabilityRequestSchema, (values) => ({ action: 'decline', reason: values.reason ?? '' }), 'Declined: the carer sees why.');
}
