import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

// One history of migrations per owner: the platform's (server/drizzle) first, then each area's
// (remotes/<area>/server/migrations) in the order the areas are registered (src/area-modules.ts). Each history
// keeps its own table in the `drizzle` schema, so an area team generates and ships migrations without touching
// anyone else's files.

/** A folder of drizzle-kit migrations and the name its applied rows are kept under. */
export type MigrationHistory = { owner: string; folder: string };

/** What drizzle's migrator needs for one history. */
export type MigrationRun = { migrationsFolder: string; migrationsTable: string };

export const runOf = (history: MigrationHistory): MigrationRun => ({
  migrationsFolder: history.folder,
  migrationsTable: `__drizzle_migrations_${history.owner.replaceAll('-', '_')}`,
});

/**
 * Databases made before histories were split per owner have one history (server/drizzle-legacy, applied
 * rows in drizzle.__drizzle_migrations) whose tables the new baselines create again. Such a database is
 * brought to the end of that history, and each history's first migration, when it is a `_baseline`, is
 * recorded as applied instead of run. Afterwards every history runs as usual.
 */
async function tableExists(db: Database, name: string): Promise<boolean> {
  const result = await db.execute(sql`select to_regclass(${name}) is not null as present`);
  return (result as unknown as { rows: { present: boolean }[] }).rows[0]?.present === true;
}

/**
 * Whether this is the first run on a database made by the legacy single history: it has that history's table
 * and not yet the platform's own. Only then are baselines adopted; an area added later always runs its first
 * migration, whatever its name.
 */
async function upgradingFromLegacy(db: Database, platform: MigrationRun): Promise<boolean> {
  return (await tableExists(db, 'drizzle.__drizzle_migrations')) && !(await tableExists(db, `drizzle.${platform.migrationsTable}`));
}

function isBaseline(folder: string): boolean {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries[0]?.tag.endsWith('_baseline') ?? false;
}

/** Tables a migration creates, read from its SQL. */
function tablesCreatedBy(statements: readonly string[]): string[] {
  return statements.flatMap((statement) => [...statement.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"([^"]+)"/gi)].map((match) => match[1]!));
}

/**
 * Records a history's baseline as applied, when its table holds no row yet and the legacy history made every
 * table the baseline creates. An area that came after the split (its tables absent) runs its baseline instead.
 */
async function adoptBaseline(db: Database, run: MigrationRun): Promise<void> {
  const [baseline] = readMigrationFiles(run);
  if (!baseline) return;
  for (const table of tablesCreatedBy(baseline.sql)) if (!(await tableExists(db, `public.${table}`))) return;
  const table = sql`drizzle.${sql.identifier(run.migrationsTable)}`;
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(sql`create table if not exists ${table} (id serial primary key, hash text not null, created_at bigint)`);
  await db.execute(sql`insert into ${table} (hash, created_at) select ${baseline.hash}, ${baseline.folderMillis} where not exists (select 1 from ${table})`);
}

/**
 * Applies every history in order with `migrate` (the driver's migrator). `legacyFolder`: server/drizzle-legacy,
 * for a database made before the split.
 */
export async function migrateHistories(
  db: Database,
  histories: readonly MigrationHistory[],
  legacyFolder: string,
  migrate: (run: MigrationRun) => Promise<void>,
): Promise<void> {
  const [platform] = histories;
  if (platform && (await upgradingFromLegacy(db, runOf(platform)))) {
    await migrate({ migrationsFolder: legacyFolder, migrationsTable: '__drizzle_migrations' });
    for (const history of histories) if (isBaseline(history.folder)) await adoptBaseline(db, runOf(history));
  }
  for (const history of histories) await migrate(runOf(history));
}
