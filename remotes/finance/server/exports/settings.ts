import { eq } from 'drizzle-orm';
import type { Database } from '@hcm/server/platform';
import { users } from '@hcm/server/schema';
import { clock } from '@hcm/contract/time';
import { DEFAULT_EXPORT_SETTINGS, EXPORT_SETTING_LABELS, type ExportSettings, type ExportSettingsValues } from '../../contract/export-settings.js';
import { recordFinanceChange } from '../ledger/changes.js';
import { exportSettings } from './tables.js';

// The accounting codes the Xero and Sage exports write (finance's own settings, one row in
// finance_export_settings): read with the defaults when nobody has saved them, saved with an audit trail entry.

const KEYS = Object.keys(DEFAULT_EXPORT_SETTINGS) as (keyof ExportSettingsValues)[];

const valuesOf = (row: Partial<ExportSettingsValues> | undefined): ExportSettingsValues =>
  Object.fromEntries(KEYS.map((key) => [key, row?.[key] || DEFAULT_EXPORT_SETTINGS[key]])) as ExportSettingsValues;

/** The settings in force: the saved row's, or the defaults (what the exports always wrote). */
export async function exportSettingsOf(db: Database): Promise<ExportSettings> {
  const [row] = await db
    .select({ settings: exportSettings, updated_by_name: users.name })
    .from(exportSettings)
    .leftJoin(users, eq(users.id, exportSettings.updated_by))
    .where(eq(exportSettings.id, 1));
  return { ...valuesOf(row?.settings), updated_by_name: row ? (row.updated_by_name ?? null) : null, updated_at: row?.settings.updated_at?.toISOString() ?? null };
}

/** Saves validated settings (ExportSettingsSchema) and records what changed in the finance audit trail. */
export async function saveExportSettings(db: Database, values: ExportSettingsValues, userId: number | null): Promise<ExportSettings> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(exportSettings).where(eq(exportSettings.id, 1)).for('update');
    const old = valuesOf(before);
    const changed = KEYS.filter((key) => old[key] !== values[key]);
    const row = { ...values, updated_by: userId, updated_at: clock.now() };
    await tx
      .insert(exportSettings)
      .values({ id: 1, ...row })
      .onConflictDoUpdate({ target: exportSettings.id, set: row });
    if (!changed.length) return;
    await recordFinanceChange(tx, {
      entity: 'export-settings',
      entity_id: 1,
      action: 'updated',
      summary: `Accounting codes changed: ${changed.map((key) => `${EXPORT_SETTING_LABELS[key]} ${old[key]} → ${values[key]}`).join('; ')}`,
      before: Object.fromEntries(changed.map((key) => [key, old[key]])),
      after: Object.fromEntries(changed.map((key) => [key, values[key]])),
      changed_by: userId,
    });
  });
  return exportSettingsOf(db);
}
