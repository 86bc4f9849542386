import { can, TRACKER_TARGET_TYPES, type CurrentUser, type TrackableAnswer, type TrackerTargetType } from '@hcm/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { clientVisible, visibleClients } from '../care-records/client-visibility.js';
import type { Database } from '../db/client.js';
import { clientsTable, userBranches, users } from '../db/schema.js';
import { scopeOf } from '../resources/routes.js';
import { clientColumns } from '../care-records/columns.js';

// Whether a user may time a target (spec §4: "it confirms the target is trackable"). The kit asks through
// GET /api/v1/user/trackable/... before it starts or stops, and the tracker routes ask again before they write.

const c = clientsTable;

export const isTargetType = (value: string): value is TrackerTargetType => (TRACKER_TARGET_TYPES as readonly string[]).includes(value);

const no = (reason: string): TrackableAnswer => ({ trackable: false, reason, label: '' });

/**
 * A client: exists, not deleted, in one of the user's branches. A user (a carer or office employee being
 * supervised or appraised): exists, not disabled, not the user themself, shares one of the user's branches.
 * Any other type is not trackable. The user must hold time-tracker.use.
 */
export async function checkTrackable(db: Database, user: CurrentUser, targetType: string, targetId: number | null): Promise<TrackableAnswer> {
  if (!can(user, 'time-tracker.use')) return no('You may not use the time tracker.');
  if (!isTargetType(targetType)) return no(`Target ${targetType} is not trackable.`);
  if (targetId === null) return no(`No such ${targetType}.`);
  const scope = scopeOf(user);

  if (targetType === 'client') {
    const [client] = await db
      .select({ deleted_at: clientColumns.deleted_at, first_name: clientColumns.first_name, last_name: clientColumns.last_name })
      .from(c)
      .where(and(eq(clientColumns.id, targetId), visibleClients(scope, { deleted: 'include' })));
    // A client outside the user's branches reads as missing, so the answer does not tell it exists.
    if (!client) return no('No such client in your branches.');
    if (client.deleted_at !== null) return no('This client has been deleted.');
    return { trackable: true, reason: '', label: `${client.first_name as string} ${client.last_name as string}` };
  }

  if (targetId === user.userID) return no('You cannot time your own supervision or appraisal.');
  const [target] = await db.select({ disabled: users.disabled, name: users.name }).from(users).where(eq(users.id, targetId));
  const shares =
    target && (scope === 'all' || (scope.length > 0 && (await db.select({ id: userBranches.user_id }).from(userBranches).where(and(eq(userBranches.user_id, targetId), inArray(userBranches.branch_id, scope)))).length > 0));
  if (!target || !shares) return no('No such user in your branches.');
  if (target.disabled) return no('This user is disabled.');
  return { trackable: true, reason: '', label: target.name };
}

/**
 * Whether the user may read a target's tracked time: the target is in their branches (a deleted client or a
 * disabled user still has its history); themself always.
 */
export async function targetVisible(db: Database, user: CurrentUser, targetType: TrackerTargetType, targetId: number): Promise<boolean> {
  const scope = scopeOf(user);
  if (targetType === 'client') return clientVisible(db, scope, targetId, { deleted: 'include' });
  if (targetId === user.userID) return true;
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, targetId));
  if (!target) return false;
  if (scope === 'all') return true;
  if (!scope.length) return false;
  const rows = await db
    .select({ id: userBranches.user_id })
    .from(userBranches)
    .where(and(eq(userBranches.user_id, targetId), inArray(userBranches.branch_id, scope)));
  return rows.length > 0;
}
