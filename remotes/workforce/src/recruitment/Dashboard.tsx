import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorPanel, Loading, PageHeader, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { DASHBOARD_PERIODS, type DashboardPeriod, type RecruitmentDashboard } from '../../contract/recruitment';
import { Section, styles } from './common';
import { formatDate, formatPercent } from '@hcm/contract/format';

/** A bar with its figure written beside it: readable without the bar, and without colour. */
function Bar({ value, most, label }: { value: number; most: number; label: string }) {
  return (
    <span className={styles.bar}>
      <span className={styles.barFill} style={{ width: `${Math.round((value / Math.max(1, most)) * 200)}px` }} aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}

const percent = (value: number | null) => (value === null ? '—' : formatPercent(value));

/**
 * /app/recruitment/dashboard: the funnel of those who applied in the period (this year or the last 90 days):
 * how many reached each stage and the conversion from the stage before, hires and the average time to hire
 * (application to hire, from the stage history), sources with their hires, and the open vacancies.
 */
export default function Dashboard() {
  useRouteName('Recruitment dashboard');
  const periodId = useId();
  const [period, setPeriod] = useState<DashboardPeriod>('year');
  const answer = useApiQuery<RecruitmentDashboard>('api/v1/recruitment/dashboard', { period }, { keepPrevious: true, failure: 'The dashboard could not be loaded.' });
  const data = answer.data;
  return (
    <div className={styles.screen}>
      <PageHeader title="Recruitment dashboard" actions={<Link to="/app/recruitment/applicants">Applicants</Link>} />
      <div className={styles.filters}>
        <label htmlFor={periodId}>
          Applied in
          <select id={periodId} value={period} onChange={(event) => setPeriod(event.target.value as DashboardPeriod)}>
            {DASHBOARD_PERIODS.map((choice) => (
              <option key={choice.value} value={choice.value}>{choice.label}</option>
            ))}
          </select>
        </label>
      </div>
      {answer.error ? <ErrorPanel title="The dashboard could not be loaded" onRetry={() => void answer.refetch()}>{answer.error.message}</ErrorPanel> : null}
      {!data && !answer.error ? <Loading label="Loading the dashboard…" /> : null}
      {data ? (
        <>
          <p>
            Applications from {formatDate(data.from) || '—'} to {formatDate(data.to) || '—'}.
          </p>
          <dl className={styles.figures} aria-label="Figures">
            <div><dt>Applied</dt><dd>{data.applied}</dd></div>
            <div><dt>Hired</dt><dd>{data.hired}</dd></div>
            <div><dt>Applied to hired</dt><dd>{percent(data.conversion)}</dd></div>
            <div><dt>Rejected</dt><dd>{data.rejected}</dd></div>
            <div><dt>Withdrew</dt><dd>{data.withdrawn}</dd></div>
            <div>
              <dt>Average time to hire</dt>
              <dd>{data.average_days_to_hire === null ? '—' : `${data.average_days_to_hire} days`}</dd>
            </div>
          </dl>
          {data.hires_counted ? <p>Time to hire is the days from application to hire of the {data.hires_counted} carers hired in the period.</p> : <p>Nobody was hired in the period, so there is no time to hire.</p>}
          <Section title="Funnel">
            <table className={styles.table}>
              <caption>How many of those who applied reached each stage</caption>
              <thead>
                <tr><th scope="col">Stage</th><th scope="col">Reached</th><th scope="col">From the stage before</th><th scope="col">There now</th></tr>
              </thead>
              <tbody>
                {data.funnel.map((step) => (
                  <tr key={step.stage}>
                    <th scope="row">{step.label}</th>
                    <td><Bar value={step.reached} most={data.applied} label={String(step.reached)} /></td>
                    <td>{percent(step.conversion)}</td>
                    <td>{step.now}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Section>
          <Section title="Sources">
            {data.sources.length ? (
              <table className={styles.table}>
                <caption>Where applicants heard of us, and how many were hired</caption>
                <thead>
                  <tr><th scope="col">Source</th><th scope="col">Applied</th><th scope="col">Hired</th></tr>
                </thead>
                <tbody>
                  {data.sources.map((row) => (
                    <tr key={row.source}>
                      <th scope="row">{row.label}</th>
                      <td><Bar value={row.applied} most={Math.max(...data.sources.map((item) => item.applied))} label={String(row.applied)} /></td>
                      <td>{row.hired}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>Nobody applied in the period.</p>
            )}
          </Section>
          <Section title="Open vacancies" actions={<Link to="/app/job-vacancies">All vacancies</Link>}>
            {data.open_vacancies.length ? (
              <ul className={styles.list}>
                {data.open_vacancies.map((vacancy) => (
                  <li key={vacancy.id}>
                    <Link to={`/app/job-vacancies/${vacancy.id}`}>{vacancy.title}</Link> ({vacancy.location}): closes {formatDate(vacancy.closing_date) || '—'}, {vacancy.applicants} {vacancy.applicants === 1 ? 'applicant' : 'applicants'}
                  </li>
                ))}
              </ul>
            ) : (
              <p>No vacancy is open.</p>
            )}
          </Section>
        </>
      ) : null}
    </div>
  );
}
