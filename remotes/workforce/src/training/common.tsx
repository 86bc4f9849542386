import type { ReactNode } from 'react';
import { useApiQuery } from '@hcm/kit/data';
import { trainingStateLabel, TRAINING_STATES, type CarerTraining, type TrainingState } from '../../contract/training';
import styles from './training.module.css';
import { formatDate } from '@hcm/contract/format';

// What the training screens share: the carer's training answer, the state as a word (never colour alone), and
// a titled section.

export const carerPath = (carerId: number, part: string) => `api/v1/carers/${carerId}/${part}`;

export function useCarerTraining(carerId: number, enabled = true) {
  return useApiQuery<CarerTraining>(carerPath(carerId, 'training'), undefined, { failure: 'The training could not be loaded.', enabled });
}

/** A state in words (and its short code in the matrix), with the date that goes with it. */
export function StateLabel({ state, inProgress = false, short = false }: { state: TrainingState | null; inProgress?: boolean; short?: boolean }) {
  const choice = TRAINING_STATES.find((candidate) => candidate.value === state);
  const progress = inProgress && state === 'missing';
  const text = progress ? (short ? 'PROG' : 'In progress') : short ? (choice?.short ?? '—') : trainingStateLabel(state);
  return (
    <span className={styles.state} data-state={state ?? 'none'} title={progress ? 'In progress (not complete, counts as missing)' : trainingStateLabel(state)}>
      {text}
    </span>
  );
}

/** The product's date style (formatDate): "expires Thu 24 Dec 2026", "expired Sat 21 Nov 2026", "done Mon 3 Feb 2025, does not expire". */
export function dateNote(state: TrainingState | null, completedOn: string | null, expiresOn: string | null): string {
  if (state === 'expired') return `expired ${formatDate(expiresOn)}`;
  if (expiresOn) return `expires ${formatDate(expiresOn)}`;
  if (completedOn) return `done ${formatDate(completedOn)}, does not expire`;
  return '';
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

export { styles };
