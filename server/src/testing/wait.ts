import { setTimeout as sleep } from 'node:timers/promises';

export type WaitOptions = {
  /** False once waiting is pointless (the process being waited for has exited): fail at once. */
  stillPossible?: () => boolean;
  /** What to add to the failure message (a process's output). */
  detail?: () => string;
  everyMs?: number;
  /** Only stops a test that would otherwise hang: never a measure of speed (a busy machine may take minutes). */
  ceilingMs?: number;
};

/**
 * Polls `check` until it answers true: for what takes a moment, a process starting, a job finishing, a heartbeat
 * reaching another process. Counting tries instead failed on a busy machine; a figure of speed belongs in a bench.
 */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, options: WaitOptions = {}): Promise<void> {
  const { stillPossible = () => true, detail = () => '', everyMs = 100, ceilingMs = 5 * 60_000 } = options;
  const began = performance.now();
  for (;;) {
    if (await check()) return;
    if (!stillPossible()) throw new Error(`${what}: gave up, it can no longer happen.\n${detail()}`);
    if (performance.now() - began > ceilingMs) throw new Error(`${what}: still not so after ${Math.round(ceilingMs / 1000)} s.\n${detail()}`);
    await sleep(everyMs);
  }
}
