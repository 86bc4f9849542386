import { CHAT_CHANNELS, type AreaEvent } from '@hcm/contract';
import { noteWrites, type AreaServerContext, type Database } from '@hcm/server/platform';
import { LIVE_TOPIC, type LiveChanged } from '../../../contract/live.js';
import { readersOnline } from '../../visits/push.js';
import { clock } from '@hcm/contract/time';

// Tells the online office users of a branch that alerts or visits changed (LIVE_TOPIC; ids only: their screens
// refetch through the API, which checks permissions again). Never throws: a failed push leaves the write standing.

export async function announceLive(
  context: Pick<AreaServerContext, 'chat'>,
  db: Database,
  branchId: number,
  changed: { visit_ids?: readonly number[]; alert_ids?: readonly number[] },
  onError: (error: unknown) => void = () => {},
): Promise<void> {
  try {
    // Before anyone is told: a screen that refetches must not be given a live view worked out before the change.
    noteWrites(db);
    const recipients = await readersOnline(db, await context.chat.onlineUserIds(), branchId);
    const data: LiveChanged = { branch_id: branchId, visit_ids: [...new Set(changed.visit_ids ?? [])], alert_ids: [...new Set(changed.alert_ids ?? [])], at: clock.now().toISOString() };
    for (const userId of recipients) {
      const event: AreaEvent = { area: 'scheduler', topic: LIVE_TOPIC, data };
      context.chat.toUser(userId, CHAT_CHANNELS.area(userId), event);
    }
  } catch (error) {
    onError(error);
  }
}

/** Announces raised or changed alerts, one event per branch. */
export async function announceAlerts(
  context: Pick<AreaServerContext, 'chat'>,
  db: Database,
  alerts: readonly { id: number; branch_id: number; visit_id: number | null }[],
  onError?: (error: unknown) => void,
): Promise<void> {
  const byBranch = new Map<number, { visit_ids: number[]; alert_ids: number[] }>();
  for (const alert of alerts) {
    const entry = byBranch.get(alert.branch_id) ?? { visit_ids: [], alert_ids: [] };
    entry.alert_ids.push(alert.id);
    if (alert.visit_id !== null) entry.visit_ids.push(alert.visit_id);
    byBranch.set(alert.branch_id, entry);
  }
  for (const [branchId, changed] of byBranch) await announceLive(context, db, branchId, changed, onError);
}
