import { can, TRACKER_TARGET_TYPES, type CurrentUser, type TrackableAnswer, type TrackerTargetType } from '@hcm/contract';
import type { Database } from '../db/client.js';
import { scopeOf } from '../resources/routes.js';
import { no, type TrackableTargets } from './targets.js';

// Whether a user may time a target (spec §4: "it confirms the target is trackable"). The kit asks through
// GET /api/v1/user/trackable/... before it starts or stops, and the tracker routes ask again before they write.
// Each target type answers for itself (./targets.ts): users here, clients in the care-records area.

export const isTargetType = (value: string): value is TrackerTargetType => (TRACKER_TARGET_TYPES as readonly string[]).includes(value);

/** Whether `user` may time the target: they hold time-tracker.use and the target's type says yes. */
export async function checkTrackable(
  db: Database,
  targets: TrackableTargets,
  user: CurrentUser,
  targetType: string,
  targetId: number | null,
): Promise<TrackableAnswer> {
  if (!can(user, 'time-tracker.use')) return no('You may not use the time tracker.');
  const target = isTargetType(targetType) ? targets.get(targetType) : undefined;
  if (!target) return no(`Target ${targetType} is not trackable.`);
  if (targetId === null) return no(`No such ${targetType}.`);
  return target.check(db, user, scopeOf(user), targetId);
}

/** Whether the user may read a target's tracked time: the target is in their branches; themself always. */
export async function targetVisible(db: Database, targets: TrackableTargets, user: CurrentUser, targetType: TrackerTargetType, targetId: number): Promise<boolean> {
  const target = targets.get(targetType);
  return target !== undefined && target.visible(db, user, scopeOf(user), targetId);
}
