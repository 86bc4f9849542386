import {
  TRACKER_ABANDONED_AFTER_MS,
  type TrackerEventType,
  type TrackerModule,
  type TrackerSession,
  type TrackerTargetType,
  type TrackerTaskPayload,
} from '@hcm/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { timeTrackerSessions, users } from '../db/schema.js';

// Tracked sessions (table time_tracker_sessions): START opens one, MID beats keep it alive, STOP closes it
// with the duration the server measured. One running session per user and target.

const s = timeTrackerSessions;
type SessionRow = typeof timeTrackerSessions.$inferSelect;

export class TrackerRuleError extends Error {
  constructor(
    readonly statusCode: 409 | 422,
    message: string,
  ) {
    super(message);
  }
}

export const ALREADY_RUNNING = 'A session is already running for this target. Stop it before starting another.';
export const NOTHING_TO_BEAT = 'There is no running session to record a beat for. Start the tracker first.';
export const NOTHING_TO_STOP = 'There is no running session to stop. Start the tracker first.';

/** A running session whose last beat is older than two missed beats has been left: shown as abandoned. */
export function isAbandoned(row: Pick<SessionRow, 'status' | 'last_beat_at'>, now: Date): boolean {
  return row.status === 'running' && now.getTime() - row.last_beat_at.getTime() > TRACKER_ABANDONED_AFTER_MS;
}

const secondsBetween = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

export function toSession(row: SessionRow, userName: string, now = new Date()): TrackerSession {
  const abandoned = isAbandoned(row, now);
  return {
    id: row.id,
    user_id: row.user_id,
    user_name: userName,
    module: row.module,
    event_type: row.event_type as TrackerEventType,
    target_type: row.target_type as TrackerTargetType,
    target_id: row.target_id,
    page_title: row.page_title,
    reference: row.reference,
    started_at: row.started_at.toISOString(),
    last_beat_at: row.last_beat_at.toISOString(),
    stopped_at: row.stopped_at?.toISOString() ?? null,
    duration_seconds: row.duration_seconds ?? (abandoned ? secondsBetween(row.started_at, row.last_beat_at) : null),
    mid_beats: row.mid_beats,
    status: abandoned ? 'abandoned' : row.status,
  };
}

/** Serialises starts of one user on one target, so two tabs cannot both open a session (PostgreSQL and PGlite). */
async function lockTarget(tx: Transaction, userId: number, task: TrackerTaskPayload): Promise<void> {
  const key = `time-tracker:${userId}:${task.trackable.target_type}:${task.trackable.target_id}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** The user's latest running session on the task's target, abandoned or not. */
async function latestRunning(db: Database | Transaction, userId: number, task: TrackerTaskPayload): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.user_id, userId), eq(s.target_type, task.trackable.target_type), eq(s.target_id, task.trackable.target_id), eq(s.status, 'running')))
    .orderBy(desc(s.started_at), desc(s.id))
    .limit(1);
  return row;
}

/**
 * START: opens a session. Refused (409) while the user has a live running session on the same target; an
 * abandoned one does not block (it stays listed as abandoned).
 */
export async function startSession(db: Database, userId: number, module: TrackerModule, task: TrackerTaskPayload): Promise<SessionRow> {
  return db.transaction(async (tx) => {
    await lockTarget(tx, userId, task);
    const now = new Date();
    const running = await latestRunning(tx, userId, task);
    if (running && !isAbandoned(running, now)) throw new TrackerRuleError(409, ALREADY_RUNNING);
    const [row] = await tx
      .insert(s)
      .values({
        user_id: userId,
        module,
        event_type: task.trackable.event_type,
        target_type: task.trackable.target_type,
        target_id: task.trackable.target_id,
        page_title: task.page_title,
        reference: task.trackable.reference,
        trackable: { ...task.trackable, target_reference_entity_id: task.target_reference_entity_id },
        started_at: now,
        last_beat_at: now,
      })
      .returning();
    return row!;
  });
}

/** MID: one more beat on the running session (a late beat revives an abandoned one). 422 without one. */
export async function beatSession(db: Database, userId: number, task: TrackerTaskPayload): Promise<SessionRow> {
  const running = await latestRunning(db, userId, task);
  if (!running) throw new TrackerRuleError(422, NOTHING_TO_BEAT);
  const [row] = await db
    .update(s)
    .set({ mid_beats: sql`${s.mid_beats} + 1`, last_beat_at: new Date() })
    .where(and(eq(s.id, running.id), eq(s.status, 'running')))
    .returning();
  if (!row) throw new TrackerRuleError(422, NOTHING_TO_BEAT);
  return row;
}

/** STOP: closes the running session with the seconds from start to now. 422 without one. */
export async function stopSession(db: Database, userId: number, task: TrackerTaskPayload): Promise<{ before: SessionRow; after: SessionRow }> {
  const running = await latestRunning(db, userId, task);
  if (!running) throw new TrackerRuleError(422, NOTHING_TO_STOP);
  const now = new Date();
  const [row] = await db
    .update(s)
    .set({ status: 'stopped', stopped_at: now, last_beat_at: now, duration_seconds: secondsBetween(running.started_at, now) })
    .where(and(eq(s.id, running.id), eq(s.status, 'running')))
    .returning();
  if (!row) throw new TrackerRuleError(422, NOTHING_TO_STOP);
  return { before: running, after: row };
}

/** A target's sessions, newest first (at most 200); only `onlyUserId`'s when given. */
export async function listSessions(
  db: Database,
  target: { type: TrackerTargetType; id: number },
  onlyUserId: number | null,
): Promise<TrackerSession[]> {
  const conditions = [eq(s.target_type, target.type), eq(s.target_id, target.id)];
  if (onlyUserId !== null) conditions.push(eq(s.user_id, onlyUserId));
  const rows = await db
    .select({ session: s, user_name: users.name })
    .from(s)
    .innerJoin(users, eq(users.id, s.user_id))
    .where(and(...conditions))
    .orderBy(desc(s.started_at), desc(s.id))
    .limit(200);
  const now = new Date();
  return rows.map((row) => toSession(row.session, row.user_name, now));
}

export async function userNameOf(db: Database, userId: number): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}
