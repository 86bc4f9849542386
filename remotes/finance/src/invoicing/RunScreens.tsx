import { useState } from 'react';
import { Link } from 'react-router-dom';
import { api, Button, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { apiKey, useApiMutation } from '@hcm/kit/data';
import { applyServerErrors } from '@hcm/kit/forms';
import type { PostedRun, RunPreview } from '../../contract/invoicing';
import { INVOICES, periodWords, RUNS } from './common';
import { PreviewView, RunProblems, RunTotals } from './PreviewView';
import { RunForm, useRunForm, type RunFormValues } from './RunForm';
import styles from './invoicing.module.css';
import { formatDate, formatMoney } from '@hcm/contract/format';

/** The request body from the form's values: empty optional fields are left for the schema's defaults. */
export const runBody = (values: RunFormValues) => ({ ...values, funder_code_id: values.funder_code_id || null, client_id: values.client_id || null });

function usePreview() {
  return useApiMutation<RunPreview, RunFormValues>({ request: (values) => api.post<RunPreview>(`${RUNS}/preview`, runBody(values)) });
}

/** /app/finance/pre-generate: the preview of a run, every invoice with its lines and warnings; nothing is posted. */
export function PreGenerate() {
  useRouteName('Preview invoices');
  const form = useRunForm();
  const ask = usePreview();
  const [preview, setPreview] = useState<RunPreview | null>(null);
  const [message, setMessage] = useState('');
  const submit = async (values: RunFormValues) => {
    setMessage('');
    setPreview(null);
    const answer = await ask.submit(values);
    if (answer.httpStatus === 422) return applyServerErrors(form.setError, answer.errors);
    if (answer.error || !answer.data) return setMessage(answer.message || 'The preview could not be made.');
    setPreview(answer.data);
  };
  return (
    <div className={styles.screen}>
      <PageHeader title="Preview invoices" actions={<Link to="/app/finance/generate">Generate invoices</Link>} />
      <RunForm form={form} onSubmit={submit} submitLabel="Preview" label="Invoice run to preview" />
      {message ? (
        <p role="alert" className={styles.error}>
          {message}
        </p>
      ) : null}
      {ask.isPending ? <p role="status">Working out the invoices…</p> : null}
      {preview ? <PreviewView preview={preview} /> : null}
    </div>
  );
}

/** The invoices a run posted, with links to each invoice and its printable PDF. */
export function PostedInvoices({ run }: { run: PostedRun }) {
  return (
    <section aria-label="Posted invoices">
      <h2>
        Posted: {run.invoice_count} {run.invoice_count === 1 ? 'invoice' : 'invoices'}, {formatMoney(run.total_pence)} ({periodWords(run.period_from, run.period_to)})
      </h2>
      <table className={styles.table}>
        <caption className={styles.muted}>Invoices of run {run.id}</caption>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Payer</th>
            <th scope="col" className={styles.number}>Total</th>
            <th scope="col">Due</th>
            <th scope="col">Print</th>
          </tr>
        </thead>
        <tbody>
          {run.invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td>
                <Link to={`/app/finance/invoices/${invoice.id}`}>{invoice.number}</Link>
              </td>
              <td>{invoice.payer_name}</td>
              <td className={styles.number}>{formatMoney(invoice.total_pence)}</td>
              <td>{formatDate(invoice.due_date)}</td>
              <td>
                <Link to={`/app/scheduler/invoice/${encodeURIComponent(invoice.number)}`}>PDF of {invoice.number}</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * Generating: the choice, a summary (the server's preview), then "Generate", which the server computes again and
 * posts atomically. A refusal (the period already posted: 409; missing rates: 422) is shown in words.
 */
export function GenerateRun({ title, fixedPayer, clients, initial }: { title: string; fixedPayer?: 'funder' | 'client'; clients?: { id: number; name: string }[]; initial?: Partial<RunFormValues> }) {
  const can = useCan();
  const form = useRunForm(initial);
  const ask = usePreview();
  const post = useApiMutation<PostedRun, RunFormValues>({ request: (values) => api.post<PostedRun>(RUNS, runBody(values)), invalidates: [apiKey(RUNS), apiKey(INVOICES)] });
  const [summary, setSummary] = useState<{ values: RunFormValues; preview: RunPreview } | null>(null);
  const [posted, setPosted] = useState<PostedRun | null>(null);
  const [message, setMessage] = useState('');
  const [details, setDetails] = useState<string[]>([]);

  const summarise = async (values: RunFormValues) => {
    setMessage('');
    setDetails([]);
    setSummary(null);
    setPosted(null);
    const answer = await ask.submit(values);
    if (answer.httpStatus === 422) return applyServerErrors(form.setError, answer.errors);
    if (answer.error || !answer.data) return setMessage(answer.message || 'The summary could not be made.');
    setSummary({ values, preview: answer.data });
  };

  const generate = async () => {
    if (!summary) return;
    setMessage('');
    const answer = await post.submit(summary.values);
    if (!answer.error && answer.data) {
      setSummary(null);
      return setPosted(answer.data);
    }
    setMessage(answer.message || 'The invoices could not be generated.');
    setDetails(answer.errors?.missing_rates ?? []);
    if (answer.httpStatus === 422 && answer.errors) applyServerErrors(form.setError, Object.fromEntries(Object.entries(answer.errors).filter(([key]) => key !== 'missing_rates')));
  };

  const preview = summary?.preview;
  const postable = preview && preview.invoices.length > 0 && preview.missing_rates.length === 0;
  return (
    <div className={styles.screen}>
      <RunForm form={form} onSubmit={summarise} submitLabel="Show the summary" fixedPayer={fixedPayer} clients={clients} label={title} />
      {message ? (
        <div role="alert">
          <p className={styles.error}>{message}</p>
          {details.length ? (
            <ul>
              {details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {preview ? (
        <section aria-label="Summary">
          <h2>Summary: {periodWords(preview.request.period_from, preview.request.period_to)}</h2>
          <RunTotals preview={preview} />
          <ul>
            {preview.invoices.map((invoice) => (
              <li key={`${invoice.funder_code_id}-${invoice.client_id}`}>
                {invoice.payer_name}: {invoice.lines.length} {invoice.lines.length === 1 ? 'visit' : 'visits'}, {formatMoney(invoice.total_pence)}
              </li>
            ))}
          </ul>
          <RunProblems preview={preview} />
          {preview.invoices.length === 0 ? <p>Nothing to invoice: no confirmed visit of the period is left unclaimed.</p> : null}
          {can('finance.invoices.generate') && postable ? (
            <div className={styles.actions}>
              <Button onClick={() => void generate()} disabled={post.isPending}>
                Generate
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}
      {posted ? <PostedInvoices run={posted} /> : null}
    </div>
  );
}

/** /app/finance/generate. */
export function Generate() {
  useRouteName('Generate invoices');
  return (
    <>
      <PageHeader title="Generate invoices" actions={<Link to="/app/finance/pre-generate">Preview with every line</Link>} />
      <GenerateRun title="Invoice run to generate" />
    </>
  );
}
