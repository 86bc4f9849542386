import { randomBytes } from 'node:crypto';
import { CARER_ROLE } from '@hcm/contract/schemas';
import { eq, inArray } from 'drizzle-orm';
import { branches, hashPassword, roles, userBranches, users, type Transaction } from '@hcm/server/platform';
import { carerMessages } from './tables.js';

/**
 * Demo carers: users with the carer role across the demo branches. They do not sign in to the back office; the
 * communication area messages them and sends them notices. One of them, Aisha Bello (Camden, on the rota every
 * day of the demo), signs in to the carers' app with the password in the README's demo accounts; the others get a
 * random password nobody knows (an administrator can set one).
 */
export const DEMO_CARERS = [
  { name: 'Aisha Bello', email: 'aisha.bello@homecare.test', branchCode: 'CAM' },
  { name: 'Tom Fletcher', email: 'tom.fletcher@homecare.test', branchCode: 'CAM' },
  { name: 'Siân Evans', email: 'sian.evans@homecare.test', branchCode: 'CAM' },
  { name: 'Callum McLeod', email: 'callum.mcleod@homecare.test', branchCode: 'LDS-SL' },
  { name: 'Priya Nair', email: 'priya.nair@homecare.test', branchCode: 'LDS-SL' },
  { name: 'Megan Hughes', email: 'megan.hughes@homecare.test', branchCode: 'BRN' },
  { name: 'Joseph Adeyemi', email: 'joseph.adeyemi@homecare.test', branchCode: 'BRN' },
] as const;

/** The demo carer who signs in to the carers' app (/carer/): listed in the README's demo accounts. */
export const DEMO_CARER_SIGN_IN = { email: 'aisha.bello@homecare.test', password: 'Carer!2026demo' } as const;

/** Adds the demo carers, with the carer role (a standard role: seedRoles has created it). */
export async function seedCarers(tx: Transaction): Promise<void> {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, CARER_ROLE));
  const branchRows = await tx
    .select({ id: branches.id, code: branches.code })
    .from(branches)
    .where(inArray(branches.code, [...new Set(DEMO_CARERS.map((carer) => carer.branchCode))]));
  const branchId = new Map(branchRows.map((row) => [row.code, row.id]));
  const hashes = await Promise.all(DEMO_CARERS.map((carer) => hashPassword(carer.email === DEMO_CARER_SIGN_IN.email ? DEMO_CARER_SIGN_IN.password : randomBytes(32).toString('base64url'))));

  for (const [index, carer] of DEMO_CARERS.entries()) {
    const [user] = await tx
      .insert(users)
      .values({ name: carer.name, email: carer.email, password_hash: hashes[index]!, role_id: role!.id, user_type: 'domiciliary' })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    const branch = branchId.get(carer.branchCode);
    if (user && branch) await tx.insert(userBranches).values({ user_id: user.id, branch_id: branch }).onConflictDoNothing();
  }

  // One phone message taken by the office and not yet read, so the carer list shows an unread count.
  const [aisha] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CARERS[0].email));
  const [office] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'office@homecare.test'));
  if (aisha) {
    await tx.insert(carerMessages).values({
      carer_user_id: aisha.id,
      direction: 'inbound',
      channel: 'phone',
      subject: 'Running late',
      body: 'Aisha rang: her bus is cancelled, she will reach Mrs Ellison about 20 minutes late this morning.',
      recorded_by: office?.id ?? null,
    });
  }
}
