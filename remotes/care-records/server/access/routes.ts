import { can } from '@hcm/contract';
import type { CareRecordsUsablePermission } from '../../contract/permissions.js';
import { fieldErrorsOf } from '@hcm/contract/engine';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  auditActorOf,
  ok,
  recordAudit,
  recordIdIn,
  sendError,
  sendInvalid,
  UNAUTHORIZED,
  users,
  viewerAndId,
  type AuthSettings,
  type Database,
  type Transaction,
  type Viewer,
} from '@hcm/server/platform';
import { CLIENT_ACCESS_FIELDS, ClientAccessSchema, EMPTY_CLIENT_ACCESS, type ClientAccess, type ClientAccessValues } from '../../contract/index.js';
import { clientVisible, visibleClientIds } from '../client-visibility.js';
import { clientAccess } from './tables.js';
import { clock } from '@hcm/contract/time';

// A client's access details (key safe, door, parking, pets, alarm, key holder) at /api/v1/clients/:clientId/access.
// Field-level protection: only clients.key-safe.view reads them (office staff and managers brief carers), every
// read is in the audit trail, and the code itself never is: a change records only that the code changed.

const NO_CLIENT = 'No such client.';
/** The audited record type; its record_id is the client's id, so the trail names the client. */
export const ACCESS_AUDIT = 'client-access';

type Row = typeof clientAccess.$inferSelect;

/**
 * The user and the client of `:clientId` when the user holds `alsoNeeds` (403) and their branches hold that
 * client (404); else the answer is sent and null returned.
 */
async function clientOf(request: FastifyRequest, reply: FastifyReply, auth: AuthSettings, alsoNeeds?: CareRecordsUsablePermission): Promise<{ viewer: Viewer; clientId: number } | null> {
  const target = await viewerAndId(request, reply, auth, 'clientId', NO_CLIENT);
  if (!target) return null;
  if (alsoNeeds && !can(target.viewer.user, alsoNeeds)) {
    await sendError(reply, 403, UNAUTHORIZED);
    return null;
  }
  if (!(await clientVisible(auth.db, target.viewer.scope, target.id, { deleted: 'exclude' }))) {
    await sendError(reply, 404, NO_CLIENT);
    return null;
  }
  return { viewer: target.viewer, clientId: target.id };
}

async function storedRow(db: Database | Transaction, clientId: number): Promise<Row | null> {
  const [row] = await db.select().from(clientAccess).where(eq(clientAccess.client_id, clientId));
  return row ?? null;
}

function valuesOf(row: Row | null): ClientAccessValues {
  if (!row) return { ...EMPTY_CLIENT_ACCESS };
  return Object.fromEntries(CLIENT_ACCESS_FIELDS.map((key) => [key, row[key] ?? ''])) as ClientAccessValues;
}

async function answerOf(db: Database | Transaction, clientId: number, row: Row | null): Promise<ClientAccess> {
  let updatedBy: string | null = null;
  if (row?.updated_by != null) {
    const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, row.updated_by));
    updatedBy = user?.name ?? null;
  }
  return { client_id: clientId, ...valuesOf(row), updated_at: row ? row.updated_at.toISOString() : null, updated_by: updatedBy };
}

/** The details as the audit trail keeps them: everything but the code, of which only whether one is set. */
function audited(values: ClientAccessValues): Record<string, unknown> {
  const { key_safe_code: code, ...rest } = values;
  return { ...rest, key_safe_code_set: code !== '' };
}

export async function clientAccessRoutes(app: FastifyInstance, { auth }: { auth: AuthSettings }): Promise<void> {
  const { db } = auth;
  app.auditScopes.declare({
    resource: ACCESS_AUDIT,
    label: 'Client access details (key safe)',
    scope: recordIdIn((branchIds) => visibleClientIds(branchIds, { deleted: 'include' })),
    labelledBy: 'clients',
  });

  app.get('/clients/:clientId/access', { config: { permission: 'clients.key-safe.view' } }, async (request, reply) => {
    const target = await clientOf(request, reply, auth);
    if (!target) return reply;
    const answer = await answerOf(db, target.clientId, await storedRow(db, target.clientId));
    // Who looked at a client's key-safe code, and from where.
    await recordAudit(db, { actor: auditActorOf(request), resource: ACCESS_AUDIT, recordId: target.clientId, action: 'view', after: { view: 'access' } });
    return ok(answer);
  });

  // Changing them needs both: editing the client, and being allowed to know the code at all.
  app.put('/clients/:clientId/access', { config: { permission: 'clients.key-safe.view' } }, async (request, reply) => {
    const target = await clientOf(request, reply, auth, 'clients.edit');
    if (!target) return reply;
    const parsed = v.safeParse(ClientAccessSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const values = parsed.output;
    const columns = { ...values, key_safe_code_changed_on: values.key_safe_code_changed_on || null, updated_at: clock.now(), updated_by: target.viewer.user.userID };
    const saved = await db.transaction(async (tx) => {
      const before = await storedRow(tx, target.clientId);
      const [row] = await tx
        .insert(clientAccess)
        .values({ client_id: target.clientId, ...columns })
        .onConflictDoUpdate({ target: clientAccess.client_id, set: columns })
        .returning();
      const previous = before ? valuesOf(before) : null;
      await recordAudit(tx, {
        actor: auditActorOf(request),
        resource: ACCESS_AUDIT,
        recordId: target.clientId,
        action: before ? 'update' : 'create',
        before: previous ? audited(previous) : null,
        after: { ...audited(values), key_safe_code_changed: (previous?.key_safe_code ?? '') !== values.key_safe_code },
      });
      return answerOf(tx, target.clientId, row!);
    });
    return ok(saved, 'Access details saved.');
  });
}
