import { Fragment, useState } from 'react';
import { Button } from '@hcm/kit';
import { DAY_KIND_WORDS, type PayRunCarer, type PayRunTotals } from '../../contract/pay';
import styles from './pay.module.css';
import { formatDate, formatHours, formatMoney, formatNumber, formatPercent } from '@hcm/contract/format';

// Each carer's pay in a run (a preview or a posted run): hours by type, each pay element, gross, and the
// National Living Wage check in words (a symbol and a sentence, not colour alone), why holiday pay is or is not rolled
// up (irregular-hours and part-year workers only); a carer's visits expand below.

/** The check in words: the shortfall, the missing rate, or that the carer is paid at least the minimum. */
export function MinimumWageCell({ carer }: { carer: PayRunCarer }) {
  if (carer.problem) return <span className={styles.problem}>Cannot be paid: {carer.problem}</span>;
  if (carer.below_minimum) {
    return (
      <span className={styles.flag}>
        <span aria-hidden="true">⚠ </span>
        {carer.flag}
      </span>
    );
  }
  return <span>At or above the minimum ({formatMoney(carer.minimum_pence_per_hour)}/h)</span>;
}

function VisitLines({ carer }: { carer: PayRunCarer }) {
  return (
    <div className={styles.lines}>
      <table>
        <caption className={styles.muted}>Visits of {carer.carer_name}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Visit</th>
            <th scope="col">Care</th>
            <th scope="col">Care pay</th>
            <th scope="col">Travel</th>
            <th scope="col">Travel pay</th>
            <th scope="col">Waiting</th>
            <th scope="col">Waiting pay</th>
            <th scope="col">Miles</th>
            <th scope="col">Mileage</th>
            <th scope="col">Rates</th>
          </tr>
        </thead>
        <tbody>
          {carer.lines.map((line) => (
            <tr key={line.visit_id}>
              <td>
                {formatDate(line.visit_date)} ({DAY_KIND_WORDS[line.day_kind]})
              </td>
              <td>#{line.visit_id}</td>
              <td>{formatHours(line.care_minutes)}</td>
              <td>{formatMoney(line.care_pence)}</td>
              <td>{formatHours(line.travel_minutes)}</td>
              <td>{formatMoney(line.travel_pence)}</td>
              <td>{formatHours(line.waiting_minutes)}</td>
              <td>{formatMoney(line.waiting_pence)}</td>
              <td>{formatNumber(line.miles, 2)}</td>
              <td>{formatMoney(line.mileage_pence)}</td>
              <td>
                {line.rates
                  ? `care ${formatMoney(line.rates.care_pence_per_hour)}/h, travel ${formatMoney(line.rates.travel_pence_per_hour)}/h, waiting ${formatMoney(line.rates.waiting_pence_per_hour)}/h, ${formatMoney(line.rates.mileage_pence_per_mile)}/mile${line.rates.holiday_accrual_basis_points ? `, holiday ${formatPercent(line.rates.holiday_accrual_basis_points / 100, 2)}` : ''}`
                  : 'No rate'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const NUMBER_COLUMNS = ['Care hours', 'Travel hours', 'Waiting hours', 'Miles', 'Care pay', 'Enhancements', 'Travel pay', 'Waiting pay', 'Mileage', 'Holiday pay', 'Gross pay'];

export function CarerPayTable({ caption, carers }: { caption: string; carers: PayRunCarer[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Carer</th>
            {NUMBER_COLUMNS.map((label) => (
              <th key={label} scope="col" className={styles.number}>
                {label}
              </th>
            ))}
            <th scope="col">National Living Wage check</th>
            <th scope="col">Holiday pay basis</th>
            <th scope="col">Visits</th>
          </tr>
        </thead>
        <tbody>
          {carers.map((carer) => (
            <Fragment key={carer.carer_id}>
              <tr className={carer.below_minimum || carer.problem ? styles.flagged : undefined}>
                <th scope="row">
                  {carer.carer_name}
                  {carer.payroll_number ? <span className={styles.muted}> ({carer.payroll_number})</span> : null}
                </th>
                {[formatHours(carer.care_minutes), formatHours(carer.travel_minutes), formatHours(carer.waiting_minutes), formatNumber(carer.miles, 2)].map((value, index) => (
                  <td key={index} className={styles.number}>
                    {value}
                  </td>
                ))}
                {[carer.care_pence, carer.enhancement_pence, carer.travel_pence, carer.waiting_pence, carer.mileage_pence, carer.holiday_pence, carer.gross_pence].map((value, index) => (
                  <td key={index} className={styles.number}>
                    {formatMoney(value)}
                  </td>
                ))}
                <td>
                  <MinimumWageCell carer={carer} />
                </td>
                <td>{carer.holiday_note}</td>
                <td>
                  {carer.lines.length ? (
                    <Button variant="secondary" aria-expanded={open.has(carer.carer_id)} onClick={() => toggle(carer.carer_id)} aria-label={`${open.has(carer.carer_id) ? 'Hide' : 'Show'} the visits of ${carer.carer_name}`}>
                      {open.has(carer.carer_id) ? 'Hide' : 'Show'} {carer.lines.length} visits
                    </Button>
                  ) : null}
                </td>
              </tr>
              {open.has(carer.carer_id) ? (
                <tr>
                  <td colSpan={NUMBER_COLUMNS.length + 4}>
                    <VisitLines carer={carer} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A run's totals as a description list. */
export function RunTotals({ totals, label }: { totals: Omit<PayRunTotals, 'problem_count'> & { problem_count?: number }; label: string }) {
  const items: [string, string][] = [
    ['Carers', String(totals.carers)],
    ['Care hours', formatHours(totals.care_minutes)],
    ['Travel hours', formatHours(totals.travel_minutes)],
    ['Waiting hours', formatHours(totals.waiting_minutes)],
    ['Miles', formatNumber(totals.miles, 2)],
    ['Gross pay', formatMoney(totals.gross_pence)],
    ['Below the minimum wage', `${totals.flagged_count} ${totals.flagged_count === 1 ? 'carer' : 'carers'}`],
    ['Total shortfall', formatMoney(totals.shortfall_pence)],
  ];
  if (totals.problem_count) items.push(['Without a rate', `${totals.problem_count} ${totals.problem_count === 1 ? 'carer' : 'carers'}`]);
  return (
    <dl className={styles.totals} aria-label={label}>
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
