import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { sweepAbandonedSessions } from './service.js';

/**
 * How often the API looks for abandoned tracker sessions. The end is recorded at the last beat whenever it is
 * noticed, so this only bounds how long a left session still reads 'running' in the table (a listing or a
 * START of its target ends it at once).
 */
export const TRACKER_SWEEP_INTERVAL_MS = 60_000;

export type AbandonedSweep = {
  /** Resolves once the sweep in progress (if any) has finished. */
  idle(): Promise<void>;
};

/**
 * The sweep, started and stopped with the app: once when the app is ready (sessions left while the API was
 * down), then every `intervalMs`; stopped on app.close(), which waits for a sweep in progress so it never
 * queries a closed database. A sweep still running when the next is due is not doubled.
 */
export function registerAbandonedSweep(app: FastifyInstance, db: Database, intervalMs = TRACKER_SWEEP_INTERVAL_MS): AbandonedSweep {
  let timer: ReturnType<typeof setInterval> | undefined;
  let inProgress: Promise<void> | null = null;

  const sweep = () => {
    if (inProgress) return;
    inProgress = sweepAbandonedSessions(db)
      .then(
        (ended) => {
          if (ended.length) app.log.info(`Time tracker: ${ended.length} abandoned session(s) ended at their last beat.`);
        },
        (error: unknown) => app.log.error(error, 'time tracker sweep failed'),
      )
      .finally(() => {
        inProgress = null;
      });
  };

  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    timer = undefined;
    await inProgress;
  });

  return { idle: async () => void (await inProgress) };
}
