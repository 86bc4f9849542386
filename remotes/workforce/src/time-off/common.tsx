import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ApiResult } from '@hcm/kit';
import { notify } from '@hcm/kit';
import { applyServerErrors } from '@hcm/kit/forms';
import type { HolidayWarning } from '../../contract/time-off';
import styles from './time-off.module.css';
import { formatDate } from '@hcm/contract/format';

// What the availability and holiday screens share: API paths, UK dates, the answer of a save, sections.

export const staffPath = (owner: string, id: number, part: string) => `api/v1/${owner}/${id}/${part}`;

export const period = (from: string, to: string) => (from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`);

/** Today in the UK as YYYY-MM-DD. */

export const shiftDay = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** After a save: a 422's errors go on their fields, another failure in a toast. True when saved. */
export function handleSaved<Values extends FieldValues>(answer: ApiResult<unknown>, form: UseFormReturn<Values> | null, failure: string): boolean {
  if (answer.error) {
    if (form) applyServerErrors(form.setError, answer.errors);
    if (!answer.errors || !form) notify({ type: 'danger', message: answer.message || failure });
    return false;
  }
  notify({ type: 'success', message: answer.message || 'Saved.' });
  return true;
}

export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.actions}>
        <h2>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Warnings({ warnings, title = 'Check before deciding' }: { warnings: HolidayWarning[]; title?: string }) {
  if (!warnings.length) return null;
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <ul className={styles.warnings}>
        {warnings.map((warning) => (
          <li key={warning.kind + warning.message}>Warning: {warning.message}</li>
        ))}
      </ul>
    </section>
  );
}

/** A list answered whole, as the ListTable's single page. */
export const wholePage = <T,>(rows: T[]) => ({ data: rows, total: rows.length, page: 1, page_size: Math.max(rows.length, 1), last_page: 1 });

export { styles };
