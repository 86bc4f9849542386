import { and, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { BranchScope, Database } from '@hcm/server/platform';
import { branchVisible } from '@hcm/server/platform';
import { branches } from '@hcm/server/schema';
import type { SalesGroup, SalesQuery, SalesRow, SalesTotals } from '../../contract/reports.js';
import { creditNoteLines, creditNotes, invoiceLines, invoices, paymentAllocations } from '../invoicing/tables.js';

// The sales report: the invoices raised in a period (by issue date; void ones, whose run was reset, left out),
// with every credit note and payment allocated against them so far. Invoiced less credited is net; net less paid
// is outstanding. Read from the ledger tables only, so any figure can be rebuilt from the rows behind it.

type Scope = { scope: BranchScope; branchId: number | null };

/** One invoice of the period with what has been credited and paid against it. */
type InvoiceFigures = {
  id: number;
  branch_id: number;
  payer_kind: string;
  funder_code_id: number | null;
  payer_name: string;
  issue_date: string;
  total_pence: number;
  credited_pence: number;
  paid_pence: number;
};

export const PRIVATE_CLIENTS = 'Private clients';

function periodConditions(from: string, to: string, { scope, branchId }: Scope): SQL[] {
  const conditions: SQL[] = [ne(invoices.status, 'void'), gte(invoices.issue_date, from), lte(invoices.issue_date, to)];
  const visible = branchVisible(scope, invoices.branch_id);
  if (visible) conditions.push(visible);
  if (branchId !== null) conditions.push(eq(invoices.branch_id, branchId));
  return conditions;
}

/** Sums of `amount` per invoice id, over the rows whose invoice is one of `ids`. */
async function sumsByInvoice(db: Database, table: typeof creditNotes | typeof paymentAllocations, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const amount = 'total_pence' in table ? table.total_pence : table.amount_pence;
  const rows = await db
    .select({ invoice_id: table.invoice_id, pence: sql<string>`sum(${amount})` })
    .from(table)
    .where(inArray(table.invoice_id, ids))
    .groupBy(table.invoice_id);
  return new Map(rows.map((row) => [row.invoice_id, Number(row.pence)]));
}

async function invoiceFigures(db: Database, from: string, to: string, scope: Scope): Promise<InvoiceFigures[]> {
  const rows = await db
    .select({
      id: invoices.id,
      branch_id: invoices.branch_id,
      payer_kind: invoices.payer_kind,
      funder_code_id: invoices.funder_code_id,
      payer_name: invoices.payer_name,
      issue_date: invoices.issue_date,
      total_pence: invoices.total_pence,
    })
    .from(invoices)
    .where(and(...periodConditions(from, to, scope)))
    .orderBy(invoices.issue_date, invoices.id);
  const ids = rows.map((row) => row.id);
  const [credited, paid] = [await sumsByInvoice(db, creditNotes, ids), await sumsByInvoice(db, paymentAllocations, ids)];
  return rows.map((row) => ({ ...row, credited_pence: credited.get(row.id) ?? 0, paid_pence: paid.get(row.id) ?? 0 }));
}

const emptyTotals = (): SalesTotals => ({ invoice_count: 0, invoiced_pence: 0, credited_pence: 0, net_pence: 0, paid_pence: 0, outstanding_pence: 0 });

function add(into: SalesTotals, invoiced: number, credited: number, paid: number): void {
  into.invoiced_pence += invoiced;
  into.credited_pence += credited;
  into.net_pence += invoiced - credited;
  into.paid_pence += paid;
  into.outstanding_pence += invoiced - credited - paid;
}

const monthLabel = (month: string) =>
  new Date(`${month}-01T12:00:00Z`).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Splits `amount` across `weights` in proportion, in whole pence that add up to `amount` exactly: each gets the
 * floor of its share, and the pence left go to the largest remainders (ties to the earlier weight).
 */
export function apportion(amount: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, weight) => sum + Math.max(0, weight), 0);
  if (whole === 0) return weights.map(() => 0);
  const shares = weights.map((weight, index) => {
    const exact = BigInt(amount) * BigInt(Math.max(0, weight));
    return { index, floor: Number(exact / BigInt(whole)), remainder: Number(exact % BigInt(whole)) };
  });
  let left = amount - shares.reduce((sum, share) => sum + share.floor, 0);
  const result = shares.map((share) => share.floor);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left <= 0) break;
    result[share.index]! += 1;
    left -= 1;
  }
  return result;
}

type Group = { key: string; label: string; totals: SalesTotals; invoiceIds: Set<number> };

function groupOf(groups: Map<string, Group>, key: string, label: string): Group {
  let group = groups.get(key);
  if (!group) {
    group = { key, label, totals: emptyTotals(), invoiceIds: new Set() };
    groups.set(key, group);
  }
  return group;
}

