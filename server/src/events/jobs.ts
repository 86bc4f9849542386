import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { clock } from '@hcm/contract/time';
import type { Database } from '../db/client.js';
import { scheduledJobs } from '../db/schema.js';

// Durable scheduled jobs: the background work of the API (the live engine, escalations, the compliance sweep,
// session pruning, exports left behind…) on the same footing as events. Each job's row says when it next falls due;
// a process claims it with a lease in one conditional UPDATE, so two API processes never run one job at once, and
// a process killed mid-run leaves the lease to expire: the job runs again in the process that survives. The row
// keeps the last error and the run count for the operations screen.

export type JobOutcome = {
  /** When it should run next, if sooner or later than its usual interval (the live engine's next due alert). */
  nextRunAt?: Date | null;
  /** A line for the log, when something was done. */
  note?: string;
};

export type ScheduledJob<C = unknown> = {
  /** Unique in the deploy: '<area>:<job>' (areas) or 'platform:<job>'. */
  name: string;
  /** The usual interval between runs. */
  everyMs: number;
  /** How long a run may take before another process may assume it died (default: 10 minutes). */
  leaseMs?: number;
  run(context: C, now: Date): Promise<JobOutcome | void>;
};

const DEFAULT_LEASE_MS = 10 * 60_000;
/** This process, as the lease names it. */
const OWNER = `${hostname()}:${process.pid}`;

/** Makes sure the job has a row (due now when new); answers nothing. */
async function ensureJob(db: Database, name: string, now: Date) {
  await db.insert(scheduledJobs).values({ name, next_run_at: now }).onConflictDoNothing();
}

/** Claims the job if it is due and nobody holds a live lease on it; answers whether this process won it. */
export async function claimJob(db: Database, job: Pick<ScheduledJob, 'name' | 'leaseMs'>, now = clock.now(), owner = OWNER): Promise<boolean> {
  await ensureJob(db, job.name, now);
  const won = await db
    .update(scheduledJobs)
    .set({ lease_until: new Date(now.getTime() + (job.leaseMs ?? DEFAULT_LEASE_MS)), lease_owner: owner, last_started_at: now })
    .where(and(eq(scheduledJobs.name, job.name), lte(scheduledJobs.next_run_at, now), or(isNull(scheduledJobs.lease_until), lte(scheduledJobs.lease_until, now))))
    .returning({ name: scheduledJobs.name });
  return won.length > 0;
}

/** Ends a claimed run: when it next falls due, the error if it failed; the lease is given back. */
export async function finishJob(db: Database, job: Pick<ScheduledJob, 'name' | 'everyMs'>, outcome: { nextRunAt?: Date | null; error?: string | null }, owner = OWNER) {
  const now = clock.now();
  await db
    .update(scheduledJobs)
    .set({
      next_run_at: outcome.nextRunAt ?? new Date(now.getTime() + job.everyMs),
      lease_until: null,
      lease_owner: null,
      last_finished_at: now,
      last_error: outcome.error ?? null,
      runs: sql`${scheduledJobs.runs} + 1`,
    })
    .where(and(eq(scheduledJobs.name, job.name), eq(scheduledJobs.lease_owner, owner)));
}

/** Runs the job once if this process can claim it; answers whether it ran (and its outcome). */
export async function runJobIfDue<C>(db: Database, job: ScheduledJob<C>, context: C, owner = OWNER): Promise<{ ran: boolean; outcome?: JobOutcome | void; error?: unknown }> {
  const now = clock.now();
  if (!(await claimJob(db, job, now, owner))) return { ran: false };
  try {
    const outcome = await job.run(context, now);
    await finishJob(db, job, { nextRunAt: outcome?.nextRunAt ?? null }, owner);
    return { ran: true, outcome };
  } catch (error) {
    await finishJob(db, job, { error: error instanceof Error ? error.message : String(error) }, owner);
    return { ran: true, error };
  }
}

/** How long until the job's row says it is due (at least a second, at most its interval). */
async function delayUntilDue(db: Database, job: ScheduledJob<never>): Promise<number> {
  const [row] = await db.select({ next: scheduledJobs.next_run_at, lease: scheduledJobs.lease_until }).from(scheduledJobs).where(eq(scheduledJobs.name, job.name));
  const now = clock.nowMs();
  const due = Math.max(row?.next.getTime() ?? now, row?.lease?.getTime() ?? 0);
  return Math.min(job.everyMs, Math.max(1_000, due - now));
}

/**
 * Runs the jobs in the background of the running API: each on its own timer, from when the app is ready (so what
 * fell due while the API was down runs at once) until it closes, which waits for runs in progress. A run never
 * overlaps itself in this process; the lease keeps other processes out.
 */
export function registerJobs<C>(app: FastifyInstance, db: Database, jobs: readonly ScheduledJob<C>[], context: C) {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const running = new Set<Promise<unknown>>();
  let closing = false;
  const tick = (job: ScheduledJob<C>) => {
    if (closing) return;
    const pass = runJobIfDue(db, job, context)
      .then(({ ran, outcome, error }) => {
        if (error) app.log.error({ err: error }, `Job ${job.name} failed`);
        else if (ran && outcome?.note) app.log.info(`Job ${job.name}: ${outcome.note}`);
        return delayUntilDue(db, job as ScheduledJob<never>);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, `Job ${job.name} could not be claimed`);
        return job.everyMs;
      })
      .then((delay) => {
        running.delete(pass);
        if (closing) return;
        const timer = setTimeout(() => tick(job), delay);
        timer.unref();
        timers.set(job.name, timer);
      });
    running.add(pass);
  };
  app.addHook('onReady', async () => {
    for (const job of jobs) tick(job);
  });
  app.addHook('onClose', async () => {
    closing = true;
    for (const timer of timers.values()) clearTimeout(timer);
    await Promise.all(running);
  });
}
