import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ApiResult } from '@hcm/kit';
import { notify } from '@hcm/kit';
import { applyServerErrors } from '@hcm/kit/forms';
import { CHECK_PROGRESS, isWebAddress, type CheckProgress } from '../../contract/recruitment';
import styles from './recruitment.module.css';

// What the recruitment screens share: UK dates and times, the answer of a save, a titled section, and states in
// words (a colour is only ever a second cue).

/** Today in the UK as YYYY-MM-DD. */

export const shiftDay = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** After a save: a 422's errors on their fields (what was typed stays), any other failure in a toast. True when saved. */
export function handleSaved<Values extends FieldValues>(answer: ApiResult<unknown>, form: UseFormReturn<Values>, failure: string): boolean {
  if (answer.error) {
    applyServerErrors(form.setError, answer.errors);
    if (!answer.errors || answer.httpStatus === 409) notify({ type: 'danger', message: answer.message || failure });
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

export const progressLabel = (progress: CheckProgress) => CHECK_PROGRESS.find((choice) => choice.value === progress)?.label ?? progress;

/** A state in words, tinted as a second cue. */
export function Tag({ state, children }: { state: string; children: ReactNode }) {
  return (
    <span className={styles.tag} data-state={state}>
      {children}
    </span>
  );
}

/** A choice list for a select: an optional empty first option, then the choices. */
export const options = (choices: readonly { value: string; label: string }[], empty?: string) => [...(empty === undefined ? [] : [{ value: '', label: empty }]), ...choices.map(({ value, label }) => ({ value, label }))];

export { styles };

/**
 * Where an interview takes place: its video link as a link only when it is an http(s) address; a link stored before
 * video links were checked (`javascript:`, `data:`…) is shown as plain text, never as an href; else the location.
 */
export function InterviewPlace({ videoLink, location }: { videoLink: string; location: string }) {
  if (!videoLink) return <>{location}</>;
  if (isWebAddress(videoLink)) return <a href={videoLink}>video call</a>;
  return <span>video call at {videoLink} (not a web address, so not a link: edit the interview to correct it)</span>;
}
