import { SUPER_ADMIN, type CurrentUser, type PermissionName } from '@hcm/contract';

/**
 * What the signed-in user (the actor) may do to other users: a super admin anything; anyone else only to
 * users sharing one of their branches, assigning their own branches, and granting no more than they hold.
 */
export type Actor = {
  id: number;
  superAdmin: boolean;
  /** The actor's branch ids; meaningless for a super admin (who sees every branch). */
  branchIds: readonly number[];
  permissions: ReadonlySet<string>;
};

export function actorOf(user: CurrentUser): Actor {
  return {
    id: user.userID,
    superAdmin: user.userRole === SUPER_ADMIN,
    branchIds: user.branches.map((branch) => branch.id),
    permissions: new Set(user.userPermissions),
  };
}

export function actorCan(actor: Actor, permission: PermissionName): boolean {
  return actor.superAdmin || actor.permissions.has(permission);
}

/** The permissions of `granted` the actor does not hold themself (none for a super admin). */
export function permissionsBeyond(actor: Actor, granted: readonly string[]): string[] {
  return actor.superAdmin ? [] : granted.filter((permission) => !actor.permissions.has(permission));
}
