import { Fragment, useState } from 'react';
import { Button } from '@hcm/kit';
import { DAY_KIND_WORDS, formatPence, hoursOf, type PayRunCarer, type PayRunTotals } from '../../contract/pay';
import styles from './pay.module.css';

// Each carer's pay in a run (a preview or a posted run): hours by type, each pay element, gross, and the
// National Living Wage check in words (a symbol and a sentence, not colour alone), why holiday pay is or is not rolled
// up (irregular-hours and part-year workers only); a carer's visits expand below.

const miles = (value: number) => value.toFixed(2);

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
  return <span>At or above the minimum ({formatPence(carer.minimum_pence_per_hour)}/h)</span>;
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
            <th scope="col">Care (min)</th>
            <th scope="col">Care pay</th>
            <th scope="col">Travel (min)</th>
            <th scope="col">Travel pay</th>
            <th scope="col">Waiting (min)</th>
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
                {line.visit_date} ({DAY_KIND_WORDS[line.day_kind]})
              </td>
              <td>#{line.visit_id}</td>
              <td>{line.care_minutes}</td>
              <td>{formatPence(line.care_pence)}</td>
              <td>{line.travel_minutes}</td>
              <td>{formatPence(line.travel_pence)}</td>
              <td>{line.waiting_minutes}</td>
              <td>{formatPence(line.waiting_pence)}</td>
              <td>{miles(line.miles)}</td>
              <td>{formatPence(line.mileage_pence)}</td>
              <td>
                {line.rates
                  ? `care ${formatPence(line.rates.care_pence_per_hour)}/h, travel ${formatPence(line.rates.travel_pence_per_hour)}/h, waiting ${formatPence(line.rates.waiting_pence_per_hour)}/h, ${formatPence(line.rates.mileage_pence_per_mile)}/mile${line.rates.holiday_accrual_basis_points ? `, holiday ${(line.rates.holiday_accrual_basis_points / 100).toFixed(2)} %` : ''}`
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
                {[hoursOf(carer.care_minutes), hoursOf(carer.travel_minutes), hoursOf(carer.waiting_minutes), miles(carer.miles)].map((value, index) => (
                  <td key={index} className={styles.number}>
                    {value}
                  </td>
                ))}
                {[carer.care_pence, carer.enhancement_pence, carer.travel_pence, carer.waiting_pence, carer.mileage_pence, carer.holiday_pence, carer.gross_pence].map((value, index) => (
                  <td key={index} className={styles.number}>
                    {formatPence(value)}
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
    ['Care hours', hoursOf(totals.care_minutes)],
    ['Travel hours', hoursOf(totals.travel_minutes)],
    ['Waiting hours', hoursOf(totals.waiting_minutes)],
    ['Miles', miles(totals.miles)],
    ['Gross pay', formatPence(totals.gross_pence)],
    ['Below the minimum wage', `${totals.flagged_count} ${totals.flagged_count === 1 ? 'carer' : 'carers'}`],
    ['Total shortfall', formatPence(totals.shortfall_pence)],
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
