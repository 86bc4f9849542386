import {
  SUPER_ADMIN,
  TRACKER_ACTIONS,
  trackerModuleFromPath,
  type CurrentUser,
  type TrackerAction,
  type TrackerTaskPayload,
} from '@hcm/contract';
import { fieldErrorsOf, TrackerTaskSchema } from '@hcm/contract/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import { auditActorOf, recordAudit } from '../audit/record.js';
import { recordIdIn, usersIn } from '../audit/scopes.js';
import { timeTrackerSessions } from '../db/schema.js';
import { loadCurrentUser } from '../auth/current-user.js';
import { currentUserOf } from '../auth/hooks.js';
import type { AuthSettings } from '../auth/settings.js';
import { ok, sendError, sendInvalid, UNAUTHORIZED } from '../http/envelope.js';
import { parseId } from '../http/params.js';
import {
  ALREADY_ENDED,
  AUDIT_RESOURCE,
  beatSession,
  listSessions,
  startSession,
  stopSession,
  stopSessionById,
  toSession,
  TrackerRuleError,
  userNameOf,
} from './service.js';
import { registerAbandonedSweep } from './sweep.js';
import type { TrackableTargets } from './targets.js';
import { checkTrackable, isTargetType, targetVisible } from './trackable.js';

export type TimeTrackerRoutesOptions = {
  auth: AuthSettings;
  /** What can be timed: users, and the targets area modules registered (./targets.ts). */
  targets: TrackableTargets;
  /** How often the sweep ends abandoned sessions (./sweep.ts); one minute by default. */
  sweepIntervalMs?: number;
};

const USE = { config: { permission: 'time-tracker.use' as const } };

/**
 * Under /api/v1 (spec §7): whether a target is trackable, START/MID/STOP of a tracked session, stopping one's
 * own session by id, and a target's tracked sessions. The trackable rule (./trackable.ts) is applied again on
 * every START/MID/STOP. Abandoned sessions end themselves (./service.ts closeAbandoned), also on a timer
 * started and stopped with the app (./sweep.ts).
 */
