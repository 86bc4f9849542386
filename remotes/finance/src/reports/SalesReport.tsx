import { useState } from 'react';
import type { SortMode } from '@hcm/contract';
import { kitStyles, PageHeader, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { useSavedFilter } from '@hcm/kit/storage';
import { ListTable, type Column } from '@hcm/kit/table';
import { SALES_GROUPS, type SalesGroup, type SalesReport as Report, type SalesRow, type SalesSort } from '../../contract/reports';
import { formatMoney } from '@hcm/contract/format';
import { PeriodFields, Problem, defaultPeriod, periodProblem, type PeriodFilter } from './common';
import styles from './reports.module.css';

type SalesFilter = PeriodFilter & { group: SalesGroup };

const moneyColumn = (key: keyof SalesRow & SalesSort, label: string): Column<SalesRow> => ({
  key,
  label,
  sortable: true,
  align: 'end',
  render: (row) => <span className={kitStyles.money}>{formatMoney(row[key] as number)}</span>,
});

/**
 * The sales report (finance/sales-report): the invoices raised in a period, by funder, client, branch or month,
 * with what has been credited and paid against them and what is outstanding; the totals; the same as CSV.
 */
export function SalesReport() {
  useRouteName('Sales report');
  // The period is kept in the finance_date slot, so it is the same when the user comes back.
  const [filter, setFilter] = useSavedFilter<SalesFilter>('finance_date', { ...defaultPeriod(), branch_id: '', group: 'funder' });
  const [order, setOrder] = useState<{ sort: SalesSort; mode: SortMode }>({ sort: 'label', mode: 'asc' });
  const [paging, setPaging] = useState({ page: 1, page_size: 25 });
  const problem = periodProblem(filter);
  const params = { from: filter.from, to: filter.to, branch_id: filter.branch_id, group: filter.group ?? 'funder', ...order, ...paging };
  const report = useApiQuery<Report>('api/v1/finance/reports/sales', params, { enabled: problem === null, keepPrevious: true });
  const choose = (next: Partial<SalesFilter>) => {
    setFilter((previous) => ({ ...previous, ...next }));
    setPaging((previous) => ({ ...previous, page: 1 }));
  };
  const sortBy = (column: string) =>
    setOrder((previous) => ({ sort: column as SalesSort, mode: previous.sort === column && previous.mode === 'asc' ? 'desc' : 'asc' }));
  const groupLabel = SALES_GROUPS.find((group) => group.value === params.group)?.label ?? 'Funder';
  const columns: Column<SalesRow>[] = [
    { key: 'label', label: groupLabel, sortable: true },
    { key: 'invoice_count', label: 'Invoices', sortable: true, align: 'end' },
    moneyColumn('invoiced_pence', 'Invoiced'),
    moneyColumn('credited_pence', 'Credited'),
    moneyColumn('net_pence', 'Net'),
    moneyColumn('paid_pence', 'Paid'),
    moneyColumn('outstanding_pence', 'Outstanding'),
  ];
  const data = report.data;
  const csv = `/api/v1/finance/reports/sales.csv?${new URLSearchParams({ from: params.from, to: params.to, branch_id: params.branch_id, group: params.group, sort: order.sort, mode: order.mode })}`;
  return (
    <div className={styles.screen}>
      <PageHeader title="Sales report" actions={problem === null ? <a href={csv} download>Download CSV</a> : undefined} />
      <p className={styles.muted}>Invoices raised in the period (by issue date), with every credit note and payment set against them so far.</p>
      <div className={styles.filters}>
        <PeriodFields filter={filter} onChange={choose} />
        <label>
          Group by
          <select value={params.group} onChange={(event) => choose({ group: event.target.value as SalesGroup })}>
            {SALES_GROUPS.map((group) => (
              <option key={group.value} value={group.value}>
                {group.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {problem ? <Problem>{problem}</Problem> : null}
      {data ? (
        <section aria-label="Totals">
          <dl className={styles.totals}>
            {(
              [
                ['Invoices', String(data.totals.invoice_count)],
                ['Invoiced', formatMoney(data.totals.invoiced_pence)],
                ['Credited', formatMoney(data.totals.credited_pence)],
                ['Net', formatMoney(data.totals.net_pence)],
                ['Paid', formatMoney(data.totals.paid_pence)],
                ['Outstanding', formatMoney(data.totals.outstanding_pence)],
              ] as const
            ).map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {problem ? null : (
        <ListTable<SalesRow>
          caption={`Sales by ${groupLabel.toLowerCase()}`}
          columns={columns}
          page={data ? { data: data.rows, total: data.total, page: data.page, page_size: data.page_size, last_page: data.last_page } : null}
          loading={report.isFetching}
          error={report.error?.message ?? null}
          sort={order.sort}
          mode={order.mode}
          onSort={sortBy}
          onPage={(page) => setPaging((previous) => ({ ...previous, page }))}
          onPageSize={(size) => setPaging({ page: 1, page_size: size })}
          onRetry={() => void report.refetch()}
          rowKey={(row) => row.key}
          empty="No invoice was raised in this period."
        />
      )}
    </div>
  );
}
