import { EmptyState, PageHeader, useRouteName } from '@hcm/kit';
import { ListTable, type Column } from '@hcm/kit/table';
import type { PayRunRow } from '../../contract/pay';
import { lastWeek } from './common';
import { RunFilterFields, runColumns, useRunList } from './PayRunList';
import { useWagesHref } from './RunDetail';
import styles from './pay.module.css';

/**
 * The wages report (export/reports/wages-report): the posted pay runs of a period with their totals, each with its
 * payroll file to download (one row per carer: hours by type, each pay element, gross and the minimum-wage shortfall).
 */
export function WagesReport() {
  useRouteName('Wages report');
  const wagesHref = useWagesHref();
  const week = lastWeek();
  const runs = useRunList({ branch_id: '', status: 'posted', from: week.from, to: week.to });
  const columns: Column<PayRunRow>[] = [
    ...runColumns.filter((column) => column.key !== 'status'),
    {
      key: 'file',
      label: 'Wages file',
      render: (row) => (
        <a href={wagesHref(row.id)} download aria-label={`Download the wages file of ${row.branch}, ${row.period_from} to ${row.period_to}`}>
          Download CSV
        </a>
      ),
    },
  ];
  return (
    <div className={styles.screen}>
      <PageHeader title="Wages report" />
      <p className={styles.muted}>Choose a period (and a branch) to list its posted pay runs; each run&apos;s wages file is the payroll import.</p>
      <RunFilterFields filters={runs.filters} choose={runs.choose} withStatus={false} />
      <ListTable<PayRunRow>
        caption="Posted pay runs in the period"
        columns={columns}
        {...runs.table}
        rowKey={(row) => row.id}
        empty={<EmptyState>No pay run is posted for this period. Post one under Finance, Pay runs.</EmptyState>}
      />
    </div>
  );
}
