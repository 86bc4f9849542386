import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ApiResult } from '@hcm/kit';
import { notify } from '@hcm/kit';
import { applyServerErrors } from '@hcm/kit/forms';
import styles from './daily.module.css';

// What the daily-record screens share: the API paths of a client, dates and times as the UK reads them, and
// the answer of a save (the server's per-field errors onto the form, which keeps what was typed).

export const clientPath = (clientId: number, part: string) => `api/v1/clients/${clientId}/${part}`;

export const shiftDay = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * After a save: a 422's errors go on their fields (what was typed stays), another failure is told in a toast.
 * True when saved.
 */
export function handleSaved<Values extends FieldValues>(answer: ApiResult<unknown>, form: UseFormReturn<Values>, failure: string): boolean {
  if (answer.error) {
    applyServerErrors(form.setError, answer.errors);
    if (!answer.errors) notify({ type: 'danger', message: answer.message || failure });
    return false;
  }
  notify({ type: 'success', message: answer.message || 'Saved.' });
  return true;
}

export function Section({ title, actions, children, label }: { title: string; actions?: ReactNode; children: ReactNode; label?: string }) {
  return (
    <section className={styles.section} aria-label={label ?? title}>
      <div className={styles.actions}>
        <h2>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A choice list for a select: an empty first option, then the choices. */
export const options = (choices: readonly { value: string; label: string }[], empty?: string) => [...(empty === undefined ? [] : [{ value: '', label: empty }]), ...choices.map(({ value, label }) => ({ value, label }))];

export { styles };
