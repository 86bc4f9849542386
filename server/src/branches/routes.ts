import { BranchInputSchema, fieldErrorsOf } from '@hcm/contract/schemas';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Database } from '../db/client.js';
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

/** Registered under /api/v1: GET /branches, GET /branches/:id, POST /branches, PUT /branches/:id. */
export async function branchRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
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
      return reply.code(201).send(ok(await createBranch(db, parsed.output), 'Branch created.'));
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
      try {
        const branch = await updateBranch(db, id, parsed.output);
        return branch ? ok(branch, 'Branch updated.') : sendError(reply, 404, NO_SUCH_BRANCH);
      } catch (error) {
        if (error instanceof DuplicateBranchCodeError) return sendInvalid(reply, { code: [DUPLICATE_CODE] });
        throw error;
      }
    },
  );
}
