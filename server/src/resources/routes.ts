import { Readable } from 'node:stream';
import { SUPER_ADMIN, type CurrentUser, type FieldErrors } from '@hcm/contract';
import { allows } from '@hcm/contract/engine';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { auditActorOf } from '../audit/record.js';
import { currentUserOf } from '../auth/hooks.js';
import type { AuthSettings } from '../auth/settings.js';
import type { Database } from '../db/client.js';
import { ok, sendError, sendInvalid, UNAUTHENTICATED } from '../http/envelope.js';
import { parseId } from '../http/params.js';
import { auditScopeOf } from './audit-scope.js';
import { calendarDateErrors, capitalised, type Resource, type ResourceCatalog } from './catalog.js';
import { exportCsv } from './csv.js';
import { parseListQuery, type BranchScope } from './list-query.js';
import {
  auditEntries,
  createRow,
  deleteRow,
  findRow,
  fixedValuesOf,
  InvalidRecordError,
  listRows,
  recordView,
  StillReferencedError,
  updateRow,
  type Actor,
} from './service.js';

export type ResourceRoutesOptions = {
  db: Database;
  auth: AuthSettings;
  catalog: ResourceCatalog;
  /** The resource to serve, by name (a key of `catalog`). */
  name: string;
};

/**
 * Registered under /api/v1 once per declared resource: GET /{name} (a page), GET /{name}/export.csv,
 * GET /{name}/:id, GET /{name}/:id/audit, POST /{name}, PUT /{name}/:id, DELETE /{name}/:id.
 * Each route requires the declaration's permission; the guard answers 401/403 before these handlers run.
 */
export async function resourceRoutes(app: FastifyInstance, options: ResourceRoutesOptions): Promise<void> {
  const { db, auth, catalog } = options;
  const resource = catalog.get(options.name);
  if (!resource) throw new Error(`No resource named "${options.name}" in the catalogue.`);
  const { spec } = resource;
  const base = `/${spec.name}`;
  // Its audit entries are read as its rows are (./audit-scope.ts).
  app.auditScopes.declare({ resource: spec.name, scope: auditScopeOf(resource) });
  const notFound = `${capitalised(spec.singular)} not found.`;

  const actorOf = async (request: FastifyRequest): Promise<Actor | null> => {
    const user = await currentUserOf(request, auth);
    return user ? { userId: user.userID, scope: scopeOf(user), audit: auditActorOf(request) } : null;
  };

  // A nested list filtered to one parent whose declaration audits views (a client's medications) is a view
  // of that parent's record: one entry per request, and only for a parent the user may see.
  const parent = resource.parent?.resource.spec.auditViews ? resource.parent : undefined;
  const recordParentView = async (actor: Actor, query: unknown) => {
    if (!parent) return;
    const raw = (query as Record<string, unknown> | undefined)?.[parent.key];
    const parentId = parseId(typeof raw === 'string' ? raw : '');
    if (parentId === null) return;
    if (await findRow(db, parent.resource, parentId, actor.scope)) await recordView(db, parent.resource, actor, parentId, spec.name);
  };

  app.get(base, { config: { permission: spec.permissions.view } }, async (request, reply) => {
    const actor = await actorOf(request);
    if (!actor) return sendError(reply, 401, UNAUTHENTICATED);
    const page = await listRows(db, resource, parseListQuery(resource, request.query, actor.scope));
    await recordParentView(actor, request.query);
    return ok(page);
  });

  app.get(`${base}/export.csv`, { config: { permission: spec.permissions.view } }, async (request, reply) => {
    const actor = await actorOf(request);
    if (!actor) return sendError(reply, 401, UNAUTHENTICATED);
    const query = parseListQuery(resource, request.query, actor.scope);
    await recordParentView(actor, request.query);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${spec.name}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from(exportCsv(db, catalog, resource, query)));
  });

  app.get<{ Params: { id: string } }>(`${base}/:id`, { config: { permission: spec.permissions.view } }, async (request, reply) => {
    const actor = await actorOf(request);
    if (!actor) return sendError(reply, 401, UNAUTHENTICATED);
    const id = parseId(request.params.id);
    const row = id === null ? null : await findRow(db, resource, id, actor.scope);
    if (!row) return sendError(reply, 404, notFound);
    // Opening a care record is itself audited (who looked at whose record, and from where).
    if (spec.auditViews) await recordView(db, resource, actor, row.id, 'record');
    return ok(row);
  });

  app.get<{ Params: { id: string } }>(
    `${base}/:id/audit`,
    { config: { permission: spec.permissions.view } },
    async (request, reply) => {
      const actor = await actorOf(request);
      if (!actor) return sendError(reply, 401, UNAUTHENTICATED);
      const id = parseId(request.params.id);
      const entries = id === null ? null : await auditEntries(db, resource, id, actor.scope);
      return entries ? ok(entries) : sendError(reply, 404, notFound);
    },
  );

  // Only the operations the declaration offers are routes at all (banks are list-only, settings edit-only).
  if (allows(spec, 'create')) {
    app.post(base, { config: { permission: spec.permissions.create } }, async (request, reply) => {
      const actor = await actorOf(request);
      if (!actor) return sendError(reply, 401, UNAUTHENTICATED);
      const { body, branchId } = splitBranch(resource, request.body);
      const parsed = validate(resource, body);
      if (!parsed.success) return sendInvalid(reply, parsed.errors);
      // A user of exactly one branch need not name it.
      const branch = branchId ?? (actor.scope !== 'all' && actor.scope.length === 1 ? actor.scope[0]! : null);
      return answerWrite(reply, async () => {
        const created = await createRow(db, catalog, resource, actor, parsed.output, branch);
        return reply.code(201).send(ok(created, `${capitalised(spec.singular)} created.`));
      });
    });
  }

  if (allows(spec, 'edit')) {
    app.put<{ Params: { id: string } }>(`${base}/:id`, { config: { permission: spec.permissions.edit } }, async (request, reply) => {
      const actor = await actorOf(request);
      if (!actor) return sendError(reply, 401, UNAUTHENTICATED);
      const id = parseId(request.params.id);
      const existing = id === null ? null : await findRow(db, resource, id, actor.scope);
      if (id === null || !existing) return sendError(reply, 404, notFound);
      const { body, branchId } = splitBranch(resource, request.body);
      // Fields fixed after creation keep their stored value whatever is sent (a disabled input sends nothing).
      const merged = isPlainObject(body) ? { ...body, ...fixedValuesOf(resource, existing) } : body;
      const parsed = validate(resource, merged);
      if (!parsed.success) return sendInvalid(reply, parsed.errors);
      return answerWrite(reply, async () => {
        const updated = await updateRow(db, catalog, resource, actor, id, parsed.output, branchId);
        return updated ? ok(updated, `${capitalised(spec.singular)} updated.`) : sendError(reply, 404, notFound);
      });
    });
  }

  if (allows(spec, 'delete')) {
    app.delete<{ Params: { id: string } }>(
      `${base}/:id`,
      { config: { permission: spec.permissions.delete } },
      async (request, reply) => {
        const actor = await actorOf(request);
        if (!actor) return sendError(reply, 401, UNAUTHENTICATED);
        const id = parseId(request.params.id);
        return answerWrite(reply, async () => {
          const deleted = id !== null && (await deleteRow(db, catalog, resource, actor, id));
          return deleted ? ok(null, `${capitalised(spec.singular)} deleted.`) : sendError(reply, 404, notFound);
        });
      },
    );
  }
}

