import { ukDate } from '@hcm/contract/time';
import { formatMonth } from '@hcm/contract/format';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorPanel, Loading, PageHeader, useRouteName, useRuntime } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { stageLabel, type RecruitmentReport } from '../../contract/recruitment';
import { Section, styles } from './common';

/**
 * /app/recruitment/reports: for a year, applications per month by source with their outcome (hired, rejected,
 * withdrew, still in progress), why applications ended, and the average days spent in each stage; the same as a
 * CSV file.
 */
export default function Reports() {
  useRouteName('Recruitment reports');
  const yearId = useId();
  const thisYear = Number(ukDate().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const apiUrl = useRuntime((state) => state.registry.apiUrl).replace(/\/+$/, '');
  const answer = useApiQuery<RecruitmentReport>('api/v1/recruitment/reports', { year }, { keepPrevious: true, failure: 'The report could not be loaded.' });
  const data = answer.data;
  return (
    <div className={styles.screen}>
      <PageHeader title="Recruitment reports" actions={<Link to="/app/recruitment/dashboard">Dashboard</Link>} />
      <div className={styles.filters}>
        <label htmlFor={yearId}>
          Year
          <select id={yearId} value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {[thisYear, thisYear - 1, thisYear - 2].map((value) => (
              <option key={value} value={value}>{value}</option>
            ))}
          </select>
        </label>
        <a href={`${apiUrl}/api/v1/recruitment/reports.csv?year=${year}`} download>Download {year} as CSV</a>
      </div>
      {answer.error ? <ErrorPanel title="The report could not be loaded" onRetry={() => void answer.refetch()}>{answer.error.message}</ErrorPanel> : null}
      {!data && !answer.error ? <Loading label="Loading the report…" /> : null}
      {data ? (
        <>
          <Section title="Applications by month and source">
            {data.months.length ? (
              <table className={styles.table}>
                <caption>Applications in {data.year} by month and source, with what became of them</caption>
                <thead>
                  <tr>
                    <th scope="col">Month</th><th scope="col">Source</th><th scope="col">Applied</th><th scope="col">Hired</th><th scope="col">Rejected</th><th scope="col">Withdrew</th><th scope="col">In progress</th>
                  </tr>
                </thead>
                <tbody>
                  {data.months.map((row) => (
                    <tr key={`${row.month} ${row.source}`}>
                      <th scope="row">{formatMonth(row.month)}</th>
                      <td>{row.label}</td>
                      <td>{row.applied}</td>
                      <td>{row.hired}</td>
                      <td>{row.rejected}</td>
                      <td>{row.withdrawn}</td>
                      <td>{row.in_progress}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>No applications in {data.year}.</p>
            )}
          </Section>
          <Section title="Why applications ended">
            {data.rejection_reasons.length ? (
              <table className={styles.table}>
                <caption>Rejections and withdrawals in {data.year}, by reason</caption>
                <thead>
                  <tr><th scope="col">Reason</th><th scope="col">Outcome</th><th scope="col">Count</th></tr>
                </thead>
                <tbody>
                  {data.rejection_reasons.map((row) => (
                    <tr key={`${row.stage} ${row.reason}`}>
                      <td>{row.reason}</td>
                      <td>{stageLabel(row.stage)}</td>
                      <td>{row.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>No application ended in {data.year}.</p>
            )}
          </Section>
          <Section title="Time in each stage">
            <table className={styles.table}>
              <caption>Average days applicants spent in each stage in {data.year}</caption>
              <thead>
                <tr><th scope="col">Stage</th><th scope="col">Times entered</th><th scope="col">Average days</th></tr>
              </thead>
              <tbody>
                {data.time_in_stage.map((row) => (
                  <tr key={row.stage}>
                    <th scope="row">{row.label}</th>
                    <td>{row.moves}</td>
                    <td>{row.average_days === null ? '—' : row.average_days}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Section>
        </>
      ) : null}
    </div>
  );
}
