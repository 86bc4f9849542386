import { eq, sql } from 'drizzle-orm';
import { PLATFORM_PERMISSIONS, SUPER_ADMIN, type CurrentUser } from '@hcm/contract';
import type { Database } from '../db/client.js';
import { branches, rolePermissions, roles, userBranches, users } from '../db/schema.js';
import { unreadTotalSql } from '../chat/service.js';
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
  // One statement (it was four): each user of a busy office is read again every second (auth/hooks.ts), and each
  // statement sent costs about as much again as its work.
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
      permissions: sql<string[]>`(select coalesce(json_agg(${rolePermissions.permission}), '[]'::json) from ${rolePermissions} where ${rolePermissions.role_id} = ${roles.id})`,
      branches: sql<{ id: number; name: string }[]>`(select coalesce(json_agg(json_build_object('id', ${branches.id}, 'name', ${branches.name}) order by ${branches.name}), '[]'::json)
        from ${userBranches} join ${branches} on ${branches.id} = ${userBranches.branch_id} where ${userBranches.user_id} = ${users.id})`,
      // The sum of the user's chats' unread counts (chat_members.unread_count, kept true by src/chat/).
      unread: unreadTotalSql(users.id),
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
        : // Sorted here, not in SQL, so the order is the same whatever the database's collation.
          [...user.permissions].sort();

  return {
    userID: user.id,
    userRole: user.roleName,
    userPermissions: permissions,
    userUnreadMessageCount: Number(user.unread),
    name: user.name,
    email: user.email,
    userType: user.userType,
    roleLabel: user.roleLabel,
    branches: user.branches,
  };
}
