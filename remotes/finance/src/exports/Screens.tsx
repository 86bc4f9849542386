import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, NotFound, PageHeader, api, useRouteName } from '@hcm/kit';
import { apiKey, useApiQuery, useQueryClient } from '@hcm/kit/data';
import { EXPORT_FORMATS, EXPORT_KINDS, type ExportJobView, type ExportKindName } from '../../contract/reports';
import { defaultPeriod, useBranchChoices } from '../reports/common';
import styles from '../reports/reports.module.css';
import { AccountingCodes } from './AccountingCodes';
import { formatDate, formatDateTime } from '@hcm/contract/format';

const EXPORTS = 'api/v1/finance/exports';
/** How often a running export's progress is asked for. */
export const POLL_MS = 1000;

const PAGES: Record<string, { title: string; kinds: ExportKindName[] }> = {
  clients: { title: 'Export clients', kinds: ['clients'] },
  carers: { title: 'Export carers', kinds: ['carers'] },
  employees: { title: 'Export employees', kinds: ['employees'] },
  finance: { title: 'Export finance', kinds: ['finance', 'xero', 'sage'] },
};

const kindLabel = (kind: string) => EXPORT_KINDS.find((choice) => choice.value === kind)?.label ?? kind;
const needsPeriod = (kind: ExportKindName) => kind === 'finance' || kind === 'xero' || kind === 'sage';
const finished = (job: ExportJobView | undefined) => job?.status === 'done' || job?.status === 'failed';
const fileHref = (job: ExportJobView) => `/${EXPORTS}/${job.id}/file`;

/** A job's progress, polled until it ends: a labelled progress bar, then the download link or why it failed. */
function JobProgress({ id }: { id: number }) {
  const client = useQueryClient();
  const job = useApiQuery<ExportJobView>(`${EXPORTS}/${id}`, undefined, {
    refetchInterval: (query) => (finished(query.state.data) ? false : POLL_MS),
  });
  const data = job.data;
  const ended = finished(data);
  // The recent exports list shows the end too.
  useEffect(() => {
    if (ended) void client.invalidateQueries({ queryKey: apiKey(EXPORTS) });
  }, [ended, client]);
  if (job.error) return <p role="alert">{job.error.message}</p>;
  if (!data) return <p role="status">Starting the export…</p>;
  const label = `${kindLabel(data.kind)} export`;
  return (
    <section aria-label="Export progress">
      <p>
        <progress aria-label={`${label} progress`} max={Math.max(data.total, 1)} value={data.status === 'done' ? Math.max(data.total, 1) : data.progress} />{' '}
        <span role="status">
          {data.status === 'done'
            ? `Done: ${data.total} rows.`
            : data.status === 'failed'
              ? 'Failed.'
              : data.total
                ? `${data.progress} of ${data.total} rows…`
                : 'Reading the rows…'}
        </span>
      </p>
      {data.status === 'done' ? (
        <a href={fileHref(data)} download={data.filename}>
          Download {data.filename}
        </a>
      ) : null}
      {data.status === 'failed' ? <p role="alert">{data.error}</p> : null}
    </section>
  );
}

