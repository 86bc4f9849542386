import * as v from 'valibot';
import type { FieldErrors } from './envelope.js';

/** The largest id a serial (32-bit integer) column holds: a larger number names no row, and PostgreSQL refuses it. */
export const MAX_ID = 2_147_483_647;

/** A whole number that can be a row's id (1 to MAX_ID). */
export const isIdNumber = (value: number): boolean => Number.isSafeInteger(value) && value >= 1 && value <= MAX_ID;

/** Turns valibot issues into the per-field errors of a 422 answer: `{ field: [message, ...] }`. */
export function fieldErrorsOf(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * Messages for what a strict object schema itself reports: a body that is not an object, a missing field,
 * a field it does not know (valibot's defaults read "Invalid key: Expected never but received …").
 */
export function objectMessage(resource: string) {
  return (issue: v.BaseIssue<unknown>): string => {
    if (issue.expected === 'Object') return `Send the ${resource} as a JSON object.`;
    if (issue.expected === 'never') return `${issue.received} is not a field of a ${resource}.`;
    return 'This field is required.';
  };
}
