import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AreaCallError, areaClient, sendError } from '@hcm/server/platform';
import { billedVisitsRoute } from '../consumed-routes.js';

// The invoiced-visit lock: a visit on a live invoice may not change (times, status, funder, codes) until finance
// credits it. Finance says which visits are billed (GET /api/v1/finance/billed-visits?ids=, ../consumed-routes.ts),
// asked as the signed-in user through the platform's area client; without the route (404) no visit is billed.

export type BilledVisit = { visit_id: number; invoice_id: number; invoice_number: string };

/** The visits among `visitIds` that are on a live invoice, by visit id. */
export async function billedVisits(app: FastifyInstance, request: FastifyRequest, visitIds: readonly number[]): Promise<Map<number, BilledVisit>> {
  try {
    const rows = await areaClient(app, request).list(billedVisitsRoute, { param: 'ids', ids: visitIds });
    return new Map(rows.map((row) => [row.visit_id, row]));
  } catch (error) {
    if (error instanceof AreaCallError && error.statusCode === 404) return new Map();
    throw error;
  }
}

/** The sentence a refused change answers. */
export function invoicedMessage(billed: readonly BilledVisit[]): string {
  const [first] = billed;
  if (billed.length === 1) return `Visit ${first!.visit_id} is on invoice ${first!.invoice_number}: raise a credit note before changing it.`;
  const invoices = [...new Set(billed.map((row) => row.invoice_number))];
  return `${billed.length} of these visits are on invoices (${invoices.slice(0, 5).join(', ')}${invoices.length > 5 ? '…' : ''}), visit ${first!.visit_id} on ${first!.invoice_number} among them: raise credit notes before changing them.`;
}

/**
 * Refuses (409) a change to any of `visitIds` that is invoiced; answers whether it refused (the reply is sent).
 * Asked before the change's transaction: a run posting in between is finance's to refuse (it reads the visit again).
 */
export async function refuseInvoiced(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, visitIds: readonly number[]): Promise<boolean> {
  if (!visitIds.length) return false;
  const billed = [...(await billedVisits(app, request, visitIds)).values()].sort((a, b) => a.visit_id - b.visit_id);
  if (!billed.length) return false;
  await sendError(reply, 409, invoicedMessage(billed));
  return true;
}
