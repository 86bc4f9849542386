import * as v from 'valibot';
import { isCalendarDate } from '../resources/fields.js';
import {
  BODY_MAP_KINDS,
  fieldsOf,
  isShown,
  type DocumentField,
  type DocumentRowColumn,
  type DocumentSpec,
  type DocumentValues,
} from './define.js';

// The one validation rule of a record document, for the form and the server alike. A draft may be saved
// half-filled (`complete: false`); making it active needs every required, shown field (`complete: true`).

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const MAX_ROWS = 200;
const MAX_POINTS = 100;

type AnyField = DocumentField | DocumentRowColumn;

function textSchema(field: AnyField) {
  const max = field.maxLength ?? (field.kind === 'long-text' ? 8000 : 2000);
  return v.optional(v.pipe(v.string(`${field.label} must be text.`), v.trim(), v.maxLength(max, `${field.label} must be at most ${max} characters.`)), '');
}

function optionValues(field: AnyField): string[] {
  return (field.options ?? []).map((option) => option.value);
}

function singleOptionSchema(field: AnyField) {
  const allowed = optionValues(field);
  return v.optional(
    v.pipe(
      v.string(`Choose an answer for ${field.label}.`),
      v.check((value) => value === '' || allowed.includes(value), `Choose one of the answers for ${field.label}.`),
    ),
    '',
  );
}

function numberSchema(field: AnyField) {
  const decimals = field.decimals ?? 0;
  return v.optional(
    v.pipe(
      v.union([v.number(), v.null(), v.string()], `${field.label} must be a number.`),
      v.transform((value): number | null => (value === null || (typeof value === 'string' && value.trim() === '') ? null : Number(value))),
      v.check((value) => value === null || Number.isFinite(value), `${field.label} must be a number.`),
      v.check((value) => value === null || field.min === undefined || value >= field.min, `${field.label} must be at least ${field.min}.`),
      v.check((value) => value === null || field.max === undefined || value <= field.max, `${field.label} must be at most ${field.max}.`),
      v.check(
        (value) => value === null || Math.abs(value * 10 ** decimals - Math.round(value * 10 ** decimals)) < 1e-6,
        decimals ? `${field.label} may have at most ${decimals} decimal places.` : `${field.label} must be a whole number.`,
      ),
    ),
    null,
  );
}

function yesNoSchema(field: AnyField) {
  return v.optional(
    v.pipe(
      v.union([v.boolean(), v.null(), v.picklist(['', 'yes', 'no'])], `Answer yes or no for ${field.label}.`),
      v.transform((value): boolean | null => (value === 'yes' ? true : value === 'no' ? false : value === '' ? null : value)),
    ),
    null,
  );
}

