import { useState } from 'react';
import { Link } from 'react-router-dom';
import { api, Button, ErrorPanel, Loading, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import type { InvoiceDetail } from '../../contract/invoicing';
import type { ChargeWarning } from '../../contract/rates/types';
import type { CreditNoteDetail } from '../../contract/ledger';
import { LEDGER, STATUS_WORDS } from './common';
import styles from './ledger.module.css';
import { formatDate, formatHours, formatMoney } from '@hcm/contract/format';

const WARNING_WORDS: Record<ChargeWarning, string> = {
  'missing-rate': 'no rate',
  'not-verified': 'not verified',
  discrepancy: 'planned and actual times differ',
  'no-actual-times': 'no check-in or check-out: billed at planned time',
  'long-actual': 'actual time over 12 hours: check its times',
};

/** Credit some lines or the whole invoice, with a reason; the server numbers the credit note. */
function CreditLines({ invoice, chosen, clear }: { invoice: InvoiceDetail; chosen: number[]; clear: () => void }) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState('');
  const path = `${LEDGER.invoices}/${invoice.id}`;
  const credit = useApiMutation<CreditNoteDetail, number[]>({
    request: (lineIds) => api.post<CreditNoteDetail>(LEDGER.creditNotes, { invoice_id: invoice.id, line_ids: lineIds, reason }),
    invalidates: [apiKey(path), apiKey(LEDGER.creditNotes), apiKey(LEDGER.invoices)],
  });
  const submit = async (lineIds: number[]) => {
    const answer = await credit.submit(lineIds);
    setErrors(answer.errors ?? {});
    setMessage(answer.message);
    if (!answer.error) {
      setReason('');
      clear();
    }
  };
  return (
    <form className={styles.form} aria-label="Credit the invoice" onSubmit={(event) => event.preventDefault()}>
      <label>
        Reason for the credit
        <textarea value={reason} rows={2} onChange={(event) => setReason(event.target.value)} aria-invalid={errors.reason ? true : undefined} aria-describedby={errors.reason ? 'credit-reason-error' : undefined} />
      </label>
      {errors.reason ? <span id="credit-reason-error" className={styles.error}>{errors.reason[0]}</span> : null}
      <div className={styles.actions}>
        <Button onClick={() => void submit(chosen)} disabled={!chosen.length || credit.isPending}>
          Credit {chosen.length} selected {chosen.length === 1 ? 'line' : 'lines'}
        </Button>
        <Button onClick={() => void submit([])} disabled={credit.isPending}>
          Credit the whole invoice
        </Button>
      </div>
      {message ? <p role={credit.isError ? 'alert' : 'status'} className={credit.isError ? styles.error : undefined}>{errors.line_ids?.[0] ?? message}</p> : null}
    </form>
  );
}

