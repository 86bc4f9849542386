import type { CurrentUser, TrackableAnswer, TrackerTargetType } from '@hcm/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { userBranches, users } from '../db/schema.js';
import { usersIn } from '../audit/scopes.js';
import type { BranchScope } from '../resources/list-query.js';

/**
 * A kind of record the time tracker can time (spec §4). The platform knows users (supervisions, appraisals);
 * an area adds its own through its module (care-records: clients), so the tracker never reads an area's tables.
 */
export type TrackableTarget = {
  /** Whether `user` may time the target now, and its label; a target outside their branches reads as missing. */
  check(db: Database, user: CurrentUser, scope: BranchScope, targetId: number): Promise<TrackableAnswer>;
  /** Whether `user` may read the target's tracked time (a deleted or disabled target keeps its history). */
  visible(db: Database, user: CurrentUser, scope: BranchScope, targetId: number): Promise<boolean>;
  /** The ids of the targets whose tracked time a reader of these branches sees in the audit trail. */
  idsInBranches(branchIds: readonly number[]): SQL;
};

export const no = (reason: string): TrackableAnswer => ({ trackable: false, reason, label: '' });

/** A user (a carer or office employee being supervised or appraised), the platform's own target. */
const userTarget: TrackableTarget = {
  async check(db, user, scope, targetId) {
    if (targetId === user.userID) return no('You cannot time your own supervision or appraisal.');
    const [target] = await db.select({ disabled: users.disabled, name: users.name }).from(users).where(eq(users.id, targetId));
    if (!target || !(await sharesBranch(db, scope, targetId))) return no('No such user in your branches.');
    if (target.disabled) return no('This user is disabled.');
    return { trackable: true, reason: '', label: target.name };
  },
  async visible(db, user, scope, targetId) {
    if (targetId === user.userID) return true;
    const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, targetId));
    return target !== undefined && (await sharesBranch(db, scope, targetId));
  },
  idsInBranches: (branchIds) => usersIn(branchIds),
};

async function sharesBranch(db: Database, scope: BranchScope, userId: number): Promise<boolean> {
  if (scope === 'all') return true;
  if (!scope.length) return false;
  const rows = await db
    .select({ id: userBranches.user_id })
    .from(userBranches)
    .where(and(eq(userBranches.user_id, userId), inArray(userBranches.branch_id, [...scope])));
  return rows.length > 0;
}

/** The trackable targets by type: `user` built in, the rest registered by area modules before the app is ready. */
export class TrackableTargets {
  readonly #targets = new Map<TrackerTargetType, TrackableTarget>([['user', userTarget]]);

  register(type: TrackerTargetType, target: TrackableTarget): void {
    if (this.#targets.has(type)) throw new Error(`The trackable target "${type}" is registered twice.`);
    this.#targets.set(type, target);
  }

  get(type: TrackerTargetType): TrackableTarget | undefined {
    return this.#targets.get(type);
  }

  /** `(target_type, target_id)` pairs of the targets a reader of these branches sees, as one SQL condition. */
  visibleCondition(typeColumn: SQL, idColumn: SQL, branchIds: readonly number[]): SQL {
    const parts = [...this.#targets].map(([type, target]) => sql`(${typeColumn} = ${type} and ${idColumn} in (${target.idsInBranches(branchIds)}))`);
    return sql.join(parts, sql` or `);
  }
}
