import { CHAT_CHANNELS, type AreaEvent } from '@hcm/contract';
import type { AreaServerContext, Database } from '@hcm/server/platform';
import { LIVE_TOPIC, type LiveChanged } from '../../../contract/live.js';
import { announceVisitsChanged, readersOnline } from '../../visits/push.js';
import { clock } from '@hcm/contract/time';

/**
 * After a check, tasks or a confirmation commit: the branch's online planners hear that the visits changed
 * (VISITS_TOPIC, the visit screens refetch) and the live screens hear LIVE_TOPIC. Never throws.
 */
export async function announceLive(
  context: Pick<AreaServerContext, 'chat'>,
  db: Database,
  branchId: number,
  visitIds: readonly number[],
  byUserId: number | null,
  onError: (error: unknown) => void,
): Promise<void> {
  await announceVisitsChanged(context, db, branchId, visitIds, byUserId, onError);
  try {
    const recipients = await readersOnline(db, await context.chat.onlineUserIds(), branchId);
    const data: LiveChanged = { branch_id: branchId, visit_ids: [...new Set(visitIds)], alert_ids: [], at: clock.now().toISOString() };
    for (const userId of recipients) {
      const event: AreaEvent = { area: 'scheduler', topic: LIVE_TOPIC, data };
      context.chat.toUser(userId, CHAT_CHANNELS.area(userId), event);
    }
  } catch (error) {
    onError(error);
  }
}
