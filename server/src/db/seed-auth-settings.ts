import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import type { Transaction } from './client.js';
import { branches, roles, userBranches, users } from './schema.js';

/** A demo user of its own for the two-factor journey, so turning 2FA on never affects the other demo logins. */
export const DEMO_TWO_FACTOR_USER = {
  name: 'Tariq Twofactor',
  email: 'two.factor@homecare.test',
  password: 'TwoFactor!2026demo',
  role: 'office_staff',
  branchCodes: ['CAM'],
} as const;

/** The two-factor demo user (the sign-in settings row is reference data's: remotes/reference-data/server/seed.ts). */
export async function seedAuthSettings(tx: Transaction): Promise<void> {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, DEMO_TWO_FACTOR_USER.role));
  const [user] = await tx
    .insert(users)
    .values({
      name: DEMO_TWO_FACTOR_USER.name,
      email: DEMO_TWO_FACTOR_USER.email,
      password_hash: await hashPassword(DEMO_TWO_FACTOR_USER.password),
      role_id: role?.id ?? null,
      user_type: 'domiciliary',
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!user) return;
  for (const code of DEMO_TWO_FACTOR_USER.branchCodes) {
    const [branch] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.code, code));
    if (branch) await tx.insert(userBranches).values({ user_id: user.id, branch_id: branch.id }).onConflictDoNothing();
  }
}
