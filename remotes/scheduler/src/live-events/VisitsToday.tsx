import { ukDate } from '@hcm/contract/time';
import { formatTime } from '@hcm/contract/format';
import { Link } from 'react-router-dom';
import { Button, PageHeader, useRouteName } from '@hcm/kit';
import { ListTable, type Column } from '@hcm/kit/table';
import { LIVE_VISIT_STATES, type LiveVisitRow } from '../../contract/live-device';
import { STATUS_WORDS, StatusText, styles } from '../visits/common';
import { CONFIRMATION_WORDS, LiveNote, metres, useLiveList, yesNo } from './device/useLiveList';
import { BranchField } from './device/FilterFields';

type Filters = { date: string; branch_id: string; state: string; flag: string };
const NONE: Filters = { date: '', branch_id: '', state: '', flag: '' };

/**
 * live-events/clients/visits: a day's visits (today unless chosen) by state, with the check-in and check-out
 * times the devices sent, whether the carer was punctual and on site, and the confirmation. Slot live_event_visit.
 */
export default function VisitsToday() {
  useRouteName("Today's visits");
  const { filters, choose, clearFilters, tableProps, connected } = useLiveList<LiveVisitRow, Filters>('api/v1/live/visits', 'live_event_visit', NONE, { sort: 'planned_start', mode: 'asc' });

  const columns: Column<LiveVisitRow>[] = [
    { key: 'planned_start', label: 'Planned', sortable: true, render: (row) => <Link to={`/app/visits/${row.id}`}>{row.start_time}–{row.end_time}</Link> },
    { key: 'client_name', label: 'Client' },
    { key: 'carers', label: 'Carers', render: (row) => row.carer_names.join(', ') || 'No carer' },
    { key: 'status', label: 'State', sortable: true, render: (row) => <StatusText status={row.status} /> },
    { key: 'check_in_at', label: 'Checked in', render: (row) => formatTime(row.check_in_at) || '—' },
    { key: 'check_out_at', label: 'Checked out', render: (row) => formatTime(row.check_out_at) || '—' },
    { key: 'punctual', label: 'Punctual', render: (row) => yesNo(row.punctual, 'On time', 'Outside the window') },
    {
      key: 'on_site',
      label: 'On site',
      render: (row) => (row.on_site === false ? <Link to={`/app/live-events/clients/not-on-site/${row.id}`}>Not on site ({metres(row.distance_metres)})</Link> : yesNo(row.on_site, 'On site', 'Not on site')),
    },
    { key: 'confirmation', label: 'Confirmation', render: (row) => CONFIRMATION_WORDS[row.confirmation] },
  ];

  return (
    <div className={styles.screen}>
      <PageHeader title="Today's visits" actions={<Link to="/app/visits/confirmations">Visits to confirm</Link>} />
      <LiveNote connected={connected} />
      <form className={styles.filters} role="search" aria-label="Filter the visits" onSubmit={(event) => event.preventDefault()}>
        <label>
          Day
          <input type="date" value={filters.date || ukDate()} onChange={(event) => choose('date', event.target.value)} />
        </label>
        <BranchField value={filters.branch_id} choose={choose} />
        <label>
          State
          <select value={filters.state} onChange={(event) => choose('state', event.target.value)}>
            <option value="">Any but cancelled</option>
            {LIVE_VISIT_STATES.map((state) => <option key={state} value={state}>{STATUS_WORDS[state]}</option>)}
          </select>
        </label>
        <label>
          Flag
          <select value={filters.flag} onChange={(event) => choose('flag', event.target.value)}>
            <option value="">Any</option>
            <option value="not-punctual">Outside the punctuality window</option>
            <option value="not-on-site">Not on site</option>
          </select>
        </label>
        <Button variant="secondary" onClick={clearFilters}>Clear filters</Button>
      </form>
      <ListTable caption="Visits and their checks" columns={columns} {...tableProps} rowKey={(row) => row.id} empty="No visit matches these filters." />
    </div>
  );
}
