import { useState } from 'react';
import { Button, PageHeader, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { useSavedFilter } from '@hcm/kit/storage';
import type { DailyDetail, DailyReport } from '../../contract/reports';
import { DailyBars, Legend, RunningTotals, SERIES } from './charts';
import { PeriodFields, Problem, defaultPeriod, longDay, money, periodProblem, type PeriodFilter } from './common';
import styles from './reports.module.css';

function DayRows({ day, branchId }: { day: string; branchId: string }) {
  const detail = useApiQuery<DailyDetail>(`api/v1/finance/reports/daily/${day}`, { branch_id: branchId });
  if (detail.error) return <Problem>{detail.error.message}</Problem>;
  if (!detail.data) return <p role="status">Loading the rows of {longDay(day)}…</p>;
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
      <h2 id="day-rows">Rows of {longDay(day)}</h2>
      {table('Invoices raised', ['Number', 'Payer', 'Total'], invoices.map((row) => [row.number, row.payer_name, money(row.total_pence)]), 'No invoice.')}
      {table('Credit notes issued', ['Number', 'Invoice', 'Reason', 'Total'], notes.map((row) => [row.number, row.invoice_number, row.reason, money(row.total_pence)]), 'No credit note.')}
      {table('Payments received', ['Payer', 'Method', 'Reference', 'Amount'], payments.map((row) => [row.payer, row.method, row.reference, money(row.amount_pence)]), 'No payment.')}
      {table('Expenses', ['Supplier', 'Description', 'Category', 'Total'], expenses.map((row) => [row.supplier, row.description, row.category, money(row.total_pence)]), 'No expense.')}
    </section>
  );
}

/**
 * Daily finance charts (finance/daily-finance-charts): per day of a period, invoiced, credited, received and
 * expenses as bars, and the running totals as lines; the same figures as a table; a day's bars open its rows.
 */
export function DailyCharts() {
  useRouteName('Daily finance charts');
  const [filter, setFilter] = useSavedFilter<PeriodFilter>('finance_date', { ...defaultPeriod(), branch_id: '' });
  const [selected, setSelected] = useState<string | null>(null);
  const [showTable, setShowTable] = useState(false);
  const problem = periodProblem(filter);
  const report = useApiQuery<DailyReport>('api/v1/finance/reports/daily', { from: filter.from, to: filter.to, branch_id: filter.branch_id }, { enabled: problem === null, keepPrevious: true });
  const choose = (next: Partial<PeriodFilter>) => {
    setFilter((previous) => ({ from: previous.from, to: previous.to, branch_id: previous.branch_id ?? '', ...next }));
    setSelected(null);
  };
  const data = report.data;
  return (
    <div className={styles.screen}>
      <PageHeader title="Daily finance charts" />
      <div className={styles.filters}>
        <PeriodFields filter={{ from: filter.from, to: filter.to, branch_id: filter.branch_id ?? '' }} onChange={choose} />
      </div>
      {problem ? <Problem>{problem}</Problem> : null}
      {report.error ? <Problem>{report.error.message}</Problem> : null}
      {!data && !problem && !report.error ? <p role="status">Loading the daily figures…</p> : null}
      {data ? (
        <>
          <dl className={styles.totals} aria-label="Totals of the period">
            {SERIES.map((series) => (
              <div key={series.key}>
                <dt>{series.label}</dt>
                <dd>{money(data.totals[series.key])}</dd>
              </div>
            ))}
          </dl>
          <h2>Per day</h2>
          <Legend items={SERIES.map((series) => ({ label: series.label, swatch: <rect x="2" y="2" width="24" height="12" fill={series.fill} stroke={series.colour} /> }))} />
          <DailyBars days={data.days} selected={selected} onSelect={setSelected} />
          <h2>Running totals</h2>
          <Legend
            items={[
              { label: 'Invoiced less credited (solid line, circles)', swatch: <><line x1="2" x2="26" y1="8" y2="8" stroke="#1d4ed8" strokeWidth="2" /><circle cx="14" cy="8" r="3.5" fill="#1d4ed8" /></> },
              { label: 'Received (dashed line, squares)', swatch: <><line x1="2" x2="26" y1="8" y2="8" stroke="#047857" strokeWidth="2" strokeDasharray="6 3" /><rect x="10.5" y="4.5" width="7" height="7" fill="#047857" /></> },
            ]}
          />
          <RunningTotals days={data.days} />
          <div className={styles.actions}>
            <Button variant="secondary" aria-expanded={showTable} aria-controls="daily-figures" onClick={() => setShowTable((shown) => !shown)}>
              {showTable ? 'Hide the figures table' : 'Show the figures as a table'}
            </Button>
          </div>
          <div id="daily-figures" className={styles.wrap} hidden={!showTable}>
            <table className={styles.table}>
              <caption>Daily figures</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  {SERIES.map((series) => (
                    <th key={series.key} scope="col" className={styles.number}>
                      {series.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.days.map((day) => (
                  <tr key={day.day}>
                    <th scope="row">
                      <button type="button" onClick={() => setSelected(day.day)}>
                        {longDay(day.day)}
                      </button>
                    </th>
                    {SERIES.map((series) => (
                      <td key={series.key} className={styles.number}>
                        {money(day[series.key])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {selected ? <DayRows day={selected} branchId={filter.branch_id ?? ''} /> : <p className={styles.muted}>Choose a day&apos;s bars (or its row in the table) to see its invoices, credit notes, payments and expenses.</p>}
        </>
      ) : null}
    </div>
  );
}
