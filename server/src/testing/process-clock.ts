// Loaded before every server test file (`--import`, server/package.json): the whole test process follows the
// product's clock (@hcm/contract/time), so the embedded database's now(), cookies' expiry and any library agree
// with the rules under test. Without this, a test that sets the clock would see rows stamped by PGlite at the
// machine's time.
//
// The instant comes from HCM_NOW (scripts/test-clock.mjs runs the suite at the instants that used to break it);
// a test that depends on the day sets its own with `fixClock` (./fix-clock.ts). One timeline for the whole suite:
// run-tests.mjs says when (by the machine's clock) its clock read HCM_NOW (HCM_CLOCK_ORIGIN), so a file started
// five minutes into the run is five minutes later, and never before a demo snapshot another file made.
import { followProductClock, startClockFromEnvironment } from '../clock/process-clock.js';

startClockFromEnvironment();
followProductClock();
