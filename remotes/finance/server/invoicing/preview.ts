import { addDays } from '@hcm/contract/time';
import { chargeVisit } from '../../contract/rates/charge.js';
import { ukDayAndTime } from '../../contract/rates/money.js';
import type { BillableVisit, VisitCharge } from '../../contract/rates/types.js';
import type { ClientIdentity, Discrepancy, ExcludedVisit, InvoiceRunValues, MissingRate, RunInvoice, RunLine, RunPreview } from '../../contract/invoicing.js';
import type { FunderInfo, RateBook } from '../rates/types.js';
import type { ClientBilling } from '../sources/types.js';

// The run's core, over its seams: the rate book, the scheduler's visits, care-records' clients and the funding
// details. Pure, so the routes, the tests and the bench compute a run the same way; posting is ./runs.ts.

/** What a run reads of a client's funding (server/clients/funding.ts): purchase order, council ref, private payer. */
export type FundingDetails = {
  purchase_order?: string;
  council_reference?: string;
  billing_name?: string;
  billing_address?: string;
  billing_email?: string;
};

export type RunInputs = {
  book: RateBook;
  visits: readonly BillableVisit[];
  clients: readonly ClientBilling[];
  funding: ReadonlyMap<number, FundingDetails>;
  /** Visits already on a live invoice line: never on a second one. */
  alreadyBilled: ReadonlySet<number>;
};

/** Only delivered visits and cancellations (which the card may charge) are billed; the rest has not happened. */
const CHARGEABLE_STATUSES = new Set<BillableVisit['status']>(['completed', 'cancelled']);

/** The UK calendar's day arithmetic, from the one date module. */
export { addDays };

/** The issue date a run uses: the one asked for, else the day after the period. */
export function issueDateOf(input: Pick<InvoiceRunValues, 'issue_date' | 'period_to'>): string {
  return input.issue_date || addDays(input.period_to, 1);
}

/** Problems with the request against the rate book (a funder that cannot be invoiced this way), by field. */
export function runInputErrors(input: InvoiceRunValues, book: RateBook): Record<string, string[]> | null {
  if (input.funder_code_id === null) return null;
  const funder = book.funder(input.funder_code_id);
  if (!funder) return { funder_code_id: ['Choose a funder.'] };
  if (input.payer_kind === 'funder' && funder.funder_type === 'private') {
    return { funder_code_id: [`${funder.name} is a private funder: its clients are invoiced one by one (payer: private clients).`] };
  }
  if (input.payer_kind === 'client' && funder.funder_type !== 'private') {
    return { funder_code_id: [`${funder.name} is not a private funder: invoice it as a funder.`] };
  }
  return null;
}

/** Whether a visit belongs to the run asked for (branch, period, payer). */
function inRun(visit: BillableVisit, input: InvoiceRunValues, book: RateBook): boolean {
  if (visit.branch_id !== input.branch_id || visit.visit_date < input.period_from || visit.visit_date > input.period_to) return false;
  if (input.client_id !== null && visit.client_id !== input.client_id) return false;
  if (input.funder_code_id !== null && visit.funder_code_id !== input.funder_code_id) return false;
  if (input.payer_kind === 'funder') return true;
  // Private clients' run: visits funded privately (a client without a funder pays for themselves).
  if (visit.funder_code_id === null) return input.client_id !== null;
  return book.funder(visit.funder_code_id)?.funder_type === 'private';
}

function clientLabel(identifier: string, client: ClientBilling | undefined, funding: FundingDetails | undefined, clientId: number): string {
  const name = client?.name ?? `Client ${clientId}`;
  if (identifier === 'nhs-number') return client?.nhs_number || name;
  if (identifier === 'council-id') return funding?.council_reference || client?.local_authority_id || name;
  return name;
}

function identityOf(client: ClientBilling | undefined, funding: FundingDetails | undefined, clientId: number): ClientIdentity {
  return { name: client?.name ?? `Client ${clientId}`, nhs_number: client?.nhs_number ?? '', council_id: funding?.council_reference || client?.local_authority_id || '' };
}

function lineOf(visit: BillableVisit, charge: VisitCharge, label: string, identity: ClientIdentity, cardId: number | null): RunLine {
  return {
    visit_id: visit.id,
    client_id: visit.client_id,
    client_label: label,
    client_identity: identity,
    visit_date: visit.visit_date,
    planned_start: visit.planned_start,
    planned_end: visit.planned_end,
    actual_start: visit.actual_start,
    actual_end: visit.actual_end,
    day_kind: charge.day_kind,
    rate_card_id: cardId,
    billed_minutes: charge.billed_minutes,
    rate_pence: charge.rate_pence,
    rate_label: charge.rate_label,
    band_minutes: charge.band_minutes,
    charged_as: charge.charged_as,
    carers_charged: charge.carers_charged,
    care_pence: charge.care_pence,
    mileage_pence: charge.mileage_pence,
    call_out_pence: charge.call_out_pence,
    amount_pence: charge.total_pence,
    cancellation: charge.cancellation ? charge.explanation.split(':')[0]! : '',
    warnings: charge.warnings,
    explanation: charge.explanation,
  };
}

type Group = { key: string; funder: FunderInfo | undefined; funderId: number | null; clientId: number | null; lines: RunLine[] };

