import { after } from 'node:test';
import { setClock, type ClockSetting } from '@hcm/contract/time';

/**
 * For a test file whose rules depend on the day: puts the product's clock (and, through ./process-clock.ts, the
 * whole process) at this instant, ticking on from it, until the file ends. Call it at the top of the file, before
 * the app is made, so the demo is dated from the same day.
 */
export function fixClock(at: ClockSetting, options: { frozen?: boolean } = {}): void {
  const restore = setClock(at, options);
  after(restore);
}
