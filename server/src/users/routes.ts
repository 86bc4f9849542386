import type { PermissionCatalogEntry } from '@hcm/contract';
import {
  AccountSwitchSchema,
  fieldErrorsOf,
  RoleUpdateSchema,
  UserCreateSchema,
  UserUpdateSchema,
} from '@hcm/contract/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { auditActorOf } from '../audit/record.js';
import { NOT_BRANCH_BOUND } from '../audit/scopes.js';
import { currentUserOf, forgetCurrentUser } from '../auth/hooks.js';
import { loadCurrentUser } from '../auth/current-user.js';
import { endSessionsOfUser } from '../auth/sessions.js';
import type { AuthSettings } from '../auth/settings.js';
import { needsConfirmedPassword } from '../auth/two-factor.js';
import { users } from '../db/schema.js';
import { ok, sendError, sendInvalid, UNAUTHENTICATED } from '../http/envelope.js';
import { parseId } from '../http/params.js';
import { sendRuleError } from './errors.js';
import { findRole, listPermissions, listRoles, NO_SUCH_ROLE, updateRole } from './roles.js';
import { actorOf, type Actor } from './scope.js';
import { createUser, findUser, listPermissionHolders, listUsers, NO_SUCH_USER, parseListPaging, parseUserListQuery, updateUser } from './service.js';
import { switchAccount, switchAccountsOf, switchBack } from './switching.js';

const NO_SUCH_PERMISSION = 'Permission not found.';

/** Tells a user at their old address that someone else changed their sign-in email; a mail failure stays in the outbox. */
async function tellOldAddress(auth: AuthSettings, change: { to: string; name: string; newEmail: string; by: string }): Promise<void> {
  await auth.mailer.send({
    to: change.to,
    subject: 'Your sign-in email was changed',
    text: [
      `Hello ${change.name},`,
      '',
      `${change.by} changed the email address you sign in with from ${change.to} to ${change.newEmail}.`,
      'Password resets now go to the new address.',
      '',
      'If you did not expect this, tell your registered manager or administrator at once.',
    ].join('\n'),
  });
}

/**
 * Registered under /api/v1: users (list, get, add, edit; never delete: disable), roles (list, get, edit),
 * the composed permission catalogue with who holds each permission, and account switching.
 */
