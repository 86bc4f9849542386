import { after, before } from 'node:test';
import { setClock, type ClockSetting } from '@hcm/contract/time';
import { CLOCK_ORIGIN_VARIABLE, machineNow } from '../clock/process-clock.js';

/**
 * A Wednesday mid-morning in winter (GMT), when the demo is true: today's visits are under way, last week is
 * worked and paid, last month invoiced, the workforce's checks and the recruitment pipeline current. The suite's
 * default instant (scripts/run-tests.mjs), and the one a test fixes when what it reads of the demo depends on
 * the day. Some demo records are dated (the recruitment pipeline, training and checks), so far from this instant
 * the demo tells a stale story: see the README's "One clock".
 */
export const WEEKDAY_MORNING = '2026-11-25T10:00:00Z';

/**
 * For a test file whose rules depend on the day: puts the product's clock (and, through ./process-clock.ts, the
 * whole process) at this instant until the file ends. Call it at the top of the file, before the app is made, so
 * the demo is dated from the same day.
 *
 * In a suite run the clock starts as far past the instant as the suite is past its start (HCM_CLOCK_ORIGIN), so a
 * demo snapshot another file made at this instant is never in this file's future; `{ frozen: true }` stops the
 * clock at exactly the instant instead.
 */
export function fixClock(at: ClockSetting, options: { frozen?: boolean } = {}): void {
  const origin = Number(process.env[CLOCK_ORIGIN_VARIABLE]);
  const instant = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
  const apply = () => setClock(instant + (!options.frozen && Number.isFinite(origin) && origin > 0 ? Math.max(0, Math.round(machineNow() - origin)) : 0), options);
  const restore = apply();
  // Files share a process in batches (server/scripts/test-batches.mjs, with files that fix the same clock): all of
  // them load before the first test runs, and one that ends puts the clock back as it found it. So each file puts
  // its instant back in place when its own tests start.
  before(() => {
    apply();
  });
  after(restore);
}
