import { Link } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { londonDate } from '@hcm/contract/engine';
import { ErrorPanel, Loading } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import type { InvoiceRow } from '../../contract/invoicing';
import type { CreditNoteRow, PaymentRow, Statement } from '../../contract/ledger';
import { LEDGER, STATUS_WORDS } from './common';
import styles from './ledger.module.css';
import { formatDate, formatMoney } from '@hcm/contract/format';

// Everything since the ledger began: the client's balance is the closing balance of an all-time statement.
const EPOCH = '2000-01-01';

/**
 * The client record's financials tab: the client's own account as a private payer — their invoices, credit
 * notes, payments, balance and money on account (what a funder pays for them is on the funder's invoices).
 */
export default function FinancialsTab({ clientId }: { clientId: number }) {
  const params = { payer_kind: 'client', client_id: clientId };
  const statement = useApiQuery<Statement>(LEDGER.statements, { ...params, from: EPOCH, to: londonDate() }, { failure: 'The balance could not be worked out.', retry: false });
  const invoices = useApiQuery<Page<InvoiceRow>>(LEDGER.invoices, { ...params, sort: 'issue_date', mode: 'desc', page_size: 10 }, { failure: 'The invoices could not be loaded.' });
  const credits = useApiQuery<Page<CreditNoteRow>>(LEDGER.creditNotes, { ...params, page_size: 10 }, { failure: 'The credit notes could not be loaded.' });
  const payments = useApiQuery<Page<PaymentRow>>(LEDGER.payments, { ...params, page_size: 10 }, { failure: 'The payments could not be loaded.' });
  return (
    <section aria-labelledby="client-financials" className={styles.screen}>
      <h2 id="client-financials">Financials</h2>
      {statement.data ? (
        <dl className={styles.figures} aria-label="The client's account">
          <div><dt>Balance owed</dt><dd>{formatMoney(statement.data.closing_balance_pence)}{statement.data.closing_balance_pence < 0 ? ' (in credit)' : ''}</dd></div>
          <div><dt>On account</dt><dd>{formatMoney(statement.data.on_account_pence)}</dd></div>
          <div><dt>Invoiced in all</dt><dd>{formatMoney(statement.data.total_debit_pence)}</dd></div>
        </dl>
      ) : statement.error ? (
        <p>{statement.error.message}</p>
      ) : (
        <Loading label="Working out the balance…" />
      )}
      <p>
        <Link to={`/app/scheduler/client-statement/${clientId}`}>Printable statement</Link>
      </p>
      <h3>Invoices</h3>
      {invoices.error ? <ErrorPanel title="The invoices could not be loaded">{invoices.error.message}</ErrorPanel> : null}
      {invoices.data ? (
        invoices.data.data.length ? (
          <table className={styles.table}>
            <caption>The client’s latest invoices ({invoices.data.total} in all)</caption>
            <thead>
              <tr><th scope="col">Invoice</th><th scope="col">Issued</th><th scope="col">Status</th><th scope="col" className={styles.number}>Total</th><th scope="col" className={styles.number}>Outstanding</th></tr>
            </thead>
            <tbody>
              {invoices.data.data.map((invoice) => (
                <tr key={invoice.id}>
                  <td><Link to={`/app/finance/invoices/${invoice.id}`}>{invoice.number}</Link></td>
                  <td>{formatDate(invoice.issue_date)}</td>
                  <td>{STATUS_WORDS[invoice.status] ?? invoice.status}</td>
                  <td className={styles.number}>{formatMoney(invoice.total_pence)}</td>
                  <td className={styles.number}>{formatMoney(invoice.outstanding_pence)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>No invoices to this client.</p>
        )
      ) : null}
      <h3>Credit notes</h3>
      {credits.data ? (
        credits.data.data.length ? (
          <ul>
            {credits.data.data.map((note) => (
              <li key={note.id}>{note.number}, {formatDate(note.issue_date)}, against {note.invoice_number}: {formatMoney(note.total_pence)} ({note.reason})</li>
            ))}
          </ul>
        ) : (
          <p>No credit notes.</p>
        )
      ) : null}
      <h3>Payments</h3>
      {payments.data ? (
        payments.data.data.length ? (
          <ul>
            {payments.data.data.map((payment) => (
              <li key={payment.id}>
                <Link to={`/app/finance/allocation/${payment.id}`}>{formatDate(payment.received_on)}</Link>: {formatMoney(payment.amount_pence)}
                {payment.unallocated_pence ? `, ${formatMoney(payment.unallocated_pence)} on account` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p>No payments.</p>
        )
      ) : null}
    </section>
  );
}
