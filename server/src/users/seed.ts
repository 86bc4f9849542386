import { inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import { accountSwitchTargets, users } from '../db/schema.js';

/** Who may switch to whom in the demo: the admin to the office and manager users, the manager to the office user. */
export const DEMO_SWITCH_TARGETS: readonly { parent: string; target: string }[] = [
  { parent: 'admin@homecare.test', target: 'office@homecare.test' },
  { parent: 'admin@homecare.test', target: 'manager@homecare.test' },
  { parent: 'manager@homecare.test', target: 'office@homecare.test' },
];

/** Lists the demo switch targets (inside the demo seed's transaction, after the users exist). */
export async function seedSwitchTargets(tx: Transaction): Promise<void> {
  const emails = [...new Set(DEMO_SWITCH_TARGETS.flatMap(({ parent, target }) => [parent, target]))];
  const rows = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const idOf = new Map(rows.map((row) => [row.email, row.id]));
  const pairs = DEMO_SWITCH_TARGETS.filter(({ parent, target }) => idOf.has(parent) && idOf.has(target)).map(({ parent, target }) => ({
    parent_user_id: idOf.get(parent)!,
    target_user_id: idOf.get(target)!,
  }));
  if (pairs.length) await tx.insert(accountSwitchTargets).values(pairs).onConflictDoNothing();
}
