import * as v from 'valibot';
import { get, set, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  documentSchema,
  emptyValues,
  fieldsOf,
  isShown,
  type DocumentField,
  type DocumentRowColumn,
  type DocumentSpec,
  type DocumentValues,
  type Signature,
} from '@hcm/contract/documents';
import { isCalendarDate } from '@hcm/contract/engine';
import { valibotResolver } from '@hcm/kit/forms';

// A document's answers as the form holds them, and back. Inputs hold text, so the form keeps numbers as typed
// ('12.5'), yes/no as 'yes' / 'no' / '' and a signature as its three parts; documentSchema accepts those and
// gives the stored values (numbers, booleans, null). Review date and note sit apart, under META, so no
// declaration's key (lower_snake_case) can meet them.

export const META = '_meta';

export type FormMeta = { review_date: string; note: string };
export type DocumentFormValues = Record<string, unknown> & { [META]: FormMeta };

type AnyField = DocumentField | DocumentRowColumn;

/** The form's value of one stored answer. */
export function formValueOf(field: AnyField, stored: unknown): unknown {
  switch (field.kind) {
    case 'number':
      return typeof stored === 'number' ? String(stored) : typeof stored === 'string' ? stored : '';
    case 'yes-no':
      return stored === true || stored === 'yes' ? 'yes' : stored === false || stored === 'no' ? 'no' : '';
    case 'multi-choice':
    case 'multi-scored':
    case 'body-map':
      return Array.isArray(stored) ? stored : [];
    case 'signature': {
      const signature = stored && typeof stored === 'object' ? (stored as Partial<Signature>) : {};
      return { name: signature.name ?? '', role: signature.role ?? '', signed_at: signature.signed_at ?? '' };
    }
    case 'rows': {
      const columns = (field as DocumentField).columns ?? [];
      const rows = Array.isArray(stored) ? (stored as DocumentValues[]) : [];
      return rows.map((row) => emptyRowOf(columns, row));
    }
    default:
      return typeof stored === 'string' ? stored : '';
  }
}

/** A row of a rows field as the form holds it (empty, or from a stored row). */
export function emptyRowOf(columns: readonly DocumentRowColumn[], stored: DocumentValues = {}): DocumentValues {
  return Object.fromEntries(columns.map((column) => [column.key, formValueOf(column, stored[column.key])]));
}

/** The stored value of what the form holds, as well as it can be read while typing (an unreadable number is null). */
export function storedValueOf(field: AnyField, value: unknown): unknown {
  switch (field.kind) {
    case 'number': {
      if (typeof value === 'number') return value;
      const text = typeof value === 'string' ? value.trim() : '';
      const number = Number(text);
      return text === '' || !Number.isFinite(number) ? null : number;
    }
    case 'yes-no':
      return value === 'yes' || value === true ? true : value === 'no' || value === false ? false : null;
    case 'signature':
      return signatureOf(value);
    case 'rows': {
      const columns = (field as DocumentField).columns ?? [];
      return Array.isArray(value) ? (value as DocumentValues[]).map((row) => Object.fromEntries(columns.map((column) => [column.key, storedValueOf(column, row[column.key])]))) : [];
    }
    case 'multi-choice':
    case 'multi-scored':
    case 'body-map':
      return Array.isArray(value) ? value : [];
    default:
      return typeof value === 'string' ? value : '';
  }
}

/** A signature as the schema reads it: null when nothing was written, else its parts as typed. */
function signatureOf(value: unknown): Signature | null {
  if (!value || typeof value !== 'object') return null;
  const { name = '', role = '', signed_at = '' } = value as Partial<Signature>;
  return name.trim() === '' && role.trim() === '' && signed_at === '' ? null : { name, role, signed_at };
}

/** The form's values of a document: every field the user may see (withheld ones are left out), and the meta. */
export function formValuesOf(spec: Pick<DocumentSpec, 'sections'>, content: DocumentValues, meta: Partial<FormMeta> = {}): DocumentFormValues {
  const values: Record<string, unknown> = {};
  for (const field of fieldsOf(spec)) values[field.key] = formValueOf(field, content[field.key]);
  return { ...values, [META]: { review_date: meta.review_date ?? '', note: meta.note ?? '' } };
}

