import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { can } from '@hcm/contract';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { isCalendarDate } from '@hcm/contract/engine';
import { branches, users } from '@hcm/server/schema';
import {
  auditActorOf,
  branchVisible,
  loadCurrentUser,
  ok,
  pageOf,
  pageOffset,
  parseId,
  parsePaging,
  queryParam,
  recordAudit,
  recordIdIn,
  scopeOf,
  sendError,
  sendInvalid,
  viewerOf,
  type AreaServerContext,
  type AuthSettings,
  type Database,
  type Viewer,
} from '@hcm/server/platform';
import { CONFIRMATION_STATES, type ConfirmationState } from '../../../contract/live.js';
import { CONFIRM_REASON_REQUIRED, ConfirmVisitsSchema, LiveSettingsSchema, type ConfirmationRow } from '../../../contract/live-device.js';
import { apiSources } from '../../sources/api-sources.js';
import { visitCarers, visitLogs, visits } from '../../tables.js';
import { VISITS_AUDIT, wallClock } from '../../visits/service.js';
import { publishVisitChanges, type VisitWrite } from '../../visits/events.js';
import { branchLiveSettings } from '../tables.js';
import { liveListRoutes } from './lists.js';
import { announceLive } from './push.js';
import { liveSettingsOf } from './settings.js';
import { clock } from '@hcm/contract/time';

const VIEW = { config: { permission: 'visits.view' as const } };
const EDIT = { config: { permission: 'visits.edit' as const } };
const PLAN = { config: { permission: 'scheduler.edit' as const } };
export const LIVE_SETTINGS_AUDIT = 'scheduler-live-settings';

const inScope = (viewer: Viewer, branchId: number) => viewer.scope === 'all' || viewer.scope.includes(branchId);

export const ON_CALL_NOT_ALLOWED = 'Choose someone who works in this branch and may act on its alerts.';

/**
 * Whether a user may be the branch's on-call person, to whom the engine escalates its alerts by email and SMS:
 * an account that is not disabled, works in the branch (a super admin: every branch) and may acknowledge and
 * resolve the alerts it is told of (visits.edit).
 */
export async function mayBeOnCall(auth: AuthSettings, userId: number, branchId: number): Promise<boolean> {
  const person = await loadCurrentUser(auth.db, userId, auth.permissions);
  if (!person) return false;
  const scope = scopeOf(person);
  return (scope === 'all' || scope.includes(branchId)) && can(person, 'visits.edit');
}

/**
 * The office's side of live operations:
 *   GET/PUT /scheduler/live-settings/:branchId    a branch's thresholds (visits.view / scheduler.edit, audited)
 *   GET     /visits/confirmations                 the confirmation queue (state, branch_id, from, to; paged, sorted)
 *   POST    /visits/confirm {ids, reason}         confirm in bulk (visits.edit; a reason for those that did not confirm themselves)
 * and the live-events lists (./lists.ts).
 */
