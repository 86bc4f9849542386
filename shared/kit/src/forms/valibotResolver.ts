import * as v from 'valibot';
import type { FieldErrors as FormErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * react-hook-form resolver over a valibot schema: the same schema the server validates with, so a rule
 * is written once. Each field gets its first issue's message.
 */
export function valibotResolver<Values extends FieldValues>(
  schema: v.GenericSchema<unknown, unknown>,
): Resolver<Values> {
  return async (values) => {
    const result = v.safeParse(schema, values);
    if (result.success) return { values: result.output as Values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.issues) {
      const path = v.getDotPath(issue) ?? 'root';
      errors[path] ??= { type: issue.type, message: issue.message };
    }
    return { values: {}, errors: errors as unknown as FormErrors<Values> };
  };
}
