import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FieldErrors } from '@hcm/contract';
import { outer, type BranchScope, type Database } from '@hcm/server/platform';
import { branches, users } from '@hcm/server/schema';
import type { AllocationRow, AllocationValues, OutstandingInvoice, PaymentDetail, PaymentRow, PaymentSort, PaymentValues } from '../../contract/ledger.js';
import { invoices, paymentAllocations, payments } from '../invoicing/tables.js';
import { recordFinanceChange } from './changes.js';
import { inScope, invoiceFigures, invoiceStatusOf, LedgerConflict, LedgerInvalid, LedgerNotFound, outstandingOf, payerNameSql, pounds, scopeCondition, utcText } from './ledger-kit.js';
import { clientsRead, funderCodesRead } from '../read-models.js';

// Payments received from funders and private clients, and their allocation to the payer's invoices. What is not
// allocated stays on the payer's account (the payment's unallocated). Rows are locked in one order everywhere,
// invoices (by id) before payments, so concurrent allocations, credit notes and undos queue instead of deadlocking.

const paymentFigures = (payment: typeof payments.$inferSelect) => ({
  id: payment.id,
  amount_pence: payment.amount_pence,
  allocated_pence: payment.allocated_pence,
  unallocated_pence: payment.amount_pence - payment.allocated_pence,
  version: payment.version,
});

/** Records a payment after checking its branch and payer; audited. Returns its id. */
export async function recordPayment(db: Database, values: PaymentValues, actor: { userId: number; scope: BranchScope }): Promise<number> {
  const errors: FieldErrors = {};
  if (!inScope(actor.scope, values.branch_id)) errors.branch_id = ['Choose one of your branches.'];
  let payerName = '';
  if (values.payer_kind === 'funder') {
    const [funder] = await db.select({ name: funderCodesRead.name }).from(funderCodesRead).where(and(eq(funderCodesRead.id, values.funder_code_id!), isNull(funderCodesRead.deleted_at)));
    if (!funder) errors.funder_code_id = ['Choose a funder.'];
    else payerName = funder.name;
  } else {
    const [client] = await db
      .select({ name: sql<string>`${clientsRead.first_name} || ' ' || ${clientsRead.last_name}`, branch_id: clientsRead.branch_id })
      .from(clientsRead)
      .where(and(eq(clientsRead.id, values.client_id!), isNull(clientsRead.deleted_at)));
    if (!client || client.branch_id !== values.branch_id) errors.client_id = ['Choose a client of this branch.'];
    else payerName = client.name;
  }
  if (Object.keys(errors).length) throw new LedgerInvalid(errors);
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        branch_id: values.branch_id,
        payer_kind: values.payer_kind,
        funder_code_id: values.payer_kind === 'funder' ? values.funder_code_id : null,
        client_id: values.payer_kind === 'client' ? values.client_id : null,
        received_on: values.received_on,
        amount_pence: values.amount_pence,
        method: values.method,
        reference: values.reference,
        notes: values.notes,
        created_by: actor.userId,
      })
      .returning();
    await recordFinanceChange(tx, {
      entity: 'payment',
      entity_id: payment!.id,
      action: 'recorded',
      summary: `Payment of ${pounds(values.amount_pence)} from ${payerName} received on ${values.received_on} (${values.method}${values.reference ? `, ${values.reference}` : ''})`,
      before: null,
      after: { ...paymentFigures(payment!), payer_kind: payment!.payer_kind, funder_code_id: payment!.funder_code_id, client_id: payment!.client_id, received_on: payment!.received_on, method: payment!.method, reference: payment!.reference },
      branch_id: values.branch_id,
      changed_by: actor.userId,
    });
    return payment!.id;
  });
}

/**
 * Allocates parts of a payment to invoices of the same payer and branch, in one transaction with the invoices
 * and the payment locked: each part at most the invoice's outstanding, all of them at most the payment's
 * unallocated (422 per field otherwise). A `version` that is no longer the payment's is a concurrent change (409).
 */
