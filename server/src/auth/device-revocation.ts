import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { auditLog, deviceTokens, users } from '../db/schema.js';
import { CARER_LEAVER, CARERS_RESOURCE, carerAccountsRead, carerHasLeft, carersRead } from './carer-accounts.js';
import { clock } from '@hcm/contract/time';

// Ending carers' device tokens (auth/device-tokens.ts) wherever web sessions end: a password changed or reset,
// "end all sessions", a user disabled, a role that no longer holds carer-app.use, a carer who left the agency.
// A revoked token stays revoked: re-enabling a user or giving the permission back never brings it back.

/** Revokes every live device token of a user; resolves to how many. `revokedBy`: who did it (null: the system). */
export async function revokeDeviceTokensOfUser(db: Database | Transaction, userId: number, revokedBy: number | null): Promise<number> {
  const revoked = await db
    .update(deviceTokens)
    .set({ revoked_at: clock.now(), revoked_by: revokedBy })
    .where(and(eq(deviceTokens.user_id, userId), isNull(deviceTokens.revoked_at)))
    .returning({ id: deviceTokens.id });
  return revoked.length;
}

/** Revokes every live device token of the users holding a role (the role lost carer-app.use). */
export async function revokeDeviceTokensOfRole(db: Database | Transaction, roleId: number, revokedBy: number | null): Promise<number> {
  const revoked = await db
    .update(deviceTokens)
    .set({ revoked_at: clock.now(), revoked_by: revokedBy })
    .where(and(isNull(deviceTokens.revoked_at), inArray(deviceTokens.user_id, db.select({ id: users.id }).from(users).where(eq(users.role_id, roleId)))))
    .returning({ id: deviceTokens.id });
  return revoked.length;
}

/**
 * A condition on a device_tokens row: the token no longer stands although nobody revoked it yet. Its user is
 * disabled, or their carer record says they left the agency: now (status leaver, or removed), or at any moment
 * since the token was issued (the carers' audited writes, so a carer taken back on is not given the old phone's
 * token back). Leaving is an edit of the carer record in the workforce area, which the platform does not see
 * happen: tokens are checked against it at every use, and revoked once found lapsed.
 */
export function lapsedDeviceToken(): SQL {
  const leftNow = sql`exists (select 1 from ${carerAccountsRead} inner join ${carersRead} on ${carersRead.id} = ${carerAccountsRead.carer_id} where ${carerAccountsRead.user_id} = ${deviceTokens.user_id} and ${carerHasLeft()})`;
  const leftSinceIssued = sql`exists (select 1 from ${carerAccountsRead} inner join ${auditLog} on ${auditLog.resource} = ${CARERS_RESOURCE} and ${auditLog.record_id} = ${carerAccountsRead.carer_id} where ${carerAccountsRead.user_id} = ${deviceTokens.user_id} and ${auditLog.at} >= ${deviceTokens.created_at} and (${auditLog.action} = 'delete' or ${auditLog.after} ->> 'status' = ${CARER_LEAVER}))`;
  const disabled = sql`exists (select 1 from ${users} where ${users.id} = ${deviceTokens.user_id} and ${users.disabled})`;
  return sql`(${disabled} or ${leftNow} or ${leftSinceIssued})`;
}

/** Revokes the live tokens that have lapsed (all of them, or those `only` selects); resolves to how many. */
export async function revokeLapsedDeviceTokens(db: Database | Transaction, only?: SQL): Promise<number> {
  const revoked = await db
    .update(deviceTokens)
    .set({ revoked_at: clock.now(), revoked_by: null })
    .where(and(isNull(deviceTokens.revoked_at), lapsedDeviceToken(), only))
    .returning({ id: deviceTokens.id });
  return revoked.length;
}