export async function timeTrackerRoutes(app: FastifyInstance, options: TimeTrackerRoutesOptions): Promise<void> {
  const { auth, targets } = options;
  const { db } = auth;
  registerAbandonedSweep(app, db, options.sweepIntervalMs);
  // Who reads their audit entries: time tracked by the reader's people, or on a target they see (./targets.ts).
  app.auditScopes.declare({
    resource: AUDIT_RESOURCE,
    scope: recordIdIn(
      (ids) =>
        sql`select ${timeTrackerSessions.id} from ${timeTrackerSessions} where ${timeTrackerSessions.user_id} in (${usersIn(ids)})
          or ${targets.visibleCondition(sql`${timeTrackerSessions.target_type}`, sql`${timeTrackerSessions.target_id}`, ids)}`,
    ),
  });

  app.get('/user/trackable/:userId/:targetType/:targetId', USE, async (request, reply) => {
    const caller = (await currentUserOf(request, auth)) as CurrentUser;
    const params = request.params as { userId: string; targetType: string; targetId: string };
    const userId = parseId(params.userId);
    // A user asks for themself; only a super admin may ask on another user's behalf.
    if (userId !== caller.userID && caller.userRole !== SUPER_ADMIN) return sendError(reply, 403, UNAUTHORIZED);
    const subject = userId === caller.userID ? caller : userId === null ? null : await loadCurrentUser(db, userId, auth.permissions);
    if (!subject) return sendError(reply, 404, 'No such user.');
    const answer = await checkTrackable(db, targets, subject, params.targetType, parseId(params.targetId));
    return ok(answer, answer.trackable ? 'Trackable.' : answer.reason);
  });

  app.post('/time-tracker/:module/:action', USE, async (request, reply) => {
    const user = (await currentUserOf(request, auth)) as CurrentUser;
    const params = request.params as { module: string; action: string };
    const module = trackerModuleFromPath(params.module);
    if (!module) return sendError(reply, 404, `Unknown tracker module "${params.module}".`);
    if (!(TRACKER_ACTIONS as readonly string[]).includes(params.action)) return sendError(reply, 404, `Unknown tracker action "${params.action}".`);
    const action = params.action as TrackerAction;

    const parsed = v.safeParse(TrackerTaskSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const task = parsed.output as TrackerTaskPayload;
    if (task.module !== module) return sendInvalid(reply, { module: [`The URL is for module ${module}; the task says ${task.module}.`] });

    const trackable = await checkTrackable(db, targets, user, task.trackable.target_type, task.trackable.target_id);
    if (!trackable.trackable) {
      return sendInvalid(reply, { 'trackable.target_id': [trackable.reason] }, `Target ${task.trackable.target_type} is not trackable.`);
    }

    try {
      if (action === 'start') {
        const row = await startSession(db, user.userID, module, task);
        await recordAudit(db, { actor: auditActorOf(request), resource: AUDIT_RESOURCE, recordId: row.id, action: 'create', after: row });
        return reply.code(201).send(ok(toSession(row, user.name), 'Tracking started.'));
      }
      if (action === 'mid') {
        const row = await beatSession(db, user.userID, task);
        return ok(toSession(row, await userNameOf(db, row.user_id)), 'Still tracking.');
      }
      const { before, after } = await stopSession(db, user.userID, task);
      await recordAudit(db, { actor: auditActorOf(request), resource: AUDIT_RESOURCE, recordId: after.id, action: 'update', before, after });
      return ok(toSession(after, user.name), 'Tracking stopped.');
    } catch (error) {
      if (error instanceof TrackerRuleError) return sendError(reply, error.statusCode, error.message);
      throw error;
    }
  });

  /**
   * A target's tracked sessions. Two routes, so each keeps one declared permission (deny by default):
   * time-tracker.view reads everyone's, time-tracker.use alone one's own (`/mine`).
   */
  const sessionsOf = (onlyOwn: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const user = (await currentUserOf(request, auth)) as CurrentUser;
    const query = request.query as { target_type?: string; target_id?: string };
    const targetType = query.target_type ?? '';
    const targetId = parseId(query.target_id ?? '');
    const errors: Record<string, string[]> = {};
    if (!isTargetType(targetType)) errors.target_type = ['Choose client or user.'];
    if (targetId === null) errors.target_id = ['Give the id of the record.'];
    if (!isTargetType(targetType) || targetId === null) return sendInvalid(reply, errors);
    if (!(await targetVisible(db, targets, user, targetType, targetId))) return sendError(reply, 404, `No such ${targetType} in your branches.`);
    return ok(await listSessions(db, { type: targetType, id: targetId }, onlyOwn ? user.userID : null));
  };
  app.get('/time-tracker/sessions', { config: { permission: 'time-tracker.view' } }, sessionsOf(false));
  app.get('/time-tracker/sessions/mine', USE, sessionsOf(true));

  /**
   * Stops one of one's own running sessions by id, whatever became of the tab that started it (the record's
   * "Stop", the panel's way out of a 409). Only the session's user: anyone else's reads as missing (404), a
   * super admin's included. No trackable check: ending one's own timing starts nothing. Already ended
   * (stopped, or abandoned, perhaps just now): 409 with the session as it is in `data`.
   */
  app.post('/time-tracker/sessions/:id/stop', USE, async (request, reply) => {
    const user = (await currentUserOf(request, auth)) as CurrentUser;
    const id = parseId((request.params as { id: string }).id);
    const result = id === null ? ({ outcome: 'missing' } as const) : await stopSessionById(db, user.userID, id);
    if (result.outcome === 'missing') return sendError(reply, 404, 'No such session of yours.');
    if (result.outcome === 'ended') return reply.code(409).send({ status: false, message: ALREADY_ENDED, data: toSession(result.row, user.name), errors: null });
    await recordAudit(db, { actor: auditActorOf(request), resource: AUDIT_RESOURCE, recordId: result.after.id, action: 'update', before: result.before, after: result.after });
    return ok(toSession(result.after, user.name), 'Tracking stopped.');
  });
}
