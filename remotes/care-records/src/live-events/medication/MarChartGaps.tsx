import { Link } from 'react-router-dom';
import type { Column } from '@hcm/kit/table';
import { slotLabel, type MarGapClientRow } from '../../../contract';
import { MedicationListScreen, styles, useSlotFilter } from './common';
import { formatDate, formatDateTime } from '@hcm/contract/format';

// Live events → MAR chart audit (/app/live-events/clients/marchart-audit): by client, the doses due whose window
// has closed with nothing recorded this month (the chart's own rule: an hour either side of a set time, a
// time-critical medicine's own window), most time-critical gaps first. Filter kept in the saved filter slot
// live_event_marchart_audit_client.

const columns: Column<MarGapClientRow>[] = [
  { key: 'client_name', label: 'Client', sortable: true, render: (row) => <Link to={`/app/clients/${row.client_id}/marchart`}>{row.client_name}</Link> },
  { key: 'gaps', label: 'Gaps', sortable: true, render: (row) => <>{row.gaps}{row.time_critical_gaps ? <span className={styles.concern}> ({row.time_critical_gaps} time-critical)</span> : null}</> },
  { key: 'latest_gap', label: 'Latest', sortable: true, render: (row) => (row.latest_gap ? formatDateTime(row.latest_gap) : '—') },
  {
    key: 'gap_list',
    label: 'Doses not recorded',
    render: (row) => (
      <ul>
        {row.gap_list.map((gap) => (
          <li key={`${gap.schedule_id}-${gap.day}-${gap.slot}`}>
            {gap.medicine}, {slotLabel(gap.slot)} on {formatDate(gap.day)}{gap.time_critical ? ' (time-critical)' : ''}
          </li>
        ))}
      </ul>
    ),
  },
];

export default function MarChartGaps() {
  return (
    <MedicationListScreen<MarGapClientRow>
      title="MAR chart gaps"
      intro="Doses due whose window has passed with nothing recorded, by client. Find out what happened, record it on the chart or explain it in the month’s MAR audit."
      path="api/v1/live-events/marchart-audit"
      filter={useSlotFilter('live_event_marchart_audit_client')}
      dates="month"
      extras={[{ key: 'state', label: 'Doses', any: 'All doses', choices: [{ value: 'time-critical', label: 'Time-critical only' }] }]}
      defaultSort=""
      columns={columns}
      caption="MAR gaps by client"
      empty="No gaps: every dose due has a record."
      rowKey={(row) => row.client_id}
    />
  );
}
