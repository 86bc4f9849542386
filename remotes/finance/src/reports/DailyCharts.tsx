import { useState } from 'react';
import { PageHeader, useRouteName } from '@hcm/kit';
import { BarChart, LineChart, type ChartSeries } from '@hcm/kit/charts';
import { useApiQuery } from '@hcm/kit/data';
import { useSavedFilter } from '@hcm/kit/storage';
import type { DailyDetail, DailyFigures, DailyReport } from '../../contract/reports';
import { formatDate, formatDateLong, formatDayMonth, formatMoney, formatWeekday } from '@hcm/contract/format';
import { PeriodFields, Problem, defaultPeriod, periodProblem, type PeriodFilter } from './common';
import styles from './reports.module.css';

function DayRows({ day, branchId }: { day: string; branchId: string }) {
  const detail = useApiQuery<DailyDetail>(`api/v1/finance/reports/daily/${day}`, { branch_id: branchId });
  if (detail.error) return <Problem>{detail.error.message}</Problem>;
  if (!detail.data) return <p role="status">Loading the rows of {formatDateLong(day)}…</p>;
  const { invoices, credit_notes: notes, payments, expenses } = detail.data;
  // Each table's last column is its money: right-aligned, tabular figures.
  const figure = (index: number, count: number) => (index === count - 1 ? styles.number : undefined);
  const table = (caption: string, headers: string[], rows: (string | number)[][], empty: string) => (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((header, index) => (
              <th key={header} scope="col" className={figure(index, headers.length)}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={headers.length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={index}>
                {row.map((cell, cellIndex) => (
                  <td key={cellIndex} className={figure(cellIndex, row.length)}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
  return (
    <section aria-labelledby="day-rows">
      <h2 id="day-rows">Rows of {formatDateLong(day)}</h2>
      {table('Invoices raised', ['Number', 'Payer', 'Total'], invoices.map((row) => [row.number, row.payer_name, formatMoney(row.total_pence)]), 'No invoice.')}
      {table('Credit notes issued', ['Number', 'Invoice', 'Reason', 'Total'], notes.map((row) => [row.number, row.invoice_number, row.reason, formatMoney(row.total_pence)]), 'No credit note.')}
      {table('Payments received', ['Payer', 'Method', 'Reference', 'Amount'], payments.map((row) => [row.payer, row.method, row.reference, formatMoney(row.amount_pence)]), 'No payment.')}
      {table('Expenses', ['Supplier', 'Description', 'Category', 'Total'], expenses.map((row) => [row.supplier, row.description, row.category, formatMoney(row.total_pence)]), 'No expense.')}
    </section>
  );
}

type SeriesKey = 'invoiced_pence' | 'credited_pence' | 'received_pence' | 'expenses_pence';

/** The four figures of a day, in the order of the bars, the legend and the table. */
export const SERIES: { key: SeriesKey; label: string }[] = [
  { key: 'invoiced_pence', label: 'Invoiced' },
  { key: 'credited_pence', label: 'Credited' },
  { key: 'received_pence', label: 'Received' },
  { key: 'expenses_pence', label: 'Expenses' },
];

/** A day's short axis label: "Mon 3" within one month, "3 Mar" when the period spans months. */
export function shortDay(day: string, oneMonth: boolean): string {
  return oneMonth ? `${formatWeekday(day, 'short')} ${Number(day.slice(8, 10))}` : formatDayMonth(day);
}

/** The daily figures as the kit's chart series: per day, and the running totals. */
export function dailySeries(days: DailyFigures[]): { perDay: ChartSeries[]; running: ChartSeries[] } {
  const oneMonth = new Set(days.map((day) => day.day.slice(0, 7))).size <= 1;
  const point = (day: string, value: number) => ({ key: day, label: formatDate(day), short: shortDay(day, oneMonth), value });
  const perDay = SERIES.map((series) => ({ key: series.key, label: series.label, points: days.map((day) => point(day.day, day[series.key])) }));
  let billed = 0;
  let received = 0;
  const billedPoints = [];
  const receivedPoints = [];
  for (const day of days) {
    billed += day.invoiced_pence - day.credited_pence;
    received += day.received_pence;
    billedPoints.push(point(day.day, billed));
    receivedPoints.push(point(day.day, received));
  }
  const running = [
    { key: 'billed', label: 'Invoiced less credited', points: billedPoints },
    { key: 'received', label: 'Received', points: receivedPoints },
  ];
  return { perDay, running };
}

/**
 * Daily finance charts (finance/daily-finance-charts): per day of a period, invoiced, credited, received and
 * expenses as bars, and the running totals as lines (the kit's charts: patterns, legend, a table of the figures
 * under each); a day's bars, or its row in the table, open its rows.
 */
export function DailyCharts() {
  useRouteName('Daily finance charts');
  const [filter, setFilter] = useSavedFilter<PeriodFilter>('finance_date', { ...defaultPeriod(), branch_id: '' });
  const [selected, setSelected] = useState<string | null>(null);
  const problem = periodProblem(filter);
  const report = useApiQuery<DailyReport>('api/v1/finance/reports/daily', { from: filter.from, to: filter.to, branch_id: filter.branch_id }, { enabled: problem === null, keepPrevious: true });
  const choose = (next: Partial<PeriodFilter>) => {
    setFilter((previous) => ({ from: previous.from, to: previous.to, branch_id: previous.branch_id ?? '', ...next }));
    setSelected(null);
  };
  const data = report.data;
  const series = data ? dailySeries(data.days) : null;
  const last = series?.running[0]?.points.at(-1);
  return (
    <div className={styles.screen}>
      <PageHeader title="Daily finance charts" />
      <div className={styles.filters}>
        <PeriodFields filter={{ from: filter.from, to: filter.to, branch_id: filter.branch_id ?? '' }} onChange={choose} />
      </div>
      {problem ? <Problem>{problem}</Problem> : null}
      {report.error ? <Problem>{report.error.message}</Problem> : null}
      {!data && !problem && !report.error ? <p role="status">Loading the daily figures…</p> : null}
      {data && series ? (
        <>
          <dl className={styles.totals} aria-label="Totals of the period">
            {SERIES.map((item) => (
              <div key={item.key}>
                <dt>{item.label}</dt>
                <dd>{formatMoney(data.totals[item.key])}</dd>
              </div>
            ))}
          </dl>
          <h2>Per day</h2>
          <BarChart
            title="Money in and out per day"
            summary="Money in and out per day, bars: invoiced, credited, received and expenses. Choose a day to see its rows."
            unit="money"
            series={series.perDay}
            categoryLabel="Day"
            onSelectCategory={(day) => setSelected(day.key)}
            selected={selected}
            selectHint="Show the day's rows"
          />
          <h2>Running totals</h2>
          <LineChart
            title="Running totals over the period"
            summary={
              last
                ? `Running totals to ${formatDate(last.key)}: invoiced less credited ${formatMoney(last.value)}, received ${formatMoney(series.running[1]!.points.at(-1)!.value)}`
                : 'Running totals: no days'
            }
            unit="money"
            series={series.running}
            categoryLabel="Day"
          />
          {selected ? <DayRows day={selected} branchId={filter.branch_id ?? ''} /> : <p className={styles.muted}>Choose a day&apos;s bars (or its row in the table) to see its invoices, credit notes, payments and expenses.</p>}
        </>
      ) : null}
    </div>
  );
}
