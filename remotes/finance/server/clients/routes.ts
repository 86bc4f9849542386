import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { fieldErrorsOf } from '@hcm/contract/engine';
import { AreaCallError, ok, parseId, sendError, sendInvalid, viewerOf, type AreaServerContext, type Database } from '@hcm/server/platform';
import { ClientFundingSchema, type ClientFundingAnswer, type ClientFundingValues, type FunderChoice } from '../../contract/funding.js';
import { recordFinanceChange } from '../ledger/changes.js';
import { funderCodesRead } from '../read-models.js';
import { financeSources } from '../sources/api-sources.js';
import type { ClientBilling } from '../sources/types.js';
import { fundingAnswer, storedFunding } from './funding.js';
import { clientFunding } from './tables.js';
import { clock } from '@hcm/contract/time';

// A client's funding (the client record's funder-code tab):
//   GET /finance/clients/:id/funding   (finance.view) the funding (version 0 before the first save) and the funders
//   PUT /finance/clients/:id/funding   (finance.rates.edit) saves it: 422 per field, 409 on a stale version,
//                                      written to the finance audit trail with before and after
// The client must be one the user may see (care-records' billing profile, read as the user): 404 otherwise.

const NO_CLIENT = 'No such client.';
const STALE = 'The funding details were changed by someone else since you opened them. Look again and redo your change.';

const EDITABLE = ['funder_code_id', 'purchase_order', 'council_reference', 'billing_name', 'billing_address', 'billing_email', 'notes'] as const;

export async function clientsRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const db: Database = context.auth.db;

  /** The client of :id as the user may see them, or a 404/403 sent (null). */
  async function clientOf(request: FastifyRequest, reply: FastifyReply): Promise<ClientBilling | null> {
    const id = parseId(String((request.params as { id?: string }).id ?? ''));
    if (id === null) {
      await sendError(reply, 404, NO_CLIENT);
      return null;
    }
    try {
      const [client] = await financeSources(app, request).clients({ ids: [id] });
      if (!client) await sendError(reply, 404, NO_CLIENT);
      return client ?? null;
    } catch (error) {
      if (error instanceof AreaCallError && error.statusCode === 403) {
        await sendError(reply, 403, 'This action is unauthorized.');
        return null;
      }
      throw error;
    }
  }

  const funders = async (): Promise<FunderChoice[]> =>
    db
      .select({ id: funderCodesRead.id, code: funderCodesRead.code, name: funderCodesRead.name, funder_type: funderCodesRead.funder_type })
      .from(funderCodesRead)
      .where(and(eq(funderCodesRead.active, true), isNull(funderCodesRead.deleted_at)))
      .orderBy(asc(funderCodesRead.code));

  app.get('/finance/clients/:id/funding', { config: { permission: 'finance.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const client = await clientOf(request, reply);
    if (!client) return reply;
    const answer: ClientFundingAnswer = {
      funding: fundingAnswer(client.id, await storedFunding(db, client.id)),
      funders: await funders(),
      client: { id: client.id, name: client.name, branch_id: client.branch_id },
    };
    return ok(answer);
  });

  app.put('/finance/clients/:id/funding', { config: { permission: 'finance.rates.edit' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const client = await clientOf(request, reply);
    if (!client) return reply;
    const result = v.safeParse(ClientFundingSchema, request.body ?? {});
    if (!result.success) return sendInvalid(reply, fieldErrorsOf(result.issues));
    const values: ClientFundingValues = result.output;
    if (values.funder_code_id !== null && !(await funders()).some((funder) => funder.id === values.funder_code_id)) {
      return sendInvalid(reply, { funder_code_id: ['Choose one of the active funders.'] });
    }
    const userId = viewer.user.userID;
    const saved = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(clientFunding).where(eq(clientFunding.client_id, client.id)).for('update');
      if ((current?.version ?? 0) !== values.version) return null;
      const fields = Object.fromEntries(EDITABLE.map((key) => [key, values[key]])) as Pick<ClientFundingValues, (typeof EDITABLE)[number]>;
      const [row] = current
        ? await tx
            .update(clientFunding)
            .set({ ...fields, version: current.version + 1, updated_by: userId, updated_at: clock.now() })
            .where(eq(clientFunding.id, current.id))
            .returning()
        : await tx
            .insert(clientFunding)
            .values({ client_id: client.id, ...fields, version: 1, updated_by: userId })
            .returning();
      const before = current ? Object.fromEntries(EDITABLE.map((key) => [key, current[key]])) : null;
      const changed = EDITABLE.filter((key) => !before || before[key] !== fields[key]);
      await recordFinanceChange(tx, {
        entity: 'client-funding',
        entity_id: client.id,
        action: current ? 'updated' : 'created',
        summary: `Funding of ${client.name} ${current ? 'changed' : 'set'}${changed.length ? ` (${changed.join(', ').replaceAll('_', ' ')})` : ''}`,
        before,
        after: fields,
        branch_id: client.branch_id,
        changed_by: userId,
      });
      return row!;
    });
    if (!saved) return sendError(reply, 409, STALE);
    return ok(fundingAnswer(client.id, { ...saved, updated_by_name: viewer.user.name ?? null }), 'Funding details saved.');
  });
}
