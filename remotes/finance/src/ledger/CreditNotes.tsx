import { Link } from 'react-router-dom';
import { EmptyState, kitStyles, PageHeader, useRouteName } from '@hcm/kit';
import { ListTable, type Column } from '@hcm/kit/table';
import type { CreditNoteRow } from '../../contract/ledger';
import { LEDGER, payerParams, payerValue, useListState, usePayers } from './common';
import styles from './ledger.module.css';
import { formatDate, formatMoney } from '@hcm/contract/format';

const columns: Column<CreditNoteRow>[] = [
  { key: 'number', label: 'Credit note', sortable: true, render: (row) => <Link to={`/app/scheduler/credit-note/${encodeURIComponent(row.number)}`}>{row.number}</Link> },
  { key: 'issue_date', label: 'Issued', sortable: true, render: (row) => formatDate(row.issue_date) },
  { key: 'invoice_number', label: 'Invoice', sortable: true, render: (row) => <Link to={`/app/finance/invoices/${row.invoice_id}`}>{row.invoice_number}</Link> },
  { key: 'payer_name', label: 'Payer', sortable: true },
  { key: 'reason', label: 'Reason' },
  { key: 'line_count', label: 'Lines', render: (row) => <span className={kitStyles.numeric}>{row.line_count}</span> },
  { key: 'total_pence', label: 'Amount', sortable: true, align: 'end', render: (row) => <span className={kitStyles.money}>{formatMoney(row.total_pence)}</span> },
  { key: 'created_by_name', label: 'By' },
];

type Filters = { payer: string; from: string; to: string; search: string };

/** /app/finance/credit-notes: every credit note of the user's branches, each linked to its invoice and its print. */
export function CreditNotes() {
  useRouteName('Credit notes');
  const payers = usePayers();
  const list = useListState<CreditNoteRow, Filters>(LEDGER.creditNotes, { payer: '', from: '', to: '', search: '' }, { sort: 'issue_date', mode: 'desc' }, payerParams);
  return (
    <div className={styles.screen}>
      <PageHeader title="Credit notes" actions={<Link to="/app/scheduler/credit-notes">Print all credit notes</Link>} />
      <form className={styles.filters} aria-label="Filter credit notes" onSubmit={(event) => event.preventDefault()}>
        <label>
          Payer
          <select value={list.filters.payer} onChange={(event) => list.choose('payer', event.target.value)}>
            <option value="">Everyone</option>
            {payers.map((payer) => (
              <option key={payerValue(payer)} value={payerValue(payer)}>
                {payer.payer_kind === 'funder' ? 'Funder' : 'Client'}: {payer.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Issued from
          <input type="date" value={list.filters.from} onChange={(event) => list.choose('from', event.target.value)} />
        </label>
        <label>
          Issued to
          <input type="date" value={list.filters.to} onChange={(event) => list.choose('to', event.target.value)} />
        </label>
        <label>
          Search
          <input type="search" value={list.filters.search} onChange={(event) => list.choose('search', event.target.value)} />
        </label>
      </form>
      <ListTable<CreditNoteRow>
        caption="Credit notes"
        columns={columns}
        {...list.table}
        rowKey={(row) => row.id}
        empty={<EmptyState>No credit note matches. Credit lines from an invoice’s page.</EmptyState>}
      />
    </div>
  );
}