export async function officeRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const db: Database = context.auth.db;

  app.auditScopes.declare({ resource: LIVE_SETTINGS_AUDIT, label: 'Live thresholds (scheduler)', scope: recordIdIn((branchIds) => sql`select ${branches.id} from ${branches} where ${inArray(branches.id, [...branchIds])}`) });

  async function branchOf(request: FastifyRequest, reply: FastifyReply): Promise<{ viewer: Viewer; branchId: number } | null> {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return null;
    const branchId = parseId(String((request.params as { branchId?: string }).branchId ?? ''));
    if (!branchId || !inScope(viewer, branchId)) {
      await sendError(reply, 404, 'No such branch among yours.');
      return null;
    }
    return { viewer, branchId };
  }

  app.get('/scheduler/live-settings/:branchId', VIEW, async (request, reply) => {
    const found = await branchOf(request, reply);
    if (!found) return reply;
    return ok(await liveSettingsOf(db, found.branchId));
  });

  app.put('/scheduler/live-settings/:branchId', PLAN, async (request, reply) => {
    const found = await branchOf(request, reply);
    if (!found) return reply;
    const result = v.safeParse(LiveSettingsSchema, request.body ?? {});
    if (!result.success) return sendInvalid(reply, fieldErrorsOf(result.issues));
    const onCall = result.output.on_call_user_id;
    if (onCall !== null && !(await mayBeOnCall(context.auth, onCall, found.branchId))) return sendInvalid(reply, { on_call_user_id: [ON_CALL_NOT_ALLOWED] });
    const before = await liveSettingsOf(db, found.branchId);
    const values = { ...result.output, updated_by: found.viewer.user.userID, updated_at: clock.now() };
    await db.transaction(async (tx) => {
      await tx.insert(branchLiveSettings).values({ branch_id: found.branchId, ...values }).onConflictDoUpdate({ target: branchLiveSettings.branch_id, set: values });
      await recordAudit(tx, { actor: auditActorOf(request), resource: LIVE_SETTINGS_AUDIT, recordId: found.branchId, action: before.is_default ? 'create' : 'update', before, after: result.output });
    });
    return ok(await liveSettingsOf(db, found.branchId), 'Live thresholds saved.');
  });

  app.get('/visits/confirmations', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const query = request.query;
    const errors: Record<string, string[]> = {};
    const conditions: (SQL | undefined)[] = [branchVisible(viewer.scope, visits.branch_id)];
    const state = queryParam(query, 'state') || 'pending';
    if (state !== 'all') {
      if ((CONFIRMATION_STATES as readonly string[]).includes(state)) conditions.push(eq(visits.confirmation, state as ConfirmationState));
      else errors.state = ['Choose a state from the list.'];
    }
    if (state === 'not-due' || state === 'all') conditions.push(sql`${visits.status} <> 'cancelled'`, sql`${visits.planned_end} < ${clock.now()}`);
    const branchId = queryParam(query, 'branch_id');
    if (branchId) {
      const id = parseId(branchId);
      if (id) conditions.push(eq(visits.branch_id, id));
      else errors.branch_id = ['Choose a branch from the list.'];
    }
    for (const [name, op] of [['from', gte], ['to', lte]] as const) {
      const day = queryParam(query, name);
      if (!day) continue;
      if (isCalendarDate(day)) conditions.push(op(visits.visit_date, day));
      else errors[name] = ['Give a date like 2026-11-24.'];
    }
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    const paging = parsePaging(query);
    const where = and(...conditions);
    const direction = queryParam(query, 'mode') === 'desc' ? desc : asc;
    const [rows, [total]] = await Promise.all([
      db.select().from(visits).where(where).orderBy(direction(visits.planned_start), asc(visits.id)).limit(paging.pageSize).offset(pageOffset(paging)),
      db.select({ n: count() }).from(visits).where(where),
    ]);
    return ok(pageOf(await presentConfirmations(request, rows), total?.n ?? 0, paging));
  });

  async function presentConfirmations(request: FastifyRequest, rows: (typeof visits.$inferSelect)[]): Promise<ConfirmationRow[]> {
    if (!rows.length) return [];
    const ids = rows.map((row) => row.id);
    const carers = await db.select().from(visitCarers).where(inArray(visitCarers.visit_id, ids));
    const sources = apiSources(app, request);
    const [clients, carerFacts] = await Promise.all([
      sources.clientBasics({ ids: [...new Set(rows.map((row) => row.client_id))] }),
      carers.length ? sources.carers({ ids: [...new Set(carers.map((carer) => carer.carer_id))] }) : Promise.resolve([]),
    ]);
    const confirmers = rows.map((row) => row.confirmed_by).filter((id): id is number => id !== null);
    const names = confirmers.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, confirmers)) : [];
    return rows.map((row) => ({
      id: row.id,
      branch_id: row.branch_id,
      client_id: row.client_id,
      client_name: clients.find((client) => client.id === row.client_id)?.name ?? `Client #${row.client_id}`,
      carer_names: carers.filter((carer) => carer.visit_id === row.id).map((carer) => carerFacts.find((fact) => fact.id === carer.carer_id)?.name ?? `Carer #${carer.carer_id}`),
      date: row.visit_date,
      start_time: wallClock(row.planned_start).time,
      end_time: wallClock(row.planned_end).time,
      actual_start: row.actual_start ? wallClock(row.actual_start).time : null,
      actual_end: row.actual_end ? wallClock(row.actual_end).time : null,
      confirmation: row.confirmation,
      confirmation_issues: row.confirmation_issues,
      confirmation_reason: row.confirmation_reason,
      confirmed_by_name: names.find((name) => name.id === row.confirmed_by)?.name ?? null,
      version: row.version,
    }));
  }

  app.post('/visits/confirm', EDIT, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const result = v.safeParse(ConfirmVisitsSchema, request.body ?? {});
    if (!result.success) return sendInvalid(reply, fieldErrorsOf(result.issues));
    const { ids, reason } = result.output;
    const found = await db.select().from(visits).where(and(inArray(visits.id, ids), branchVisible(viewer.scope, visits.branch_id)));
    const missing = ids.filter((id) => !found.some((row) => row.id === id));
    if (missing.length) return sendInvalid(reply, { ids: [`No such visit among yours: ${missing.join(', ')}.`] });
    const now = clock.now();
    const notFinished = found.filter((row) => row.confirmation === 'not-due' && (row.status === 'cancelled' || row.planned_end > now));
    if (notFinished.length) return sendInvalid(reply, { ids: [`Not finished yet, or cancelled: ${notFinished.map((row) => row.id).join(', ')}.`] });
    const toConfirm = found.filter((row) => row.confirmation !== 'confirmed');
    if (toConfirm.some((row) => row.confirmation !== 'auto-confirmed') && !reason) return sendInvalid(reply, { reason: [CONFIRM_REASON_REQUIRED] });

    const actor = auditActorOf(request);
    await db.transaction(async (tx) => {
      const writes: VisitWrite[] = [];
      const carers = toConfirm.length ? await tx.select().from(visitCarers).where(inArray(visitCarers.visit_id, toConfirm.map((row) => row.id))) : [];
      for (const row of toConfirm) {
        const [saved] = await tx
          .update(visits)
          .set({ confirmation: 'confirmed', confirmed_at: now, confirmed_by: viewer.user.userID, confirmation_reason: reason, version: sql`${visits.version} + 1`, updated_at: now })
          .where(eq(visits.id, row.id))
          .returning();
        const on = carers.filter((carer) => carer.visit_id === row.id);
        writes.push({ before: { ...row, carers: on }, after: { ...saved!, carers: on }, reason });
        await tx.insert(visitLogs).values({
          visit_id: row.id,
          user_id: viewer.user.userID,
          action: 'confirmed',
          summary: `Confirmed by the office (was ${row.confirmation})`,
          reason,
          before: { confirmation: row.confirmation, confirmation_issues: row.confirmation_issues },
          after: { confirmation: 'confirmed' },
        });
        await recordAudit(tx, { actor, resource: VISITS_AUDIT, recordId: row.id, action: 'update', before: { confirmation: row.confirmation }, after: { confirmation: 'confirmed', reason } });
      }
      // Confirmed by the office (not auto-confirmed already): the event says so, with the confirmation.
      await publishVisitChanges(tx, writes, viewer.user.userID);
    });
    for (const branchId of new Set(toConfirm.map((row) => row.branch_id))) {
      const branchIds = toConfirm.filter((row) => row.branch_id === branchId).map((row) => row.id);
      await announceLive(context, db, branchId, branchIds, viewer.user.userID, (error) => app.log.warn({ err: error }, 'pushing a confirmation failed'));
    }
    return ok({ confirmed: toConfirm.map((row) => row.id), already_confirmed: found.filter((row) => row.confirmation === 'confirmed').map((row) => row.id) }, `${toConfirm.length} visit(s) confirmed.`);
  });

  await liveListRoutes(app, context);
}
