import { PageHeader, useRouteName } from '@hcm/kit';
import type { Column } from '@hcm/kit/table';
import type { ReablementRow } from '../../../contract';
import { BranchSelect, plural, styles, useLiveList, useUrlFilter } from './common';
import { REABLEMENT_COLUMNS } from './ReablementTable';

// live-events/clients/re-ablement-overdue: reablement packages past their planned end without a closing review
// (no outcome recorded), most overdue first. The 'reablement' slot belongs to the main list: this one keeps its
// filter in the address.

const TITLE = 'Reablement overdue';
const INITIAL = { branch_id: '' };

const COLUMNS: Column<ReablementRow>[] = [
  ...REABLEMENT_COLUMNS.slice(0, 3),
  { key: 'days_overdue', label: 'Days overdue', sortable: true, render: (row) => <span className={styles.overdue}>{plural(row.days_overdue ?? 0, 'day')}</span> },
  ...REABLEMENT_COLUMNS.slice(3, -1),
];

export default function ReablementOverdue() {
  useRouteName(TITLE);
  const { filter, setFilter, table } = useLiveList<ReablementRow, typeof INITIAL>('api/v1/live-events/re-ablement-overdue', useUrlFilter(INITIAL), 'The overdue reablement packages could not be loaded.');
  return (
    <div className={styles.screen}>
      <PageHeader title={TITLE} />
      <p className={styles.muted}>Past the planned end with no outcome: book the closing review with the therapist and record how the package ended.</p>
      <form className={styles.toolbar} role="search" aria-label="Filter the overdue reablement packages" onSubmit={(event) => event.preventDefault()}>
        <BranchSelect value={filter.branch_id} onChange={(branch_id) => setFilter({ branch_id })} />
      </form>
      {table('Reablement packages past their planned end', COLUMNS, (row) => row.document_id, 'No reablement package is past its planned end.')}
    </div>
  );
}
