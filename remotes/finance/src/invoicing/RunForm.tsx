import { useEffect, useRef, type MutableRefObject } from 'react';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { Button } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { formStyles, SelectField, TextField, valibotResolver } from '@hcm/kit/forms';
import { InvoiceRunRequestSchema, PAYER_KINDS, type NextPeriod } from '../../contract/invoicing';
import { lastMonth, periodWords, RUNS, useBranchChoices, useFunders } from './common';
import styles from './invoicing.module.css';
import { formatDate } from '@hcm/contract/format';

export type RunFormValues = { branch_id: string; payer_kind: 'funder' | 'client'; funder_code_id: string; client_id: string; period_from: string; period_to: string; issue_date: string };

export function useRunForm(initial: Partial<RunFormValues> = {}): UseFormReturn<RunFormValues> {
  const month = lastMonth();
  return useForm<RunFormValues>({
    resolver: valibotResolver(InvoiceRunRequestSchema) as never,
    defaultValues: { branch_id: '', payer_kind: 'funder', funder_code_id: '', client_id: '', period_from: month.from, period_to: month.to, issue_date: '', ...initial },
  });
}

/**
 * The funder's next period after its last posted run. It fills the period in by itself (the first period not yet
 * posted) until the user types a period of their own; then it is offered with a button.
 */
function SuggestedPeriod({ form, periodVisited }: { form: UseFormReturn<RunFormValues>; periodVisited: MutableRefObject<boolean> }) {
  const branchId = form.watch('branch_id');
  const funderId = form.watch('funder_code_id');
  const payer = form.watch('payer_kind');
  // A funder's run needs the funder; private clients' runs are asked for with or without one.
  const asked = Boolean(branchId) && (payer === 'client' || Boolean(funderId));
  const next = useApiQuery<NextPeriod>(`${RUNS}/next-period`, { branch_id: branchId, ...(funderId ? { funder_code_id: funderId } : {}) }, { enabled: asked });
  const period = asked ? next.data : undefined;
  const from = period?.period_from ?? null;
  const to = period?.period_to ?? null;
  useEffect(() => {
    if (!from || !to) return;
    // Typed, or only visited: once the user has been in a period field the period is theirs, even one equal to the
    // first default (typing that default leaves the field "not dirty"), so a suggestion arriving late never replaces it.
    if (periodVisited.current || form.getFieldState('period_from').isDirty || form.getFieldState('period_to').isDirty) return;
    // The suggestion becomes the fields' default: they stay "not typed", so the next funder's suggestion follows.
    form.resetField('period_from', { defaultValue: from });
    form.resetField('period_to', { defaultValue: to });
  }, [form, from, to, periodVisited]);
  if (!period) return null;
  if (!from || !to) return <p className={styles.muted}>This funder is invoiced ad hoc: choose the period.</p>;
  const lastPosted = period.last_period_to ? ` after the last posted run (to ${formatDate(period.last_period_to)})` : ', the first not yet posted';
  const inUse = form.watch('period_from') === from && form.watch('period_to') === to;
  return (
    <p className={styles.muted}>
      Next {period.frequency} period{lastPosted}: {periodWords(from, to)}.{' '}
      {inUse ? (
        'It is filled in above.'
      ) : (
        <Button
          variant="secondary"
          type="button"
          onClick={() => {
            form.resetField('period_from', { defaultValue: from });
            form.resetField('period_to', { defaultValue: to });
          }}
        >
          Use the suggested period
        </Button>
      )}
    </p>
  );
}

/**
 * Who and what to invoice: branch, payer (a funder, or private clients), funder, one client, the period (with the
 * funder's suggested next period) and the issue date. `fixedPayer` hides the payer choice (client invoices).
 */
export function RunForm({ form, onSubmit, submitLabel, fixedPayer, clients, label }: {
  form: UseFormReturn<RunFormValues>;
  onSubmit: (values: RunFormValues) => Promise<void> | void;
  submitLabel: string;
  fixedPayer?: 'funder' | 'client';
  clients?: { id: number; name: string }[];
  label: string;
}) {
  const branches = useBranchChoices();
  const funders = useFunders();
  const payer = form.watch('payer_kind');
  const choices = funders.filter((funder) => !funder.funder_type || (payer === 'client' ? funder.funder_type === 'private' : funder.funder_type !== 'private'));
  useEffect(() => {
    if (branches.length === 1 && !form.getValues('branch_id')) form.setValue('branch_id', String(branches[0]!.id));
  }, [branches, form]);
  const submit = form.handleSubmit(async (values) => onSubmit(values));
  // Set when the user enters either period field (focus comes before any typing): the suggestion then stops filling it.
  const periodVisited = useRef(false);
  const visitPeriod = () => (periodVisited.current = true);
  return (
    <FormProvider {...form}>
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
        <div className={formStyles.grid}>
          <SelectField name="branch_id" label="Branch" options={[{ value: '', label: 'Choose a branch' }, ...branches.map((branch) => ({ value: String(branch.id), label: branch.name }))]} />
          {fixedPayer ? null : <SelectField name="payer_kind" label="Who is invoiced" options={PAYER_KINDS.map((kind) => ({ value: kind.value, label: kind.label }))} />}
          <SelectField
            name="funder_code_id"
            label={payer === 'client' ? 'Private funder (optional)' : 'Funder'}
            options={[{ value: '', label: payer === 'client' ? 'Every private funder' : 'Choose a funder' }, ...choices.map((funder) => ({ value: String(funder.id), label: funder.name }))]}
          />
          {clients ? (
            <SelectField name="client_id" label="Client" options={[{ value: '', label: 'Every private client' }, ...clients.map((client) => ({ value: String(client.id), label: client.name }))]} />
          ) : null}
          <TextField name="period_from" label="Period from" type="date" onFocus={visitPeriod} />
          <TextField name="period_to" label="Period to" type="date" onFocus={visitPeriod} />
          <TextField name="issue_date" label="Issue date" type="date" hint="Empty: the day after the period" />
        </div>
        <SuggestedPeriod form={form} periodVisited={periodVisited} />
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