export async function allocatePayment(db: Database, paymentId: number, values: AllocationValues, actor: { userId: number; scope: BranchScope }): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = values.allocations.map((item) => item.invoice_id);
    const locked = await tx.select().from(invoices).where(inArray(invoices.id, ids)).orderBy(asc(invoices.id)).for('update');
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment || !inScope(actor.scope, payment.branch_id)) throw new LedgerNotFound();
    if (values.version !== undefined && values.version !== payment.version) {
      throw new LedgerConflict('This payment was changed by someone else since you opened it: reload it and allocate again.');
    }
    const byId = new Map(locked.map((invoice) => [invoice.id, invoice]));
    const errors: FieldErrors = {};
    values.allocations.forEach((item, index) => {
      const invoice = byId.get(item.invoice_id);
      const samePayer =
        invoice &&
        invoice.branch_id === payment.branch_id &&
        invoice.payer_kind === payment.payer_kind &&
        (payment.payer_kind === 'funder' ? invoice.funder_code_id === payment.funder_code_id : invoice.client_id === payment.client_id);
      if (!invoice || !samePayer) errors[`allocations.${index}.invoice_id`] = ['Choose an invoice of this payer and branch.'];
      else if (invoice.status === 'void') errors[`allocations.${index}.invoice_id`] = [`Invoice ${invoice.number} is void.`];
      else if (item.amount_pence > outstandingOf(invoice)) {
        errors[`allocations.${index}.amount_pence`] = [`At most ${pounds(Math.max(0, outstandingOf(invoice)))} is outstanding on invoice ${invoice.number}.`];
      }
    });
    const sum = values.allocations.reduce((total, item) => total + item.amount_pence, 0);
    const unallocated = payment.amount_pence - payment.allocated_pence;
    if (sum > unallocated) errors.allocations = [`These allocations add up to ${pounds(sum)}, more than the ${pounds(unallocated)} of this payment not yet allocated.`];
    if (Object.keys(errors).length) throw new LedgerInvalid(errors);

    const before = { payment: paymentFigures(payment), invoices: locked.map(invoiceFigures) };
    const after: ReturnType<typeof invoiceFigures>[] = [];
    for (const item of values.allocations) {
      const invoice = byId.get(item.invoice_id)!;
      await tx.insert(paymentAllocations).values({ payment_id: payment.id, invoice_id: invoice.id, amount_pence: item.amount_pence, allocated_by: actor.userId });
      const paid = invoice.paid_pence + item.amount_pence;
      const [updated] = await tx
        .update(invoices)
        .set({ paid_pence: paid, status: invoiceStatusOf({ ...invoice, paid_pence: paid }), version: invoice.version + 1 })
        .where(eq(invoices.id, invoice.id))
        .returning();
      after.push(invoiceFigures(updated!));
    }
    const [updatedPayment] = await tx
      .update(payments)
      .set({ allocated_pence: payment.allocated_pence + sum, version: payment.version + 1 })
      .where(eq(payments.id, payment.id))
      .returning();
    const numbers = values.allocations.map((item) => `${byId.get(item.invoice_id)!.number} ${pounds(item.amount_pence)}`).join(', ');
    await recordFinanceChange(tx, {
      entity: 'payment',
      entity_id: payment.id,
      action: 'allocated',
      summary: `Allocated ${pounds(sum)} of payment ${payment.reference || `#${payment.id}`} to ${numbers}; ${pounds(updatedPayment!.amount_pence - updatedPayment!.allocated_pence)} left on account`,
      before,
      after: { payment: paymentFigures(updatedPayment!), invoices: after },
      branch_id: payment.branch_id,
      changed_by: actor.userId,
    });
  });
}

