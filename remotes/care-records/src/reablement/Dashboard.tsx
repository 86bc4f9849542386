import { Link } from 'react-router-dom';
import { PageHeader, useRouteName } from '@hcm/kit';
import type { Column } from '@hcm/kit/table';
import { DASHBOARD_STATES, REABLEMENT_WEEKS, type ReablementDashboard, type ReablementDashboardRow, type ReablementSummary } from '../../contract';
import { BranchSelect, plural, recordPath, useLiveList, useUrlFilter } from '../live-events/reviews/common';
import styles from './reablement.module.css';
import { formatDate } from '@hcm/contract/format';

// /app/reablement/dashboard: the six-week programmes of the user's branches. Figures (in progress, overdue, ended
// in the last 12 months), the outcomes as counts and shares (a table with patterned bars, readable without
// colour), and the programmes with the week each is in, linking to that week and to the client's reablement tab.

const TITLE = 'Reablement dashboard';
const INITIAL = { state: 'open', branch_id: '' };

export const weekPath = (clientId: number, week: number) => `/app/reablement/client/${clientId}/week/${week}`;

function daysWords(row: ReablementDashboardRow): string {
  if (row.state === 'ended') return row.ended_on ? `Ended ${formatDate(row.ended_on) || '—'}` : 'Ended';
  if (row.days_left === null) return 'No planned end';
  if (row.days_left < 0) return `Overdue by ${plural(-row.days_left, 'day')}`;
  if (row.days_left === 0) return 'Ends today';
  return `${plural(row.days_left, 'day')} left`;
}

const COLUMNS: Column<ReablementDashboardRow>[] = [
  { key: 'client_name', label: 'Client', sortable: true, render: (row) => row.client_name },
  { key: 'branch_name', label: 'Branch', sortable: true },
  { key: 'week', label: 'Week', render: (row) => (row.week === null ? '—' : `Week ${row.week} of ${REABLEMENT_WEEKS}`) },
  { key: 'goals', label: 'Goals achieved', sortable: true, render: (row) => `${row.goals_achieved} of ${row.goals}` },
  {
    key: 'last_review',
    label: 'Last weekly review',
    render: (row) => (row.last_review_week === null ? 'None yet' : `Week ${row.last_review_week}${row.last_review_date ? `, ${formatDate(row.last_review_date) || '—'}` : ''}`),
  },
  { key: 'planned_end', label: 'Planned end', sortable: true, render: (row) => formatDate(row.planned_end) || '—' },
  {
    key: 'days_left',
    label: 'Days to planned end',
    sortable: true,
    render: (row) => (row.state === 'overdue' ? <strong className={styles.overdue}>{daysWords(row)}</strong> : daysWords(row)),
  },
  { key: 'outcome_label', label: 'Outcome', render: (row) => (row.state === 'ended' ? row.outcome_label : 'Still in progress') },
  {
    key: 'links',
    label: 'Open',
    render: (row) => (
      <span className={styles.links}>
        {row.week !== null ? (
          <Link to={weekPath(row.client_id, row.week)} aria-label={`Week ${row.week} of ${row.client_name}`}>
            Week {row.week}
          </Link>
        ) : null}
        <Link to={recordPath(row.client_id, 'reablement')} aria-label={`Reablement tab of ${row.client_name}`}>
          Reablement tab
        </Link>
      </span>
    ),
  },
];

function Figures({ summary }: { summary: ReablementSummary }) {
  return (
    <ul className={styles.figures} aria-label="Reablement figures">
      <li>
        <span className={styles.figure}>{summary.open}</span> in progress
      </li>
      <li>
        <span className={styles.figure}>{summary.overdue}</span> overdue (past planned end, no outcome)
      </li>
      <li>
        <span className={styles.figure}>{summary.ended}</span> ended since {formatDate(summary.ended_since) || '—'}
      </li>
    </ul>
  );
}

/** The outcomes as a table: the count and share in words, and a patterned bar as wide as the share. */
function OutcomesChart({ summary }: { summary: ReablementSummary }) {
  return (
    <table className={styles.chart}>
      <caption>
        Outcomes of the {plural(summary.ended, 'programme')} ended since {formatDate(summary.ended_since) || '—'}
      </caption>
      <thead>
        <tr>
          <th scope="col">Outcome</th>
          <th scope="col">Programmes</th>
          <th scope="col">Share</th>
        </tr>
      </thead>
      <tbody>
        {summary.outcomes.map((outcome) => (
          <tr key={outcome.value}>
            <th scope="row">{outcome.label}</th>
            <td>{outcome.count}</td>
            <td>
              <span className={styles.bar} style={{ width: `${Math.max(outcome.percent * 2, outcome.count ? 2 : 0)}px` }} aria-hidden="true" />
              {outcome.percent}%
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function Dashboard() {
  useRouteName(TITLE);
  const { filter, setFilter, list, table } = useLiveList<ReablementDashboardRow, typeof INITIAL>('api/v1/reablement/dashboard', useUrlFilter(INITIAL), 'The reablement dashboard could not be loaded.');
  const summary = (list.data as ReablementDashboard | undefined)?.summary;
  return (
    <div className={styles.screen}>
      <PageHeader title={TITLE} />
      <p className={styles.muted}>
        Reablement lasts up to {REABLEMENT_WEEKS} weeks. A programme is overdue once past its planned end without an outcome: record the outcome on its
        last week.
      </p>
      <form className={styles.toolbar} role="search" aria-label="Filter the reablement programmes" onSubmit={(event) => event.preventDefault()}>
        <BranchSelect value={filter.branch_id} onChange={(branch_id) => setFilter({ branch_id })} />
        <label>
          Programmes
          <select value={filter.state} onChange={(event) => setFilter({ state: event.target.value })}>
            {DASHBOARD_STATES.map((state) => (
              <option key={state.value} value={state.value}>
                {state.label}
              </option>
            ))}
          </select>
        </label>
      </form>
      {summary ? (
        <>
          <Figures summary={summary} />
          <OutcomesChart summary={summary} />
        </>
      ) : null}
      {table('Reablement programmes', COLUMNS, (row) => row.document_id, 'No reablement programme matches.')}
    </div>
  );
}