/** /app/finance/invoices/:id: the invoice, its lines with how each was worked out, credit notes and payments. */
export function InvoiceScreen({ id }: { id: string }) {
  useRouteName('Invoice');
  const can = useCan();
  const path = `${LEDGER.invoices}/${id}`;
  const query = useApiQuery<InvoiceDetail>(path, undefined, { failure: 'The invoice could not be loaded.' });
  const [chosen, setChosen] = useState<number[]>([]);
  const [sendMessage, setSendMessage] = useState('');
  const send = useApiMutation<InvoiceDetail, void>({ request: () => api.post<InvoiceDetail>(`${path}/send`), invalidates: [apiKey(path), apiKey(LEDGER.invoices)] });
  const invoice = query.data;
  const mayCredit = can('finance.invoices.credit') && invoice && invoice.status !== 'void' && invoice.lines.some((line) => line.state === 'live');
  return (
    <div className={styles.screen}>
      <PageHeader
        title={invoice ? `Invoice ${invoice.number}` : 'Invoice'}
        actions={invoice ? <Link to={`/app/scheduler/invoice/${encodeURIComponent(invoice.number)}`}>Print the invoice</Link> : null}
      />
      {query.error ? <ErrorPanel title="The invoice could not be loaded" onRetry={() => void query.refetch()}>{query.error.message}</ErrorPanel> : null}
      {!invoice && !query.error ? <Loading label="Loading the invoice…" /> : null}
      {invoice ? (
        <>
          <dl className={styles.figures} aria-label="The invoice">
            <div><dt>To</dt><dd>{invoice.payer_name}</dd></div>
            <div><dt>Period</dt><dd>{formatDate(invoice.period_from)} to {formatDate(invoice.period_to)}</dd></div>
            <div><dt>Issued</dt><dd>{formatDate(invoice.issue_date)}</dd></div>
            <div><dt>Due</dt><dd>{formatDate(invoice.due_date)}</dd></div>
            <div><dt>Status</dt><dd>{STATUS_WORDS[invoice.status] ?? invoice.status}{invoice.sent_at ? `, sent ${formatDate(invoice.sent_at)}` : ''}</dd></div>
            <div><dt>Total</dt><dd>{formatMoney(invoice.total_pence)}</dd></div>
            <div><dt>Credited</dt><dd>{formatMoney(invoice.credited_pence)}</dd></div>
            <div><dt>Paid</dt><dd>{formatMoney(invoice.paid_pence)}</dd></div>
            <div><dt>Outstanding</dt><dd>{formatMoney(invoice.outstanding_pence)}</dd></div>
            {invoice.purchase_order ? <div><dt>Purchase order</dt><dd>{invoice.purchase_order}</dd></div> : null}
          </dl>
          <div className={styles.actions}>
            {can('finance.invoices.generate') && invoice.status !== 'void' ? (
              <Button
                onClick={async () => {
                  const answer = await send.submit();
                  setSendMessage(answer.errors?.payer_email?.[0] ?? answer.message);
                }}
                disabled={send.isPending}
              >
                {invoice.sent_at ? 'Send again' : 'Send'} to {invoice.payer_email || 'the payer'}
              </Button>
            ) : null}
            <Link to={`/app/finance/audit-trail?entity=invoice&entity_id=${invoice.id}`}>History of this invoice</Link>
          </div>
          {sendMessage ? <p role="status">{sendMessage}</p> : null}
          <div className={styles.wrap}>
            <table className={styles.table}>
              <caption>Lines ({invoice.lines.length})</caption>
              <thead>
                <tr>
                  {mayCredit ? <th scope="col">Credit</th> : null}
                  <th scope="col">Visit</th>
                  <th scope="col">Client</th>
                  <th scope="col">How it was charged</th>
                  <th scope="col" className={styles.number}>Amount</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {invoice.lines.map((line) => (
                  <tr key={line.id} className={line.state === 'live' ? undefined : styles.credited}>
                    {mayCredit ? (
                      <td>
                        {line.state === 'live' ? (
                          <input
                            type="checkbox"
                            aria-label={`Credit ${line.client_label} on ${formatDate(line.visit_date)}`}
                            checked={chosen.includes(line.id)}
                            onChange={(event) => setChosen((previous) => (event.target.checked ? [...previous, line.id] : previous.filter((other) => other !== line.id)))}
                          />
                        ) : null}
                      </td>
                    ) : null}
                    <td>{formatDate(line.visit_date)}, {formatHours(line.billed_minutes)}</td>
                    <td>{line.client_label}</td>
                    <td>{line.explanation}{line.warnings.length ? ` (⚠ ${line.warnings.map((warning) => WARNING_WORDS[warning]).join('; ')})` : ''}</td>
                    <td className={styles.number}>{formatMoney(line.amount_pence)}</td>
                    <td>{line.state === 'live' ? 'Charged' : line.state === 'credited' ? 'Credited' : 'Void'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {mayCredit ? <CreditLines invoice={invoice} chosen={chosen} clear={() => setChosen([])} /> : null}
          <section aria-labelledby="credit-notes">
            <h2 id="credit-notes">Credit notes</h2>
            {invoice.credit_notes.length ? (
              <ul>
                {invoice.credit_notes.map((note) => (
                  <li key={note.id}>
                    <Link to={`/app/scheduler/credit-note/${encodeURIComponent(note.number)}`}>{note.number}</Link>, {formatDate(note.issue_date)}: {formatMoney(note.total_pence)} ({note.reason})
                  </li>
                ))}
              </ul>
            ) : (
              <p>None.</p>
            )}
          </section>
          <section aria-labelledby="payments">
            <h2 id="payments">Payments allocated</h2>
            {invoice.allocations.length ? (
              <ul>
                {invoice.allocations.map((allocation) => (
                  <li key={allocation.id}>
                    <Link to={`/app/finance/allocation/${allocation.payment_id}`}>{allocation.reference || `Payment ${allocation.payment_id}`}</Link>, received {formatDate(allocation.received_on)}: {formatMoney(allocation.amount_pence)}
                  </li>
                ))}
              </ul>
            ) : (
              <p>None.</p>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