/** Per client: each invoice's lines by client, credits by the lines they credit, payments apportioned by net share. */
async function byClient(db: Database, figures: InvoiceFigures[], groups: Map<string, Group>): Promise<void> {
  if (figures.length === 0) return;
  const ids = figures.map((invoice) => invoice.id);
  const lines = await db
    .select({
      invoice_id: invoiceLines.invoice_id,
      client_id: invoiceLines.client_id,
      client_label: sql<string>`min(${invoiceLines.client_label})`,
      invoiced: sql<string>`sum(${invoiceLines.amount_pence})`,
      credited: sql<string>`coalesce(sum(${creditNoteLines.amount_pence}), 0)`,
    })
    .from(invoiceLines)
    .leftJoin(creditNoteLines, eq(creditNoteLines.invoice_line_id, invoiceLines.id))
    .where(inArray(invoiceLines.invoice_id, ids))
    .groupBy(invoiceLines.invoice_id, invoiceLines.client_id)
    .orderBy(invoiceLines.invoice_id, invoiceLines.client_id);
  const byInvoice = new Map<number, typeof lines>();
  for (const line of lines) byInvoice.set(line.invoice_id, [...(byInvoice.get(line.invoice_id) ?? []), line]);
  for (const invoice of figures) {
    const clients = byInvoice.get(invoice.id) ?? [];
    const nets = clients.map((client) => Number(client.invoiced) - Number(client.credited));
    const paid = apportion(invoice.paid_pence, nets);
    clients.forEach((client, index) => {
      const label = invoice.payer_kind === 'client' && invoice.payer_name ? invoice.payer_name : client.client_label;
      const group = groupOf(groups, `client-${client.client_id}`, label);
      group.invoiceIds.add(invoice.id);
      add(group.totals, Number(client.invoiced), Number(client.credited), paid[index]!);
    });
  }
}

async function branchNames(db: Database): Promise<Map<number, string>> {
  return new Map((await db.select({ id: branches.id, name: branches.name }).from(branches)).map((row) => [row.id, row.name]));
}

/** Every group of the period's sales (unsorted), and the totals over all of them. */
export async function salesGroups(db: Database, query: Pick<SalesQuery, 'from' | 'to' | 'group'>, scope: Scope): Promise<{ rows: SalesRow[]; totals: SalesTotals }> {
  const figures = await invoiceFigures(db, query.from, query.to, scope);
  const groups = new Map<string, Group>();
  const group: SalesGroup = query.group;
  if (group === 'client') await byClient(db, figures, groups);
  else {
    const names = group === 'branch' ? await branchNames(db) : new Map<number, string>();
    for (const invoice of figures) {
      const [key, label] =
        group === 'branch'
          ? [`branch-${invoice.branch_id}`, names.get(invoice.branch_id) ?? `Branch ${invoice.branch_id}`]
          : group === 'month'
            ? [invoice.issue_date.slice(0, 7), monthLabel(invoice.issue_date.slice(0, 7))]
            : invoice.payer_kind === 'funder'
              ? [`funder-${invoice.funder_code_id ?? 0}`, invoice.payer_name]
              : ['private', PRIVATE_CLIENTS];
      // A funder's name as on its latest invoice of the period (figures are in issue order).
      const entry = groupOf(groups, key, label);
      entry.label = label;
      entry.invoiceIds.add(invoice.id);
      add(entry.totals, invoice.total_pence, invoice.credited_pence, invoice.paid_pence);
    }
  }
  const totals = emptyTotals();
  totals.invoice_count = figures.length;
  for (const invoice of figures) add(totals, invoice.total_pence, invoice.credited_pence, invoice.paid_pence);
  const rows = [...groups.values()].map(({ key, label, totals: sums, invoiceIds }) => ({ key, label, ...sums, invoice_count: invoiceIds.size }));
  return { rows, totals };
}

/** The groups in the order asked, ties by label then key, so a page is always the same page. */
export function sortSales(rows: SalesRow[], { sort, mode, group }: Pick<SalesQuery, 'sort' | 'mode' | 'group'>): SalesRow[] {
  const direction = mode === 'desc' ? -1 : 1;
  // Months sort by their key (2026-03), not their name.
  const byLabel = (a: SalesRow, b: SalesRow) => (group === 'month' ? a.key.localeCompare(b.key) : a.label.localeCompare(b.label, 'en-GB') || a.key.localeCompare(b.key));
  const sorted = [...rows].sort((a, b) => {
    if (sort === 'label') return direction * byLabel(a, b);
    return direction * ((a[sort] as number) - (b[sort] as number)) || byLabel(a, b);
  });
  return sorted;
}
