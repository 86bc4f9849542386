// Makes a whole Node process follow the product's clock (@hcm/contract/time): `Date`, and so the embedded
// database's now(), cookies' dates and any library, agree with the rules. Used by the test processes (always: a
// test may set the clock) and by the servers when they are started at an instant (HCM_NOW, ./from-environment.ts).
import { CLOCK_VARIABLE, nowMs, setClock, setMachineClock } from '@hcm/contract/time';

/** The variable that says when, by the machine's clock (ms since the epoch), HCM_NOW was read. */
export const CLOCK_ORIGIN_VARIABLE = 'HCM_CLOCK_ORIGIN';

/**
 * Starts the product's clock at HCM_NOW, moved on by the time since HCM_CLOCK_ORIGIN when that is given: several
 * processes (a test run's files, the journeys' API and web servers) then share one timeline however late each starts.
 * Answers whether HCM_NOW was set.
 */
export function startClockFromEnvironment(env: NodeJS.ProcessEnv = process.env): boolean {
  const at = env[CLOCK_VARIABLE];
  if (!at) return false;
  const origin = Number(env[CLOCK_ORIGIN_VARIABLE]);
  const sinceOrigin = Number.isFinite(origin) && origin > 0 ? Math.max(0, Math.round(machineNow() - origin)) : 0;
  setClock(Date.parse(at) + sinceOrigin);
  return true;
}

let following = false;

/** Replaces the global Date by one whose "now" is the product's clock; anything else is the real Date's. */
export function followProductClock(): void {
  if (following) return;
  following = true;
  const RealDate = Date;
  setMachineClock(RealDate.now.bind(RealDate));

  class ClockDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(nowMs());
      else super(...(args as [string]));
    }

    static override now(): number {
      return nowMs();
    }

    // Dates made by Node's internals (fs.Stats, timers) are the real Date's: still Dates.
    static override [Symbol.hasInstance](value: unknown): boolean {
      return value instanceof RealDate;
    }
  }

  // Called as a function, Date() answers the current time as text.
  globalThis.Date = new Proxy(ClockDate, { apply: () => new ClockDate().toString() }) as DateConstructor;
}

// The machine's time whatever Date has become: performance's origin does not follow the product's clock.
export const machineNow = (): number => performance.timeOrigin + performance.now();
