// `@hcm/server/testing`: the platform's test helpers for an area's server tests — the composed app over a
// fresh database, a cookie-keeping client, the demo accounts, a throwaway SMTP server.
export * from './testing.js';
export * from './db/test-database.js';
export * from './mail/smtp-test-server.js';
export { DEMO_BRANCHES, DEMO_USERS } from './db/seed.js';
export { branchIdOf, userIdOf } from './users/test-fixtures.js';
export { AREA_MODULES, areaMigrations } from './area-modules.js';

import { AREA_MODULES, areaMigrations } from './area-modules.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { seedDemo } from './db/seed.js';

/** Migrates a test database as the composed API does: the platform, then every registered area. */
export const migrateComposed = (database: DatabaseHandle) => database.migrate(areaMigrations());

/** Seeds the demo data of the platform and every registered area. */
export const seedComposedDemo = (db: Database) => seedDemo(db, AREA_MODULES);
export { fixClock, WEEKDAY_MORNING } from './testing/fix-clock.js';
export { waitFor, type WaitOptions } from './testing/wait.js';
export { pdfText } from './pdf/extract-text.js';
