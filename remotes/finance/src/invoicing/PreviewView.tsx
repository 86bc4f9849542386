import { WARNING_WORDS, type RunPreview } from '../../contract/invoicing';
import { periodWords } from './common';
import styles from './invoicing.module.css';
import { formatDate, formatMoney, formatTime } from '@hcm/contract/format';

export function RunTotals({ preview }: { preview: RunPreview }) {
  return (
    <dl className={styles.totals} aria-label="Totals">
      <div>
        <dt>Invoices</dt>
        <dd>{preview.totals.invoices}</dd>
      </div>
      <div>
        <dt>Visits charged</dt>
        <dd>{preview.totals.lines}</dd>
      </div>
      <div>
        <dt>Total</dt>
        <dd>{formatMoney(preview.totals.total_pence)}</dd>
      </div>
      <div>
        <dt>Left out (not confirmed)</dt>
        <dd>{preview.excluded.length}</dd>
      </div>
      <div>
        <dt>Missing rates</dt>
        <dd>{preview.missing_rates.length}</dd>
      </div>
    </dl>
  );
}

/** What stops a run posting, and what it leaves out: in words. */
export function RunProblems({ preview }: { preview: RunPreview }) {
  return (
    <>
      {preview.missing_rates.length ? (
        <section aria-label="Missing rates">
          <h3>Missing rates: the run cannot be generated until they are on the rate card</h3>
          <table className={styles.table}>
            <caption className={styles.muted}>Rates missing per funder, kind of day and time</caption>
            <thead>
              <tr>
                <th scope="col">Funder</th>
                <th scope="col">Day</th>
                <th scope="col">Time</th>
                <th scope="col">What is missing</th>
                <th scope="col" className={styles.number}>Visits</th>
              </tr>
            </thead>
            <tbody>
              {preview.missing_rates.map((rate) => (
                <tr key={`${rate.funder_code_id}-${rate.day_kind}-${rate.time}`}>
                  <td>{rate.funder}</td>
                  <td>{rate.day_kind}</td>
                  <td>{rate.time}</td>
                  <td>{rate.what}</td>
                  <td className={styles.number}>{rate.visit_ids.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {preview.excluded.length ? (
        <section aria-label="Left out">
          <h3>Left out: not confirmed yet (they stay unclaimed)</h3>
          <ul>
            {preview.excluded.map((visit) => (
              <li key={visit.visit_id}>
                {visit.client_name}, {formatDate(visit.visit_date)} (visit {visit.visit_id}): {visit.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The full preview: each invoice with its lines and each line's warnings in words. */
export function PreviewView({ preview }: { preview: RunPreview }) {
  return (
    <section aria-label="Preview" className={styles.screen}>
      <h2>Preview: {periodWords(preview.request.period_from, preview.request.period_to)}, issued {formatDate(preview.request.issue_date)}</h2>
      <RunTotals preview={preview} />
      <RunProblems preview={preview} />
      {preview.discrepancies.length ? (
        <p>
          {preview.discrepancies.length} {preview.discrepancies.length === 1 ? 'visit has' : 'visits have'} actual and planned times more than 10 minutes apart; each is marked on its line.
        </p>
      ) : null}
      {preview.invoices.length === 0 ? <p>Nothing to invoice: no confirmed visit of the period is left unclaimed.</p> : null}
      {preview.invoices.map((invoice) => (
        <article key={`${invoice.payer_kind}-${invoice.funder_code_id}-${invoice.client_id}`} className={styles.invoice} aria-label={`Invoice to ${invoice.payer_name}`}>
          <h3>
            {invoice.payer_name}: {formatMoney(invoice.total_pence)}
          </h3>
          <p className={styles.muted}>
            {invoice.lines.length} {invoice.lines.length === 1 ? 'visit' : 'visits'} · due {formatDate(invoice.due_date)}
            {invoice.purchase_order ? ` · PO ${invoice.purchase_order}` : ''}
            {invoice.payer_email ? ` · sent to ${invoice.payer_email}` : ' · no email address: print and post it'}
          </p>
          <div className={styles.wrap}>
            <table className={styles.table}>
              <caption className={styles.muted}>Lines of the invoice to {invoice.payer_name}</caption>
              <thead>
                <tr>
                  <th scope="col">Client</th>
                  <th scope="col">Day</th>
                  <th scope="col">Time</th>
                  <th scope="col">Rate</th>
                  <th scope="col" className={styles.number}>Minutes</th>
                  <th scope="col" className={styles.number}>Amount</th>
                  <th scope="col">How it was worked out</th>
                  <th scope="col">Warnings</th>
                </tr>
              </thead>
              <tbody>
                {invoice.lines.map((line) => (
                  <tr key={line.visit_id}>
                    <td>{line.client_label}</td>
                    <td>{formatDate(line.visit_date)}</td>
                    <td>
                      {formatTime(line.planned_start)}–{formatTime(line.planned_end)}
                    </td>
                    <td>{line.charged_as || line.rate_label}</td>
                    <td className={styles.number}>{line.billed_minutes}</td>
                    <td className={styles.number}>{formatMoney(line.amount_pence)}</td>
                    <td>{line.explanation}</td>
                    <td className={styles.warning}>{line.warnings.map((warning) => WARNING_WORDS[warning]).join('; ') || 'None'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </article>
      ))}
    </section>
  );
}
