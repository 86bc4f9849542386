import { EmptyState, ErrorPanel, Loading } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { TRAINING_STATES, type CarerTrainingStats } from '../../contract/training';
import type { StaffScreenProps } from '../record/types';
import { carerPath, Section, StateLabel, styles } from './common';
import { formatHours } from '@hcm/contract/format';

// The carer's "training-stats" tab: how compliant their file is with the required courses, the counts by state,
// training hours this year, and a five-year history as a table and labelled bars (readable without colour).

export default function TrainingStats({ owner, ownerId }: StaffScreenProps) {
  const stats = useApiQuery<CarerTrainingStats>(carerPath(ownerId, 'training-stats'), undefined, { failure: 'The training statistics could not be loaded.', enabled: owner === 'carers' });
  if (owner !== 'carers') return <EmptyState>Training records are kept on carers’ files.</EmptyState>;
  if (stats.isPending) return <Loading label="Loading the training statistics…" />;
  if (stats.error) return <ErrorPanel title="The training statistics could not be loaded" onRetry={() => void stats.refetch()}>{stats.error.message}</ErrorPanel>;
  const data = stats.data;
  const most = Math.max(1, ...data.history.map((year) => year.hours));
  return (
    <div className={styles.screen}>
      <Section title="Training statistics">
        <ul className={styles.totals} aria-label="Training at a glance">
          <li>
            <strong>{data.percent_compliant}%</strong> compliant ({data.compliant} of {data.required} required courses valid or expiring)
          </li>
          <li>
            <strong>{data.hours_this_year}</strong> hours of training in {data.history[data.history.length - 1]?.year}
          </li>
          <li>
            <strong>{data.courses_this_year}</strong> courses completed this year
          </li>
        </ul>
        <table className={styles.table}>
          <caption className={styles.muted}>Required and held courses by state</caption>
          <thead>
            <tr>
              <th scope="col">State</th>
              <th scope="col" className={styles.number}>Courses</th>
            </tr>
          </thead>
          <tbody>
            {TRAINING_STATES.map((state) => (
              <tr key={state.value}>
                <th scope="row">
                  <StateLabel state={state.value} />
                </th>
                <td className={styles.number}>{data.counts[state.value]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title="Training history">
        <ul className={styles.chart} aria-label="Hours of training by year">
          {data.history.map((year) => (
            <li key={year.year}>
              <span>{year.year}</span>
              <span className={styles.bar} style={{ width: `${Math.round((year.hours / most) * 100)}%` }} aria-hidden="true" />
              <span>
                {formatHours(year.hours * 60)}, {year.courses} course{year.courses === 1 ? '' : 's'}
              </span>
            </li>
          ))}
        </ul>
        <table className={styles.table}>
          <caption className={styles.muted}>Courses completed and hours by year</caption>
          <thead>
            <tr>
              <th scope="col">Year</th>
              <th scope="col" className={styles.number}>Courses</th>
              <th scope="col" className={styles.number}>Hours</th>
            </tr>
          </thead>
          <tbody>
            {data.history.map((year) => (
              <tr key={year.year}>
                <th scope="row">{year.year}</th>
                <td className={styles.number}>{year.courses}</td>
                <td className={styles.number}>{year.hours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </div>
  );
}
