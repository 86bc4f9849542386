import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { api, Button, EmptyState, ErrorPanel, Loading, PageHeader, notify, useCan, useRouteName } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { applyServerErrors, SelectField, TextField, valibotResolver } from '@hcm/kit/forms';
import { ButtonLink } from '@hcm/kit/routing';
import { RecruitmentReportSchema, type RecruitmentReport } from '../../contract/kpis/api';
import { RECRUITMENT_DEFINITIONS } from '../../contract/kpis/definitions';
import type { RecruitmentFigures } from '../../contract/kpis/formulas';
import { Definitions, HowCounted, number, percent, styles, todayIso, useBranchChoices } from './common';
import { formatDate } from '@hcm/contract/format';

const REPORTS = 'api/v1/kpis/recruitment/reports';
const definition = (key: string) => RECRUITMENT_DEFINITIONS.find((item) => item.key === key);

/** A saved report's funnel: each stage with its conversion from the stage before. */
export function FunnelTable({ figures, caption }: { figures: RecruitmentFigures; caption: string }) {
  const stages: [string, number, number | null][] = [
    ['Applicants', figures.applicants, null],
    ['Screened', figures.screened, figures.screened_percent],
    ['Interviewed', figures.interviewed, figures.interview_percent],
    ['Offered', figures.offered, figures.offer_percent],
    ['Started (hired)', figures.hired, figures.offer_accept_percent],
  ];
  return (
    <>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Stage</th>
            <th scope="col" className={styles.number}>People</th>
            <th scope="col" className={styles.number}>From the stage before</th>
          </tr>
        </thead>
        <tbody>
          {stages.map(([label, count, rate]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className={styles.number}>{count}</td>
              <td className={styles.number}>{rate === null ? '—' : percent(rate)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Rejected / withdrew / still in progress</th>
            <td className={styles.number}>
              {figures.rejected} / {figures.withdrew} / {figures.in_progress}
            </td>
            <td />
          </tr>
          <tr>
            <th scope="row">Conversion (hired ÷ applicants)</th>
            <td className={styles.number}>{percent(figures.conversion_percent)}</td>
            <td>
              <HowCounted definition={definition('conversion_percent')} />
            </td>
          </tr>
          <tr>
            <th scope="row">Median days to hire</th>
            <td className={styles.number}>{number(figures.median_days_to_hire, 1)}</td>
            <td>
              <HowCounted definition={definition('median_days_to_hire')} />
            </td>
          </tr>
        </tbody>
      </table>
      <table className={styles.table}>
        <caption>Where applicants came from</caption>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col" className={styles.number}>Applicants</th>
            <th scope="col" className={styles.number}>Hired</th>
          </tr>
        </thead>
        <tbody>
          {figures.sources.map((row) => (
            <tr key={row.source}>
              <th scope="row">{row.source}</th>
              <td className={styles.number}>{row.applicants}</td>
              <td className={styles.number}>{row.hired}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Saved recruitment KPI reports (/app/kpis/recruitment), newest first; open one to read its funnel. */
export function RecruitmentList() {
  useRouteName('Recruitment KPIs');
  const can = useCan();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const list = useApiQuery<Page<RecruitmentReport>>(REPORTS, { page, page_size: 25, sort: 'created_at', mode: 'desc' }, { keepPrevious: true });
  const rows = list.data?.data ?? [];
  const opened = rows.find((row) => row.id === open);
  return (
    <div className={styles.screen}>
      <PageHeader title="Recruitment KPIs" actions={can('kpis.edit') ? <ButtonLink to="/app/kpis/recruitment/create">New KPI report</ButtonLink> : undefined} />
      {list.isError ? <ErrorPanel title="The reports could not be loaded." onRetry={() => void list.refetch()} /> : null}
      {list.isPending ? <Loading /> : null}
      {list.data && rows.length === 0 ? <EmptyState>No recruitment KPI report saved yet.</EmptyState> : null}
      {rows.length ? (
        <table className={styles.table}>
          <caption>Saved recruitment KPI reports</caption>
          <thead>
            <tr>
              <th scope="col">Report</th>
              <th scope="col">Branch</th>
              <th scope="col">Period</th>
              <th scope="col" className={styles.number}>Applicants</th>
              <th scope="col" className={styles.number}>Hired</th>
              <th scope="col" className={styles.number}>Conversion</th>
              <th scope="col">Saved by</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <Button variant="secondary" aria-expanded={open === row.id} onClick={() => setOpen(open === row.id ? null : row.id)}>
                    {row.title || `Report ${row.id}`}
                  </Button>
                </td>
                <td>{row.branch_name}</td>
                <td>
                  {row.from} to {row.to}
                </td>
                <td className={styles.number}>{row.figures.applicants}</td>
                <td className={styles.number}>{row.figures.hired}</td>
                <td className={styles.number}>{percent(row.figures.conversion_percent)}</td>
                <td>
                  {row.created_by_name}, {formatDate(row.created_at)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {list.data && list.data.last_page > 1 ? (
        <nav aria-label="Pages" className={styles.filters}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous page
          </Button>
          <span>
            Page {page} of {list.data.last_page}
          </span>
          <Button variant="secondary" disabled={page >= list.data.last_page} onClick={() => setPage(page + 1)}>
            Next page
          </Button>
        </nav>
      ) : null}
      {opened ? (
        <section aria-label={`Report ${opened.title}`}>
          <FunnelTable figures={opened.figures} caption={`${opened.title || 'Report'}: ${opened.branch_name}, ${opened.from} to ${opened.to} (definitions ${opened.definitions_version})`} />
        </section>
      ) : null}
      <Definitions definitions={RECRUITMENT_DEFINITIONS} version="current" />
    </div>
  );
}

type FormValues = { branch_id: string; from: string; to: string; title: string };

/** New recruitment KPI report (/app/kpis/recruitment/create): the figures are computed by the server when saved. */
export function RecruitmentCreate() {
  useRouteName('New recruitment KPI report');
  const navigate = useNavigate();
  const branches = useBranchChoices();
  const today = todayIso();
  const form = useForm<FormValues>({
    resolver: valibotResolver(RecruitmentReportSchema) as never,
    defaultValues: { branch_id: branches.length === 1 ? String(branches[0]!.id) : '', from: `${today.slice(0, 4)}-01-01`, to: today, title: '' },
  });
  const [message, setMessage] = useState('');
  const save = useApiMutation<RecruitmentReport, FormValues>({ request: (values) => api.post<RecruitmentReport>(REPORTS, values), invalidates: [apiKey(REPORTS)] });
  const submit = form.handleSubmit(async (values) => {
    setMessage('');
    const answer = await save.submit(values);
    if (answer.httpStatus === 422) return applyServerErrors(form.setError, answer.errors);
    if (answer.error || !answer.data) return setMessage(answer.message || 'The report could not be saved.');
    notify({ type: 'success', message: 'KPI report saved.' });
    navigate('/app/kpis/recruitment');
  });
  return (
    <div className={styles.screen}>
      <PageHeader title="New recruitment KPI report" actions={<Link to="/app/kpis/recruitment">All reports</Link>} />
      <p className={styles.source}>The funnel of the applicants who applied in the period is worked out when you save, and kept as it was then.</p>
      <FormProvider {...form}>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Recruitment KPI report">
          <SelectField name="branch_id" label="Branch" options={[{ value: '', label: 'Choose a branch' }, ...branches.map((branch) => ({ value: String(branch.id), label: branch.name }))]} />
          <TextField name="from" label="From" type="date" />
          <TextField name="to" label="To" type="date" />
          <TextField name="title" label="Title" hint="Optional, e.g. “Q3 recruitment”" />
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Save report
          </Button>
        </form>
      </FormProvider>
      {message ? <p role="alert" className={styles.problem}>{message}</p> : null}
    </div>
  );
}
