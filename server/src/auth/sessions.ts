import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { sessions, type SessionRow } from '../db/schema.js';
import { noteWrites, writeGeneration } from '../http/write-generations.js';
import { clock } from '@hcm/contract/time';

export type SessionLifetime = {
  /** A session ends after this long without a request. */
  idleMs: number;
  /** A session ends this long after it was created, however busy. */
  absoluteMs: number;
};

/**
 * Who must hear that sessions ended, per database: the chat server disconnects their sockets (chat/). Every
 * deletion of a session goes through this file, so this is the one place that tells.
 */
type SessionsEndedListener = (sessionIds: string[]) => void;
const endedListeners = new WeakMap<Database, Set<SessionsEndedListener>>();

/**
 * Sessions read lately, per database (issue 29): every request names its session, and so does every call one area
 * makes to another's API within it, so a busy office asked the database for the same row many times a second. A
 * session read here is used again only while the database's write generation is the one it was read at
 * (http/write-generations.ts: a login, logout, switch or "end sessions" is a write request, in this process or
 * another; sessions ended outside a request note one in sessionsEnded), for a second at most; a session that looks
 * expired or due a touch is read again before anything is decided on it.
 */
const SESSION_CACHE_MS = 1000;
type RememberedSession = { row: SessionRow; generation: number; at: number };
const recentSessions = new WeakMap<Database, Map<string, RememberedSession>>();

/** Calls `listener` with the ids of sessions ended from now on; returns a function that stops it. */
export function onSessionsEnded(db: Database, listener: SessionsEndedListener): () => void {
  let listeners = endedListeners.get(db);
  if (!listeners) endedListeners.set(db, (listeners = new Set()));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function sessionsEnded(db: Database, sessionIds: string[]): void {
  if (!sessionIds.length) return;
  // Ending sessions is a write, also when no request made it (pruning, a background end): no copy read before it is
  // used again, in this process or another (http/write-generations.ts).
  noteWrites(db);
  for (const listener of endedListeners.get(db) ?? []) listener(sessionIds);
}

/** last_seen_at is written at most this often, so busy sessions do not cost a write per request. */
const TOUCH_INTERVAL_MS = 60_000;

/** A random cookie token: 32 bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Sessions are stored under the sha256 of their cookie token, never the token itself. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type NewSession = { token: string; session: SessionRow };

export async function createSession(
  db: Database,
  lifetime: SessionLifetime,
  fields: { userId: number | null; ip: string | null; userAgent: string | null },
): Promise<NewSession> {
  const token = newToken();
  const now = clock.now();
  const [session] = await db
    .insert(sessions)
    .values({
      id: sessionIdOf(token),
      user_id: fields.userId,
      csrf_token: newToken(),
      ip: fields.ip,
      user_agent: fields.userAgent?.slice(0, 512) ?? null,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + lifetime.absoluteMs),
    })
    .returning();
  return { token, session: session! };
}

/** The live session for a cookie token, or null. Expired sessions found on the way are deleted. */
export async function findActiveSession(
  db: Database,
  lifetime: SessionLifetime,
  token: string,
  now = clock.now(),
): Promise<SessionRow | null> {
  const id = sessionIdOf(token);
  let remembered = recentSessions.get(db);
  if (!remembered) recentSessions.set(db, (remembered = new Map()));
  const known = remembered.get(id);
  const generation = writeGeneration(db);
  if (known && known.generation === generation && Math.abs(now.getTime() - known.at) < SESSION_CACHE_MS && !isExpired(known.row, lifetime, now) && !dueATouch(known.row, now)) {
    // A copy: a request may change its session object (the touch below) without another request seeing it.
    return { ...known.row };
  }
  const [session] = await db.select().from(sessions).where(eq(sessions.id, id));
  if (!session) return null;
  if (isExpired(session, lifetime, now)) {
    await deleteSession(db, session.id);
    return null;
  }
  if (dueATouch(session, now)) {
    await db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id, session.id));
    session.last_seen_at = now;
  }
  if (remembered.size >= 10_000) remembered.clear();
  // With the generation read before the row: a write that ended or changed it meanwhile makes this copy unused.
  remembered.set(id, { row: { ...session }, generation, at: now.getTime() });
  return session;
}

const dueATouch = (session: SessionRow, now: Date) => now.getTime() - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS;

export function isExpired(session: SessionRow, lifetime: SessionLifetime, now = clock.now()): boolean {
  return (
    session.expires_at.getTime() <= now.getTime() ||
    session.last_seen_at.getTime() + lifetime.idleMs <= now.getTime()
  );
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
  sessionsEnded(db, [id]);
}

/** Deletes every expired session (the server runs this now and then, as abandoned sessions pile up). */
export async function pruneExpiredSessions(db: Database, lifetime: SessionLifetime, now = clock.now()): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(or(lt(sessions.expires_at, now), lt(sessions.last_seen_at, new Date(now.getTime() - lifetime.idleMs))))
    .returning({ id: sessions.id });
  sessionsEnded(db, deleted.map((row) => row.id));
  return deleted.length;
}

/**
 * Ends every session of a user (signed in, waiting for a second factor, or switched into another account), except
 * `except` if given: a password reset, a changed password, a disabled account, an administrator's "end all".
 * Resolves to how many were ended.
 */
export async function endSessionsOfUser(db: Database, userId: number, options: { except?: string } = {}): Promise<number> {
  const ofUser = or(eq(sessions.user_id, userId), eq(sessions.pending_user_id, userId), eq(sessions.parent_user_id, userId));
  const deleted = await db
    .delete(sessions)
    .where(options.except ? and(ofUser, ne(sessions.id, options.except)) : ofUser)
    .returning({ id: sessions.id });
  sessionsEnded(db, deleted.map((row) => row.id));
  return deleted.length;
}

/** A session's public handle, for lists and "end this session": never the stored id itself. */
export function publicSessionId(storedId: string): string {
  return createHash('sha256').update(storedId).digest('hex').slice(0, 16);
}

/** Ends every session of a health professional (a link revoked, a new password set, the professional made inactive). */
export async function deleteHealthProfessionalSessions(db: Database, professionalId: number, except?: string): Promise<void> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.health_professional_id, professionalId));
  for (const row of rows) if (row.id !== except) await deleteSession(db, row.id);
}
