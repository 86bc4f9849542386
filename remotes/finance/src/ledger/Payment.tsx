import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { api, Button, ErrorPanel, Loading, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import type { PaymentDetail } from '../../contract/ledger';
import { LEDGER, penceOf, poundsInput, STATUS_WORDS } from './common';
import styles from './ledger.module.css';
import { formatDate, formatMoney } from '@hcm/contract/format';

/** Fills the payer's outstanding invoices oldest first with what the payment has left: the usual allocation. */
export function prefill(payment: PaymentDetail): Record<number, string> {
  let left = payment.unallocated_pence;
  const amounts: Record<number, string> = {};
  for (const invoice of payment.outstanding_invoices) {
    const take = Math.min(left, invoice.outstanding_pence);
    amounts[invoice.id] = take > 0 ? poundsInput(take) : '';
    left -= take;
  }
  return amounts;
}

function AllocateForm({ payment }: { payment: PaymentDetail }) {
  const path = `${LEDGER.payments}/${payment.id}`;
  const [amounts, setAmounts] = useState<Record<number, string>>(() => prefill(payment));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState('');
  useEffect(() => setAmounts(prefill(payment)), [payment]);
  const allocate = useApiMutation<PaymentDetail, unknown>({ request: (body) => api.post<PaymentDetail>(`${path}/allocations`, body), invalidates: [apiKey(path), apiKey(LEDGER.payments)] });
  const invoices = payment.outstanding_invoices;
  const entered = invoices.map((invoice) => ({ invoice, pence: penceOf(amounts[invoice.id] ?? '') }));
  const total = entered.reduce((sum, item) => sum + (item.pence ?? 0), 0);

  const submit = async () => {
    setMessage('');
    const allocations = entered.filter((item) => item.pence).map((item) => ({ invoice_id: item.invoice.id, amount_pence: item.pence! }));
    const typos = entered.filter((item) => (amounts[item.invoice.id] ?? '').trim() !== '' && item.pence === null);
    if (typos.length) return setErrors(Object.fromEntries(typos.map((item) => [String(item.invoice.id), ['Write an amount like 24.10.']])));
    const answer = await allocate.submit({ allocations, version: payment.version });
    if (!answer.error) return setErrors({});
    // Per-field errors name the row sent (allocations.N.amount_pence): shown on that invoice's input.
    const byInvoice: Record<string, string[]> = {};
    for (const [key, messages] of Object.entries(answer.errors ?? {})) {
      const match = /^allocations\.(\d+)\./.exec(key);
      byInvoice[match ? String(allocations[Number(match[1])]?.invoice_id) : 'form'] = messages;
    }
    setErrors(byInvoice);
    setMessage(answer.message || 'The allocation could not be saved.');
  };

  if (!invoices.length) return <p>This payer has no invoice with money outstanding in this branch: the payment stays on account.</p>;
  return (
    <form aria-label="Allocate the payment" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <div className={styles.wrap}>
        <table className={styles.table}>
          <caption>Outstanding invoices of this payer, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Invoice</th>
              <th scope="col">Issued</th>
              <th scope="col">Due</th>
              <th scope="col" className={styles.number}>Outstanding</th>
              <th scope="col">Allocate (£)</th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.id}>
                <td><Link to={`/app/finance/invoices/${invoice.id}`}>{invoice.number}</Link> ({STATUS_WORDS[invoice.status]})</td>
                <td>{formatDate(invoice.issue_date)}</td>
                <td>{formatDate(invoice.due_date)}</td>
                <td className={styles.number}>{formatMoney(invoice.outstanding_pence)}</td>
                <td>
                  <input
                    aria-label={`Allocate to ${invoice.number}`}
                    inputMode="decimal"
                    value={amounts[invoice.id] ?? ''}
                    aria-invalid={errors[String(invoice.id)] ? true : undefined}
                    aria-describedby={errors[String(invoice.id)] ? `allocation-error-${invoice.id}` : undefined}
                    onChange={(event) => setAmounts((previous) => ({ ...previous, [invoice.id]: event.target.value }))}
                  />
                  {errors[String(invoice.id)] ? <span id={`allocation-error-${invoice.id}`} className={styles.error}>{errors[String(invoice.id)]![0]}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Allocating {formatMoney(total)} of {formatMoney(payment.unallocated_pence)}; {formatMoney(Math.max(0, payment.unallocated_pence - total))} would stay on account.
      </p>
      {message ? <p role="alert" className={styles.error}>{errors.form?.[0] ?? message}</p> : null}
      <Button type="submit" disabled={allocate.isPending || total === 0}>Allocate</Button>
    </form>
  );
}

/** /app/finance/allocation/:id: a payment, its allocations (each can be undone) and allocating what is left. */
export function Payment({ id }: { id: string }) {
  useRouteName('Payment');
  const can = useCan();
  const path = `${LEDGER.payments}/${id}`;
  const query = useApiQuery<PaymentDetail>(path, undefined, { failure: 'The payment could not be loaded.' });
  const [message, setMessage] = useState('');
  const undo = useApiMutation<null, number>({ request: (allocationId) => api.delete<null>(`${LEDGER.allocations}/${allocationId}`), invalidates: [apiKey(path), apiKey(LEDGER.payments)] });
  const payment = query.data;
  const title = payment ? `Payment from ${payment.payer_name}` : 'Payment';
  return (
    <div className={styles.screen}>
      <PageHeader title={title} actions={<Link to="/app/finance/allocation">All payments</Link>} />
      {query.error ? <ErrorPanel title="The payment could not be loaded" onRetry={() => void query.refetch()}>{query.error.message}</ErrorPanel> : null}
      {!payment && !query.error ? <Loading label="Loading the payment…" /> : null}
      {payment ? (
        <>
          <dl className={styles.figures} aria-label="The payment">
            <div><dt>Received</dt><dd>{formatDate(payment.received_on)}</dd></div>
            <div><dt>Reference</dt><dd>{payment.reference || '—'}</dd></div>
            <div><dt>Amount</dt><dd>{formatMoney(payment.amount_pence)}</dd></div>
            <div><dt>Allocated</dt><dd>{formatMoney(payment.allocated_pence)}</dd></div>
            <div><dt>On account</dt><dd>{formatMoney(payment.unallocated_pence)}</dd></div>
            <div><dt>Branch</dt><dd>{payment.branch}</dd></div>
          </dl>
          {payment.notes ? <p>{payment.notes}</p> : null}
          <section aria-labelledby="allocations">
            <h2 id="allocations">Allocated to</h2>
            {payment.allocations.length ? (
              <table className={styles.table}>
                <caption>Allocations of this payment</caption>
                <thead>
                  <tr><th scope="col">Invoice</th><th scope="col" className={styles.number}>Amount</th><th scope="col">By</th><th scope="col">Action</th></tr>
                </thead>
                <tbody>
                  {payment.allocations.map((allocation) => (
                    <tr key={allocation.id}>
                      <td><Link to={`/app/finance/invoices/${allocation.invoice_id}`}>{allocation.invoice_number}</Link></td>
                      <td className={styles.number}>{formatMoney(allocation.amount_pence)}</td>
                      <td>{allocation.allocated_by_name} on {formatDate(allocation.allocated_at)}</td>
                      <td>
                        {can('finance.payments') ? (
                          <Button
                            onClick={async () => {
                              const answer = await undo.submit(allocation.id);
                              setMessage(answer.error ? answer.message : '');
                            }}
                          >
                            Undo the allocation to {allocation.invoice_number}
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>Nothing allocated yet.</p>
            )}
            {message ? <p role="alert" className={styles.error}>{message}</p> : null}
          </section>
          {can('finance.payments') && payment.unallocated_pence > 0 ? (
            <section aria-labelledby="allocate">
              <h2 id="allocate">Allocate {formatMoney(payment.unallocated_pence)} on account</h2>
              <AllocateForm payment={payment} />
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