/**
 * What a run would raise: the invoices with their lines (each visit charged by the card valid on its day), what
 * is left out (not verified), the rates missing (which stop it posting) and the planned/actual discrepancies.
 */
export function previewRun(input: InvoiceRunValues, inputs: RunInputs): RunPreview {
  const { book, funding } = inputs;
  const issueDate = issueDateOf(input);
  const clients = new Map(inputs.clients.map((client) => [client.id, client]));
  const groups = new Map<string, Group>();
  const excluded: ExcludedVisit[] = [];
  const missing = new Map<string, MissingRate>();
  const discrepancies: Discrepancy[] = [];

  const visits = inputs.visits
    .filter((visit) => CHARGEABLE_STATUSES.has(visit.status) && !inputs.alreadyBilled.has(visit.id) && inRun(visit, input, book))
    .sort((a, b) => a.planned_start.localeCompare(b.planned_start) || a.id - b.id);

  for (const visit of visits) {
    const funderId = visit.funder_code_id;
    const card = funderId === null ? undefined : book.cardFor(funderId, visit.visit_date);
    const charge = chargeVisit(visit, card, book.calendar);
    if (!charge.billable) continue;
    const client = clients.get(visit.client_id);
    if (charge.warnings.includes('not-verified')) {
      excluded.push({ visit_id: visit.id, client_id: visit.client_id, client_name: client?.name ?? `Client ${visit.client_id}`, visit_date: visit.visit_date, reason: 'Not confirmed by the office yet.' });
      continue;
    }
    const funder = funderId === null ? undefined : book.funder(funderId);
    if (charge.warnings.includes('missing-rate')) {
      const time = ukDayAndTime(visit.planned_start).time;
      const key = `${funderId}|${charge.day_kind}|${time}`;
      const entry = missing.get(key) ?? { funder_code_id: funderId, funder: funder?.name ?? 'No funder', day_kind: charge.day_kind, time, what: charge.explanation, visit_ids: [] };
      entry.visit_ids.push(visit.id);
      missing.set(key, entry);
      continue;
    }
    const style = funderId === null ? { template: 'default', client_identifier: 'name' as const } : book.styleOf(funderId, visit.visit_date);
    const label = clientLabel(style.client_identifier, client, funding.get(visit.client_id), visit.client_id);
    const line = lineOf(visit, charge, label, identityOf(client, funding.get(visit.client_id), visit.client_id), card?.id ?? null);
    if (charge.warnings.includes('discrepancy') && charge.actual_minutes !== null) {
      discrepancies.push({ visit_id: visit.id, client_label: label, visit_date: visit.visit_date, planned_minutes: charge.planned_minutes, actual_minutes: charge.actual_minutes, billed_minutes: charge.billed_minutes });
    }
    const key = input.payer_kind === 'funder' ? `funder|${funderId}` : `client|${visit.client_id}|${funderId}`;
    const group = groups.get(key) ?? { key, funder, funderId, clientId: input.payer_kind === 'client' ? visit.client_id : input.client_id, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }

  const invoices = [...groups.values()]
    .map((group) => invoiceOf(group, input, inputs, clients, issueDate))
    .sort((a, b) => a.payer_name.localeCompare(b.payer_name) || (a.client_id ?? 0) - (b.client_id ?? 0));
  return {
    request: { ...input, issue_date: issueDate },
    invoices,
    excluded,
    missing_rates: [...missing.values()],
    discrepancies,
    totals: {
      invoices: invoices.length,
      lines: invoices.reduce((sum, invoice) => sum + invoice.lines.length, 0),
      total_pence: invoices.reduce((sum, invoice) => sum + invoice.total_pence, 0),
    },
  };
}

function invoiceOf(group: Group, input: InvoiceRunValues, inputs: RunInputs, clients: Map<number, ClientBilling>, issueDate: string): RunInvoice {
  const { book, funding } = inputs;
  const style = group.funderId === null ? { template: 'default', client_identifier: 'name' as const } : book.styleOf(group.funderId, input.period_to);
  const total = group.lines.reduce((sum, line) => sum + line.amount_pence, 0);
  const terms = group.funder?.payment_terms_days ?? 30;
  const base = {
    funder_code_id: group.funderId,
    template: style.template,
    client_identifier: style.client_identifier,
    issue_date: issueDate,
    due_date: addDays(issueDate, terms),
    subtotal_pence: total,
    total_pence: total,
    lines: group.lines,
  };
  if (input.payer_kind === 'funder') {
    const single = input.client_id === null ? undefined : funding.get(input.client_id);
    return {
      ...base,
      payer_kind: 'funder',
      client_id: input.client_id,
      payer_name: group.funder?.name ?? 'Unknown funder',
      payer_address: '',
      payer_email: group.funder?.invoice_email ?? '',
      purchase_order: single?.purchase_order ?? '',
    };
  }
  const clientId = group.clientId!;
  const client = clients.get(clientId);
  const details = funding.get(clientId);
  const address = [client?.address ?? '', client?.postcode ?? ''].filter(Boolean).join('\n');
  return {
    ...base,
    payer_kind: 'client',
    client_id: clientId,
    payer_name: details?.billing_name || client?.name || `Client ${clientId}`,
    payer_address: details?.billing_address || address,
    payer_email: details?.billing_email ?? '',
    purchase_order: details?.purchase_order ?? '',
  };
}