/** Undoes one allocation: the money goes back to the payment (on account), the invoice owes it again. */
export async function removeAllocation(db: Database, allocationId: number, actor: { userId: number; scope: BranchScope }): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx.select().from(paymentAllocations).where(eq(paymentAllocations.id, allocationId));
    if (!found) throw new LedgerNotFound();
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, found.invoice_id)).for('update');
    const [payment] = await tx.select().from(payments).where(eq(payments.id, found.payment_id)).for('update');
    // Read again under the locks: a credit note may have reduced or removed it meanwhile.
    const [allocation] = await tx.select().from(paymentAllocations).where(eq(paymentAllocations.id, allocationId));
    if (!allocation || !invoice || !payment || !inScope(actor.scope, payment.branch_id)) throw new LedgerNotFound();
    await tx.delete(paymentAllocations).where(eq(paymentAllocations.id, allocation.id));
    const paid = invoice.paid_pence - allocation.amount_pence;
    const [updatedInvoice] = await tx
      .update(invoices)
      .set({ paid_pence: paid, status: invoiceStatusOf({ ...invoice, paid_pence: paid }), version: invoice.version + 1 })
      .where(eq(invoices.id, invoice.id))
      .returning();
    const [updatedPayment] = await tx
      .update(payments)
      .set({ allocated_pence: payment.allocated_pence - allocation.amount_pence, version: payment.version + 1 })
      .where(eq(payments.id, payment.id))
      .returning();
    await recordFinanceChange(tx, {
      entity: 'payment',
      entity_id: payment.id,
      action: 'unallocated',
      summary: `Took ${pounds(allocation.amount_pence)} of payment ${payment.reference || `#${payment.id}`} off invoice ${invoice.number}; back on account`,
      before: { allocation: { id: allocation.id, invoice_id: invoice.id, amount_pence: allocation.amount_pence }, payment: paymentFigures(payment), invoice: invoiceFigures(invoice) },
      after: { allocation: null, payment: paymentFigures(updatedPayment!), invoice: invoiceFigures(updatedInvoice!) },
      branch_id: payment.branch_id,
      changed_by: actor.userId,
    });
  });
}

// ---- Reading ----

const branchName = sql<string>`coalesce((select ${branches.name} from ${branches} where ${branches.id} = ${outer(payments, payments.branch_id)}), '')`;
const creatorName = sql<string>`coalesce((select ${users.name} from ${users} where ${users.id} = ${outer(payments, payments.created_by)}), '')`;
const unallocatedPence = sql<number>`(${payments.amount_pence} - ${payments.allocated_pence})::bigint`;
const payerName = payerNameSql(payments);

const rowColumns = {
  id: payments.id,
  branch_id: payments.branch_id,
  branch: branchName,
  payer_kind: payments.payer_kind,
  funder_code_id: payments.funder_code_id,
  client_id: payments.client_id,
  payer_name: payerName,
  received_on: payments.received_on,
  amount_pence: payments.amount_pence,
  allocated_pence: payments.allocated_pence,
  unallocated_pence: sql<number>`(${payments.amount_pence} - ${payments.allocated_pence})::int`,
  method: payments.method,
  reference: payments.reference,
  notes: payments.notes,
  created_by_name: creatorName,
  version: payments.version,
};

const SORTS: Record<PaymentSort, SQL | typeof payments.id> = {
  received_on: sql`${payments.received_on}`,
  payer_name: payerName,
  amount_pence: sql`${payments.amount_pence}`,
  unallocated_pence: unallocatedPence,
  method: sql`${payments.method}`,
  reference: sql`${payments.reference}`,
};

export type PaymentFilters = {
  branch_id?: number;
  payer_kind?: 'funder' | 'client';
  funder_code_id?: number;
  client_id?: number;
  method?: string;
  from?: string;
  to?: string;
  unallocated?: boolean;
  search?: string;
};

