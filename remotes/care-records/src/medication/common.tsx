import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { notify, type ApiResult } from '@hcm/kit';
import { apiKey, useApiQuery } from '@hcm/kit/data';
import { applyServerErrors } from '@hcm/kit/forms';
import {
  gradientVariantOf,
  MEDICATION_ROUTES,
  slotLabel,
  slotsOf,
  SUPPORT_LEVELS,
  ukWallClock,
  weekdaysText,
  type MedicationSchedule,
  type OutcomeCode,
} from '../../contract';
import styles from './medication.module.css';
import { clock } from '@hcm/contract/time';

// What the medication screens share: the API paths, dates as the UK reads them, a schedule in words, an outcome
// code as a badge (its text always shown, so the colour is never the only sign), and the answer of a save.

export const medicationPath = (clientId: number, part = '') => `api/v1/clients/${clientId}/medications${part}`;
export const marPath = (clientId: number) => `api/v1/clients/${clientId}/mar`;
export const administrationsPath = (clientId: number, id?: number) => `api/v1/clients/${clientId}/administrations${id === undefined ? '' : `/${id}`}`;
export const auditsPath = (clientId: number, part = '') => `api/v1/clients/${clientId}/mar-audits${part}`;

/** The agency's outcome codes, as the chart and the records show them. */
export const useOutcomeCodes = () => useApiQuery<OutcomeCode[]>('api/v1/mar/outcome-codes', undefined, { failure: 'The outcome codes could not be loaded.' });

/** What a recorded dose or a changed schedule makes stale: the schedules, the chart (every month), the audits' findings. */
export const medicationKeys = (clientId: number) => [apiKey(medicationPath(clientId)), apiKey(marPath(clientId)), apiKey(auditsPath(clientId, '/findings'))];

/** Now as the form's date-and-time value (YYYY-MM-DDTHH:MM). */
export const nowForInput = () => {
  const wall = ukWallClock(clock.now());
  return `${wall.day}T${wall.time}`;
};

export const labelOf = (choices: readonly { value: string; label: string }[], value: string) => choices.find((choice) => choice.value === value)?.label ?? value;
export const routeLabel = (route: string) => labelOf(MEDICATION_ROUTES, route);
export const supportLabel = (level: string) => labelOf(SUPPORT_LEVELS, level);

/** When a schedule's doses are: '08:00, 20:00' or 'Morning (06:00–10:59)', the days, or its PRN limits. */
export function whenText(schedule: Pick<MedicationSchedule, 'as_needed' | 'times' | 'days_of_week' | 'prn_reason' | 'prn_max_doses' | 'prn_min_gap_hours'>): string {
  if (schedule.as_needed) {
    const limits = [schedule.prn_max_doses ? `at most ${schedule.prn_max_doses} in 24 hours` : '', schedule.prn_min_gap_hours ? `${schedule.prn_min_gap_hours} hours apart` : ''].filter(Boolean).join(', ');
    return `When needed: ${schedule.prn_reason}${limits ? ` (${limits})` : ''}`;
  }
  const times = slotsOf(schedule.times).map(slotLabel).join(', ') || 'No times set';
  return schedule.days_of_week ? `${times}; ${weekdaysText(schedule.days_of_week)}` : times;
}

export const medicineName = (schedule: Pick<MedicationSchedule, 'medicine' | 'strength'>) => `${schedule.medicine}${schedule.strength ? ` ${schedule.strength}` : ''}`;

/** An outcome code on its colour; `late` shows the G variant as a gradient. The code is text, read by everyone. */
export function CodeBadge({ code, codes, late = false, title }: { code: string; codes: readonly OutcomeCode[]; late?: boolean; title?: string }) {
  const found = codes.find((item) => item.code === code);
  const colour = found?.colour ?? '#52606d';
  const background = late ? `linear-gradient(135deg, ${colour} 0%, ${found?.gradient_to ?? colour} 100%)` : colour;
  return (
    <span className={styles.code} style={{ background }} title={title ?? (found ? `${found.label}${late ? ', given outside its window' : ''}` : code)}>
      {late ? gradientVariantOf(code) : code}
    </span>
  );
}

export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.heading}>
        <h2>{title}</h2>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * After a save: a 422's errors go on their fields (what was typed stays), a 409's explanation is returned for the
 * screen to show beside the form, anything else is told in a toast. Answers 'saved', 'conflict' or 'invalid'.
 */
export function saveOutcome<Values extends FieldValues>(answer: ApiResult<unknown>, form: UseFormReturn<Values>, failure: string): 'saved' | 'conflict' | 'invalid' {
  if (!answer.error) {
    notify({ type: 'success', message: answer.message || 'Saved.' });
    return 'saved';
  }
  if (answer.httpStatus === 409) return 'conflict';
  applyServerErrors(form.setError, answer.errors);
  if (!answer.errors) notify({ type: 'danger', message: answer.message || failure });
  return 'invalid';
}

/** A key for a write that must not be made twice (a double click, a resend): one per dialog or form opened. */
export function newIdempotencyKey(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${clock.nowMs().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
  return `office-${random}`;
}

export { styles };
