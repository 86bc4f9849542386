import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { CHAT_CHANNELS, SUPER_ADMIN, type AreaEvent } from '@hcm/contract';
import { rolePermissions, roles, userBranches, users } from '@hcm/server/schema';
import { noteWrites, type AreaServerContext, type Database } from '@hcm/server/platform';
import { VISITS_TOPIC, type VisitsChanged } from '../../contract/visits.js';

// Live push: after a write commits, the online users who see the scheduler or visits in that branch are told
// which visits changed (ids only; their screens refetch through the API, which checks permissions again).

const READERS = ['scheduler.view', 'visits.view'];

/** The online users who hold scheduler.view or visits.view and work in the branch (super admins: every branch). */
export async function readersOnline(db: Database, onlineIds: readonly number[], branchId: number): Promise<number[]> {
  if (!onlineIds.length) return [];
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(
      and(
        inArray(users.id, [...onlineIds]),
        eq(users.disabled, false),
        or(
          eq(roles.name, SUPER_ADMIN),
          and(
            sql`exists (select 1 from ${rolePermissions} where ${rolePermissions.role_id} = ${roles.id} and ${inArray(rolePermissions.permission, READERS)})`,
            sql`exists (select 1 from ${userBranches} where ${userBranches.user_id} = ${users.id} and ${userBranches.branch_id} = ${branchId})`,
          ),
        ),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Tells the online planners of a branch that these visits changed (VISITS_TOPIC). For every part that writes
 * visits (generation, auto-assign, imports, the wizard): call it after the transaction commits. Never throws:
 * a failed push is logged by the caller's `onError` and the write stands.
 */
export async function announceVisitsChanged(
  context: Pick<AreaServerContext, 'chat'>,
  db: Database,
  branchId: number,
  ids: readonly number[],
  byUserId: number | null,
  onError: (error: unknown) => void = () => {},
): Promise<number[]> {
  try {
    if (!ids.length) return [];
    // Before anyone is told: a planner who refetches must not be given an answer worked out before the change.
    noteWrites(db);
    const recipients = await readersOnline(db, await context.chat.onlineUserIds(), branchId);
    const data: VisitsChanged = { branch_id: branchId, ids: [...new Set(ids)], by_user_id: byUserId };
    for (const userId of recipients) {
      const event: AreaEvent = { area: 'scheduler', topic: VISITS_TOPIC, data };
      context.chat.toUser(userId, CHAT_CHANNELS.area(userId), event);
    }
    return recipients;
  } catch (error) {
    onError(error);
    return [];
  }
}

/** How long the announcements of delivered visit events gather before they go. */
export const GATHER_MS = 250;

type Gathering = { byBranch: Map<number, { ids: Set<number>; by: Set<number | null> }>; done: Promise<void> };
const gatherings = new WeakMap<object, Gathering>();

/**
 * Tells the online planners of a branch that these visits changed, a moment later (GATHER_MS) and together with
 * the others announced meanwhile: the visits' events are delivered one at a time, and a bulk write (auto-assign,
 * generation) delivers hundreds, which its planners hear as one announcement per branch, not hundreds of
 * refetches. Answers when it went. Never throws: a failure goes to `onError`.
 */
export function announceVisitsSoon(
  context: Pick<AreaServerContext, 'chat'>,
  db: Database,
  branchId: number,
  ids: readonly number[],
  byUserId: number | null,
  onError: (error: unknown) => void = () => {},
): Promise<void> {
  let gathering = gatherings.get(context.chat);
  if (!gathering) {
    const byBranch: Gathering['byBranch'] = new Map();
    const done = new Promise<void>((resolve) => {
      setTimeout(() => {
        gatherings.delete(context.chat);
        void (async () => {
          for (const [branch, { ids: changed, by }] of byBranch) {
            await announceVisitsChanged(context, db, branch, [...changed], by.size === 1 ? [...by][0]! : null, onError);
          }
        })().finally(resolve);
      }, GATHER_MS).unref();
    });
    gathering = { byBranch, done };
    gatherings.set(context.chat, gathering);
  }
  const entry = gathering.byBranch.get(branchId) ?? { ids: new Set<number>(), by: new Set<number | null>() };
  for (const id of ids) entry.ids.add(id);
  entry.by.add(byUserId);
  gathering.byBranch.set(branchId, entry);
  return gathering.done;
}
