import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { londonDate } from '@hcm/contract/engine';
import { api, Button, EmptyState, kitStyles, PageHeader, useCan, useRouteName, useSession } from '@hcm/kit';
import { apiKey, useApiMutation } from '@hcm/kit/data';
import { applyServerErrors, formStyles, SelectField, TextAreaField, TextField } from '@hcm/kit/forms';
import { ListTable, type Column } from '@hcm/kit/table';
import * as v from 'valibot';
import { PAYMENT_METHODS, positivePence, type PaymentDetail, type PaymentRow } from '../../contract/ledger';
import { typedInPounds } from '../../contract/money';
import { LEDGER, payerOfValue, payerParams, payerValue, useListState, usePayers } from './common';
import styles from './ledger.module.css';
import { formatDate, formatMoney } from '@hcm/contract/format';

const METHOD_WORDS: Record<string, string> = Object.fromEntries(PAYMENT_METHODS.map((method) => [method.value, method.label]));

const columns: Column<PaymentRow>[] = [
  { key: 'received_on', label: 'Received', sortable: true, render: (row) => <Link to={`/app/finance/allocation/${row.id}`}>{formatDate(row.received_on)}</Link> },
  { key: 'payer_name', label: 'Payer', sortable: true, render: (row) => `${row.payer_name} (${row.payer_kind === 'funder' ? 'funder' : 'private client'})` },
  { key: 'reference', label: 'Reference', sortable: true },
  { key: 'method', label: 'Method', sortable: true, render: (row) => METHOD_WORDS[row.method] ?? row.method },
  { key: 'amount_pence', label: 'Amount', sortable: true, align: 'end', render: (row) => <span className={kitStyles.money}>{formatMoney(row.amount_pence)}</span> },
  { key: 'unallocated_pence', label: 'On account (not allocated)', sortable: true, align: 'end', render: (row) => <span className={kitStyles.money}>{row.unallocated_pence ? formatMoney(row.unallocated_pence) : 'Fully allocated'}</span> },
  { key: 'branch', label: 'Branch' },
];

type PaymentFilters = { payer: string; method: string; unallocated: string; from: string; to: string; search: string };

type PaymentForm = { branch_id: string; payer: string; received_on: string; amount_pence: string; method: string; reference: string; notes: string };

/** The amount is typed in pounds and sent as integer pence, checked by the API's own rule for it. */
const AMOUNT_IN_POUNDS = typedInPounds('Amount', positivePence('Amount'));

