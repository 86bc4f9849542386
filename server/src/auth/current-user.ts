import { asc, eq } from 'drizzle-orm';
import { PLATFORM_PERMISSIONS, SUPER_ADMIN, type CurrentUser } from '@hcm/contract';
import type { Database } from '../db/client.js';
import { branches, rolePermissions, roles, userBranches, users } from '../db/schema.js';
import { unreadTotalOf } from '../chat/service.js';
import type { PermissionCatalog } from '../modules/permissions.js';

/** A catalogue of the platform's permissions alone, for a process that composes no area (the chat server, scripts). */
const PLATFORM_ONLY = { names: Object.keys(PLATFORM_PERMISSIONS) };

/**
 * The user as GET /api/v1/user describes it, or null when the user is gone or disabled. A super admin holds every
 * permission of the composed catalogue (the API passes AuthSettings' `permissions`; without it, the platform's
 * alone: can() grants a super admin everything by role whatever the list); anyone else what their role grants.
 */
export async function loadCurrentUser(
  db: Database,
  userId: number,
  catalog: Pick<PermissionCatalog, 'names'> = PLATFORM_ONLY,
): Promise<CurrentUser | null> {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      userType: users.user_type,
      disabled: users.disabled,
      roleId: roles.id,
      roleName: roles.name,
      roleLabel: roles.label,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.id, userId));
  if (!user || user.disabled) return null;

  const permissions =
    user.roleName === SUPER_ADMIN
      ? [...catalog.names]
      : user.roleId === null
        ? []
        : (
            await db
              .select({ permission: rolePermissions.permission })
              .from(rolePermissions)
              .where(eq(rolePermissions.role_id, user.roleId))
          )
            .map((row) => row.permission)
            // Sorted here, not in SQL, so the order is the same whatever the database's collation.
            .sort();

  const userBranchList = await db
    .select({ id: branches.id, name: branches.name })
    .from(userBranches)
    .innerJoin(branches, eq(branches.id, userBranches.branch_id))
    .where(eq(userBranches.user_id, user.id))
    .orderBy(asc(branches.name));

  return {
    userID: user.id,
    userRole: user.roleName,
    userPermissions: permissions,
    // The sum of the user's chats' unread counts (chat_members.unread_count, kept true by src/chat/).
    userUnreadMessageCount: await unreadTotalOf(db, user.id),
    name: user.name,
    email: user.email,
    userType: user.userType,
    roleLabel: user.roleLabel,
    branches: userBranchList,
  };
}
