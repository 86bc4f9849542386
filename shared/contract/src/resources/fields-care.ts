import * as v from 'valibot';
import { MAX_ID } from '../validation.js';
import type { Choice } from './define.js';

/**
 * More valibot building blocks for the care reference data (see fields.ts for the common ones). Names are
 * kept distinct from fields-extra.ts so both files can be re-exported side by side.
 */

/**
 * A UK phone number, optional. Spaces, dashes, dots and brackets are allowed as typed; what is left must be
 * a 0 or +44 number of 10 or 11 digits in all. Stored as typed (trimmed).
 */
export const optionalUkPhone = (label: string) =>
  v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        v.trim(),
        v.check(
          (value) => /^0\d{9,10}$/.test(value.replace(/[\s().-]/g, '').replace(/^\+440?/, '0')),
          `${label} must be a UK phone number, like 01632 960123 or 07700 900123.`,
        ),
      ),
    ]),
    '',
  );

/** Optional text that stores `fallback` when left empty, e.g. 'All branches' or 'Anonymous'. */
export const textOrDefault = (label: string, fallback: string, max = 120) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max, `${label} must be at most ${max} characters.`),
      v.transform((value) => value || fallback),
    ),
    fallback,
  );

/** A choice with a message written for it ("Choose an audience."), where "Choose a <label>" reads badly. */
export const choiceOf = (choices: readonly Choice[], message: string) =>
  v.picklist(choices.map((item) => item.value) as [string, ...string[]], message);

/** The id of a row of another resource, with a message written for it ("Choose an event category."). */
export const referenceTo = (message: string) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.minLength(1, message))], message),
    v.transform(Number),
    v.integer(message),
    v.minValue(1, message),
    v.maxValue(MAX_ID, message),
  );

/** A machine name in snake_case, e.g. late_visit_alert_minutes (global settings are read by it). */
export const snakeCaseKey = (label: string, max = 60) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.toLowerCase(),
    v.regex(
      new RegExp(`^[a-z][a-z0-9_]{0,${max - 1}}$`),
      `${label} must start with a letter and use only lower-case letters, digits and underscores (at most ${max}).`,
    ),
  );