/** "Record a payment": who paid, when, how much and how; then on to allocating it. */
function RecordPayment() {
  const navigate = useNavigate();
  const payers = usePayers();
  const branches = useSession((state) => state.user?.branches ?? []);
  const form = useForm<PaymentForm>({
    defaultValues: { branch_id: branches.length === 1 ? String(branches[0]!.id) : '', payer: '', received_on: londonDate(), amount_pence: '', method: 'bacs', reference: '', notes: '' },
  });
  const [message, setMessage] = useState('');
  const record = useApiMutation<PaymentDetail, Record<string, unknown>>({ request: (body) => api.post<PaymentDetail>(LEDGER.payments, body), invalidates: [apiKey(LEDGER.payments)] });
  const submit = form.handleSubmit(async ({ payer, ...values }) => {
    setMessage('');
    const chosen = payerOfValue(payer);
    if (!chosen) return form.setError('payer', { message: 'Choose who paid.' }, { shouldFocus: true });
    const amount = v.safeParse(AMOUNT_IN_POUNDS, values.amount_pence);
    if (!amount.success) return form.setError('amount_pence', { message: amount.issues[0].message }, { shouldFocus: true });
    const answer = await record.submit({ ...values, ...chosen, amount_pence: amount.output });
    if (!answer.error && answer.data) return navigate(`/app/finance/allocation/${answer.data.id}`);
    if (answer.httpStatus === 422 && answer.errors) {
      const { funder_code_id, client_id, payer_kind, ...rest } = answer.errors;
      const payerError = funder_code_id ?? client_id ?? payer_kind;
      return applyServerErrors(form.setError, payerError ? { payer: payerError, ...rest } : rest);
    }
    setMessage(answer.message || 'The payment could not be recorded.');
  });
  return (
    <section aria-labelledby="record-payment">
      <h2 id="record-payment">Record a payment</h2>
      <FormProvider {...form}>
        <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Record a payment">
          <div className={formStyles.grid}>
            <SelectField name="branch_id" label="Branch" options={[{ value: '', label: 'Choose a branch' }, ...branches.map((branch) => ({ value: String(branch.id), label: branch.name }))]} />
            <SelectField
              name="payer"
              label="Paid by"
              options={[{ value: '', label: 'Choose who paid' }, ...payers.map((payer) => ({ value: payerValue(payer), label: `${payer.payer_kind === 'funder' ? 'Funder' : 'Client'}: ${payer.name}` }))]}
            />
            <TextField name="received_on" label="Received on" type="date" />
            <TextField name="amount_pence" label="Amount (£)" inputMode="decimal" hint="e.g. 240.50" />
            <SelectField name="method" label="Method" options={PAYMENT_METHODS.map((method) => ({ value: method.value, label: method.label }))} />
            <TextField name="reference" label="Reference" hint="The remittance or cheque number" />
          </div>
          <TextAreaField name="notes" label="Notes" rows={2} />
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              Record the payment
            </Button>
          </div>
          {message ? (
            <p role="alert" className={styles.error}>
              {message}
            </p>
          ) : null}
        </form>
      </FormProvider>
    </section>
  );
}

/** /app/finance/allocation: payments received, what of each is still on account, and recording a new one. */
export function Allocation() {
  useRouteName('Payments and allocation');
  const can = useCan();
  const payers = usePayers();
  const list = useListState<PaymentRow, PaymentFilters>(LEDGER.payments, { payer: '', method: '', unallocated: '', from: '', to: '', search: '' }, { sort: 'received_on', mode: 'desc' }, payerParams);
  return (
    <div className={styles.screen}>
      <PageHeader title="Payments and allocation" actions={<Link to="/app/finance/statements">Statements</Link>} />
      <form className={styles.filters} aria-label="Filter payments" onSubmit={(event) => event.preventDefault()}>
        <label>
          Payer
          <select value={list.filters.payer} onChange={(event) => list.choose('payer', event.target.value)}>
            <option value="">Everyone</option>
            {payers.map((choice) => (
              <option key={payerValue(choice)} value={payerValue(choice)}>
                {choice.payer_kind === 'funder' ? 'Funder' : 'Client'}: {choice.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Method
          <select value={list.filters.method} onChange={(event) => list.choose('method', event.target.value)}>
            <option value="">Any</option>
            {PAYMENT_METHODS.map((method) => (
              <option key={method.value} value={method.value}>
                {method.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Received from
          <input type="date" value={list.filters.from} onChange={(event) => list.choose('from', event.target.value)} />
        </label>
        <label>
          Received to
          <input type="date" value={list.filters.to} onChange={(event) => list.choose('to', event.target.value)} />
        </label>
        <label>
          Search
          <input type="search" value={list.filters.search} onChange={(event) => list.choose('search', event.target.value)} />
        </label>
        <label>
          <span>
            <input type="checkbox" checked={list.filters.unallocated === 'true'} onChange={(event) => list.choose('unallocated', event.target.checked ? 'true' : '')} /> Only with money on account
          </span>
        </label>
      </form>
      <ListTable<PaymentRow>
        caption="Payments received"
        columns={columns}
        {...list.table}
        rowKey={(row) => row.id}
        empty={<EmptyState>No payment matches.</EmptyState>}
      />
      {can('finance.payments') ? <RecordPayment /> : null}
    </div>
  );
}