function RecentExports() {
  const recent = useApiQuery<ExportJobView[]>(EXPORTS);
  if (recent.error) return <p role="alert">{recent.error.message}</p>;
  const rows = recent.data ?? [];
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption>Your recent exports</caption>
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">What</th>
            <th scope="col">Period</th>
            <th scope="col">Status</th>
            <th scope="col">File</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5}>{recent.data ? 'No export yet.' : 'Loading…'}</td>
            </tr>
          ) : (
            rows.map((job) => (
              <tr key={job.id}>
                <td>{formatDateTime(job.created_at)}</td>
                <td>
                  {kindLabel(job.kind)} ({job.format.toUpperCase()})
                </td>
                <td>{job.from && job.to ? `${formatDate(job.from)} to ${formatDate(job.to)}` : 'Everything'}</td>
                <td>{job.status === 'failed' ? `Failed: ${job.error}` : job.status === 'done' ? 'Done' : `Running (${job.progress} of ${job.total})`}</td>
                <td>{job.status === 'done' ? <a href={fileHref(job)} download={job.filename}>{job.filename}</a> : null}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The export screens (export/clients, carers, employees, finance): what (finance also offers Xero's and Sage's
 * imports), CSV or Excel, the period and branch; start, watch the progress, download; the user's recent exports;
 * on export/finance, the accounting codes the Xero and Sage files carry (./AccountingCodes.tsx).
 */
function ExportScreen({ title, kinds }: { title: string; kinds: ExportKindName[] }) {
  useRouteName(title);
  const branches = useBranchChoices();
  const [kind, setKind] = useState<ExportKindName>(kinds[0]!);
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [period, setPeriod] = useState(defaultPeriod);
  const [branchId, setBranchId] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState('');
  const [started, setStarted] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();

  async function start() {
    setBusy(true);
    setErrors({});
    setMessage('');
    const body = { kind, format, branch_id: branchId === '' ? null : Number(branchId), ...(needsPeriod(kind) ? period : {}) };
    const answer = await api.post<ExportJobView>(EXPORTS, body);
    setBusy(false);
    if (answer.error || !answer.data) {
      setErrors(answer.errors ?? {});
      setMessage(answer.message);
      return;
    }
    setStarted(answer.data.id);
    void client.invalidateQueries({ queryKey: apiKey(EXPORTS) });
  }

  const fieldError = (name: string) =>
    errors[name]?.length ? (
      <span id={`${name}-error`} className={styles.error}>
        {errors[name]!.join(' ')}
      </span>
    ) : null;
  return (
    <div className={styles.screen}>
      <PageHeader title={title} />
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        {kinds.length > 1 ? (
          <label>
            What
            <select value={kind} onChange={(event) => setKind(event.target.value as ExportKindName)}>
              {kinds.map((value) => (
                <option key={value} value={value}>
                  {kindLabel(value)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label>
          Format
          <select value={format} onChange={(event) => setFormat(event.target.value as 'csv' | 'xlsx')} aria-describedby={errors['format'] ? 'format-error' : undefined}>
            {EXPORT_FORMATS.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        {fieldError('format')}
        {needsPeriod(kind) ? (
          <>
            <label>
              From
              <input type="date" value={period.from} onChange={(event) => setPeriod((previous) => ({ ...previous, from: event.target.value }))} aria-invalid={Boolean(errors['from'])} aria-describedby={errors['from'] ? 'from-error' : undefined} />
            </label>
            {fieldError('from')}
            <label>
              To
              <input type="date" value={period.to} onChange={(event) => setPeriod((previous) => ({ ...previous, to: event.target.value }))} aria-invalid={Boolean(errors['to'])} aria-describedby={errors['to'] ? 'to-error' : undefined} />
            </label>
            {fieldError('to')}
          </>
        ) : null}
        <label>
          Branch
          <select value={branchId} onChange={(event) => setBranchId(event.target.value)} aria-describedby={errors['branch_id'] ? 'branch_id-error' : undefined}>
            <option value="">All my branches</option>
            {branches.map((branch) => (
              <option key={branch.id} value={String(branch.id)}>
                {branch.name}
              </option>
            ))}
          </select>
        </label>
        {fieldError('branch_id')}
        <Button type="submit" disabled={busy}>
          {busy ? 'Starting…' : 'Start the export'}
        </Button>
      </form>
      {message ? (
        <p className={styles.error} role="alert">
          {message}
        </p>
      ) : null}
      {started !== null ? <JobProgress key={started} id={started} /> : null}
      <RecentExports />
      {kinds.includes('xero') || kinds.includes('sage') ? <AccountingCodes /> : null}
    </div>
  );
}

export default function Screens() {
  const section = useLocation().pathname.replace(/^\/app\/export\//, '').split('/')[0] ?? '';
  const page = PAGES[section];
  return page ? <ExportScreen key={section} title={page.title} kinds={page.kinds} /> : <NotFound />;
}
