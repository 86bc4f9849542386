// Imported first by each server entry (main, web, chat, migrate): a server started with HCM_NOW runs at that
// instant, its Date and its embedded database included, so the browser journeys can be run at the instants that
// used to break the suite (scripts/test-clock.mjs). Without HCM_NOW nothing changes.
import { followProductClock, startClockFromEnvironment } from './process-clock.js';

if (startClockFromEnvironment()) followProductClock();
