import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations offline from the schema: `pnpm --filter @hcm/server db:generate`.
// The server applies them at start with drizzle's migrator (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
