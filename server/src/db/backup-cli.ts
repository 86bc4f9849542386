// `npm run db:backup -- [file]` and `npm run db:restore -- <file>` from the project root (see server/README.md).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { backupPglite, restorePglite } from './backup.js';
import { clock } from '@hcm/contract/time';

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc and restore with pg_restore (server/README.md).');
  }
  // npm runs scripts from the package folder; a relative path means relative to where the command was typed.
  const from = process.env.INIT_CWD ?? process.cwd();
  if (command === 'backup') {
    const stamp = clock.now().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const destination = path.resolve(from, file ?? `backups/hcm-${stamp}.tar.gz`);
    mkdirSync(path.dirname(destination), { recursive: true });
    const started = clock.nowMs();
    const how = await backupPglite(config.pgliteDataDir, destination);
    console.log(`Backup of ${config.pgliteDataDir} written to ${destination} (${how === 'live' ? 'by the running server' : 'server stopped'}, ${clock.nowMs() - started} ms).`);
  } else if (command === 'restore' && file) {
    const keptAside = await restorePglite(config.pgliteDataDir, path.resolve(from, file));
    console.log(`Restored ${config.pgliteDataDir} from ${file}.${keptAside ? ` The previous data is kept in ${keptAside}.` : ''}`);
  } else {
    throw new Error('Usage: db:backup [file] | db:restore <file>');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
