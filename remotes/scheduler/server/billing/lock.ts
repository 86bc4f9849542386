import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '@hcm/server/platform';
import { credentialsOf, SourceError } from '../sources/api-sources.js';

// The invoiced-visit lock: a visit on a live invoice may not change (times, status, funder, codes) until finance
// credits it. Finance says which visits are billed (GET /api/v1/finance/billed-visits?ids=), asked as the
// signed-in user over HTTP; without finance deployed (404) no visit is billed.

export type BilledVisit = { visit_id: number; invoice_id: number; invoice_number: string };

const ID_PAGE = 500;

/** The visits among `visitIds` that are on a live invoice, by visit id. */
export async function billedVisits(app: FastifyInstance, request: FastifyRequest, visitIds: readonly number[]): Promise<Map<number, BilledVisit>> {
  const answer = new Map<number, BilledVisit>();
  const ids = [...new Set(visitIds)];
  for (let start = 0; start < ids.length; start += ID_PAGE) {
    const url = `/api/v1/finance/billed-visits?ids=${ids.slice(start, start + ID_PAGE).join(',')}`;
    const response = await app.inject({ method: 'GET', url, headers: credentialsOf(request) });
    if (response.statusCode === 404) return answer;
    if (response.statusCode !== 200) throw new SourceError(url, response.statusCode, response.body);
    for (const row of (response.json() as { data: BilledVisit[] }).data) answer.set(row.visit_id, row);
  }
  return answer;
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
