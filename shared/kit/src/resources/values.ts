import { penceToPounds, type FieldSpec, type ResourceSpec } from '@hcm/contract/engine';
import { formatDate, formatMoney, formatTime } from '@hcm/contract/format';

export type ReferenceLabels = Record<string, Map<number, string>>;

/**
 * How a stored value reads in a list cell or a read-only input, in the product's one style (@hcm/contract/time):
 * money "£1,234.50", a date "Mon 2 Mar 2026", a time "09:30".
 */
export function displayValue(field: FieldSpec, value: unknown, references: ReferenceLabels, key: string): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'money':
      return formatMoney(Number(value));
    case 'choice':
      return field.choices?.find((choice) => choice.value === String(value))?.label ?? String(value);
    case 'reference':
      return references[key]?.get(Number(value)) ?? `#${String(value)}`;
    case 'date':
      return formatDate(String(value));
    case 'time':
      return formatTime(String(value));
    default:
      return String(value);
  }
}

/** A row as the form edits it: money in pounds, numbers and references as strings, dates as YYYY-MM-DD. */
export function formValuesOf(spec: ResourceSpec, row: Record<string, unknown> | null): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(spec.fields)) {
    const value = row?.[key];
    if (field.kind === 'boolean') values[key] = row ? Boolean(value) : defaultBoolean(spec, key);
    else if (field.kind === 'money') values[key] = value === null || value === undefined || value === '' ? '' : penceToPounds(Number(value));
    else if (field.kind === 'choice' && !row) values[key] = '';
    else values[key] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/** A new row's checkbox starts at the schema's default (e.g. Active: yes). */
function defaultBoolean(spec: ResourceSpec, key: string): boolean {
  const entry = (spec.schema.entries as Record<string, { type?: string; default?: unknown }>)[key];
  return entry?.type === 'optional' && typeof entry.default === 'boolean' ? entry.default : false;
}

/** The fields that reference another resource, and which resource. */
export function referenceFields(spec: ResourceSpec): { key: string; resource: string; labelField: string }[] {
  return Object.entries(spec.fields).flatMap(([key, field]) =>
    field.kind === 'reference' && field.references ? [{ key, ...field.references }] : [],
  );
}
