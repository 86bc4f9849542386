import { defineConfig } from 'drizzle-kit';

// The quality-audits area's migrations, generated offline from its tables: `pnpm db:generate` in
// remotes/quality-audits. The platform applies them after its own and earlier areas' (server/src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/tables.ts',
  out: './server/migrations',
});
