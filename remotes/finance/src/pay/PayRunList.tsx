import { Link } from 'react-router-dom';
import { EmptyState, kitStyles, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { ListTable, type Column } from '@hcm/kit/table';
import { type PayRunRow } from '../../contract/pay';
import { useFilteredList } from '../lists';
import { PAY_RUNS, periodWords, useBranchChoices } from './common';
import styles from './pay.module.css';
import { formatHours, formatMoney } from '@hcm/contract/format';

export type RunFilters = { branch_id: string; status: string; from: string; to: string };

/** The runs' list query: filters, sort and paging, all answered by the API. */
export function useRunList(initial: RunFilters) {
  return useFilteredList<PayRunRow, RunFilters>(PAY_RUNS, initial, { sort: 'period_from', mode: 'desc' }, 'The pay runs could not be loaded.');
}

export function RunFilterFields({ filters, choose, withStatus = true }: { filters: RunFilters; choose: (key: keyof RunFilters, value: string) => void; withStatus?: boolean }) {
  const branches = useBranchChoices();
  return (
    <form className={styles.filters} aria-label="Filter pay runs" onSubmit={(event) => event.preventDefault()}>
      <label>
        Branch
        <select value={filters.branch_id} onChange={(event) => choose('branch_id', event.target.value)}>
          <option value="">All my branches</option>
          {branches.map((branch) => (
            <option key={branch.id} value={branch.id}>
              {branch.name}
            </option>
          ))}
        </select>
      </label>
      {withStatus ? (
        <label>
          Status
          <select value={filters.status} onChange={(event) => choose('status', event.target.value)}>
            <option value="">Any</option>
            <option value="posted">Posted</option>
            <option value="reset">Reset</option>
          </select>
        </label>
      ) : null}
      <label>
        Periods from
        <input type="date" value={filters.from} onChange={(event) => choose('from', event.target.value)} />
      </label>
      <label>
        Periods to
        <input type="date" value={filters.to} onChange={(event) => choose('to', event.target.value)} />
      </label>
    </form>
  );
}

export const runColumns: Column<PayRunRow>[] = [
  { key: 'period_from', label: 'Period', sortable: true, render: (row) => <Link to={`/app/finance/pay-runs/${row.id}`}>{periodWords(row.period_from, row.period_to)}</Link> },
  { key: 'branch', label: 'Branch', sortable: true },
  { key: 'status', label: 'Status', sortable: true, render: (row) => (row.status === 'posted' ? 'Posted' : `Reset: ${row.reset_reason}`) },
  { key: 'carers', label: 'Carers', sortable: true },
  { key: 'hours', label: 'Hours (care, travel, waiting)', render: (row) => `${formatHours(row.care_minutes)}, ${formatHours(row.travel_minutes)}, ${formatHours(row.waiting_minutes)}` },
  { key: 'gross_pence', label: 'Gross pay', sortable: true, align: 'end', render: (row) => <span className={kitStyles.money}>{formatMoney(row.gross_pence)}</span> },
  { key: 'flagged_count', label: 'Below the minimum wage', sortable: true, render: (row) => (row.flagged_count ? `⚠ ${row.flagged_count} short by ${formatMoney(row.shortfall_pence)}` : 'None') },
  { key: 'created_at', label: 'Posted', sortable: true, render: (row) => `${row.created_at.slice(0, 10)} by ${row.created_by_name || 'unknown'}` },
];

export function PayRunList() {
  useRouteName('Pay runs');
  const can = useCan();
  const runs = useRunList({ branch_id: '', status: '', from: '', to: '' });
  return (
    <div className={styles.screen}>
      <PageHeader title="Pay runs" actions={can('payroll.view') ? <Link to="/app/finance/pay-runs/new">New pay run</Link> : null} />
      <RunFilterFields filters={runs.filters} choose={runs.choose} />
      <ListTable<PayRunRow>
        caption="Pay runs of your branches"
        columns={runColumns}
        {...runs.table}
        rowKey={(row) => row.id}
        empty={<EmptyState>No pay run matches. Start one with “New pay run”.</EmptyState>}
      />
    </div>
  );
}
