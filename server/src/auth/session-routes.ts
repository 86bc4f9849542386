import type { AccountSession } from '@hcm/contract/schemas';
import { and, desc, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditActorOf, recordAudit } from '../audit/record.js';
import { NOT_BRANCH_BOUND } from '../audit/scopes.js';
import type { Database } from '../db/client.js';
import { deviceTokens, sessions, users, type SessionRow } from '../db/schema.js';
import { ok, sendError, UNAUTHENTICATED } from '../http/envelope.js';
import { parseId } from '../http/params.js';
import { actorOf, type Actor } from '../users/scope.js';
import { visibleTo, withinReach } from '../users/service.js';
import { clearSessionCookies } from './cookies.js';
import { revokeDeviceTokensOfUser } from './device-revocation.js';
import { currentUserOf } from './hooks.js';
import { deleteHealthProfessionalSessions, deleteSession, endSessionsOfUser, isExpired, publicSessionId, type SessionLifetime } from './sessions.js';
import type { AuthSettings } from './settings.js';
import { needsConfirmedPassword } from './two-factor.js';
import { describeDevice } from './user-agent.js';
import { clock } from '@hcm/contract/time';

export const SESSION_NOT_FOUND = 'No such session.';
const USER_NOT_FOUND = 'User not found.';

/** The person behind a session: the one who switched, when switched, else the signed-in user. */
function ownerOf(session: SessionRow | null): number | null {
  return session?.parent_user_id ?? session?.user_id ?? null;
}

/** The live sessions a person is signed in with (their own, and those where they act as someone else). */
async function liveSessionsOf(db: Database, lifetime: SessionLifetime, userId: number): Promise<SessionRow[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(or(eq(sessions.parent_user_id, userId), and(eq(sessions.user_id, userId), isNull(sessions.parent_user_id))))
    .orderBy(desc(sessions.last_seen_at));
  const now = clock.now();
  return rows.filter((row) => !isExpired(row, lifetime, now));
}

function describe(row: SessionRow, currentId: string | undefined): AccountSession {
  return {
    id: publicSessionId(row.id),
    device: describeDevice(row.user_agent),
    ip: row.ip,
    created_at: row.created_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
    current: row.id === currentId,
  };
}

const endedMessage = (ended: number) => (ended === 1 ? '1 session has been ended.' : `${ended} sessions have been ended.`);

/**
 * Under /api/v1: a user's own sessions (list, end one, end all the others) and, for administrators
 * (sessions.manage), those of the users they may see (list, end all; or end everyone's). Sessions are named by
 * a public handle, never by their stored id. Ending one's own sessions, other than the one in use, needs the
 * password typed in the last 15 minutes (ASVS 7.5.2: a stolen session cannot throw its owner out).
 */
