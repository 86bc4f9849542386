import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import { OTP_NEW_DEVICE_SETTING } from '../auth/devices.js';
import type { Transaction } from './client.js';
import { branches, roles, settingsTable, userBranches, users } from './schema.js';

/** A demo user of its own for the two-factor journey, so turning 2FA on never affects the other demo logins. */
export const DEMO_TWO_FACTOR_USER = {
  name: 'Tariq Twofactor',
  email: 'two.factor@homecare.test',
  password: 'TwoFactor!2026demo',
  role: 'office_staff',
  branchCodes: ['CAM'],
} as const;

/** The sign-in settings row (an emailed code on new devices, off by default) and the two-factor demo user. */
export async function seedAuthSettings(tx: Transaction): Promise<void> {
  const [existing] = await tx.select({ id: settingsTable.id }).from(settingsTable).where(eq(settingsTable.key!, OTP_NEW_DEVICE_SETTING));
  if (!existing) {
    await tx.insert(settingsTable).values({
      key: OTP_NEW_DEVICE_SETTING,
      label: 'Emailed code when signing in on a new device',
      value: 'false',
      value_type: 'boolean',
      description: 'When on, signing in from a device the account has not used before also asks for a 6-digit code sent by email.',
    });
  }

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
