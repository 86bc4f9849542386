import type { AccountSession } from '@hcm/contract/schemas';
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditActorOf, recordAudit } from '../audit/record.js';
import type { Database } from '../db/client.js';
import { sessions, users, type SessionRow } from '../db/schema.js';
import { ok, sendError, UNAUTHENTICATED } from '../http/envelope.js';
import { parseId } from '../http/params.js';
import { clearSessionCookies } from './cookies.js';
import { deleteSession, endSessionsOfUser, isExpired, publicSessionId, type SessionLifetime } from './sessions.js';
import type { AuthSettings } from './settings.js';
import { describeDevice } from './user-agent.js';

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
  const now = new Date();
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

/**
 * Under /api/v1: a user's own sessions (list, end one) and, for administrators (sessions.manage), anyone's
 * (list, end all). Sessions are named by a public handle, never by their stored id.
 */
export async function sessionRoutes(app: FastifyInstance, auth: AuthSettings): Promise<void> {
  const { db, lifetime } = auth;
  const own = { config: { authenticated: true } };
  const manage = { config: { permission: 'sessions.manage' as const } };

  const userExists = async (id: number) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.id, id))).length > 0;
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
    await deleteSession(db, target.id);
    // Ending the session in use is a logout.
    if (target.id === currentIdOf(request)) clearSessionCookies(reply, auth);
    return ok(null, 'The session has been ended.');
  });

  app.get<{ Params: { id: string } }>('/users/:id/sessions', manage, async (request, reply) => {
    const id = parseId(request.params.id);
    if (id === null || !(await userExists(id))) return sendError(reply, 404, USER_NOT_FOUND);
    const rows = await liveSessionsOf(db, lifetime, id);
    return ok(rows.map((row) => describe(row, currentIdOf(request))));
  });

  app.delete<{ Params: { id: string } }>('/users/:id/sessions', manage, async (request, reply) => {
    const id = parseId(request.params.id);
    if (id === null || !(await userExists(id))) return sendError(reply, 404, USER_NOT_FOUND);
    // An administrator ending their own sessions keeps the one they are using.
    const ended = await endSessionsOfUser(db, id, { except: currentIdOf(request) });
    await recordAudit(db, {
      actor: auditActorOf(request),
      resource: 'user-sessions',
      recordId: id,
      action: 'delete',
      after: { ended_sessions: ended },
    });
    return ok({ ended }, ended === 1 ? '1 session has been ended.' : `${ended} sessions have been ended.`);
  });
}