export async function userRoutes(app: FastifyInstance, { auth }: { auth: AuthSettings }): Promise<void> {
  const { db } = auth;
  // Users, roles and account switches (record id: the account switched to) belong to no branch.
  app.auditScopes.declare(
    { resource: 'users', scope: NOT_BRANCH_BOUND },
    { resource: 'user-roles', scope: NOT_BRANCH_BOUND },
    { resource: 'account-switches', scope: NOT_BRANCH_BOUND },
  );
  // The guard has already loaded the user (or answered 401), so this is the request's memo.
  const actorFor = async (request: FastifyRequest): Promise<Actor> => actorOf((await currentUserOf(request, auth))!);

  // Users.
  app.get('/users', { config: { permission: 'users.view' } }, async (request) => {
    return ok(await listUsers(db, await actorFor(request), parseUserListQuery(request.query)));
  });

  app.get<{ Params: { id: string } }>('/users/:id', { config: { permission: 'users.view' } }, async (request, reply) => {
    const id = parseId(request.params.id);
    const user = id === null ? null : await findUser(db, await actorFor(request), id);
    return user ? ok(user) : sendError(reply, 404, NO_SUCH_USER);
  });

  app.post('/users', { config: { permission: 'users.create' } }, async (request, reply) => {
    const parsed = v.safeParse(UserCreateSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    try {
      const user = await createUser(db, await actorFor(request), auditActorOf(request), parsed.output);
      return reply.code(201).send(ok(user, 'User created.'));
    } catch (error) {
      return sendRuleError(reply, error);
    }
  });

  app.put<{ Params: { id: string } }>('/users/:id', { config: { permission: 'users.edit' } }, async (request, reply) => {
    const id = parseId(request.params.id);
    if (id === null) return sendError(reply, 404, NO_SUCH_USER);
    const parsed = v.safeParse(UserUpdateSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    // One's own email is where reset links go: changing it needs the password typed again (ASVS 7.5.1).
    if (id === request.session?.user_id) {
      const [own] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
      if (own && own.email !== parsed.output.email && (await needsConfirmedPassword(request, reply))) return reply;
    }
    try {
      const actor = (await currentUserOf(request, auth))!;
      const { user, endSessions, emailChangedFrom } = await updateUser(db, actorOf(actor), auditActorOf(request), id, parsed.output);
      if (endSessions) {
        // Disabled, or a new role or branches: the user signs in again into a new session with the new rights.
        // An administrator editing their own branches keeps the session they are using.
        await endSessionsOfUser(db, id, id === request.session?.user_id ? { except: request.session.id } : {});
      }
      forgetCurrentUser(id);
      // Someone else changed the address password resets go to: the old address hears of it (after the commit).
      if (emailChangedFrom) await tellOldAddress(auth, { to: emailChangedFrom, name: user.name, newEmail: user.email, by: actor.name });
      return ok(user, 'User updated.');
    } catch (error) {
      return sendRuleError(reply, error);
    }
  });

  // Roles: list and edit only (spec); super_admin holds everything by rule.
  app.get('/user-roles', { config: { permission: 'roles.view' } }, async (request) => {
    return ok(await listRoles(db, auth.permissions, parseListPaging(request.query)));
  });

  app.get<{ Params: { id: string } }>('/user-roles/:id', { config: { permission: 'roles.view' } }, async (request, reply) => {
    const id = parseId(request.params.id);
    const role = id === null ? null : await findRole(db, auth.permissions, id);
    return role ? ok(role) : sendError(reply, 404, NO_SUCH_ROLE);
  });

  app.put<{ Params: { id: string } }>('/user-roles/:id', { config: { permission: 'roles.edit' } }, async (request, reply) => {
    const id = parseId(request.params.id);
    if (id === null) return sendError(reply, 404, NO_SUCH_ROLE);
    const parsed = v.safeParse(RoleUpdateSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    try {
      return ok(await updateRole(db, auth.permissions, await actorFor(request), auditActorOf(request), id, parsed.output), 'Role updated.');
    } catch (error) {
      return sendRuleError(reply, error);
    }
  });

  // The permission catalogue the API composed (the platform's and every area's): names, descriptions and owners,
  // for any signed-in user's screens (their profile, what a tab needs). The roles holding each are roles.view's.
  app.get('/permissions', { config: { authenticated: true } }, async () => {
    return ok(auth.permissions.entries.map(({ name, description, owner }): PermissionCatalogEntry => ({ name, description, owner })));
  });

  // The permission catalogue with the roles holding each, and who holds a permission.
  app.get('/user-permissions', { config: { permission: 'roles.view' } }, async (request) => {
    const area = (request.query as Record<string, unknown> | undefined)?.area;
    return ok(await listPermissions(db, auth.permissions, parseListPaging(request.query), typeof area === 'string' && area ? area : undefined));
  });

  app.get<{ Params: { id: string } }>('/user-permissions/:id/users', { config: { permission: 'roles.view' } }, async (request, reply) => {
    const permission = request.params.id;
    if (!auth.permissions.has(permission)) return sendError(reply, 404, NO_SUCH_PERMISSION);
    return ok(await listPermissionHolders(db, await actorFor(request), permission, parseListPaging(request.query)));
  });

  // Account switching.
  app.get('/account/switch-accounts-list', { config: { authenticated: true } }, async (request, reply) => {
    const session = request.session!;
    // When switched, the list is the parent's: the parent identity is the one that holds account.switch.
    const parent = session.parent_user_id == null ? await currentUserOf(request, auth) : await loadCurrentUser(db, session.parent_user_id, auth.permissions);
    if (!parent) return sendError(reply, 401, UNAUTHENTICATED);
    return ok(await switchAccountsOf(db, parent));
  });

  app.post('/account/switch', { config: { permission: 'account.switch' } }, async (request, reply) => {
    const parsed = v.safeParse(AccountSwitchSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    try {
      const parent = (await currentUserOf(request, auth))!;
      return ok({ data: await switchAccount(auth, request, reply, parent, parsed.output.user_id) }, 'Switched account.');
    } catch (error) {
      return sendRuleError(reply, error);
    }
  });

  app.post('/account/switch-back', { config: { authenticated: true } }, async (request, reply) => {
    try {
      return ok({ data: await switchBack(auth, request, reply) }, 'Switched back.');
    } catch (error) {
      return sendRuleError(reply, error);
    }
  });
}
