import { useState } from 'react';
import { Link } from 'react-router-dom';
import { londonDate } from '@hcm/contract/engine';
import { ErrorPanel, Loading, PageHeader, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import type { Statement } from '../../contract/ledger';
import { LEDGER, payerOfValue, payerValue, usePayers } from './common';
import styles from './ledger.module.css';
import { formatDate, formatMoney } from '@hcm/contract/format';

const KIND_WORDS = { invoice: 'Invoice', 'credit-note': 'Credit note', payment: 'Payment' } as const;

const firstOfYear = (day: string) => `${day.slice(0, 4)}-01-01`;

/** A statement's table: opening balance, each line with its running balance, closing balance and on account. */
export function StatementTable({ statement }: { statement: Statement }) {
  return (
    <>
      <div className={styles.wrap}>
        <table className={styles.table}>
          <caption>
            Statement of {statement.payer_name}, {formatDate(statement.from)} to {formatDate(statement.to)}
          </caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col">Reference</th>
              <th scope="col">Details</th>
              <th scope="col" className={styles.number}>Debit</th>
              <th scope="col" className={styles.number}>Credit</th>
              <th scope="col" className={styles.number}>Balance</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{formatDate(statement.from)}</td>
              <td colSpan={5}>Opening balance</td>
              <td className={styles.number}>{formatMoney(statement.opening_balance_pence)}</td>
            </tr>
            {statement.lines.map((line) => (
              <tr key={`${line.kind}-${line.id}`}>
                <td>{formatDate(line.date)}</td>
                <td>{KIND_WORDS[line.kind]}</td>
                <td>{line.kind === 'invoice' ? <Link to={`/app/finance/invoices/${line.id}`}>{line.reference}</Link> : line.kind === 'payment' ? <Link to={`/app/finance/allocation/${line.id}`}>{line.reference || 'Payment'}</Link> : line.reference}</td>
                <td>{line.description}</td>
                <td className={styles.number}>{line.debit_pence ? formatMoney(line.debit_pence) : ''}</td>
                <td className={styles.number}>{line.credit_pence ? formatMoney(line.credit_pence) : ''}</td>
                <td className={styles.number}>{formatMoney(line.balance_pence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className={styles.figures} aria-label="Statement totals">
        <div><dt>Opening balance</dt><dd>{formatMoney(statement.opening_balance_pence)}</dd></div>
        <div><dt>Invoiced</dt><dd>{formatMoney(statement.total_debit_pence)}</dd></div>
        <div><dt>Credited and paid</dt><dd>{formatMoney(statement.total_credit_pence)}</dd></div>
        <div><dt>Closing balance</dt><dd>{formatMoney(statement.closing_balance_pence)}{statement.closing_balance_pence < 0 ? ' (in credit)' : ''}</dd></div>
        <div><dt>On account</dt><dd>{formatMoney(statement.on_account_pence)}</dd></div>
      </dl>
    </>
  );
}

/** /app/finance/statements: a payer and a period → their statement; a private client's links to the printable one. */
export function Statements() {
  useRouteName('Statements');
  const payers = usePayers();
  const today = londonDate();
  const [choice, setChoice] = useState({ payer: '', from: firstOfYear(today), to: today });
  const payer = payerOfValue(choice.payer);
  const params = payer ? { payer_kind: payer.payer_kind, funder_code_id: payer.funder_code_id ?? '', client_id: payer.client_id ?? '', from: choice.from, to: choice.to } : undefined;
  const query = useApiQuery<Statement>(LEDGER.statements, params, { enabled: Boolean(payer && choice.from && choice.to), failure: 'The statement could not be made.' });
  return (
    <div className={styles.screen}>
      <PageHeader title="Statements" />
      <form className={styles.filters} aria-label="Choose the statement" onSubmit={(event) => event.preventDefault()}>
        <label>
          Payer
          <select value={choice.payer} onChange={(event) => setChoice({ ...choice, payer: event.target.value })}>
            <option value="">Choose a payer</option>
            {payers.map((option) => (
              <option key={payerValue(option)} value={payerValue(option)}>
                {option.payer_kind === 'funder' ? 'Funder' : 'Client'}: {option.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={choice.from} onChange={(event) => setChoice({ ...choice, from: event.target.value })} />
        </label>
        <label>
          To
          <input type="date" value={choice.to} onChange={(event) => setChoice({ ...choice, to: event.target.value })} />
        </label>
      </form>
      {!payer ? <p>Choose a payer to see their statement.</p> : null}
      {payer && query.error ? <ErrorPanel title="The statement could not be made">{query.error.message}</ErrorPanel> : null}
      {payer && query.isLoading ? <Loading label="Making the statement…" /> : null}
      {payer && query.data ? (
        <>
          {payer.payer_kind === 'client' ? (
            <Link to={`/app/scheduler/client-statement/${payer.client_id}?from=${choice.from}&to=${choice.to}`}>Printable client statement</Link>
          ) : null}
          <StatementTable statement={query.data} />
        </>
      ) : null}
    </div>
  );
}
