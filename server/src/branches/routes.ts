import { BranchInputSchema, fieldErrorsOf } from '@hcm/contract/schemas';
import { SUPER_ADMIN } from '@hcm/contract';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { auditActorOf, recordAudit } from '../audit/record.js';
import { recordIdIn } from '../audit/scopes.js';
import { currentUserOf, forgetCurrentUser } from '../auth/hooks.js';
import type { AuthSettings } from '../auth/settings.js';
import { branches, userBranches } from '../db/schema.js';
import { ok, sendError, sendInvalid } from '../http/envelope.js';
import { parseId } from '../http/params.js';
import {
  createBranch,
  DuplicateBranchCodeError,
  findBranch,
  listBranches,
  parseBranchListQuery,
  updateBranch,
} from './service.js';

const NO_SUCH_BRANCH = 'Branch not found.';
const DUPLICATE_CODE = 'A branch with this code already exists.';
export const OWN_BRANCHES_ONLY = 'You may only edit the branches you work in.';

/**
 * Registered under /api/v1: GET /branches, GET /branches/:id, POST /branches, PUT /branches/:id. Every branch
 * is listed to whoever may view branches; a user edits only the branches they work in (a super admin: all),
 * and a user who adds a branch works in it. Adding and editing are audited.
 */
export async function branchRoutes(app: FastifyInstance, { auth }: { auth: AuthSettings }): Promise<void> {
  const { db } = auth;
  // A branch's entries are read by the people who work in it.
  app.auditScopes.declare({
    resource: 'branches',
    scope: recordIdIn((ids) => sql`select ${branches.id} from ${branches} where ${inArray(branches.id, [...ids])}`),
  });
  app.get('/branches', { config: { permission: 'branches.view' } }, async (request) => {
    return ok(await listBranches(db, parseBranchListQuery(request.query)));
  });

  app.get<{ Params: { id: string } }>(
    '/branches/:id',
    { config: { permission: 'branches.view' } },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const branch = id === null ? null : await findBranch(db, id);
      return branch ? ok(branch) : sendError(reply, 404, NO_SUCH_BRANCH);
    },
  );

  app.post('/branches', { config: { permission: 'branches.create' } }, async (request, reply) => {
    const parsed = v.safeParse(BranchInputSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    try {
      const user = (await currentUserOf(request, auth))!;
      const branch = await db.transaction(async (tx) => {
        const created = await createBranch(tx, parsed.output);
        if (user.userRole !== SUPER_ADMIN) await tx.insert(userBranches).values({ user_id: user.userID, branch_id: created.id });
        await recordAudit(tx, { actor: auditActorOf(request), resource: 'branches', recordId: created.id, action: 'create', after: created });
        return created;
      });
      forgetCurrentUser(user.userID);
      return reply.code(201).send(ok(branch, 'Branch created.'));
    } catch (error) {
      if (error instanceof DuplicateBranchCodeError) return sendInvalid(reply, { code: [DUPLICATE_CODE] });
      throw error;
    }
  });

  app.put<{ Params: { id: string } }>(
    '/branches/:id',
    { config: { permission: 'branches.edit' } },
    async (request, reply) => {
      const id = parseId(request.params.id);
      if (id === null) return sendError(reply, 404, NO_SUCH_BRANCH);
      const parsed = v.safeParse(BranchInputSchema, request.body ?? {});
      if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
      const user = (await currentUserOf(request, auth))!;
      const before = await findBranch(db, id);
      if (!before) return sendError(reply, 404, NO_SUCH_BRANCH);
      if (user.userRole !== SUPER_ADMIN && !user.branches.some((branch) => branch.id === id)) return sendError(reply, 403, OWN_BRANCHES_ONLY);
      try {
        const branch = await db.transaction(async (tx) => {
          const after = await updateBranch(tx, id, parsed.output);
          if (after) await recordAudit(tx, { actor: auditActorOf(request), resource: 'branches', recordId: id, action: 'update', before, after });
          return after;
        });
        return branch ? ok(branch, 'Branch updated.') : sendError(reply, 404, NO_SUCH_BRANCH);
      } catch (error) {
        if (error instanceof DuplicateBranchCodeError) return sendInvalid(reply, { code: [DUPLICATE_CODE] });
        throw error;
      }
    },
  );
}
