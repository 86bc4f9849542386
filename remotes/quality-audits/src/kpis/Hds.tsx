import { useState } from 'react';
import { ErrorPanel, Loading, EmptyState, PageHeader, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import type { HdsAnswer } from '../../contract/kpis/api';
import { HDS_DEFINITIONS } from '../../contract/kpis/definitions';
import type { HdsFigures } from '../../contract/kpis/formulas';
import { Definitions, HowCounted, PeriodFields, hours, monthStartIso, percent, periodProblem, styles, todayIso, type PeriodFilter } from './common';

const definition = (key: string) => HDS_DEFINITIONS.find((item) => item.key === key);

const COLUMNS: { key: keyof HdsFigures; label: string; show: (figures: HdsFigures) => string }[] = [
  { key: 'commissioned_hours', label: 'Commissioned', show: (f) => hours(f.commissioned_hours) },
  { key: 'delivered_hours', label: 'Delivered', show: (f) => hours(f.delivered_hours) },
  { key: 'delivery_percent', label: 'Delivery %', show: (f) => percent(f.delivery_percent) },
  { key: 'lost_client_hours', label: 'Lost: client cancelled', show: (f) => hours(f.lost_client_hours) },
  { key: 'lost_missed_hours', label: 'Lost: missed', show: (f) => hours(f.lost_missed_hours) },
  { key: 'lost_agency_hours', label: 'Lost: agency cancelled', show: (f) => hours(f.lost_agency_hours) },
  { key: 'band_15', label: '15-min calls', show: (f) => String(f.band_15) },
  { key: 'band_30', label: '30-min calls', show: (f) => String(f.band_30) },
  { key: 'band_45', label: '45-min calls', show: (f) => String(f.band_45) },
  { key: 'band_60', label: '60+ min calls', show: (f) => String(f.band_60) },
];

/** Hours delivered summary (/app/kpis/hds): per branch and funder, by week or month. */
export function HoursDelivered() {
  useRouteName('Hours delivered summary');
  const [filter, setFilter] = useState<PeriodFilter & { group: 'week' | 'month' }>({ from: monthStartIso(), to: todayIso(), branch_id: '', group: 'week' });
  const problem = periodProblem(filter);
  const answer = useApiQuery<HdsAnswer>('api/v1/kpis/hds', filter, { enabled: problem === null, keepPrevious: true });
  const choose = (next: Partial<typeof filter>) => setFilter((previous) => ({ ...previous, ...next }));
  const data = answer.data;
  return (
    <div className={styles.screen}>
      <PageHeader title="Hours delivered summary" />
      <p className={styles.source}>Hours commissioned and delivered, hours lost and calls by length, per branch and funder. Visits count once their planned end has passed.</p>
      <PeriodFields filter={filter} onChange={choose} />
      <div className={styles.filters}>
        <label>
          Group by
          <select value={filter.group} onChange={(event) => choose({ group: event.target.value as 'week' | 'month' })}>
            <option value="week">Week</option>
            <option value="month">Month</option>
          </select>
        </label>
      </div>
      {problem ? <p className={styles.problem} role="alert">{problem}</p> : null}
      {answer.isError ? <ErrorPanel title="The hours could not be loaded." onRetry={() => void answer.refetch()} /> : null}
      {answer.isPending && problem === null ? <Loading /> : null}
      {data ? (
        <>
          <table className={styles.table}>
            <caption>Totals for {data.from} to {data.to}</caption>
            <thead>
              <tr>
                <th scope="col">Measure</th>
                <th scope="col" className={styles.number}>Figure</th>
                <th scope="col">How is this counted?</th>
              </tr>
            </thead>
            <tbody>
              {COLUMNS.map((column) => (
                <tr key={column.key}>
                  <th scope="row">{column.label}</th>
                  <td className={styles.number}>{column.show(data.totals)}</td>
                  <td>
                    <HowCounted definition={definition(column.key.startsWith('band_') ? 'bands' : column.key)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.rows.length === 0 ? (
            <EmptyState>No visits in this period.</EmptyState>
          ) : (
            <table className={styles.table}>
              <caption>By {data.group}, branch and funder</caption>
              <thead>
                <tr>
                  <th scope="col">{data.group === 'week' ? 'Week of' : 'Month'}</th>
                  <th scope="col">Branch</th>
                  <th scope="col">Funder</th>
                  {COLUMNS.map((column) => (
                    <th key={column.key} scope="col" className={styles.number}>
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={`${row.period_start}-${row.branch_id}-${row.funder}`}>
                    <td>{data.group === 'week' ? row.period_start : row.period_start.slice(0, 7)}</td>
                    <td>{row.branch_name}</td>
                    <td>{row.funder}</td>
                    {COLUMNS.map((column) => (
                      <td key={column.key} className={styles.number}>
                        {column.show(row.figures)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Definitions definitions={HDS_DEFINITIONS} version={data.definitions_version} />
        </>
      ) : null}
    </div>
  );
}
