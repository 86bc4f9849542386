import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import type { Transaction } from './client.js';
import { branches, roles, userBranches, users } from './schema.js';

/** A demo user of its own for the password-reset journey, so resetting a password never breaks the other demo logins. */
export const DEMO_FORGOTTEN_USER = {
  name: 'Fiona Forgotten',
  email: 'forgotten@homecare.test',
  password: 'Forgotten!2026demo',
  role: 'office_staff',
  branchCodes: ['CAM'],
} as const;

/** Adds the password-reset demo user (office staff, Cambridge) unless that email is taken. */
export async function seedPasswordResetUser(tx: Transaction): Promise<void> {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, DEMO_FORGOTTEN_USER.role));
  const [user] = await tx
    .insert(users)
    .values({
      name: DEMO_FORGOTTEN_USER.name,
      email: DEMO_FORGOTTEN_USER.email,
      password_hash: await hashPassword(DEMO_FORGOTTEN_USER.password),
      role_id: role?.id ?? null,
      user_type: 'domiciliary',
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!user) return;
  for (const code of DEMO_FORGOTTEN_USER.branchCodes) {
    const [branch] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.code, code));
    if (branch) await tx.insert(userBranches).values({ user_id: user.id, branch_id: branch.id }).onConflictDoNothing();
  }
}
