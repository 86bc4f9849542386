import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { notify, type ApiResult } from '@hcm/kit';
import { applyServerErrors } from '@hcm/kit/forms';

// What the screens of the wizard, CSV imports, utilities and the office planner share: UK dates, and how a
// save's answer is told (a 422's errors on their fields with what was typed kept, anything else in a toast).

export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** After a save: a 422's errors on their fields (what was typed stays), another failure in a toast. True when saved. */
export function handleSaved<Values extends FieldValues>(answer: ApiResult<unknown>, form: UseFormReturn<Values>, failure: string): boolean {
  if (answer.error) {
    applyServerErrors(form.setError, answer.errors);
    if (!answer.errors || answer.httpStatus !== 422) notify({ type: 'danger', message: answer.message || failure });
    return false;
  }
  notify({ type: 'success', message: answer.message || 'Saved.' });
  return true;
}
