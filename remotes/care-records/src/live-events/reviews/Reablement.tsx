import { PageHeader, useRouteName } from '@hcm/kit';
import type { Column } from '@hcm/kit/table';
import { REABLEMENT_STATES, REABLEMENT_WEEKS, type ReablementRow } from '../../../contract';
import { BranchSelect, styles, useLiveList, useSlotFilter } from './common';
import { daysLeftWords, REABLEMENT_COLUMNS } from './ReablementTable';

// live-events/clients/re-ablement: clients on a reablement package (their reablement record), soonest to end
// first, with goals, the latest weekly review and days left; the filter is kept in the 'reablement' slot.

const TITLE = 'Reablement';
const INITIAL = { state: 'open', branch_id: '' };

const COLUMNS: Column<ReablementRow>[] = [
  ...REABLEMENT_COLUMNS.slice(0, 3),
  { key: 'days_left', label: 'Days left', sortable: true, render: (row) => <span className={row.days_left !== null && row.days_left < 0 ? styles.overdue : undefined}>{daysLeftWords(row)}</span> },
  ...REABLEMENT_COLUMNS.slice(3),
];

export default function Reablement() {
  useRouteName(TITLE);
  const { filter, setFilter, table } = useLiveList<ReablementRow, typeof INITIAL>('api/v1/live-events/re-ablement', useSlotFilter('reablement', INITIAL), 'The reablement packages could not be loaded.');
  return (
    <div className={styles.screen}>
      <PageHeader title={TITLE} />
      <p className={styles.muted}>Reablement usually lasts up to {REABLEMENT_WEEKS} weeks. A package stays in progress until its outcome is recorded on the client&apos;s reablement tab.</p>
      <form className={styles.toolbar} role="search" aria-label="Filter the reablement packages" onSubmit={(event) => event.preventDefault()}>
        <label>
          Packages
          <select value={filter.state} onChange={(event) => setFilter({ state: event.target.value })}>
            {REABLEMENT_STATES.map((state) => (
              <option key={state.value} value={state.value}>
                {state.label}
              </option>
            ))}
            <option value="all">All</option>
          </select>
        </label>
        <BranchSelect value={filter.branch_id} onChange={(branch_id) => setFilter({ branch_id })} />
      </form>
      {table('Reablement packages', COLUMNS, (row) => row.document_id, 'No reablement package matches.')}
    </div>
  );
}
