import {
  TRACKER_ABANDONED_AFTER_MS,
  type TrackerEventType,
  type TrackerModule,
  type TrackerSession,
  type TrackerTargetType,
  type TrackerTaskPayload,
} from '@hcm/contract';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../audit/record.js';
import type { Database, Transaction } from '../db/client.js';
import { timeTrackerSessions, users } from '../db/schema.js';
import { clock } from '@hcm/contract/time';

// Tracked sessions (table time_tracker_sessions): START opens one, MID beats keep it alive, STOP closes it
// with the duration the server measured. One running session per user and target. A running session without
// a beat for two beat intervals ends itself: recorded as 'abandoned', ending at its last beat (`closeAbandoned`),
// inside every START, MID, STOP and listing of its target and by the API's sweep (./sweep.ts).

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

/** The audit trail's name for a tracked session. */
export const AUDIT_RESOURCE = 'time-tracker-sessions';

const ABANDONED_MINUTES = TRACKER_ABANDONED_AFTER_MS / 60_000;

export const ALREADY_RUNNING = 'A session is already running for this target. Stop it before starting another.';
export const NOTHING_TO_BEAT = 'There is no running session to record a beat for. Start the tracker first.';
export const NOTHING_TO_STOP = 'There is no running session to stop. Start the tracker first.';
export const ENDED_ITSELF = `This session ended itself after ${ABANDONED_MINUTES} minutes without a beat; its time up to the last beat is saved. Start again to carry on.`;
export const ALREADY_ENDED = 'This session has already ended.';

/**
 * Who ends an abandoned session in the audit trail: nobody did (the user left, the server noticed), so no
 * user: the trail shows "The system". Naming the session's user would say they stopped it, which they did not.
 */
export const ABANDONMENT_ACTOR: AuditActor = { userId: null, actingUserId: null, healthProfessionalId: null, ip: null };

export function toSession(row: SessionRow, userName: string): TrackerSession {
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
    duration_seconds: row.duration_seconds,
    mid_beats: row.mid_beats,
    status: row.status,
  };
}

type Target = { type: string; id: number };
const targetOf = (task: TrackerTaskPayload): Target => ({ type: task.trackable.target_type, id: task.trackable.target_id });

/**
 * Ends the running sessions whose last beat is more than two beat intervals before `now` (of one user, of one
 * target, or every one): status 'abandoned', stopped_at = the last beat, duration = start to the last beat (the
 * time known to have been worked, not the time the end was noticed). Each is audited as an update by the
 * system. One UPDATE, so two processes sweeping at once end (and audit) each session once, and a beat that
 * lands first keeps its session (the row no longer matches). `skipLocked` (the sweep, listings): rows another
 * transaction is ending or beating are left to it instead of waited for, so sweeps never deadlock; START, MID
 * and STOP wait, so they never see a session as running that is being ended.
 */
export async function closeAbandoned(
  tx: Transaction,
  now: Date,
  scope: { userId?: number; target?: Target; skipLocked?: boolean } = {},
): Promise<SessionRow[]> {
  const conditions = [eq(s.status, 'running'), lt(s.last_beat_at, new Date(now.getTime() - TRACKER_ABANDONED_AFTER_MS))];
  if (scope.userId !== undefined) conditions.push(eq(s.user_id, scope.userId));
  if (scope.target) conditions.push(eq(s.target_type, scope.target.type), eq(s.target_id, scope.target.id));
  const stale = scope.skipLocked
    ? inArray(s.id, tx.select({ id: s.id }).from(s).where(and(...conditions)).for('update', { skipLocked: true }))
    : and(...conditions);
  const ended = await tx
    .update(s)
    .set({
      status: 'abandoned',
      stopped_at: sql`${s.last_beat_at}`,
      duration_seconds: sql`greatest(0, round(extract(epoch from (${s.last_beat_at} - ${s.started_at}))))::integer`,
    })
    .where(and(stale, eq(s.status, 'running')))
    .returning();
  for (const row of ended) {
    const before: SessionRow = { ...row, status: 'running', stopped_at: null, duration_seconds: null };
    await recordAudit(tx, { actor: ABANDONMENT_ACTOR, resource: AUDIT_RESOURCE, recordId: row.id, action: 'update', before, after: row });
  }
  return ended;
}

/** The sweep: ends every abandoned session (./sweep.ts runs it on a timer; tests call it with their `now`). */
export async function sweepAbandonedSessions(db: Database, now = clock.now()): Promise<SessionRow[]> {
  return db.transaction((tx) => closeAbandoned(tx, now, { skipLocked: true }));
}

const secondsBetween = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

