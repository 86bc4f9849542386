import { asc } from 'drizzle-orm';
import { branches } from '@hcm/server/schema';
import type { Transaction } from '@hcm/server/platform';
import { LIVE_DEFAULTS } from '../../../contract/live.js';
import { branchLiveSettings } from '../tables.js';

/**
 * The demo's live thresholds: the first branch keeps the defaults; the second (supported living, where the
 * homes are close together and the calls short) has its own tighter ones, so the settings form shows both
 * cases. Today's checks come from the device simulator that `npm start` runs (scripts/simulate-devices.ts).
 */
export async function seedDemoLiveSettings(tx: Transaction): Promise<void> {
  const rows = await tx.select({ id: branches.id }).from(branches).orderBy(asc(branches.id)).limit(2);
  const second = rows[1];
  if (!second) return;
  await tx
    .insert(branchLiveSettings)
    .values({ ...LIVE_DEFAULTS, branch_id: second.id, punctuality_window_minutes: 10, on_site_distance_metres: 100, duration_variance_percent: 20 })
    .onConflictDoNothing();
}
