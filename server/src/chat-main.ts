// The chat server alone (dist/chat.js), for PostgreSQL deployments: run one or more beside API processes
// started with CHAT_EMBEDDED=false. They work as one through @socket.io/postgres-adapter. The API applies
// the migrations (or dist/migrate.js); start it after them.
import './clock/from-environment.js'; // first: a server started at an instant (HCM_NOW) runs there
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { runChatServer } from './chat/start.js';
import { stopOnSignals } from './shutdown.js';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error('dist/chat.js runs over PostgreSQL only (DATABASE_URL): with the embedded database the API runs the chat server.');
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir });
  const log = {
    info: (message: string) => console.log(message),
    error: (error: unknown, message: string) => console.error(message, error),
  };
  let server;
  try {
    server = await runChatServer(config, database.db, log);
  } catch (error) {
    await database.close();
    throw error;
  }
  log.info(`Chat server listening on ${server.url} (PostgreSQL adapter)`);

  stopOnSignals(async () => {
    await server.close();
    await database.close();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
