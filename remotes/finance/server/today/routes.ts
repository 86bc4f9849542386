import type { FastifyInstance } from 'fastify';
import { asc, sql } from 'drizzle-orm';
import { clock, ukDate } from '@hcm/contract/time';
import { ok, viewerOf, type AreaServerContext, type BranchScope, type Database } from '@hcm/server/platform';
import { TODAY_FIRST_ITEMS, type FinanceToday } from '../../contract/today.js';
import { payments } from '../invoicing/tables.js';
import { payerNameSql } from '../ledger/ledger-kit.js';
import { paymentConditions } from '../ledger/payments.js';

// GET /api/v1/finance/today (finance.view): the dashboard's panel of payments to allocate (contract/today.ts), in
// one query: the payments of the viewer's branches the payments list's "unallocated" filter shows (the same
// condition, ../ledger/payments.ts), how many and how much is unallocated in all, the oldest received first.

export async function paymentsToAllocate(db: Database, scope: BranchScope): Promise<FinanceToday['to_allocate']> {
  const rows = await db
    .select({
      id: payments.id,
      branch_id: payments.branch_id,
      payer_name: payerNameSql(payments),
      payer_kind: payments.payer_kind,
      received_on: payments.received_on,
      reference: payments.reference,
      amount_pence: payments.amount_pence,
      unallocated_pence: sql<number>`(${payments.amount_pence} - ${payments.allocated_pence})::int`,
      total: sql<number>`(count(*) over ())::int`,
      total_pence: sql<number>`(sum(${payments.amount_pence} - ${payments.allocated_pence}) over ())::bigint`,
    })
    .from(payments)
    .where(paymentConditions(scope, { unallocated: true }))
    .orderBy(asc(payments.received_on), asc(payments.id))
    .limit(TODAY_FIRST_ITEMS);
  return {
    count: Number(rows[0]?.total ?? 0),
    unallocated_pence: Number(rows[0]?.total_pence ?? 0),
    items: rows.map(({ total: _total, total_pence: _pence, ...row }) => ({ ...row, payer_kind: row.payer_kind as 'funder' | 'client', unallocated_pence: Number(row.unallocated_pence) })),
  };
}

export async function todayRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { db } = context.auth;
  app.get('/finance/today', { config: { permission: 'finance.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const answer: FinanceToday = { date: ukDate(clock.now()), to_allocate: await paymentsToAllocate(db, viewer.scope) };
    return ok(answer);
  });
}
