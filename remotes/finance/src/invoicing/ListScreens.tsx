import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { api, Button, EmptyState, kitStyles, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { Modal } from '@hcm/kit/elements';
import { formStyles } from '@hcm/kit/forms';
import { useSavedFilter } from '@hcm/kit/storage';
import { ListTable, type Column } from '@hcm/kit/table';
import type { Page } from '@hcm/contract';
import type { InvoiceRow, InvoiceRunRow, UnclaimedVisit } from '../../contract/invoicing';
import { INVOICES, lastMonth, periodWords, RUNS, STATUS_WORDS, UNCLAIMED, useBranchChoices, useFunders, usePagedList } from './common';
import { GenerateRun } from './RunScreens';
import styles from './invoicing.module.css';
import { formatDate, formatMoney } from '@hcm/contract/format';

const invoiceColumns: Column<InvoiceRow>[] = [
  { key: 'number', label: 'Number', sortable: true, render: (row) => <Link to={`/app/finance/invoices/${row.id}`}>{row.number}</Link> },
  { key: 'payer_name', label: 'Payer', sortable: true },
  { key: 'period', label: 'Period', render: (row) => periodWords(row.period_from, row.period_to) },
  { key: 'issue_date', label: 'Issued', sortable: true, render: (row) => formatDate(row.issue_date) },
  { key: 'due_date', label: 'Due', sortable: true, render: (row) => formatDate(row.due_date) },
  { key: 'total_pence', label: 'Total', sortable: true, align: 'end', render: (row) => <span className={kitStyles.money}>{formatMoney(row.total_pence)}</span> },
  { key: 'outstanding_pence', label: 'Outstanding', sortable: true, align: 'end', render: (row) => <span className={kitStyles.money}>{formatMoney(row.outstanding_pence)}</span> },
  { key: 'status', label: 'Status', sortable: true, render: (row) => STATUS_WORDS[row.status] ?? row.status },
  { key: 'print', label: 'Print', render: (row) => <Link to={`/app/scheduler/invoice/${encodeURIComponent(row.number)}`}>PDF of {row.number}</Link> },
];

const runColumns: Column<InvoiceRunRow>[] = [
  { key: 'period_from', label: 'Period', sortable: true, render: (row) => periodWords(row.period_from, row.period_to) },
  { key: 'branch', label: 'Branch', sortable: true },
  { key: 'funder', label: 'Funder', sortable: true, render: (row) => (row.payer_kind === 'client' ? `Private clients${row.funder ? ` (${row.funder})` : ''}` : row.funder) },
  { key: 'invoice_count', label: 'Invoices', sortable: true, align: 'end', render: (row) => <span className={kitStyles.numeric}>{row.invoice_count}</span> },
  { key: 'total_pence', label: 'Total', sortable: true, align: 'end', render: (row) => <span className={kitStyles.money}>{formatMoney(row.total_pence)}</span> },
  { key: 'status', label: 'Status', sortable: true, render: (row) => (row.status === 'reset' ? `Reset: ${row.reset_reason}` : 'Posted') },
  { key: 'created_at', label: 'Posted', sortable: true, render: (row) => `${formatDate(row.created_at)} by ${row.created_by_name || 'unknown'}` },
];

function invoiceTable(caption: string, list: ReturnType<typeof usePagedList<InvoiceRow, Record<string, string>>>, empty: string) {
  return (
    <ListTable<InvoiceRow>
      caption={caption}
      columns={invoiceColumns}
      {...list.table}
      rowKey={(row) => row.id}
      empty={<EmptyState>{empty}</EmptyState>}
    />
  );
}

/** /app/finance/raised: every raised invoice; the period kept in `finance_date`, the search in `finance_name`. */
export function Raised() {
  useRouteName('Raised invoices');
  const [period, setPeriod] = useSavedFilter('finance_date', { from: '', to: '' });
  const [name, setName] = useSavedFilter('finance_name', { search: '' });
  const [other, setOther] = useState({ payer_kind: '', status: '' });
  const list = usePagedList<InvoiceRow, Record<string, string>>(INVOICES, { ...period, ...name, ...other }, { sort: 'number', mode: 'desc' }, 'The invoices could not be loaded.');
  const change = (apply: () => void) => {
    apply();
    list.firstPage();
  };
  return (
    <div className={styles.screen}>
      <PageHeader title="Raised invoices" />
      <form className={styles.filters} aria-label="Filter invoices" onSubmit={(event) => event.preventDefault()}>
        <label>
          Number or payer
          <input type="search" value={name.search} onChange={(event) => change(() => setName({ search: event.target.value }))} />
        </label>
        <label>
          Issued from
          <input type="date" value={period.from} onChange={(event) => change(() => setPeriod({ ...period, from: event.target.value }))} />
        </label>
        <label>
          Issued to
          <input type="date" value={period.to} onChange={(event) => change(() => setPeriod({ ...period, to: event.target.value }))} />
        </label>
        <label>
          Payer
          <select value={other.payer_kind} onChange={(event) => change(() => setOther({ ...other, payer_kind: event.target.value }))}>
            <option value="">Funders and private clients</option>
            <option value="funder">Funders</option>
            <option value="client">Private clients</option>
          </select>
        </label>
        <label>
          Status
          <select value={other.status} onChange={(event) => change(() => setOther({ ...other, status: event.target.value }))}>
            <option value="">Any</option>
            {Object.entries(STATUS_WORDS)
              .filter(([value]) => value !== 'reset')
              .map(([value, words]) => (
                <option key={value} value={value}>
                  {words}
                </option>
              ))}
          </select>
        </label>
      </form>
      {invoiceTable('Raised invoices of your branches', list, 'No invoice matches these filters.')}
    </div>
  );
}

/** Why a run cannot be reset, in words (the server's rule: runs.ts, `invoiceActedOn`). */
const notResettable = (run: InvoiceRunRow) =>
  run.status === 'reset' ? 'Already reset' : 'Cannot be reset: an invoice was sent, credited or paid. Credit it instead.';

/**
 * A run's reset in a dialog: what will happen, a reason, then the server's answer (a refusal, if something changed
 * meanwhile, says which invoice was sent, credited or paid). What was typed stays when it is refused.
 */
function ResetRunDialog({ run, onClose, onDone }: { run: InvoiceRunRow; onClose: () => void; onDone: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const reasonId = useId();
  const errorId = useId();
  const reset = useApiMutation<InvoiceRunRow, string>({ request: (text) => api.post<InvoiceRunRow>(`${RUNS}/${run.id}/reset`, { reason: text }), invalidates: [apiKey(RUNS), apiKey(INVOICES)] });
  const submit = async () => {
    setError('');
    const answer = await reset.submit(reason);
    if (!answer.error) return onDone(answer.message || `Run ${run.id} reset.`);
    setError(answer.errors?.reason?.[0] ?? answer.message ?? 'The run could not be reset.');
  };
  const who = run.payer_kind === 'client' ? `private clients${run.funder ? ` (${run.funder})` : ''}` : run.funder;
  const invoicesWord = run.invoice_count === 1 ? 'invoice' : 'invoices';
  return (
    <Modal open title={`Reset run ${run.id}?`} onClose={onClose}>
      <form
        aria-label={`Reset run ${run.id}`}
        className={formStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p>
          Run {run.id}: {who}, {periodWords(run.period_from, run.period_to)}, {run.branch}; {run.invoice_count} {invoicesWord}, {formatMoney(run.total_pence)}.
        </p>
        <ul>
          <li>
            Its {run.invoice_count} {invoicesWord} become void. Their numbers are kept, marked void, so the numbering has no gap.
          </li>
          <li>Their visits can be invoiced again, in a new run.</li>
          <li>The reset and your reason are kept in the audit trail. It cannot be undone.</li>
        </ul>
        <div className={[formStyles.field, error ? formStyles.invalid : ''].join(' ')}>
          <label htmlFor={reasonId}>Reason for resetting run {run.id}</label>
          <textarea
            id={reasonId}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {error ? (
            <span id={errorId} role="alert" className={formStyles.invalidMessage}>
              {error}
            </span>
          ) : null}
        </div>
        <div className={formStyles.actions}>
          <Button type="submit" disabled={reset.isPending}>
            Reset run {run.id}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Keep the run
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * /app/finance/reset: posted runs; the reset is offered only on a run the server would reset (none of its invoices
 * sent, credited or paid: `resettable`), in a dialog that says what will happen and asks why.
 */
export function Reset() {
  useRouteName('Reset a run');
  const can = useCan();
  const list = usePagedList<InvoiceRunRow, Record<string, string>>(RUNS, { status: 'posted' }, { sort: 'period_from', mode: 'desc' }, 'The runs could not be loaded.');
  const [chosen, setChosen] = useState<InvoiceRunRow | null>(null);
  const [done, setDone] = useState('');
  const columns: Column<InvoiceRunRow>[] = [
    ...runColumns,
    {
      key: 'reset',
      label: 'Reset',
      render: (row) =>
        !can('finance.invoices.generate') ? null : row.resettable ? (
          <Button variant="secondary" onClick={() => (setDone(''), setChosen(row))}>
            Reset run {row.id}
          </Button>
        ) : (
          <span className={styles.muted}>{notResettable(row)}</span>
        ),
    },
  ];
  return (
    <div className={styles.screen}>
      <PageHeader title="Reset a run" />
      <p className={styles.muted}>
        A run can be reset while none of its invoices has been sent, credited or paid: its invoices become void and its visits can be invoiced again.
        Once an invoice has gone out, correct it with a credit note.
      </p>
      {done ? <p role="status">{done}</p> : null}
      {chosen ? (
        <ResetRunDialog
          key={chosen.id}
          run={chosen}
          onClose={() => setChosen(null)}
          onDone={(message) => {
            setChosen(null);
            setDone(message);
          }}
        />
      ) : null}
      <ListTable<InvoiceRunRow>
        caption="Posted invoice runs"
        columns={columns}
        {...list.table}
        rowKey={(row) => row.id}
        empty={<EmptyState>No posted run to reset.</EmptyState>}
      />
    </div>
  );
}

/** /app/finance/batch-invoice: funders' invoices by funder — its runs and its invoices. */
export function BatchInvoice() {
  useRouteName('Funder batch invoices');
  const funders = useFunders().filter((funder) => funder.funder_type !== 'private');
  const [funderId, setFunderId] = useState('');
  const runs = usePagedList<InvoiceRunRow, Record<string, string>>(RUNS, { payer_kind: 'funder', funder_code_id: funderId }, { sort: 'period_from', mode: 'desc' }, 'The runs could not be loaded.');
  const invoices = usePagedList<InvoiceRow, Record<string, string>>(INVOICES, { payer_kind: 'funder', funder_code_id: funderId }, { sort: 'number', mode: 'desc' }, 'The invoices could not be loaded.');
  return (
    <div className={styles.screen}>
      <PageHeader title="Funder batch invoices" actions={<Link to="/app/finance/generate">Generate invoices</Link>} />
      <form className={styles.filters} aria-label="Choose a funder" onSubmit={(event) => event.preventDefault()}>
        <label>
          Funder
          <select
            value={funderId}
            onChange={(event) => {
              setFunderId(event.target.value);
              runs.firstPage();
              invoices.firstPage();
            }}
          >
            <option value="">Every funder</option>
            {funders.map((funder) => (
              <option key={funder.id} value={funder.id}>
                {funder.name}
              </option>
            ))}
          </select>
        </label>
      </form>
      <h2>Runs</h2>
      <ListTable<InvoiceRunRow>
        caption="Funders' invoice runs"
        columns={runColumns}
        {...runs.table}
        rowKey={(row) => row.id}
        empty={<EmptyState>No run for this funder yet.</EmptyState>}
      />
      <h2>Invoices</h2>
      {invoiceTable("Funders' invoices", invoices, 'No invoice for this funder yet.')}
    </div>
  );
}

/** /app/finance/client-invoice: private clients' invoices, and generating them (for every private client or one). */
export function ClientInvoice() {
  useRouteName('Private client invoices');
  const month = lastMonth();
  const funders = useFunders();
  const privateIds = new Set(funders.filter((funder) => funder.funder_type === 'private').map((funder) => funder.id));
  // The clients with something to invoice: private funders' unclaimed visits of the last two months.
  const unclaimed = useApiQuery<Page<UnclaimedVisit>>(UNCLAIMED, { from: month.from, page_size: 100, sort: 'client_name', mode: 'asc' }, { failure: 'The unclaimed visits could not be loaded.' });
  const clients = [...new Map((unclaimed.data?.data ?? []).filter((row) => row.funder_code_id !== null && privateIds.has(row.funder_code_id)).map((row) => [row.client_id, { id: row.client_id, name: row.client_name }])).values()];
  const invoices = usePagedList<InvoiceRow, Record<string, string>>(INVOICES, { payer_kind: 'client' }, { sort: 'number', mode: 'desc' }, 'The invoices could not be loaded.');
  return (
    <div className={styles.screen}>
      <PageHeader title="Private client invoices" />
      <h2>Generate for private clients</h2>
      <GenerateRun title="Private clients' invoice run" fixedPayer="client" clients={clients} initial={{ payer_kind: 'client' }} />
      <h2>Private clients' invoices</h2>
      {invoiceTable("Private clients' invoices", invoices, 'No private client has been invoiced yet.')}
    </div>
  );
}

const unclaimedColumns: Column<UnclaimedVisit>[] = [
  { key: 'visit_date', label: 'Day', sortable: true, render: (row) => formatDate(row.visit_date) },
  { key: 'client_name', label: 'Client', sortable: true },
  { key: 'funder', label: 'Funder', sortable: true, render: (row) => row.funder || 'None' },
  { key: 'status', label: 'Visit', render: (row) => (row.status === 'cancelled' ? 'Cancelled (chargeable)' : 'Delivered') },
  { key: 'amount_pence', label: 'Charge', sortable: true, align: 'end', render: (row) => (row.amount_pence === null ? `Cannot be charged: ${row.reason}` : <span className={kitStyles.money}>{formatMoney(row.amount_pence)}</span>) },
  { key: 'explanation', label: 'How it is worked out', render: (row) => row.explanation },
];

/** /app/finance/unclaimed: confirmed visits on no live invoice, with their charge or why there is none. */
export function Unclaimed() {
  useRouteName('Unclaimed visits');
  const branches = useBranchChoices();
  const funders = useFunders();
  const month = lastMonth();
  const [filters, setFilters] = useState({ from: month.from, to: '', branch_id: '', funder_code_id: '' });
  const list = usePagedList<UnclaimedVisit, Record<string, string>>(UNCLAIMED, filters, { sort: 'visit_date', mode: 'asc' }, 'The unclaimed visits could not be loaded.');
  const choose = (key: keyof typeof filters, value: string) => {
    setFilters((previous) => ({ ...previous, [key]: value }));
    list.firstPage();
  };
  return (
    <div className={styles.screen}>
      <PageHeader title="Unclaimed visits" actions={<Link to="/app/finance/generate">Generate invoices</Link>} />
      <form className={styles.filters} aria-label="Filter unclaimed visits" onSubmit={(event) => event.preventDefault()}>
        <label>
          From
          <input type="date" value={filters.from} onChange={(event) => choose('from', event.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={filters.to} onChange={(event) => choose('to', event.target.value)} />
        </label>
        <label>
          Branch
          <select value={filters.branch_id} onChange={(event) => choose('branch_id', event.target.value)}>
            <option value="">All my branches</option>
            {branches.map((branch) => (
              <option key={branch.id} value={branch.id}>
                {branch.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Funder
          <select value={filters.funder_code_id} onChange={(event) => choose('funder_code_id', event.target.value)}>
            <option value="">Every funder</option>
            {funders.map((funder) => (
              <option key={funder.id} value={funder.id}>
                {funder.name}
              </option>
            ))}
          </select>
        </label>
      </form>
      <ListTable<UnclaimedVisit>
        caption="Delivered visits not invoiced"
        columns={unclaimedColumns}
        {...list.table}
        rowKey={(row) => row.visit_id}
        empty={<EmptyState>Every delivered visit of the period is invoiced.</EmptyState>}
      />
    </div>
  );
}
