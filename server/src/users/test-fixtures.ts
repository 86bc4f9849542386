import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { UserDetail } from '@hcm/contract/schemas';
import { branches, roles, sessions, users } from '../db/schema.js';

// Small lookups for the users, roles and switching tests.

export async function userIdOf(db: Database, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export async function roleIdOf(db: Database, name: string): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`no role ${name}`);
  return row.id;
}

export async function branchIdOf(db: Database, code: string): Promise<number> {
  const [row] = await db.select({ id: branches.id }).from(branches).where(eq(branches.code, code));
  if (!row) throw new Error(`no branch ${code}`);
  return row.id;
}

export async function sessionCountOf(db: Database, userId: number): Promise<number> {
  return (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.user_id, userId))).length;
}

/** A body for PUT /api/v1/users/:id built from the user as GET answers it, with changes. */
export function userUpdateBody(user: UserDetail, changes: Record<string, unknown> = {}) {
  return {
    name: user.name,
    email: user.email,
    role_id: user.role_id,
    branch_ids: user.branches.map((branch) => branch.id),
    user_type: user.user_type,
    disabled: user.disabled,
    switch_target_ids: user.switch_targets.map((target) => target.id),
    ...changes,
  };
}
