// Loaded before every server test file (`--import`, server/package.json): the whole test process follows the
// product's clock (@hcm/contract/time), so the embedded database's now(), cookies' expiry and any library agree
// with the rules under test. Without this, a test that sets the clock would see rows stamped by PGlite at the
// machine's time.
//
// The instant comes from HCM_NOW (scripts/test-clock.mjs runs the suite at the instants that used to break it);
// a test that depends on the day sets its own with `fixClock` (./fix-clock.ts).
import { nowMs, setClock, setMachineClock } from '@hcm/contract/time';

// One timeline for the whole suite: run-tests.mjs says when (by the machine's clock) its clock read HCM_NOW, so a
// file started five minutes into the run is five minutes later, and never before a demo snapshot another file made.
const origin = Number(process.env.HCM_CLOCK_ORIGIN);
if (process.env.HCM_NOW && Number.isFinite(origin) && origin > 0) setClock(Date.parse(process.env.HCM_NOW) + (Date.now() - origin));

const RealDate = Date;
setMachineClock(RealDate.now.bind(RealDate));

// A Date whose "now" is the product's clock; anything else (a given instant, the parsers) is the real Date's.
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
const ClockDateFunction = new Proxy(ClockDate, {
  apply: () => new ClockDate().toString(),
});

globalThis.Date = ClockDateFunction as DateConstructor;
