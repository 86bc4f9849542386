import * as v from 'valibot';

/**
 * More valibot building blocks for the workforce reference data (times of day, UK sort codes and postcode
 * districts, BICs, fiscal-year names, optional whole numbers). Same conventions as fields.ts: plain-word
 * messages, optional ones default to '' (null for numbers).
 */

/** A UK sort code, stored as NN-NN-NN; "200000" and "20 00 00" are accepted. */
export const sortCode = (label: string) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.regex(/^\d{2}[- ]?\d{2}[- ]?\d{2}$/, `${label} must be six digits like 20-00-00.`),
    v.transform((value) => value.replace(/\D/g, '').replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3')),
  );

/** A bank's BIC (SWIFT code), 8 or 11 letters and digits, e.g. BARCGB22; optional. */
export const optionalBic = (label: string) =>
  v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        v.trim(),
        v.toUpperCase(),
        v.regex(/^([A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?)?$/, `${label} must be 8 or 11 letters and digits, like BARCGB22.`),
      ),
    ]),
    '',
  );

/**
 * The outward code of a UK postcode (the postcode district), e.g. NW1, LS6, EC1A; stored in capitals.
 */
export const postcodeDistrict = (label: string) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.toUpperCase(),
    v.minLength(1, `${label} is required.`),
    v.regex(/^[A-Z]{1,2}\d[A-Z\d]?$/, `${label} must be the first half of a postcode, like NW1 or LS6.`),
  );

/** A fiscal year's name, two consecutive years like 2026-27. */
export const fiscalYearName = (label: string) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.regex(/^\d{4}-\d{2}$/, `${label} must be two years like 2026-27.`),
    v.check((value) => (Number(value.slice(0, 4)) + 1) % 100 === Number(value.slice(5)), `${label} must be two consecutive years like 2026-27.`),
  );

/**
 * An object-level rule for a schema's pipe: the date (or HH:MM time) in `later` is not before the one in
 * `earlier` (strictly after with `strict`). An empty value passes, so optional dates can stay empty. The
 * issue lands on `later`, so the form shows it under that field; it runs even when other fields are invalid.
 */
export function inOrder<TInput extends Record<string, unknown>>(
  earlier: keyof TInput & string,
  later: keyof TInput & string,
  message: string,
  { strict = false }: { strict?: boolean } = {},
): v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>> {
  const check = v.partialCheck(
    [[earlier], [later]] as [[string], [string]],
    (input: Record<string, unknown>) => {
      const from = input[earlier];
      const to = input[later];
      if (typeof from !== 'string' || typeof to !== 'string' || from === '' || to === '') return true;
      return strict ? to > from : to >= from;
    },
    message,
  );
  return v.forward(check as never, [later] as never) as unknown as v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>>;
}
