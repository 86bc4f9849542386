import * as v from 'valibot';
import { poundsToPence, type FieldSpec, type ResourceSpec } from '@hcm/contract/engine';

// Money in finance's API has one representation: integer pence, sent as a JSON number (2410 is £24.10). A string
// is refused, even "2410" or "24.10": the shared rule read a number as pence and a string as pounds, so "450" was
// stored as £450.00. A fraction of a penny and a negative amount are refused too, each naming its field. Only the
// screens take pounds: a form's pounds are turned into pence, then checked by the same schema the API applies.

/** Integer pence from a JSON number, at least `minPence` (0, or 1 for "more than £0.00") and at most `maxPounds`. */
export const pence = (label: string, maxPounds: number, minPence = 0) =>
  v.pipe(
    v.number(`${label} must be a whole number of pence sent as a number (2410 for £24.10), not text.`),
    v.integer(`${label} must be a whole number of pence (2410 for £24.10), not a fraction of a penny.`),
    v.minValue(minPence, minPence > 0 ? `${label} must be more than £0.00.` : `${label} cannot be negative.`),
    v.maxValue(maxPounds * 100, `${label} must be at most £${maxPounds.toLocaleString('en-GB')}.`),
  );

const POUNDS = /^\d+(\.\d{1,2})?$/;

/** A form's amount typed in pounds ("24.10"), turned into pence (2410) and then checked by the API's own schema. */
export const typedInPounds = <Schema extends v.GenericSchema<number, number>>(label: string, penceSchema: Schema) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.nonEmpty(`${label} is required.`),
    v.regex(POUNDS, `${label} must be an amount in pounds like 24.10.`),
    v.transform(poundsToPence),
    penceSchema,
  );

type ObjectSchema = v.StrictObjectSchema<v.ObjectEntries, v.ErrorMessage<v.StrictObjectIssue> | undefined>;
type DeclaredSchema = ObjectSchema & { pipe?: readonly unknown[] };

const labelOf = (field: FieldSpec) => field.label.replace(/\s*\(£\)$/, '');

/**
 * A resource declaration as its screens' form validates it: each money field typed in pounds and turned into pence,
 * then the declaration's own schema (the one the API applies to the pence it is sent), object checks included.
 */
export function withPoundsInputs(spec: ResourceSpec): ResourceSpec {
  const declared = spec.schema as DeclaredSchema;
  const object = (declared.pipe?.[0] ?? declared) as ObjectSchema;
  const entries: v.ObjectEntries = { ...object.entries };
  for (const [key, field] of Object.entries(spec.fields as Record<string, FieldSpec>)) {
    if (field.kind === 'money' && entries[key]) entries[key] = typedInPounds(labelOf(field), entries[key] as v.GenericSchema<number, number>);
  }
  const form = v.strictObject(entries, object.message);
  const actions = (declared.pipe?.slice(1) ?? []) as v.PipeItem<unknown, unknown, v.BaseIssue<unknown>>[];
  const schema = actions.length ? v.pipe(form, ...(actions as [])) : form;
  return { ...spec, schema: schema as unknown as ResourceSpec['schema'] };
}
