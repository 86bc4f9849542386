import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api, Button, ErrorPanel, Loading, PageHeader, useCan, useRouteName, useRuntime } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import type { PayRunDetail } from '../../contract/pay';
import { CarerPayTable, RunTotals } from './CarerPayTable';
import { PAY_RUNS, periodWords } from './common';
import styles from './pay.module.css';

/** The wages file's address on the API (a plain link: the browser downloads it with the session cookie). */
export function useWagesHref(): (runId: number) => string {
  const apiUrl = useRuntime((state) => state.registry.apiUrl);
  return (runId) => `${apiUrl}/${PAY_RUNS}/${runId}/wages.csv`;
}

function ResetForm({ run }: { run: PayRunDetail }) {
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const reset = useApiMutation<PayRunDetail, string>({
    request: (why) => api.post<PayRunDetail>(`${PAY_RUNS}/${run.id}/reset`, { reason: why }),
    invalidates: [apiKey(PAY_RUNS), apiKey(`${PAY_RUNS}/${run.id}`)],
  });
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    const answer = await reset.submit(reason);
    if (answer.error) setMessage(answer.errors?.reason?.[0] ?? answer.message);
  };
  return (
    <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} aria-label="Reset this pay run">
      <label>
        Reason for the reset
        <input value={reason} onChange={(event) => setReason(event.target.value)} aria-invalid={message ? true : undefined} maxLength={500} />
      </label>
      {message ? (
        <p className={styles.error} role="alert">
          {message}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" type="submit" disabled={reset.isPending}>
          Reset this pay run
        </Button>
      </div>
    </form>
  );
}

export function RunDetail() {
  useRouteName('Pay run');
  const { id = '' } = useParams();
  const can = useCan();
  const wagesHref = useWagesHref();
  const run = useApiQuery<PayRunDetail>(`${PAY_RUNS}/${id}`, undefined, { failure: 'This pay run could not be loaded.' });
  const title = run.data ? `Pay run: ${run.data.branch}, ${periodWords(run.data.period_from, run.data.period_to)}` : 'Pay run';
  return (
    <div className={styles.screen}>
      <PageHeader title={title} actions={<Link to="/app/finance/pay-runs">All pay runs</Link>} />
      {run.error ? (
        <ErrorPanel title="This pay run could not be loaded" onRetry={() => void run.refetch()}>
          {run.error.message}
        </ErrorPanel>
      ) : !run.data ? (
        <Loading label="Loading the pay run…" />
      ) : (
        <>
          <p>
            {run.data.status === 'posted' ? 'Posted' : 'Reset'} · posted {run.data.created_at.slice(0, 10)} by {run.data.created_by_name || 'unknown'}
            {run.data.status === 'reset' ? ` · reset ${run.data.reset_at?.slice(0, 10) ?? ''} by ${run.data.reset_by_name ?? 'unknown'}: ${run.data.reset_reason}` : ''}
          </p>
          <RunTotals totals={run.data} label="Totals of the run" />
          {run.data.status === 'posted' && can('payroll.run') ? (
            <div className={styles.actions}>
              <a href={wagesHref(run.data.id)} download>
                Download the wages file (CSV)
              </a>
            </div>
          ) : null}
          <CarerPayTable caption="Carers' pay, flagged carers first" carers={run.data.carers_pay} />
          {run.data.status === 'posted' && can('payroll.run') ? <ResetForm run={run.data} /> : null}
        </>
      )}
    </div>
  );
}
