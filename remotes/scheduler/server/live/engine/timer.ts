import type { FastifyInstance } from 'fastify';
import type { AreaServerContext } from '@hcm/server/platform';
import { runDueChecks } from './engine.js';
import { runEscalations } from './escalation.js';
import { announceAlerts } from './live-push.js';
import { clock } from '@hcm/contract/time';

// The engine's timer in the running API (context.background): one run when the app is ready (it catches up on
// whatever fell due while the API was down), then the next at the earliest next due instant, never sooner than
// 15 s nor later than 60 s after the last (so an alert is raised within a minute of its threshold). A run still
// going is never doubled; app.close() stops the timer and waits for a run in progress.

export const MIN_DELAY_MS = 15_000;
export const MAX_DELAY_MS = 60_000;

/** How long to wait before the next run, given when the next alert falls due. */
export function delayUntil(nextDueAt: Date | null, now: Date): number {
  if (!nextDueAt) return MAX_DELAY_MS;
  return Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, nextDueAt.getTime() - now.getTime()));
}

/** One pass: due alerts raised and announced, then escalations. Answers when the next alert falls due. */
export async function engineTick(app: FastifyInstance, context: AreaServerContext, now = clock.now()) {
  const db = context.auth.db;
  const onError = (error: unknown) => app.log.warn({ err: error }, 'pushing live alerts failed');
  const run = await runDueChecks(db, now, (raised) => announceAlerts(context, db, raised, onError));
  if (run.raised.length) app.log.info(`Live engine: ${run.raised.length} alert(s) raised.`);
  const escalated = await runEscalations({ db, mailer: context.auth.mailer, sms: context.sms, appUrl: context.appUrl }, now);
  if (escalated.length) {
    app.log.info(`Live engine: ${escalated.length} alert(s) escalated to the on-call person.`);
    await announceAlerts(context, db, escalated.map((row) => ({ id: row.alert_id, branch_id: row.branch_id, visit_id: null })), onError);
  }
  return run;
}

export function registerLiveEngine(app: FastifyInstance, context: AreaServerContext): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inProgress: Promise<void> | null = null;
  let closing = false;

  const schedule = (delay: number) => {
    if (closing) return;
    timer = setTimeout(tick, delay);
    timer.unref();
  };
  const tick = () => {
    if (inProgress) return;
    let delay = MAX_DELAY_MS;
    inProgress = engineTick(app, context)
      .then(
        (run) => void (delay = delayUntil(run.nextDueAt, clock.now())),
        (error: unknown) => app.log.error(error, 'live engine run failed'),
      )
      .finally(() => {
        inProgress = null;
        schedule(delay);
      });
  };

  app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(timer);
    timer = undefined;
    await inProgress;
  });
}
