import { defineConfig } from 'drizzle-kit';

// The finance area's migrations, generated offline from its tables: `pnpm db:generate` in remotes/finance.
// The platform applies them after its own and earlier areas' (server/src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/tables.ts',
  out: './server/migrations',
});
