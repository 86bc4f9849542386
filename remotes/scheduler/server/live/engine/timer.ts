import type { AreaServerContext, ScheduledJob } from '@hcm/server/platform';
import { runDueChecks } from './engine.js';
import { runEscalations } from './escalation.js';
import { announceAlerts } from './live-push.js';
import { clock } from '@hcm/contract/time';

// The engine as a scheduled job of the running API (server/src/events/jobs.ts): one run when the app is ready (it
// catches up on whatever fell due while the API was down), then the next at the earliest next due instant (so an
// alert the last run knew about is raised at its due instant), and never later than 30 s after the last: a visit
// the last run could not see (added or moved since) is raised within 30 s of its threshold, half the promised
// minute, which leaves the other half for the run itself, the job's claim and the timer (issue 28: with runs 60 s
// apart an alert could land just over the minute). The job's lease keeps a second API process from running it at
// the same time, and a run cut short by a crash is run again elsewhere once its lease (5 minutes) ends.

/** The promise: an alert is raised within this long of its threshold. */
export const ALERT_PROMISE_MS = 60_000;
/** At least this long between runs (the platform's own floor): due instants are whole minutes, so runs stay few. */
export const MIN_DELAY_MS = 1_000;
/** At most this long between runs: half the promise. */
export const MAX_DELAY_MS = ALERT_PROMISE_MS / 2;

/** How long to wait before the next run, given when the next alert falls due: until that instant, within the bounds. */
export function delayUntil(nextDueAt: Date | null, now: Date): number {
  if (!nextDueAt) return MAX_DELAY_MS;
  return Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, nextDueAt.getTime() - now.getTime()));
}

/** One pass: due alerts raised and announced, then escalations. Answers when the next alert falls due. */
export async function engineTick(context: AreaServerContext, now = clock.now()) {
  const db = context.auth.db;
  const onError = (error: unknown) => context.log.warn({ err: error }, 'pushing live alerts failed');
  const run = await runDueChecks(db, now, (raised) => announceAlerts(context, db, raised, onError));
  const escalated = await runEscalations({ db, mailer: context.auth.mailer, sms: context.sms, appUrl: context.appUrl }, now);
  if (escalated.length) await announceAlerts(context, db, escalated.map((row) => ({ id: row.alert_id, branch_id: row.branch_id, visit_id: null })), onError);
  return { ...run, escalated };
}

export const liveEngineJob: ScheduledJob<AreaServerContext> = {
  name: 'scheduler:live-engine',
  everyMs: MAX_DELAY_MS,
  leaseMs: 5 * 60_000,
  async run(context, now) {
    const run = await engineTick(context, now);
    const notes = [run.raised.length ? `${run.raised.length} alert(s) raised` : '', run.escalated.length ? `${run.escalated.length} alert(s) escalated to the on-call person` : ''].filter(Boolean);
    return { nextRunAt: new Date(now.getTime() + delayUntil(run.nextDueAt, now)), note: notes.join('; ') || undefined };
  },
};
