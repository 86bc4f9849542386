import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { and, asc, inArray, type SQL } from 'drizzle-orm';
import { can } from '@hcm/contract';
import { auditActorOf, auditLog, ok, parseId, queryParam, sendError, sendInvalid, viewerOf, type AuthSettings } from '@hcm/server/platform';
import { visibleClients } from '../client-visibility.js';
import { clientColumns as c, clientsTable } from '../columns.js';

/**
 * A client as an invoice names and addresses them (GET /api/v1/clients/billing-profiles). Published to other
 * areas (../published.ts): the answer's type is the schema's, so the two cannot drift.
 */
export const ClientBillingSchema = v.object({
  id: v.number(),
  branch_id: v.number(),
  name: v.string(),
  nhs_number: v.string(),
  local_authority_id: v.string(),
  /** One line per address line, as printed on a private client's invoice. */
  address: v.string(),
  postcode: v.string(),
  status: v.string(),
});
export type ClientBilling = v.InferOutput<typeof ClientBillingSchema>;

/** Only where a client lives (`?fields=postcode`): what travel between visits needs; not a read of the record. */
export const ClientPlaceSchema = v.pick(ClientBillingSchema, ['id', 'branch_id', 'postcode', 'status']);
export type ClientPlace = v.InferOutput<typeof ClientPlaceSchema>;

const MAX_IDS = 1000;
const MAX_BRANCHES = 50;

function idList(raw: string | undefined, max: number): number[] | null {
  if (!raw) return [];
  const ids = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(parseId);
  if (ids.some((id) => id === null) || ids.length > max) return null;
  return [...new Set(ids as number[])];
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/**
 * Finance's read of clients (invoices, statements, exports; the finance area reads it over HTTP):
 * GET /clients/billing-profiles?ids=1,2&branch_id=1,2 answers name, NHS number, local-authority id, address and
 * status of the clients of the user's branches, removed clients included (their delivered care is still invoiced).
 * Finance staff hold finance.view or export.run without clients.view. Each client answered is audited as a view
 * of the client ('billing-profile'). `fields=postcode` answers only where they live, unaudited, also to payroll
 * (payroll.view): the scheduler works out travel between a carer's visits from it.
 */
export async function billingProfileRoutes(app: FastifyInstance, { auth }: { auth: AuthSettings }): Promise<void> {
  const { db } = auth;
  app.get('/clients/billing-profiles', { config: { anyPermission: ['finance.view', 'export.run', 'payroll.view'] } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const placesOnly = queryParam(request.query, 'fields') === 'postcode';
    const ids = idList(queryParam(request.query, 'ids'), MAX_IDS);
    const branchIds = idList(queryParam(request.query, 'branch_id'), MAX_BRANCHES);
    const fullRead = can(viewer.user, 'finance.view') || can(viewer.user, 'export.run');
    if (!ids || !branchIds) {
      return sendInvalid(reply, {
        ...(!ids ? { ids: [`Give client ids separated by commas, like ids=1,2,3 (at most ${MAX_IDS}).`] } : {}),
        ...(!branchIds ? { branch_id: [`Give branch ids separated by commas, like branch_id=1,2 (at most ${MAX_BRANCHES}).`] } : {}),
      });
    }
    if (!placesOnly && !fullRead) return sendError(reply, 403, 'Payroll may read only where clients live (fields=postcode).');

    const conditions: (SQL | undefined)[] = [visibleClients(viewer.scope, { deleted: 'include' })];
    if (ids.length) conditions.push(inArray(c.id, ids));
    if (branchIds.length) conditions.push(inArray(c.branch_id, branchIds));
    const rows = await db
      .select({
        id: c.id,
        first_name: c.first_name,
        last_name: c.last_name,
        branch_id: c.branch_id,
        nhs_number: c.nhs_number,
        local_authority_id: c.local_authority_id,
        address_line_1: c.address_line_1,
        town: c.town,
        postcode: c.postcode,
        status: c.status,
      })
      .from(clientsTable)
      .where(and(...conditions))
      .orderBy(asc(c.last_name), asc(c.first_name), asc(c.id));

    if (placesOnly) {
      return ok(rows.map((row): ClientPlace => ({ id: Number(row.id), branch_id: Number(row.branch_id), postcode: text(row.postcode), status: text(row.status) })));
    }
    const answer: ClientBilling[] = rows.map((row) => ({
      id: Number(row.id),
      branch_id: Number(row.branch_id),
      name: `${text(row.first_name)} ${text(row.last_name)}`,
      nhs_number: text(row.nhs_number),
      local_authority_id: text(row.local_authority_id),
      address: [text(row.address_line_1), text(row.town)].filter(Boolean).join('\n'),
      postcode: text(row.postcode),
      status: text(row.status),
    }));
    if (answer.length) {
      // One insert for the whole answer: an invoice run reads hundreds of clients at once.
      const actor = auditActorOf(request);
      await db.insert(auditLog).values(
        answer.map((client) => ({
          user_id: actor.userId,
          acting_user_id: actor.actingUserId,
          health_professional_id: actor.healthProfessionalId,
          ip: actor.ip,
          resource: 'clients',
          record_id: client.id,
          action: 'view' as const,
          after: { view: 'billing-profile' },
        })),
      );
    }
    return ok(answer);
  });
}
