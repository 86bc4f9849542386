// The demo's ledger, replayed through the API as a finance officer would (run by `npm start` through the area's
// "demo:replay" script): last month posted for every branch and funder and for private clients, the invoices sent,
// one line credited, and three payments — one paying an invoice in full, one part-paying another, one paying more
// than a third owes (the rest held on account). The current month is left open to generate. Idempotent: when last
// month already has a posted run, it does nothing.
//
//   node --import tsx scripts/demo-ledger.ts --api http://127.0.0.1:8000

import { londonDate } from '@hcm/contract/engine';
import type { InvoiceDetail, InvoiceRow, InvoiceRunDetail, InvoiceRunRow } from '../contract/invoicing.js';
import type { PayerChoice, PaymentDetail } from '../contract/ledger.js';

type Envelope<T> = { data: T; message?: string; errors?: Record<string, string[]> | null };
type Answer<T> = { status: number; body: Envelope<T> | null };

const EMAIL = 'finance@homecare.test';
const PASSWORD = 'Finance!2026demo';

/** A signed-in browser's session: its cookies and the CSRF token echoed on writes. */
class Session {
  private cookies = new Map<string, string>();
  constructor(private readonly api: string) {}

  async request<T>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = { accept: 'application/json', cookie: [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ') };
    const token = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && token) headers['X-XSRF-TOKEN'] = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.api}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index).trim(), decodeURIComponent(pair.slice(index + 1)));
    }
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Envelope<T>) : null };
  }

  async data<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.request<T>(method, path, body);
    if (answer.status >= 300 || !answer.body) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  }
}

const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The first and last day of the month before `today`'s. */
export function previousMonth(today: string): { from: string; to: string } {
  const to = shiftDay(`${today.slice(0, 7)}-01`, -1);
  return { from: `${to.slice(0, 7)}-01`, to };
}

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

export async function replayLedger(api: string): Promise<void> {
  const session = new Session(api);
  await session.request('GET', '/csrf-cookie');
  const login = await session.request('POST', '/login', { email: EMAIL, password: PASSWORD });
  if (login.status !== 200) throw new Error(`signing in as ${EMAIL} answered ${login.status}`);

  const today = londonDate();
  const month = previousMonth(today);
  const posted = await session.data<{ data: InvoiceRunRow[] }>('GET', '/api/v1/finance/invoice-runs?status=posted&page_size=100');
  if (posted.data.some((run) => run.period_from >= month.from && run.period_to <= month.to)) {
    console.log(`demo-ledger: ${month.from} to ${month.to} is already posted; nothing to do.`);
    return;
  }

  // GET /api/v1/user answers { data: the user } inside the envelope.
  const user = (await session.data<{ data: { branches: { id: number; name: string }[] } }>('GET', '/api/v1/user')).data;
  const funders = (await session.data<PayerChoice[]>('GET', '/api/v1/finance/payers')).filter((payer) => payer.payer_kind === 'funder');
  const invoices: InvoiceRow[] = [];
  for (const branch of user.branches) {
    const runs = [...funders.map((funder) => ({ payer_kind: 'funder', funder_code_id: funder.funder_code_id, label: funder.name })), { payer_kind: 'client', funder_code_id: null, label: 'private clients' }];
    for (const run of runs) {
      const answer = await session.request<InvoiceRunDetail>('POST', '/api/v1/finance/invoice-runs', { branch_id: branch.id, payer_kind: run.payer_kind, funder_code_id: run.funder_code_id, period_from: month.from, period_to: month.to });
      if (answer.status === 201 && answer.body) {
        invoices.push(...answer.body.data.invoices);
        console.log(`demo-ledger: ${branch.name}, ${run.label}: ${answer.body.data.invoice_count} invoices, ${pounds(answer.body.data.total_pence)}`);
      } else if (answer.status !== 422 && answer.status !== 409) {
        throw new Error(`posting ${branch.name} ${run.label} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      } // 422: nothing to invoice for that payer (or rates missing, listed by the preview screen); 409: posted meanwhile.
    }
  }
  if (!invoices.length) {
    console.log('demo-ledger: no visits to invoice last month.');
    return;
  }

  for (const invoice of invoices) {
    const sent = await session.request('POST', `/api/v1/finance/invoices/${invoice.id}/send`);
    if (sent.status !== 200) console.log(`demo-ledger: ${invoice.number} not sent (${Object.values(sent.body?.errors ?? {}).flat()[0] ?? sent.body?.message ?? sent.status})`);
  }

  // One line credited: the first line of the largest invoice (a visit cut short).
  const byTotal = [...invoices].sort((a, b) => b.total_pence - a.total_pence);
  const credited = await session.data<InvoiceDetail>('GET', `/api/v1/finance/invoices/${byTotal[0]!.id}`);
  const line = credited.lines.find((candidate) => candidate.state === 'live' && candidate.amount_pence > 0);
  if (line) {
    await session.data('POST', '/api/v1/finance/credit-notes', { invoice_id: credited.id, line_ids: [line.id], reason: 'Visit cut short: the client was in hospital' });
    console.log(`demo-ledger: credited ${line.client_label} on ${line.visit_date} (${pounds(line.amount_pence)}) on ${credited.number}`);
  }

  // Payments: in full, in part, and more than owed (the rest on account), each allocated to its invoice.
  const received = today > shiftDay(month.to, 7) ? shiftDay(month.to, 7) : today;
  const plans: { share: (owed: number) => number; words: string }[] = [
    { share: (owed) => owed, words: 'in full' },
    { share: (owed) => Math.floor(owed / 2), words: 'in part' },
    { share: (owed) => owed + 5000, words: 'over (held on account)' },
  ];
  const targets = byTotal.slice(0, plans.length);
  for (const [n, target] of targets.entries()) {
    const invoice = await session.data<InvoiceDetail>('GET', `/api/v1/finance/invoices/${target.id}`);
    const plan = plans[n]!;
    const amount = plan.share(invoice.outstanding_pence);
    if (amount <= 0) continue;
    const payment = await session.data<PaymentDetail>('POST', '/api/v1/finance/payments', {
      branch_id: invoice.branch_id,
      payer_kind: invoice.payer_kind,
      funder_code_id: invoice.funder_code_id,
      client_id: invoice.client_id,
      received_on: received,
      amount_pence: amount,
      method: invoice.payer_kind === 'funder' ? 'bacs' : 'card',
      reference: `REMIT-${invoice.number}`,
      notes: `Demo: paid ${plan.words}`,
    });
    await session.data('POST', `/api/v1/finance/payments/${payment.id}/allocations`, { allocations: [{ invoice_id: invoice.id, amount_pence: Math.min(amount, invoice.outstanding_pence) }], version: payment.version });
    console.log(`demo-ledger: ${pounds(amount)} received for ${invoice.number} (${plan.words})`);
  }
  console.log(`demo-ledger: ${invoices.length} invoices posted for ${month.from} to ${month.to}; this month is open.`);
}

if (process.argv[1]?.endsWith('demo-ledger.ts')) {
  const index = process.argv.indexOf('--api');
  const api = (index >= 0 ? process.argv[index + 1] : undefined) ?? process.env.DEMO_API_URL ?? 'http://127.0.0.1:8000';
  replayLedger(api).catch((error: unknown) => {
    console.error(`demo-ledger: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
