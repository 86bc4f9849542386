import { Link } from 'react-router-dom';
import { PageHeader, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import type { Column } from '@hcm/kit/table';
import { ASSESSMENT_ALERTS, DEFAULT_DUE_WITHIN_DAYS, type AssessmentAlertRow } from '../../../contract';
import { BranchSelect, plural, recordPath, styles, useLiveList, useUrlFilter } from './common';
import { formatDate } from '@hcm/contract/format';

// live-events/clients/assessment-alerts: every client's assessments overdue for review, due within N days,
// never done where the client needs one, or awaiting sign-off, most urgent first. No saved-filter slot is named
// for it: the filter is kept in the address.

const TITLE = 'Assessments due';
const INITIAL = { alert: '', kind: '', branch_id: '', within: String(DEFAULT_DUE_WITHIN_DAYS) };

const alertLabel = (alert: string) => ASSESSMENT_ALERTS.find((item) => item.value === alert)?.label ?? alert;

function overdueWords(row: AssessmentAlertRow): string {
  if (row.days_overdue === null) return '—';
  if (row.days_overdue > 0) return `${plural(row.days_overdue, 'day')} overdue`;
  if (row.days_overdue === 0) return 'Due today';
  return `In ${plural(-row.days_overdue, 'day')}`;
}

const COLUMNS: Column<AssessmentAlertRow>[] = [
  { key: 'alert', label: 'Alert', sortable: true, render: (row) => <span className={styles.badge}>{alertLabel(row.alert)}</span> },
  { key: 'client_name', label: 'Client', sortable: true },
  {
    key: 'title',
    label: 'Assessment',
    sortable: true,
    render: (row) => (
      <>
        <Link to={recordPath(row.client_id, row.tab)}>{row.title}</Link>
        {row.version ? <span className={styles.muted}> (version {row.version})</span> : null}
      </>
    ),
  },
  { key: 'last_reviewed', label: 'Last reviewed', sortable: true, render: (row) => formatDate(row.last_reviewed) || '—' },
  { key: 'due_date', label: 'Review due', sortable: true, render: (row) => formatDate(row.due_date) || '—' },
  { key: 'days_overdue', label: 'Days overdue', sortable: true, render: (row) => <span className={row.days_overdue !== null && row.days_overdue > 0 ? styles.overdue : undefined}>{overdueWords(row)}</span> },
  { key: 'reason', label: 'Why' },
];

export default function AssessmentAlerts() {
  useRouteName(TITLE);
  const kinds = useApiQuery<{ kind: string; title: string }[]>('api/v1/live-events/assessment-alerts/kinds');
  const { filter, setFilter, table } = useLiveList<AssessmentAlertRow, typeof INITIAL>('api/v1/live-events/assessment-alerts', useUrlFilter(INITIAL), 'The assessment alerts could not be loaded.');
  return (
    <div className={styles.screen}>
      <PageHeader title={TITLE} />
      <p className={styles.muted}>
        Reviews fall due on the assessment&apos;s review date and never later than 12 months after its last review. Active clients need a general and a home environment risk
        assessment, and the assessments their support plan calls for.
      </p>
      <form className={styles.toolbar} role="search" aria-label="Filter the assessment alerts" onSubmit={(event) => event.preventDefault()}>
        <label>
          Alert
          <select value={filter.alert} onChange={(event) => setFilter({ alert: event.target.value })}>
            <option value="">Every alert</option>
            {ASSESSMENT_ALERTS.map((alert) => (
              <option key={alert.value} value={alert.value}>
                {alert.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Assessment
          <select value={filter.kind} onChange={(event) => setFilter({ kind: event.target.value })}>
            <option value="">Every assessment</option>
            {(kinds.data ?? []).map((kind) => (
              <option key={kind.kind} value={kind.kind}>
                {kind.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Due within (days)
          <input type="number" min={1} max={365} value={filter.within} onChange={(event) => setFilter({ within: event.target.value })} />
        </label>
        <BranchSelect value={filter.branch_id} onChange={(branch_id) => setFilter({ branch_id })} />
      </form>
      {table('Assessments overdue, due, never done or awaiting sign-off', COLUMNS, (row) => row.key, 'No assessment is overdue, due, missing or awaiting sign-off.')}
    </div>
  );
}
