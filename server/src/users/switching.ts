import { can, SUPER_ADMIN, type CurrentUser } from '@hcm/contract';
import type { SwitchAccount } from '@hcm/contract/schemas';
import { and, asc, eq, ne, or, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { auditActorOf, recordAudit } from '../audit/record.js';
import { setSessionCookies } from '../auth/cookies.js';
import { loadCurrentUser } from '../auth/current-user.js';
import { createSession, deleteSession } from '../auth/sessions.js';
import type { AuthSettings } from '../auth/settings.js';
import type { Database } from '../db/client.js';
import { accountSwitchTargets, roles, sessions, users, type SessionRow } from '../db/schema.js';
import { RuleError } from './errors.js';

// Account switching (spec §1, issue 3 item 8): a user with account.switch acts as one of the accounts listed
// for them. The switch makes a NEW session whose user_id is the target and whose parent_user_id is the parent,
// so the parent identity stays on the server, every change is audited with both, and the guard applies the
// target's permissions. Switching back makes another new session as the parent. No nesting.

export const ALREADY_SWITCHED = 'You are already acting as another account: switch back first.';
export const NOT_LISTED = 'You may not switch to this account.';
export const TARGET_SUPER_ADMIN = 'Only a super admin may switch to a super admin.';
export const TARGET_DISABLED = 'This account is disabled.';
export const NOT_SWITCHED = 'You are not acting as another account.';
export const PARENT_GONE = 'The account you switched from is no longer available: log in again.';

/** The accounts listed for a parent that they may switch to now (active; super admins only for a super admin). */
export async function switchAccountsOf(db: Database, parent: CurrentUser): Promise<SwitchAccount[]> {
  if (!can(parent, 'account.switch')) return [];
  const parentIsSuperAdmin = parent.userRole === SUPER_ADMIN;
  return db
    .select({ id: users.id, name: users.name, email: users.email, role_label: roles.label })
    .from(accountSwitchTargets)
    .innerJoin(users, eq(users.id, accountSwitchTargets.target_user_id))
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(
      and(
        eq(accountSwitchTargets.parent_user_id, parent.userID),
        eq(users.disabled, false),
        ne(users.id, parent.userID),
        parentIsSuperAdmin ? undefined : or(isNull(roles.name), ne(roles.name, SUPER_ADMIN)),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** The user who switched into this session's account, for GET /api/v1/user (null when not switched). */
export async function switchedFromOf(db: Database, session: SessionRow | null): Promise<{ id: number; name: string } | null> {
  if (session?.parent_user_id == null) return null;
  const [parent] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, session.parent_user_id));
  return parent ?? null;
}

/**
 * Replaces the request's session with a new one (new id, new CSRF token) for `userId`, acting for
 * `parentUserId` when given. The new session ends no later than the old one would have: switching never
 * extends a sign-in.
 */
async function replaceSession(
  settings: AuthSettings,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  parentUserId: number | null,
): Promise<void> {
  const old = request.session!;
  const { db } = settings;
  const { token, session } = await createSession(db, settings.lifetime, {
    userId,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent'] ?? null,
  });
  const expiresAt = old.expires_at.getTime() < session.expires_at.getTime() ? old.expires_at : session.expires_at;
  await db.update(sessions).set({ parent_user_id: parentUserId, expires_at: expiresAt }).where(eq(sessions.id, session.id));
  await deleteSession(db, old.id);
  setSessionCookies(reply, settings, token, session.csrf_token);
}

/** POST /api/v1/account/switch: the guard has checked account.switch for the session's user (the parent). */
export async function switchAccount(
  settings: AuthSettings,
  request: FastifyRequest,
  reply: FastifyReply,
  parent: CurrentUser,
  targetId: number,
): Promise<CurrentUser> {
  const session = request.session!;
  if (session.parent_user_id != null) throw RuleError.forbidden(ALREADY_SWITCHED);
  if (!can(parent, 'account.switch')) throw RuleError.forbidden(NOT_LISTED);
  const { db } = settings;
  const [listed] = await db
    .select({ disabled: users.disabled, roleName: roles.name })
    .from(accountSwitchTargets)
    .innerJoin(users, eq(users.id, accountSwitchTargets.target_user_id))
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(accountSwitchTargets.parent_user_id, parent.userID), eq(accountSwitchTargets.target_user_id, targetId)));
  if (!listed || targetId === parent.userID) throw RuleError.forbidden(NOT_LISTED);
  if (listed.roleName === SUPER_ADMIN && parent.userRole !== SUPER_ADMIN) throw RuleError.forbidden(TARGET_SUPER_ADMIN);
  if (listed.disabled) throw RuleError.forbidden(TARGET_DISABLED);
  const target = await loadCurrentUser(db, targetId, settings.permissions);
  if (!target) throw RuleError.forbidden(TARGET_DISABLED);

  // Recorded as the parent, before the switch: who took on which account, from where.
  await recordAudit(db, {
    actor: auditActorOf(request),
    resource: 'account-switches',
    recordId: targetId,
    action: 'create',
    after: { event: 'switch', parent_user_id: parent.userID, target_user_id: targetId },
  });
  await replaceSession(settings, request, reply, targetId, parent.userID);
  return { ...target, switchedFrom: { id: parent.userID, name: parent.name } };
}

/** POST /api/v1/account/switch-back: a new session as the parent. */
export async function switchBack(settings: AuthSettings, request: FastifyRequest, reply: FastifyReply): Promise<CurrentUser> {
  const session = request.session!;
  const parentId = session.parent_user_id;
  if (parentId == null) throw RuleError.forbidden(NOT_SWITCHED);
  const { db } = settings;
  const parent = await loadCurrentUser(db, parentId, settings.permissions);
  if (!parent) {
    await deleteSession(db, session.id);
    throw RuleError.forbidden(PARENT_GONE);
  }
  // Recorded with both identities (the session is still the switched one).
  await recordAudit(db, {
    actor: auditActorOf(request),
    resource: 'account-switches',
    recordId: session.user_id!,
    action: 'delete',
    before: { event: 'switch-back', parent_user_id: parentId, target_user_id: session.user_id },
  });
  await replaceSession(settings, request, reply, parentId, null);
  return { ...parent, switchedFrom: null };
}
