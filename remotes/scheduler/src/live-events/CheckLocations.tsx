import { Button, PageHeader, useRouteName } from '@hcm/kit';
import { ListTable } from '@hcm/kit/table';
import type { CheckLocationRow } from '../../contract/live-device';
import { styles } from '../visits/common';
import { checkColumns } from './device/CheckTable';
import { LiveNote, useLiveList } from './device/useLiveList';
import { BranchField, PeriodFields } from './device/FilterFields';

type Filters = { from: string; to: string; branch_id: string; kind: string; position: string };
const NONE: Filters = { from: '', to: '', branch_id: '', kind: '', position: '' };

/**
 * live-events/clients/locations: where carers checked in and out (today unless a period is chosen), each
 * position against the client's home with the distance. Slot live_event_location.
 */
export default function CheckLocations() {
  useRouteName('Check-in locations');
  const { filters, choose, clearFilters, tableProps, connected } = useLiveList<CheckLocationRow, Filters>('api/v1/live/locations', 'live_event_location', NONE, { sort: 'recorded_at', mode: 'desc' });
  return (
    <div className={styles.screen}>
      <PageHeader title="Check-in locations" />
      <LiveNote connected={connected} />
      <form className={styles.filters} role="search" aria-label="Filter the checks" onSubmit={(event) => event.preventDefault()}>
        <PeriodFields from={filters.from} to={filters.to} choose={choose} />
        <BranchField value={filters.branch_id} choose={choose} />
        <label>
          Check
          <select value={filters.kind} onChange={(event) => choose('kind', event.target.value)}>
            <option value="">Check-ins and check-outs</option>
            <option value="in">Check-ins</option>
            <option value="out">Check-outs</option>
          </select>
        </label>
        <label>
          Position
          <select value={filters.position} onChange={(event) => choose('position', event.target.value)}>
            <option value="">With or without</option>
            <option value="with">With a position</option>
            <option value="without">Without a position</option>
          </select>
        </label>
        <Button variant="secondary" onClick={clearFilters}>Clear filters</Button>
      </form>
      <ListTable caption="Checks and their positions" columns={checkColumns(false)} {...tableProps} rowKey={(row) => row.id} empty="No check in this period." />
    </div>
  );
}
