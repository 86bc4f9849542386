import { BODY_MAP_KINDS, fieldsOf, type BodyMapPoint, type DocumentField, type DocumentRowColumn, type DocumentSpec, type DocumentValues, type Signature } from './define.js';
import { isAnswered } from './schema.js';

// A document's answers in words: for the versions' "what changed", the PDF and the read-only views.

const EMPTY = '—';

function optionLabel(field: DocumentField | DocumentRowColumn, value: unknown): string {
  const option = field.options?.find((candidate) => candidate.value === value);
  if (!option) return String(value);
  return option.score === undefined ? option.label : `${option.label} (${option.score})`;
}

/** One answer as text (— when unanswered). */
export function displayValue(field: DocumentField | DocumentRowColumn, value: unknown): string {
  if (!isAnswered(value)) return EMPTY;
  switch (field.kind) {
    case 'yes-no':
      return value ? 'Yes' : 'No';
    case 'number':
      return field.unit ? `${value} ${field.unit}` : String(value);
    case 'choice':
    case 'scored':
      return optionLabel(field, value);
    case 'multi-choice':
    case 'multi-scored':
      return (value as string[]).map((chosen) => optionLabel(field, chosen)).join('; ');
    case 'signature': {
      const signature = value as Signature;
      return `${signature.name}, ${signature.role}, ${signature.signed_at.slice(0, 16).replace('T', ' ')}`;
    }
    case 'body-map':
      return (value as BodyMapPoint[])
        .map((point) => `${BODY_MAP_KINDS.find((kind) => kind.value === point.kind)?.label ?? point.kind} (${point.view}${point.note ? `: ${point.note}` : ''})`)
        .join('; ');
    case 'rows': {
      const rows = value as DocumentValues[];
      const columns = (field as DocumentField).columns ?? [];
      return rows.map((row) => columns.map((column) => `${column.label}: ${displayValue(column, row[column.key])}`).join(', ')).join(' | ');
    }
    default:
      return String(value);
  }
}

export type DocumentChange = { key: string; label: string; before: string; after: string };

/** The answers that differ between two versions of a document, in form order, in words. */
export function documentChanges(spec: Pick<DocumentSpec, 'sections'>, before: DocumentValues, after: DocumentValues): DocumentChange[] {
  const changes: DocumentChange[] = [];
  for (const field of fieldsOf(spec)) {
    const was = displayValue(field, before[field.key]);
    const now = displayValue(field, after[field.key]);
    if (was !== now) changes.push({ key: field.key, label: field.label, before: was, after: now });
  }
  return changes;
}
