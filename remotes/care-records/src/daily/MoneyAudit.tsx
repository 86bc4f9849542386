import { ukDate } from '@hcm/contract/time';
import { formatDate, formatDateTime, formatMoney } from '@hcm/contract/format';
import { useState } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { api, Button, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { SelectField, TextAreaField, TextField, valibotResolver } from '@hcm/kit/forms';
import { labelOf, MONEY_AUDIT_OUTCOMES, MoneyAuditSchema, type MoneyAuditRow, type MoneyBalance } from '../../contract';
import { clientPath, handleSaved, options, Section, shiftDay, styles } from './common';

// financial-transaction-audit: the office's periodic check of the money held for the client: the balance the
// records give for the period's end against the cash counted, receipts for every spend, discrepancies and actions.

type AuditForm = {
  period_from: string; period_to: string; cash_counted: string; counted_with: string; receipts_present: string; records_signed: string;
  discrepancies: { entry_date: string; description: string; amount: string; explanation: string }[]; outcome: string; actions: string;
};

const YES_NO = [{ value: '', label: 'Choose' }, { value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }];

function NewAudit({ clientId, onDone }: { clientId: number; onDone: () => void }) {
  const form = useForm<AuditForm>({
    resolver: valibotResolver(MoneyAuditSchema),
    defaultValues: { period_from: shiftDay(ukDate(), -27), period_to: ukDate(), cash_counted: '', counted_with: '', receipts_present: '', records_signed: '', discrepancies: [], outcome: '', actions: '' },
  });
  const rows = useFieldArray({ control: form.control, name: 'discrepancies' });
  const [from, to] = form.watch(['period_from', 'period_to']);
  const figures = useApiQuery<MoneyBalance>(clientPath(clientId, 'money/balance'), { from, on: to }, { enabled: Boolean(from && to), failure: 'The records’ figures could not be loaded.' });
  const save = useApiMutation<MoneyAuditRow, AuditForm>({ request: (values) => api.post<MoneyAuditRow>(clientPath(clientId, 'money/audits'), values), invalidates: [apiKey(clientPath(clientId, 'money/audits'))] });
  const handleSave = form.handleSubmit(async () => {
    if (handleSaved(await save.submit(form.getValues()), form, 'The audit could not be saved.')) onDone();
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label="Audit the money held">
        <div className={styles.grid}>
          <TextField name="period_from" label="Period from" type="date" />
          <TextField name="period_to" label="Period to" type="date" />
        </div>
        <div aria-live="polite">
          {figures.data ? (
            <dl className={styles.facts} aria-label="What the records say">
              <dt>Balance per records on {formatDate(figures.data.on)}</dt>
              <dd>{formatMoney(figures.data.balance_pence)}</dd>
              <dt>Spends in the period</dt>
              <dd>{figures.data.spends}</dd>
              <dt>Spends without a receipt</dt>
              <dd>
                {figures.data.spends_without_receipt.length === 0
                  ? 'None'
                  : figures.data.spends_without_receipt.map((spend) => `${formatDate(spend.transaction_date)}: ${formatMoney(spend.amount_pence)} ${spend.description} (${spend.no_receipt_reason})`).join('; ')}
              </dd>
            </dl>
          ) : figures.error ? <p className={styles.error}>{figures.error.message}</p> : null}
        </div>
        <div className={styles.grid}>
          <TextField name="cash_counted" label="Cash counted (£)" inputMode="decimal" />
          <TextField name="counted_with" label="Counted with (witness)" />
          <SelectField name="receipts_present" label="Is there a receipt for every spend?" options={YES_NO} />
          <SelectField name="records_signed" label="Is every entry signed, and witnessed where needed?" options={YES_NO} />
        </div>
        <fieldset className={styles.rows}>
          <legend>Discrepancies</legend>
          {rows.fields.map((field, index) => (
            <div key={field.id} className={styles.row}>
              <TextField name={`discrepancies.${index}.entry_date`} label={`Discrepancy ${index + 1}: date`} type="date" />
              <TextField name={`discrepancies.${index}.description`} label={`Discrepancy ${index + 1}: what`} />
              <TextField name={`discrepancies.${index}.amount`} label={`Discrepancy ${index + 1}: amount (£)`} inputMode="decimal" />
              <TextField name={`discrepancies.${index}.explanation`} label={`Discrepancy ${index + 1}: explanation`} />
              <Button variant="secondary" onClick={() => rows.remove(index)}>Remove discrepancy {index + 1}</Button>
            </div>
          ))}
          <div>
            <Button variant="secondary" onClick={() => rows.append({ entry_date: '', description: '', amount: '', explanation: '' })}>Add a discrepancy</Button>
          </div>
        </fieldset>
        <SelectField name="outcome" label="Outcome" options={options(MONEY_AUDIT_OUTCOMES, 'Choose the outcome')} />
        <TextAreaField name="actions" label="Actions" rows={3} hint="What will be done, by whom and by when." />
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>Save audit</Button>
          <Button variant="secondary" onClick={onDone}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

export default function MoneyAudit({ clientId }: { clientId: number }) {
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const audits = useApiQuery<MoneyAuditRow[]>(clientPath(clientId, 'money/audits'), undefined, { failure: 'The audits could not be loaded.' });
  return (
    <div className={styles.screen}>
      <Section title="Money audits" actions={can('clients.edit') && !adding ? <Button onClick={() => setAdding(true)}>Audit the money held</Button> : null}>
        {adding ? <NewAudit clientId={clientId} onDone={() => setAdding(false)} /> : null}
        {audits.error ? <p className={styles.error} role="alert">{audits.error.message}</p> : null}
        {audits.data?.length === 0 ? <p className={styles.muted}>No audits yet.</p> : null}
        <ul className={styles.notes} aria-label="Money audits">
          {(audits.data ?? []).map((audit) => (
            <li key={audit.id} className={styles.note}>
              <h3>
                {formatDate(audit.period_from)} to {formatDate(audit.period_to)}: {labelOf(MONEY_AUDIT_OUTCOMES, audit.outcome)}
              </h3>
              <p className={styles.muted}>By {audit.auditor_name}, {formatDateTime(audit.audited_at)}, counted with {audit.counted_with}.</p>
              <dl className={styles.facts}>
                <dt>Balance per records</dt>
                <dd>{formatMoney(audit.balance_per_records_pence)}</dd>
                <dt>Cash counted</dt>
                <dd>{formatMoney(audit.cash_counted_pence)}</dd>
                <dt>Difference</dt>
                <dd className={audit.variance_pence !== 0 ? styles.negative : undefined}>{audit.variance_pence === 0 ? 'None' : formatMoney(audit.variance_pence)}</dd>
                <dt>Receipts</dt>
                <dd>{audit.spends_in_period} spends, {audit.spends_without_receipt} without a receipt; every spend receipted: {audit.receipts_present ? 'yes' : 'no'}</dd>
                <dt>Entries signed</dt>
                <dd>{audit.records_signed ? 'Yes' : 'No'}</dd>
              </dl>
              {audit.discrepancies.length ? (
                <table className={styles.table}>
                  <caption>Discrepancies</caption>
                  <thead>
                    <tr><th scope="col">Date</th><th scope="col">What</th><th scope="col">Amount</th><th scope="col">Explanation</th></tr>
                  </thead>
                  <tbody>
                    {audit.discrepancies.map((row, index) => (
                      <tr key={index}><td>{row.entry_date || '—'}</td><td>{row.description}</td><td>{row.amount === null ? '—' : formatMoney(row.amount)}</td><td>{row.explanation || '—'}</td></tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
              {audit.actions ? <p>Actions: {audit.actions}</p> : null}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
