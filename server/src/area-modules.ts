import { existsSync } from 'node:fs';
import path from 'node:path';
import { careRecordsModule } from '../../remotes/care-records/server/module.js';
import { financeModule } from '../../remotes/finance/server/module.js';
import { qualityAuditsModule } from '../../remotes/quality-audits/server/module.js';
import { referenceDataModule } from '../../remotes/reference-data/server/module.js';
import { schedulerModule } from '../../remotes/scheduler/server/module.js';
import { workforceModule } from '../../remotes/workforce/server/module.js';
import { findRepoRoot } from './areas/repo-root.js';
import type { MigrationHistory } from './db/migrate.js';
import { composedResources, type AreaModule } from './modules/area-module.js';

// The API is composed here, and only here: the one place the platform names the areas. An area joins the API
// with one line below (its module, remotes/<area>/server/module.ts); the lint rule in eslint.config.js keeps
// every other platform file from importing an area.
//
// Order matters where data does: an area's migrations and demo data run after those of the areas above it
// (client medications refer to reference data's medicines).

export const AREA_MODULES: readonly AreaModule[] = [
  referenceDataModule,
  careRecordsModule,
  workforceModule,
  schedulerModule,
  financeModule,
  qualityAuditsModule,
];

const REPO = findRepoRoot();

/** An area's migrations folder: as its module says, else remotes/<area>/server/migrations when it exists. */
function migrationsFolderOf(module: AreaModule): string | undefined {
  if (module.migrationsFolder) return module.migrationsFolder;
  const conventional = path.join(REPO, 'remotes', module.name, 'server', 'migrations');
  return existsSync(conventional) ? conventional : undefined;
}

/** The migration histories of these modules, in order (the platform's own comes first, db/client.ts). */
export function areaMigrations(modules: readonly AreaModule[] = AREA_MODULES): MigrationHistory[] {
  return modules.flatMap((module) => {
    const folder = migrationsFolderOf(module);
    return folder ? [{ owner: module.name, folder }] : [];
  });
}

/** Every area's declared resources in module order, and their tables by name (tests of the composed API read them). */
export const { specs: COMPOSED_RESOURCES, tables: COMPOSED_RESOURCE_TABLES } = composedResources(AREA_MODULES);
