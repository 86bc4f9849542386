import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { FieldErrors } from '@hcm/contract';

/** Puts a 422 answer's per-field errors on their fields; what the user typed stays in the form. */
export function applyServerErrors<Values extends FieldValues>(setError: UseFormSetError<Values>, errors: FieldErrors | null): void {
  if (!errors) return;
  let first = true;
  for (const [field, messages] of Object.entries(errors)) {
    setError(field as Path<Values>, { type: 'server', message: messages[0] ?? 'Invalid value.' }, { shouldFocus: first });
    first = false;
  }
}
