import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { api, Button, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { apiKey, useApiMutation } from '@hcm/kit/data';
import { applyServerErrors, SelectField, TextField, valibotResolver } from '@hcm/kit/forms';
import { PayRunRequestSchema, type PayRunDetail, type PayRunPreview } from '../../contract/pay';
import { CarerPayTable, RunTotals } from './CarerPayTable';
import { lastWeek, PAY_RUNS, periodWords, useBranchChoices } from './common';
import styles from './pay.module.css';

type FormValues = { branch_id: string; period_from: string; period_to: string };

/**
 * "New pay run": a branch and a period → the preview (flagged carers first, the shortfall in words), then "Post".
 * Posting computes the run again on the server from the same inputs, so what is posted is what the rates say now.
 */
export function NewPayRun() {
  useRouteName('New pay run');
  const can = useCan();
  const navigate = useNavigate();
  const branches = useBranchChoices();
  const week = lastWeek();
  const form = useForm<FormValues>({
    resolver: valibotResolver(PayRunRequestSchema) as never,
    defaultValues: { branch_id: branches.length === 1 ? String(branches[0]!.id) : '', period_from: week.from, period_to: week.to },
  });
  const [preview, setPreview] = useState<{ values: FormValues; run: PayRunPreview } | null>(null);
  const [message, setMessage] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const ask = useApiMutation<PayRunPreview, FormValues>({ request: (values) => api.post<PayRunPreview>(`${PAY_RUNS}/preview`, values) });
  const post = useApiMutation<PayRunDetail, FormValues>({ request: (values) => api.post<PayRunDetail>(PAY_RUNS, values), invalidates: [apiKey(PAY_RUNS)] });

  const submit = form.handleSubmit(async (values) => {
    setMessage('');
    setProblems([]);
    setPreview(null);
    const answer = await ask.submit(values);
    if (answer.httpStatus === 422) return applyServerErrors(form.setError, answer.errors);
    if (answer.error || !answer.data) return setMessage(answer.message || 'The preview could not be made.');
    setPreview({ values, run: answer.data });
  });

  const handlePost = async () => {
    if (!preview) return;
    setMessage('');
    const answer = await post.submit(preview.values);
    if (!answer.error && answer.data) return navigate(`/app/finance/pay-runs/${answer.data.id}`);
    setMessage(answer.message || 'The pay run could not be posted.');
    setProblems(answer.errors?.carers ?? []);
    if (answer.httpStatus === 422 && answer.errors) applyServerErrors(form.setError, Object.fromEntries(Object.entries(answer.errors).filter(([key]) => key !== 'carers')));
  };

  const run = preview?.run;
  return (
    <div className={styles.screen}>
      <PageHeader title="New pay run" actions={<Link to="/app/finance/pay-runs">All pay runs</Link>} />
      <FormProvider {...form}>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Pay run period">
          <div className={styles.grid}>
            <SelectField name="branch_id" label="Branch" options={[{ value: '', label: 'Choose a branch' }, ...branches.map((branch) => ({ value: String(branch.id), label: branch.name }))]} />
            <TextField name="period_from" label="Period from" type="date" />
            <TextField name="period_to" label="Period to" type="date" hint="At most 31 days" />
          </div>
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              Preview
            </Button>
          </div>
        </form>
      </FormProvider>
      {message ? (
        <div role="alert">
          <p className={styles.error}>{message}</p>
          {problems.length ? (
            <ul>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {run ? (
        <section aria-label="Preview">
          <h2>Preview: {periodWords(run.period_from, run.period_to)}</h2>
          <RunTotals totals={run.totals} label="Totals of the preview" />
          {run.problems.length ? (
            <div role="status">
              <p className={styles.error}>This run cannot be posted until every carer has a rate:</p>
              <ul>
                {run.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {run.totals.flagged_count ? (
            <p className={styles.error}>
              <span aria-hidden="true">⚠ </span>
              {run.totals.flagged_count} {run.totals.flagged_count === 1 ? 'carer is' : 'carers are'} paid below the minimum wage for the hours worked including travel; they are listed first.
            </p>
          ) : null}
          {run.carers.length ? (
            <CarerPayTable caption="Carers' pay in the preview, flagged carers first" carers={run.carers} />
          ) : (
            <p>Nobody of this branch worked a confirmed visit in the period.</p>
          )}
          {can('payroll.run') && run.carers.length && !run.problems.length ? (
            <div className={styles.actions}>
              <Button onClick={() => void handlePost()} disabled={post.isPending}>
                Post the pay run
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