function fieldSchema(field: AnyField): v.GenericSchema<unknown, unknown> {
  switch (field.kind) {
    case 'text':
    case 'long-text':
      return textSchema(field);
    case 'date':
      return v.optional(v.pipe(v.string(), v.trim(), v.check((value) => value === '' || isCalendarDate(value), `${field.label} must be a date.`)), '');
    case 'time':
      return v.optional(v.pipe(v.string(), v.trim(), v.check((value) => value === '' || TIME.test(value), `${field.label} must be a 24-hour time like 09:30.`)), '');
    case 'number':
      return numberSchema(field);
    case 'yes-no':
      return yesNoSchema(field);
    case 'choice':
    case 'scored':
      return singleOptionSchema(field);
    case 'multi-choice':
    case 'multi-scored': {
      const allowed = optionValues(field);
      return v.optional(
        v.pipe(
          v.array(v.string(), `Choose answers for ${field.label}.`),
          v.check((values) => values.every((value) => allowed.includes(value)), `Choose only listed answers for ${field.label}.`),
          v.transform((values) => [...new Set(values)]),
        ),
        [],
      );
    }
    case 'signature':
      return v.optional(
        v.nullable(
          v.strictObject(
            {
              name: v.pipe(v.string(), v.trim(), v.minLength(1, `Who signed ${field.label}?`), v.maxLength(120)),
              role: v.pipe(v.string(), v.trim(), v.minLength(1, `In what role did they sign ${field.label}?`), v.maxLength(120)),
              signed_at: v.pipe(v.string(), v.isoTimestamp(`${field.label} needs the time it was signed.`)),
            },
            `${field.label} is a name, a role and a time.`,
          ),
        ),
        null,
      );
    case 'body-map':
      return v.optional(
        v.pipe(
          v.array(
            v.strictObject({
              view: v.picklist(['front', 'back'], 'A body-map point is on the front or the back.'),
              x: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
              y: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
              kind: v.picklist(BODY_MAP_KINDS.map((kind) => kind.value) as [string, ...string[]], 'Choose what the mark is.'),
              note: v.pipe(v.string(), v.trim(), v.maxLength(500, 'A body-map note must be at most 500 characters.')),
            }),
          ),
          v.maxLength(MAX_POINTS, `${field.label} holds at most ${MAX_POINTS} marks.`),
        ),
        [],
      );
    case 'rows': {
      const columns = (field as DocumentField).columns ?? [];
      const row = v.strictObject(Object.fromEntries(columns.map((column) => [column.key, fieldSchema(column)])));
      return v.optional(v.pipe(v.array(row, `${field.label} is a list of rows.`), v.maxLength(MAX_ROWS, `${field.label} holds at most ${MAX_ROWS} rows.`)), []);
    }
  }
}

/** Whether a stored value counts as an answer (for required fields and "answered" checks). */
export function isAnswered(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function requiredMessage(field: AnyField): string {
  return field.kind === 'rows' ? `Add at least one row to ${field.label}.` : `${field.label} is required.`;
}

/**
 * The valibot schema of a document's content. Unknown keys are refused; missing ones take their empty value.
 * With `complete`, every required field that is shown must be answered, and so must each required column of
 * every row. The issues' paths are the field keys (rows: `key.index.column`), as the form names its inputs.
 */
export function documentSchema(spec: Pick<DocumentSpec, 'sections' | 'title'>, { complete }: { complete: boolean }) {
  const fields = fieldsOf(spec);
  const entries = Object.fromEntries(fields.map((field) => [field.key, fieldSchema(field)]));
  return v.pipe(
    v.strictObject(entries, (issue) =>
      issue.expected === 'never' ? `${String(issue.received)} is not a question of ${spec.title}.` : `Send the ${spec.title} as a JSON object.`,
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!complete || !dataset.typed) return;
      const values = dataset.value as DocumentValues;
      for (const field of fields) {
        if (!isShown(field, values)) continue;
        if (field.required && !isAnswered(values[field.key])) {
          addIssue({ message: requiredMessage(field), path: [pathItem(values, field.key)] });
        }
        if (field.kind === 'rows') {
          const rows = (values[field.key] as DocumentValues[]) ?? [];
          rows.forEach((row, index) => {
            for (const column of field.columns ?? []) {
              if (column.required && !isAnswered(row[column.key])) {
                addIssue({ message: `${column.label} is required in row ${index + 1} of ${field.label}.`, path: [pathItem(values, field.key), pathItem(rows, index), pathItem(row, column.key)] });
              }
            }
          });
        }
      }
    }),
  );
}

// A path item as valibot's issues carry them, so `getDotPath` gives 'key' or 'key.0.column'.
function pathItem(input: unknown, key: string | number): v.IssuePathItem {
  const value = (input as Record<string | number, unknown>)[key];
  return Array.isArray(input)
    ? { type: 'array', origin: 'value', input: input as unknown[], key: key as number, value }
    : { type: 'object', origin: 'value', input: input as Record<string, unknown>, key: key as string, value };
}

/** A document's empty content: every field at its empty value. */
export function emptyValues(spec: Pick<DocumentSpec, 'sections' | 'title'>): DocumentValues {
  const parsed = v.safeParse(documentSchema(spec, { complete: false }), {});
  return parsed.success ? (parsed.output as DocumentValues) : {};
}
