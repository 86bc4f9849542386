import './clock/from-environment.js'; // first: a server started at an instant (HCM_NOW) runs there
import { AREA_MODULES, areaMigrations } from './area-modules.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { serveBackupRequests } from './db/backup.js';
import { openDatabase } from './db/client.js';
import { ensureFirstAdmin, seedDemo } from './db/seed.js';
import { DEFAULT_PGLITE_DIR, IN_MEMORY } from './paths.js';
import { opsFilePath, startOps } from './areas/ops.js';
import { composePermissions } from './modules/permissions.js';
import { registerInstalledBuilds } from './areas/registry.js';
import { REPO_ROOT } from './areas/repo-root.js';
import { chatForApi, type ChatRuntime } from './chat/start.js';
import { stopOnSignals } from './shutdown.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir });
  let app: FastifyInstance | undefined;
  let chat: ChatRuntime | undefined;
  let stopServingBackups = () => {};
  let stopOps = async () => {};

  // Closes Fastify first (no new queries), then the database: PGlite must be closed to leave its files consistent.
  const stop = async () => {
    stopServingBackups();
    try {
      await stopOps();
      await app?.close();
      await chat?.close();
    } finally {
      await database.close();
    }
  };

  try {
    await database.migrate(areaMigrations());
    const seeded = config.seedDemo ? await seedDemo(database.db, AREA_MODULES) : false;
    const adminCreated = config.firstAdmin ? await ensureFirstAdmin(database.db, config.firstAdmin, AREA_MODULES) : false;
    // The chat server (CHAT_PORT) runs in this process unless CHAT_EMBEDDED=false (src/chat/start.ts).
    chat = await chatForApi(config, database.db, {
      info: (message) => app?.log.info(message),
      error: (error, message) => (app ? app.log.error(error, message) : console.error(message, error)),
    });
    app = await buildApp({
    modules: AREA_MODULES, ...config, db: database.db, databaseKind: database.kind, databaseNotices: database.notices, logger: { level: 'info' }, chat: chat.broadcaster });
    const log = app.log;
    for (const note of chat.notes) log.info(note);
    if (seeded) log.info('Seeded demo data: admin@homecare.test and office@homecare.test (see server/README.md).');
    if (adminCreated) log.info(`Created the first super admin, ${config.firstAdmin?.email}.`);


    if (database.kind === 'pglite' && config.pgliteDataDir !== IN_MEMORY) {
      stopServingBackups = serveBackupRequests(database, config.pgliteDataDir, (message, error) =>
        error ? log.error(error, message) : log.info(message),
      );
    }

    // The area registry: builds not registered yet (a fresh database, `npm run build`) become active as
    // "install"; the operators' commands reach the registry through a loopback-only door (src/areas/ops.ts).
    const permissions = composePermissions(AREA_MODULES);
    await registerInstalledBuilds({ db: database.db, repoRoot: REPO_ROOT, permissions }, (message) => log.info(message));
    stopOps = await startOps({
      db: database.db,
      repoRoot: REPO_ROOT,
      permissions,
      file: opsFilePath(process.env, DEFAULT_PGLITE_DIR),
      port: Number(process.env.OPS_PORT ?? 0),
      apiPort: config.port,
      log: (message) => log.info(message),
    });

    await app.listen({
      port: config.port,
      host: config.host,
      listenTextResolver: (address) => `API listening on ${address} (database: ${database.kind})`,
    });
  } catch (error) {
    await stop();
    throw error;
  }

  stopOnSignals(async (signal) => {
    app?.log.info(`${signal} received, shutting down`);
    await stop();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