/**
 * Answers in their stored shape as typed so far, for live results and `showWhen`. A field that is not shown
 * takes its empty value, in form order, so a question hidden by another hidden one is hidden too.
 */
export function liveValuesOf(spec: Pick<DocumentSpec, 'sections' | 'title'>, values: Record<string, unknown>): DocumentValues {
  const empty = emptyValues(spec);
  const live: DocumentValues = {};
  for (const field of fieldsOf(spec)) live[field.key] = storedValueOf(field, values[field.key]);
  for (const field of fieldsOf(spec)) if (!isShown(field, live)) live[field.key] = empty[field.key];
  return live;
}

/**
 * The content the form sends: every field as the schema reads it (numbers as typed, so a wrong one is named),
 * and the fields not shown at their empty value (an answer to a question that was not asked is not kept).
 */
export function contentToSave(spec: Pick<DocumentSpec, 'sections' | 'title'>, values: Record<string, unknown>): DocumentValues {
  const live = liveValuesOf(spec, values);
  const empty = emptyValues(spec);
  const content: DocumentValues = {};
  for (const field of fieldsOf(spec)) {
    if (!isShown(field, live)) content[field.key] = empty[field.key];
    else if (field.kind === 'signature') content[field.key] = signatureOf(values[field.key]);
    else content[field.key] = values[field.key];
  }
  return content;
}

/** The form's own fields beside the answers: a review date and what changed. */
export const metaSchema = v.object({
  review_date: v.optional(v.pipe(v.string(), v.trim(), v.check((value) => value === '' || isCalendarDate(value), 'Review date must be a date.')), ''),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'Keep the note to 500 characters.')), ''),
});

/** The form's field name of an error the server keys by content key, `review_date` or `note`. */
export function formFieldOfServerKey(spec: Pick<DocumentSpec, 'sections'>, key: string): string | null {
  const root = key.split('.')[0] ?? key;
  if (fieldsOf(spec).some((field) => field.key === root)) return key;
  if (key === 'review_date' || key === 'note') return `${META}.${key}`;
  return null;
}

/**
 * The form's resolver: the kit's valibot resolver over documentSchema (complete when saving as active) for
 * the answers, and over metaSchema for the review date and note. Its errors are nested as react-hook-form
 * keeps them ('meals.0.time' under meals[0].time), so fixing an answer clears its message.
 */
export function documentResolver(spec: Pick<DocumentSpec, 'sections' | 'title'>, complete: () => boolean): Resolver<DocumentFormValues> {
  return async (values, context, options) => {
    const contentResolver = valibotResolver<DocumentValues>(documentSchema(spec, { complete: complete() }));
    const metaResolver = valibotResolver<FormMeta>(metaSchema);
    const content = await contentResolver(contentToSave(spec, values), context, options as never);
    const meta = await metaResolver(values[META] ?? {}, context, options as never);
    const errors: Record<string, unknown> = {};
    for (const [path, error] of Object.entries(content.errors)) if (get(errors, path) === undefined) set(errors, path, error);
    for (const [path, error] of Object.entries(meta.errors)) set(errors, `${META}.${path}`, error);
    if (Object.keys(errors).length) return { values: {}, errors: errors as FieldErrors<DocumentFormValues> };
    return { values: { ...(content.values as DocumentValues), [META]: meta.values as FormMeta } as DocumentFormValues, errors: {} };
  };
}

/** Every message in react-hook-form's (nested) errors, with the field name it belongs to, in form order. */
export function errorMessagesOf(errors: unknown, prefix = ''): { name: string; message: string }[] {
  if (!errors || typeof errors !== 'object') return [];
  const record = errors as Record<string, unknown>;
  if (typeof record.message === 'string' && record.message) return [{ name: prefix, message: record.message }];
  return Object.entries(record).flatMap(([key, value]) => (key === 'ref' || key === 'type' ? [] : errorMessagesOf(value, prefix ? `${prefix}.${key}` : key)));
}