export function paymentConditions(scope: BranchScope, filters: PaymentFilters): SQL {
  const conditions: (SQL | undefined)[] = [scopeCondition(scope, payments.branch_id)];
  if (filters.branch_id) conditions.push(eq(payments.branch_id, filters.branch_id));
  if (filters.payer_kind) conditions.push(eq(payments.payer_kind, filters.payer_kind));
  if (filters.funder_code_id) conditions.push(eq(payments.funder_code_id, filters.funder_code_id));
  if (filters.client_id) conditions.push(eq(payments.client_id, filters.client_id));
  if (filters.method) conditions.push(eq(payments.method, filters.method as PaymentRow['method']));
  if (filters.from) conditions.push(gte(payments.received_on, filters.from));
  if (filters.to) conditions.push(lte(payments.received_on, filters.to));
  if (filters.unallocated) conditions.push(ne(payments.allocated_pence, payments.amount_pence));
  if (filters.search) {
    const pattern = `%${filters.search.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(or(ilike(payments.reference, pattern), ilike(payerName, pattern), ilike(payments.notes, pattern)));
  }
  return and(...conditions)!;
}

export async function listPayments(
  db: Database,
  where: SQL,
  order: { sort: PaymentSort; mode: 'asc' | 'desc' },
  paging: { limit: number; offset: number },
): Promise<{ rows: PaymentRow[]; total: number }> {
  const direction = order.mode === 'desc' ? desc : asc;
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(payments).where(where);
  const rows = await db
    .select(rowColumns)
    .from(payments)
    .where(where)
    .orderBy(direction(SORTS[order.sort]), direction(payments.id))
    .limit(paging.limit)
    .offset(paging.offset);
  return { rows: rows as PaymentRow[], total };
}

/** Allocations, newest first, of a payment or of an invoice. */
export async function allocationsWhere(db: Database, where: SQL): Promise<AllocationRow[]> {
  const rows = await db
    .select({
      id: paymentAllocations.id,
      payment_id: paymentAllocations.payment_id,
      invoice_id: paymentAllocations.invoice_id,
      invoice_number: invoices.number,
      invoice_issue_date: invoices.issue_date,
      received_on: payments.received_on,
      payment_reference: payments.reference,
      amount_pence: paymentAllocations.amount_pence,
      allocated_by_name: sql<string>`coalesce(${users.name}, '')`,
      allocated_at: utcText(paymentAllocations.allocated_at),
    })
    .from(paymentAllocations)
    .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoice_id))
    .innerJoin(payments, eq(payments.id, paymentAllocations.payment_id))
    .leftJoin(users, eq(users.id, paymentAllocations.allocated_by))
    .where(where)
    .orderBy(desc(paymentAllocations.id));
  return rows;
}

/** The payer's invoices of a branch with money still owed, oldest first (the order allocation fills them). */
export async function outstandingInvoices(db: Database, payer: Pick<PaymentRow, 'branch_id' | 'payer_kind' | 'funder_code_id' | 'client_id'>): Promise<OutstandingInvoice[]> {
  const outstanding = sql<number>`(${invoices.total_pence} - ${invoices.credited_pence} - ${invoices.paid_pence})`;
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      issue_date: invoices.issue_date,
      due_date: invoices.due_date,
      total_pence: invoices.total_pence,
      credited_pence: invoices.credited_pence,
      paid_pence: invoices.paid_pence,
      outstanding_pence: sql<number>`${outstanding}::int`,
      status: invoices.status,
      version: invoices.version,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.branch_id, payer.branch_id),
        eq(invoices.payer_kind, payer.payer_kind),
        payer.payer_kind === 'funder' ? eq(invoices.funder_code_id, payer.funder_code_id ?? 0) : eq(invoices.client_id, payer.client_id ?? 0),
        ne(invoices.status, 'void'),
        gt(outstanding, 0),
      ),
    )
    .orderBy(asc(invoices.issue_date), asc(invoices.id))
    .limit(200);
  return rows;
}

export async function findPayment(db: Database, scope: BranchScope, id: number): Promise<PaymentDetail | null> {
  const [row] = await db
    .select(rowColumns)
    .from(payments)
    .where(and(eq(payments.id, id), scopeCondition(scope, payments.branch_id)));
  if (!row) return null;
  const payment = row as PaymentRow;
  return { ...payment, allocations: await allocationsWhere(db, eq(paymentAllocations.payment_id, id)), outstanding_invoices: await outstandingInvoices(db, payment) };
}
