import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { notify, type ApiResult } from '@hcm/kit';
import { apiKey, useApiQuery } from '@hcm/kit/data';
import { applyServerErrors } from '@hcm/kit/forms';
import type { ComplianceCheck, CompliancePicture } from '../../contract/compliance';
import type { StaffOwner } from '../record/types';
import styles from './compliance.module.css';

// What the compliance screens share: the API paths, the carer's compliance picture, dates in words, a check's
// state in words (never colour alone) and the answer of a save.

export const compliancePath = (carerId: number, part = '') => `api/v1/carers/${carerId}/compliance${part ? `/${part}` : ''}`;

/** The carer's whole picture (and the keys a write makes stale: the picture, and the record header). */
export const useCompliance = (carerId: number) => useApiQuery<CompliancePicture>(compliancePath(carerId), undefined, { failure: 'The compliance checks could not be loaded.' });
export const complianceKeys = (carerId: number) => [apiKey(compliancePath(carerId)), apiKey(`api/v1/carers/${carerId}/summary`)];

/** The record tab of a person's file. */
export const tabPath = (owner: StaffOwner, ownerId: number, segment: string) => `/app/${owner}/${ownerId}/edit/${segment}`;

const STATE_WORDS: Record<ComplianceCheck['state'], string> = { valid: 'Valid', expiring: 'Expiring soon', expired: 'Lapsed', missing: 'Missing' };

/** A check's state in words, with the days left when it has a date. */
export function stateText(check: Pick<ComplianceCheck, 'state' | 'days_left'>): string {
  const words = STATE_WORDS[check.state];
  if (check.days_left === null) return words;
  if (check.state === 'expired') return `${words} ${Math.abs(check.days_left)} day${Math.abs(check.days_left) === 1 ? '' : 's'} ago`;
  if (check.state === 'expiring') return `${words}: ${check.days_left === 0 ? 'today' : `${check.days_left} day${check.days_left === 1 ? '' : 's'} left`}`;
  return words;
}

export function StateBadge({ check }: { check: Pick<ComplianceCheck, 'state' | 'days_left'> }) {
  return <span className={`${styles.state} ${styles[check.state]}`}>{stateText(check)}</span>;
}

export const optionsOf = (choices: readonly { value: string; label: string }[], empty?: string) => [
  ...(empty === undefined ? [] : [{ value: '', label: empty }]),
  ...choices.map(({ value, label }) => ({ value, label })),
];

export const labelOf = (choices: readonly { value: string; label: string }[], value: string) => choices.find((choice) => choice.value === value)?.label ?? value;

/** A save's answer: the server's 422 errors on their fields (input kept), or a toast. True when saved. */
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
      <div className={styles.head}>
        <h3>{title}</h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

export { styles };
