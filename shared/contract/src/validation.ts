import * as v from 'valibot';
import type { FieldErrors } from './envelope.js';

/** Turns valibot issues into the per-field errors of a 422 answer: `{ field: [message, ...] }`. */
export function fieldErrorsOf(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}