/** Serialises starts and stops of one user on one target, so two tabs cannot both open a session (PostgreSQL and PGlite). */
async function lockTarget(tx: Transaction, userId: number, target: Target): Promise<void> {
  const key = `time-tracker:${userId}:${target.type}:${target.id}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** The user's latest running session on the target. */
async function latestRunning(db: Database | Transaction, userId: number, target: Target): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.user_id, userId), eq(s.target_type, target.type), eq(s.target_id, target.id), eq(s.status, 'running')))
    .orderBy(desc(s.started_at), desc(s.id))
    .limit(1);
  return row;
}

/**
 * A MID or STOP found no running session: when the user's latest session on the target ended itself, 409 with
 * ENDED_ITSELF (the tab that still times it learns why and stops); otherwise 422 with `message`.
 */
async function noRunningSession(tx: Transaction, userId: number, target: Target, message: string): Promise<TrackerRuleError> {
  const [latest] = await tx
    .select({ status: s.status })
    .from(s)
    .where(and(eq(s.user_id, userId), eq(s.target_type, target.type), eq(s.target_id, target.id)))
    .orderBy(desc(s.started_at), desc(s.id))
    .limit(1);
  return latest?.status === 'abandoned' ? new TrackerRuleError(409, ENDED_ITSELF) : new TrackerRuleError(422, message);
}

/**
 * START: opens a session. Under the user's lock on the target, their abandoned sessions there are ended first
 * (recorded); then refused (409) while one is still running.
 */
export async function startSession(db: Database, userId: number, module: TrackerModule, task: TrackerTaskPayload, now = clock.now()): Promise<SessionRow> {
  const target = targetOf(task);
  const opened = await db.transaction(async (tx) => {
    await lockTarget(tx, userId, target);
    await closeAbandoned(tx, now, { userId, target });
    // Refused after the commit (a throw would roll the recorded abandonment back).
    if (await latestRunning(tx, userId, target)) return new TrackerRuleError(409, ALREADY_RUNNING);
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
  if (opened instanceof TrackerRuleError) throw opened;
  return opened;
}

/** MID: one more beat on the running session. 409 when it has ended itself, 422 without one. */
export async function beatSession(db: Database, userId: number, task: TrackerTaskPayload, now = clock.now()): Promise<SessionRow> {
  const target = targetOf(task);
  const beaten = await db.transaction(async (tx) => {
    await closeAbandoned(tx, now, { userId, target });
    const running = await latestRunning(tx, userId, target);
    if (!running) return noRunningSession(tx, userId, target, NOTHING_TO_BEAT);
    const [row] = await tx
      .update(s)
      .set({ mid_beats: sql`${s.mid_beats} + 1`, last_beat_at: now })
      .where(and(eq(s.id, running.id), eq(s.status, 'running')))
      .returning();
    return row ?? new TrackerRuleError(422, NOTHING_TO_BEAT);
  });
  if (beaten instanceof TrackerRuleError) throw beaten;
  return beaten;
}

/** STOP: closes the running session with the seconds from start to now. 409 when it has ended itself, 422 without one. */
export async function stopSession(db: Database, userId: number, task: TrackerTaskPayload, now = clock.now()): Promise<{ before: SessionRow; after: SessionRow }> {
  const target = targetOf(task);
  const closed = await db.transaction(async (tx) => {
    await closeAbandoned(tx, now, { userId, target });
    const running = await latestRunning(tx, userId, target);
    if (!running) return noRunningSession(tx, userId, target, NOTHING_TO_STOP);
    const after = await closeAsStopped(tx, running, now);
    return after ? { before: running, after } : new TrackerRuleError(422, NOTHING_TO_STOP);
  });
  if (closed instanceof TrackerRuleError) throw closed;
  return closed;
}

/** Marks a running session stopped now; undefined when it was no longer running. */
async function closeAsStopped(tx: Transaction, running: SessionRow, now: Date): Promise<SessionRow | undefined> {
  const [row] = await tx
    .update(s)
    .set({ status: 'stopped', stopped_at: now, last_beat_at: now, duration_seconds: secondsBetween(running.started_at, now) })
    .where(and(eq(s.id, running.id), eq(s.status, 'running')))
    .returning();
  return row;
}

export type StopByIdResult =
  | { outcome: 'missing' }
  | { outcome: 'ended'; row: SessionRow }
  | { outcome: 'stopped'; before: SessionRow; after: SessionRow };

/**
 * Stops one of the user's own sessions by its id, without the tab that started it (the record's "Stop", the
 * panel's way out of a 409). Someone else's session, or none: 'missing'. Already ended (stopped, or abandoned,
 * including just now because its beats had stopped): 'ended', the row as it is.
 */
export async function stopSessionById(db: Database, userId: number, sessionId: number, now = clock.now()): Promise<StopByIdResult> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(s).where(and(eq(s.id, sessionId), eq(s.user_id, userId)));
    if (!found) return { outcome: 'missing' } as const;
    const target = { type: found.target_type, id: found.target_id };
    await lockTarget(tx, userId, target);
    await closeAbandoned(tx, now, { userId, target });
    const reread = async () => (await tx.select().from(s).where(eq(s.id, sessionId)))[0] ?? found;
    const current = await reread();
    const after = current.status === 'running' ? await closeAsStopped(tx, current, now) : undefined;
    if (!after) return { outcome: 'ended', row: current.status === 'running' ? await reread() : current } as const;
    return { outcome: 'stopped', before: current, after } as const;
  });
}

/** A target's sessions, newest first (at most 200); only `onlyUserId`'s when given. Its abandoned ones are ended first. */
export async function listSessions(
  db: Database,
  target: { type: TrackerTargetType; id: number },
  onlyUserId: number | null,
  now = clock.now(),
): Promise<TrackerSession[]> {
  await db.transaction((tx) => closeAbandoned(tx, now, { target, skipLocked: true }));
  const conditions = [eq(s.target_type, target.type), eq(s.target_id, target.id)];
  if (onlyUserId !== null) conditions.push(eq(s.user_id, onlyUserId));
  const rows = await db
    .select({ session: s, user_name: users.name })
    .from(s)
    .innerJoin(users, eq(users.id, s.user_id))
    .where(and(...conditions))
    .orderBy(desc(s.started_at), desc(s.id))
    .limit(200);
  return rows.map((row) => toSession(row.session, row.user_name));
}

export async function userNameOf(db: Database, userId: number): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}
