import { Link } from 'react-router-dom';
import type { Column } from '@hcm/kit/table';
import type { ReablementRow } from '../../../contract';
import { plural, recordPath, styles } from './common';
import { formatDate } from '@hcm/contract/format';

// The columns both reablement lists show: the package's period, goals and progress, and its days left or overdue.

export const daysLeftWords = (row: ReablementRow) => {
  if (row.days_left === null) return 'No planned end';
  if (row.days_left < 0) return `${plural(-row.days_left, 'day')} overdue`;
  if (row.days_left === 0) return 'Ends today';
  return plural(row.days_left, 'day');
};

export const REABLEMENT_COLUMNS: Column<ReablementRow>[] = [
  { key: 'client_name', label: 'Client', sortable: true, render: (row) => <Link to={recordPath(row.client_id, 'reablement')}>{row.client_name}</Link> },
  { key: 'start_date', label: 'Started', sortable: true, render: (row) => formatDate(row.start_date) || '—' },
  { key: 'planned_end', label: 'Planned end', sortable: true, render: (row) => formatDate(row.planned_end) || '—' },
  { key: 'goals', label: 'Goals', sortable: true, render: (row) => `${row.goals_achieved} of ${plural(row.goals, 'goal')} achieved` },
  { key: 'latest_progress', label: 'Latest progress', render: (row) => <p className={styles.note}>{row.latest_progress || 'No weekly review yet.'}</p> },
  { key: 'therapist', label: 'Therapist' },
  { key: 'outcome_label', label: 'Outcome', render: (row) => `${row.outcome_label}${row.ended_on ? `, ended ${formatDate(row.ended_on) || '—'}` : ''}` },
];