export async function sessionRoutes(app: FastifyInstance, auth: AuthSettings): Promise<void> {
  const { db, lifetime } = auth;
  // Ended sessions, by the user's or the professional's id: people, like users, belong to no branch here.
  app.auditScopes.declare(
    { resource: 'user-sessions', scope: NOT_BRANCH_BOUND },
    { resource: 'health-professional-sessions', scope: NOT_BRANCH_BOUND },
  );
  const own = { config: { authenticated: true } };
  const manage = { config: { permission: 'sessions.manage' as const } };

  const actorFor = async (request: FastifyRequest): Promise<Actor> => actorOf((await currentUserOf(request, auth))!);
  // An administrator reaches only the users they may see (a super admin all, anyone else those sharing a
  // branch) and who may do nothing the administrator may not: a manager never sees a super admin's sessions.
  const userReached = (actor: Actor, id: number) => withinReach(db, actor, id);
  const currentIdOf = (request: FastifyRequest) => request.session?.id;

  app.get('/account/sessions', own, async (request, reply) => {
    const owner = ownerOf(request.session);
    if (owner === null) return sendError(reply, 401, UNAUTHENTICATED);
    const rows = await liveSessionsOf(db, lifetime, owner);
    return ok(rows.map((row) => describe(row, currentIdOf(request))));
  });

  app.delete<{ Params: { publicId: string } }>('/account/sessions/:publicId', own, async (request, reply) => {
    const owner = ownerOf(request.session);
    if (owner === null) return sendError(reply, 401, UNAUTHENTICATED);
    const rows = await liveSessionsOf(db, lifetime, owner);
    const target = rows.find((row) => publicSessionId(row.id) === request.params.publicId);
    if (!target) return sendError(reply, 404, SESSION_NOT_FOUND);
    if (target.id !== currentIdOf(request) && (await needsConfirmedPassword(request, reply))) return reply;
    await deleteSession(db, target.id);
    // Ending the session in use is a logout.
    if (target.id === currentIdOf(request)) clearSessionCookies(reply, auth);
    return ok(null, 'The session has been ended.');
  });

  // "Sign out everywhere else": after a change of password or second factor, or a lost device.
  app.delete('/account/sessions', own, async (request, reply) => {
    const session = request.session;
    if (!session || session.user_id === null) return sendError(reply, 401, UNAUTHENTICATED);
    if (await needsConfirmedPassword(request, reply)) return reply;
    const ended = await endSessionsOfUser(db, session.user_id, { except: session.id });
    // The carers' app's devices are sessions elsewhere too.
    const devices = await revokeDeviceTokensOfUser(db, session.user_id, session.user_id);
    return ok({ ended: ended + devices }, endedMessage(ended + devices));
  });

  app.get<{ Params: { id: string } }>('/users/:id/sessions', manage, async (request, reply) => {
    const id = parseId(request.params.id);
    if (id === null || !(await userReached(await actorFor(request), id))) return sendError(reply, 404, USER_NOT_FOUND);
    const rows = await liveSessionsOf(db, lifetime, id);
    return ok(rows.map((row) => describe(row, currentIdOf(request))));
  });

  app.delete<{ Params: { id: string } }>('/users/:id/sessions', manage, async (request, reply) => {
    const id = parseId(request.params.id);
    if (id === null || !(await userReached(await actorFor(request), id))) return sendError(reply, 404, USER_NOT_FOUND);
    // An administrator ending their own sessions keeps the one they are using. The user's carers' app devices
    // are signed out too.
    const actor = auditActorOf(request);
    const sessionsEnded = await endSessionsOfUser(db, id, { except: currentIdOf(request) });
    const devices = await revokeDeviceTokensOfUser(db, id, actor.userId);
    const ended = sessionsEnded + devices;
    await recordAudit(db, {
      actor,
      resource: 'user-sessions',
      recordId: id,
      action: 'delete',
      after: { ended_sessions: sessionsEnded, ...(devices ? { revoked_devices: devices } : {}) },
    });
    return ok({ ended }, endedMessage(ended));
  });

  // Everyone out (ASVS 7.4.5), e.g. after a suspected breach: every signed-in user the administrator reaches
  // (a super admin: all of them, and every health professional), except the session in use. Audited per account.
  app.delete('/sessions', manage, async (request) => {
    const actor = await actorFor(request);
    const except = currentIdOf(request);
    const signedIn = await db
      .selectDistinct({ id: users.id })
      .from(sessions)
      .innerJoin(users, or(eq(users.id, sessions.user_id), eq(users.id, sessions.pending_user_id), eq(users.id, sessions.parent_user_id)))
      .where(and(visibleTo(actor), except ? ne(sessions.id, except) : undefined));
    // And everyone signed in to the carers' app on a device.
    const onDevices = await db
      .selectDistinct({ id: users.id })
      .from(deviceTokens)
      .innerJoin(users, eq(users.id, deviceTokens.user_id))
      .where(and(visibleTo(actor), isNull(deviceTokens.revoked_at)));
    let ended = 0;
    for (const id of new Set([...signedIn, ...onDevices].map((row) => row.id))) {
      if (!(await userReached(actor, id))) continue;
      const count = await endSessionsOfUser(db, id, { except });
      const devices = await revokeDeviceTokensOfUser(db, id, actor.id);
      ended += count + devices;
      if (count || devices) {
        await recordAudit(db, {
          actor: auditActorOf(request),
          resource: 'user-sessions',
          recordId: id,
          action: 'delete',
          after: { ended_sessions: count, ...(devices ? { revoked_devices: devices } : {}), everyone: true },
        });
      }
    }
    if (actor.superAdmin) {
      const professionalSessions = await db
        .select({ professionalId: sessions.health_professional_id })
        .from(sessions)
        .where(isNotNull(sessions.health_professional_id));
      const countByProfessional = new Map<number, number>();
      for (const { professionalId } of professionalSessions) {
        countByProfessional.set(professionalId!, (countByProfessional.get(professionalId!) ?? 0) + 1);
      }
      for (const [id, count] of countByProfessional) {
        await deleteHealthProfessionalSessions(db, id);
        ended += count;
        await recordAudit(db, {
          actor: auditActorOf(request),
          resource: 'health-professional-sessions',
          recordId: id,
          action: 'delete',
          after: { ended_sessions: count, everyone: true },
        });
      }
    }
    return ok({ ended }, endedMessage(ended));
  });
}
