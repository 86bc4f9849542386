import './clock/from-environment.js'; // first: a server started at an instant (HCM_NOW) runs there
import { AREA_MODULES, areaMigrations } from './area-modules.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { ensureFirstAdmin, seedDemo } from './db/seed.js';

// `node server/dist/migrate.js`: applies the pending migrations, seeds (demo data when SEED_DEMO is on, the
// first super admin from ADMIN_EMAIL/ADMIN_PASSWORD) and exits. A deployment runs it once before starting
// its API replicas (docker-compose.yml's `migrate` service), so that replicas never race to migrate; the API
// still migrates at start-up, which is then a no-op.

async function migrateOnce(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir });
  try {
    await database.migrate(areaMigrations());
    console.log(`Migrations applied (database: ${database.kind}).`);
    if (config.seedDemo && (await seedDemo(database.db, AREA_MODULES))) console.log('Seeded demo data (see server/README.md).');
    if (config.firstAdmin && (await ensureFirstAdmin(database.db, config.firstAdmin, AREA_MODULES))) {
      console.log(`Created the first super admin, ${config.firstAdmin.email}.`);
    }
  } finally {
    await database.close();
  }
}

migrateOnce().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
