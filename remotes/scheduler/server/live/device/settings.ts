import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '@hcm/server/platform';
import { LIVE_DEFAULTS, type LiveSettings } from '../../../contract/live.js';
import { branchLiveSettings } from '../tables.js';

// A branch's live thresholds: its own row when it has one, else the defaults. The device API (verification,
// confirmation) and the late and missed engine both read them through liveSettingsOf.

export type LiveSettingsRead = LiveSettings & { branch_id: number; is_default: boolean; updated_at: string | null };

export async function liveSettingsOf(db: Database | Transaction, branchId: number): Promise<LiveSettingsRead> {
  const [row] = await db.select().from(branchLiveSettings).where(eq(branchLiveSettings.branch_id, branchId)).limit(1);
  if (!row) return { ...LIVE_DEFAULTS, branch_id: branchId, is_default: true, updated_at: null };
  return {
    branch_id: branchId,
    is_default: false,
    updated_at: row.updated_at.toISOString(),
    punctuality_window_minutes: row.punctuality_window_minutes,
    on_site_distance_metres: row.on_site_distance_metres,
    duration_variance_percent: row.duration_variance_percent,
    late_after_minutes: row.late_after_minutes,
    missed_after_minutes: row.missed_after_minutes,
    time_critical_late_after_minutes: row.time_critical_late_after_minutes,
    escalate_after_minutes: row.escalate_after_minutes,
    on_call_user_id: row.on_call_user_id,
    on_call_phone: row.on_call_phone,
  };
}

/** Settings for many branches at once (the engine's sweep), each falling back to the defaults. */
export async function liveSettingsByBranch(db: Database | Transaction, branchIds: readonly number[]): Promise<Map<number, LiveSettingsRead>> {
  const out = new Map<number, LiveSettingsRead>();
  for (const id of new Set(branchIds)) out.set(id, await liveSettingsOf(db, id));
  return out;
}
