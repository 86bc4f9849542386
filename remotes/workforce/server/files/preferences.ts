import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit, type BranchScope, type Database, type Transaction } from '@hcm/server/platform';
import { DEFAULT_CARER_SETTINGS, type CarerPreferences, type CarerSettings, type CarerSettingsValues } from '../../contract/files.js';
import { carersTable } from '../people/people-tables.js';
import { carerColumns, visibleCarers } from '../people/visibility.js';
import { isoOf, type StaffTarget } from './common.js';
import { carerPreferences } from './tables.js';
import { clock } from '@hcm/contract/time';

// A carer's settings: whether they may sign in to the carers' app, how they are told things (SMS, email, app),
// and the soft preferences the rota reads (most hours a week, furthest travel, how they travel, the kinds of
// client they work with). A carer nobody has set up reads as the defaults.

const p = carerPreferences;

const toSettings = (carerId: number, row: typeof p.$inferSelect | undefined): CarerSettings =>
  row
    ? {
        carer_id: carerId,
        app_access: row.app_access,
        notify_sms: row.notify_sms,
        notify_email: row.notify_email,
        notify_app: row.notify_app,
        max_weekly_hours: row.max_weekly_hours,
        max_travel_miles: row.max_travel_miles,
        transport_mode: row.transport_mode,
        client_types: row.client_types,
        saved_at: isoOf(row.updated_at),
        saved_by_name: row.updated_by_name,
      }
    : { carer_id: carerId, ...DEFAULT_CARER_SETTINGS, client_types: [...DEFAULT_CARER_SETTINGS.client_types] as CarerSettings['client_types'], transport_mode: 'car', saved_at: null, saved_by_name: '' };

export async function carerSettings(db: Database | Transaction, carerId: number): Promise<CarerSettings> {
  const [row] = await db.select().from(p).where(eq(p.carer_id, carerId));
  return toSettings(carerId, row);
}

/** Saves the carer's settings (insert or update), audited with before and after. */
export async function saveCarerSettings(db: Database, target: StaffTarget, values: CarerSettingsValues): Promise<CarerSettings> {
  const stored = {
    ...values,
    transport_mode: values.transport_mode as CarerSettings['transport_mode'],
    client_types: values.client_types,
    updated_by_name: target.viewer.user.name,
    updated_at: clock.now(),
  };
  return db.transaction(async (tx) => {
    const before = await carerSettings(tx, target.person.id);
    await tx.insert(p).values({ carer_id: target.person.id, ...stored }).onConflictDoUpdate({ target: p.carer_id, set: stored });
    const after = await carerSettings(tx, target.person.id);
    await recordAudit(tx, { actor: target.actor, resource: 'carer-preferences', recordId: target.person.id, action: before.saved_at ? 'update' : 'create', before: before.saved_at ? before : null, after });
    return after;
  });
}

/** The rota's read: the preferences of the carers among `ids` the scope may see (others are left out). */
export async function preferencesOf(db: Database, scope: BranchScope, ids: number[]): Promise<CarerPreferences[]> {
  if (!ids.length) return [];
  const visible = await db.select({ id: carerColumns.id }).from(carersTable).where(and(inArray(carerColumns.id, ids), visibleCarers(scope)));
  const visibleIds = visible.map((row) => Number(row.id));
  if (!visibleIds.length) return [];
  const rows = await db.select().from(p).where(inArray(p.carer_id, visibleIds));
  const byId = new Map(rows.map((row) => [row.carer_id, row]));
  return visibleIds
    .sort((a, b) => a - b)
    .map((id) => {
      const { carer_id, app_access, max_weekly_hours, max_travel_miles, transport_mode, client_types } = toSettings(id, byId.get(id));
      return { carer_id, app_access, max_weekly_hours, max_travel_miles, transport_mode, client_types };
    });
}
