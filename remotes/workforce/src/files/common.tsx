import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { notify, type ApiResult } from '@hcm/kit';
import { applyServerErrors } from '@hcm/kit/forms';
import type { StaffOwner } from '../record/types';
import styles from './files.module.css';

// What the staff file's record screens share: the API path of a person's file, dates and times as the UK reads
// them, the answer of a save (a 422's errors on their fields, the typed values kept), and a titled section.

export const staffPath = (owner: StaffOwner, ownerId: number, part: string) => `api/v1/${owner}/${ownerId}/${part}`;

/** The edit permission of the kind of file (carers.edit, employees.edit). */
export const editPermission = (owner: StaffOwner) => (owner === 'carers' ? 'carers.edit' : 'employees.edit');

/** Today in the UK as YYYY-MM-DD. */

/** After a save: a 422's errors on their fields (what was typed stays), another failure in a toast. True when saved. */
export function handleSaved<Values extends FieldValues>(answer: ApiResult<unknown>, form: UseFormReturn<Values>, failure: string): boolean {
  if (answer.error) {
    applyServerErrors(form.setError, answer.errors);
    if (!answer.errors) notify({ type: 'danger', message: answer.message || failure });
    return false;
  }
  notify({ type: 'success', message: answer.message || 'Saved.' });
  return true;
}

export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.heading}>
        <h2>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A choice list for a select: an optional empty first option, then the choices. */
export const options = (choices: readonly { value: string; label: string }[], empty?: string) => [...(empty === undefined ? [] : [{ value: '', label: empty }]), ...choices.map(({ value, label }) => ({ value, label }))];

export { styles };