/** Super admins see every branch's rows; everyone else the rows of their own branches. */
export function scopeOf(user: CurrentUser): BranchScope {
  return user.userRole === SUPER_ADMIN ? 'all' : user.branches.map((branch) => branch.id);
}

/** Turns the service's rule errors into 422 (field errors) and 409 (still referenced) answers. */
async function answerWrite(reply: FastifyReply, write: () => Promise<unknown>): Promise<unknown> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof InvalidRecordError) return sendInvalid(reply, error.errors);
    if (error instanceof StillReferencedError) return sendError(reply, 409, error.message);
    throw error;
  }
}

/** The declaration's schema, then the calendar check the schema's date rule lacks. */
function validate(
  resource: Resource,
  body: unknown,
): { success: true; output: Record<string, unknown> } | { success: false; errors: FieldErrors } {
  const parsed = v.safeParse(resource.spec.schema, body);
  if (!parsed.success) return { success: false, errors: fieldErrorsOf(parsed.issues) };
  const output = parsed.output as Record<string, unknown>;
  const errors = calendarDateErrors(resource, output);
  return Object.keys(errors).length ? { success: false, errors } : { success: true, output };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A branch-scoped row's branch travels beside its fields (the declaration's strict schema does not name it):
 * branch_id is taken out of the body before validation. NaN when it is not a whole number, so it is refused.
 */
function splitBranch(resource: Resource, raw: unknown): { body: unknown; branchId: number | null } {
  const body = raw ?? {};
  if (!resource.spec.branchScoped || !isPlainObject(body) || !('branch_id' in body)) return { body, branchId: null };
  const { branch_id: branch, ...fields } = body;
  const branchId = typeof branch === 'number' || (typeof branch === 'string' && branch.trim() !== '') ? Number(branch) : NaN;
  return { body: fields, branchId: Number.isInteger(branchId) ? branchId : NaN };
}
