import type { PermissionName } from '../permissions.js';

/**
 * Record documents: the forms of a care record (a support plan, a risk assessment, a review), declared once.
 * The server's document engine stores every save as a new version of a document from the declaration, and the
 * kit's document form renders it; both validate with `documentSchema` (./schema.ts) and compute results with
 * the declaration's `results`.
 *
 * How a field's value is stored (JSON), by kind:
 * - text, long-text, date (YYYY-MM-DD), time (HH:MM), choice, scored: a string ('' when empty);
 * - number: a number or null;  yes-no: true, false or null (not answered);
 * - multi-choice, multi-scored: the chosen option values, a string array;
 * - signature: `{ name, role, signed_at }` or null;  body-map: `BodyMapPoint[]`;
 * - rows: an array of objects, one per row, keyed by the columns' keys.
 */
export type DocumentFieldKind =
  | 'text'
  | 'long-text'
  | 'date'
  | 'time'
  | 'number'
  | 'yes-no'
  | 'choice'
  | 'multi-choice'
  | 'scored'
  | 'multi-scored'
  | 'signature'
  | 'body-map'
  | 'rows';

/** Kinds a repeating row's columns may have. */
export type RowColumnKind = 'text' | 'long-text' | 'date' | 'time' | 'number' | 'yes-no' | 'choice';

export type DocumentOption = { value: string; label: string; /** For scored kinds: the points it adds. */ score?: number };

/**
 * Content that only some roles may read: clinical (health, medication, capacity) or safeguarding (abuse, self-harm,
 * risk to others). Users without the matching permission see the field as withheld; it is never sent to them.
 */
export type Sensitivity = 'clinical' | 'safeguarding';

export type DocumentField = {
  /** The key of the value in the document's content: lower_snake_case, unique within the document. */
  key: string;
  label: string;
  kind: DocumentFieldKind;
  hint?: string;
  /** Needed before the document can be made active (a draft may be saved without it). */
  required?: boolean;
  /** For choice, multi-choice, scored and multi-scored: the options, with their score for scored kinds. */
  options?: readonly DocumentOption[];
  /** For rows: the columns of each row. */
  columns?: readonly DocumentRowColumn[];
  /** For number: the allowed range, a unit shown after the input, and how many decimals (0 by default). */
  min?: number;
  max?: number;
  unit?: string;
  decimals?: number;
  /** For text kinds: the longest answer (2,000 characters for text, 8,000 for long-text by default). */
  maxLength?: number;
  sensitivity?: Sensitivity;
  /** Shown (and required) only when another field of the same document has one of these values. */
  showWhen?: { field: string; equals: readonly (string | boolean)[] };
};

export type DocumentRowColumn = Omit<DocumentField, 'kind' | 'columns' | 'sensitivity' | 'showWhen'> & { kind: RowColumnKind };

export type DocumentSection = {
  key: string;
  title: string;
  /** What the section is for, shown above its fields. */
  intro?: string;
  fields: readonly DocumentField[];
};

/** How worrying a computed result is: drives the result's badge, the record's alerts and the PDF. */
export type ResultLevel = 'none' | 'low' | 'medium' | 'high' | 'very-high';

/** A figure the product works out from a document's answers, with its band and what the band calls for. */
export type DocumentResult = {
  key: string;
  label: string;
  /** The figure: a score, a BMI, millilitres; null when not enough has been answered. */
  value: number | string | null;
  unit?: string;
  /** The band's name in words, e.g. 'High risk'. */
  band?: string;
  level?: ResultLevel;
  /** What to do at this band. */
  actions?: readonly string[];
};

export type DocumentValues = Record<string, unknown>;

/** Who may do what with a kind of document. */
export type DocumentPermissions = {
  view: PermissionName;
  edit: PermissionName;
  /** Signing off (a manager's approval of the current version); `edit` when absent. */
  signOff?: PermissionName;
};

export type DocumentSpec = {
  /** The URL segment of its tab (the spec's spelling, e.g. 'pleasent-day'), also its kind in the store. */
  name: string;
  title: string;
  /** One sentence on what the document is for. */
  description?: string;
  sections: readonly DocumentSection[];
  /** Figures computed from the answers (scores, BMI, totals), on the server when saved and in the form as typed. */
  results?: (values: DocumentValues) => DocumentResult[];
  /** Many documents of this kind per record (reviews, incident forms), rather than one living document. */
  multiple?: boolean;
  /** Months until the next review, proposed when the document is made active (the user may change it). */
  reviewEveryMonths?: number;
  /** The whole document is clinical or safeguarding content (see Sensitivity). */
  sensitivity?: Sensitivity;
  permissions: DocumentPermissions;
};

/** Declares a record document; the identity function checks the declaration's type. */
export function defineDocument(spec: DocumentSpec): DocumentSpec {
  return spec;
}

export const DOCUMENT_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
] as const;

export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number]['value'];

/** A point marked on a body map: which view, where (per cent of the figure's width and height), and what. */
export type BodyMapPoint = { view: 'front' | 'back'; x: number; y: number; kind: string; note: string };

export const BODY_MAP_KINDS = [
  { value: 'bruise', label: 'Bruise' },
  { value: 'pressure-damage', label: 'Pressure damage' },
  { value: 'wound', label: 'Wound or skin tear' },
  { value: 'redness', label: 'Redness' },
  { value: 'swelling', label: 'Swelling' },
  { value: 'rash', label: 'Rash' },
  { value: 'other', label: 'Other' },
] as const;

export type Signature = { name: string; role: string; signed_at: string };

/** Every field of a document, in form order. */
export function fieldsOf(spec: Pick<DocumentSpec, 'sections'>): DocumentField[] {
  return spec.sections.flatMap((section) => section.fields);
}

/** Whether a field applies given the other answers (its showWhen condition). */
export function isShown(field: Pick<DocumentField, 'showWhen'>, values: DocumentValues): boolean {
  if (!field.showWhen) return true;
  const value = values[field.showWhen.field];
  const chosen = Array.isArray(value) ? value : [value];
  return field.showWhen.equals.some((expected) => chosen.includes(expected));
}

/** The score a scored or multi-scored answer adds (0 when unanswered). */
export function scoreOf(field: Pick<DocumentField, 'kind' | 'options'>, value: unknown): number {
  const scoreOfOption = (chosen: unknown) => field.options?.find((option) => option.value === chosen)?.score ?? 0;
  if (field.kind === 'multi-scored' && Array.isArray(value)) return value.reduce((total: number, chosen) => total + scoreOfOption(chosen), 0);
  if (field.kind === 'scored') return scoreOfOption(value);
  return 0;
}

/** The sum of the scores of the named fields (or every scored field when no keys are given). */
export function totalScore(spec: Pick<DocumentSpec, 'sections'>, values: DocumentValues, keys?: readonly string[]): number {
  return fieldsOf(spec)
    .filter((field) => (keys ? keys.includes(field.key) : field.kind === 'scored' || field.kind === 'multi-scored'))
    .reduce((total, field) => total + scoreOf(field, values[field.key]), 0);
}

/** Whether every named scored field has an answer (a total of partial answers would understate the risk). */
export function allAnswered(values: DocumentValues, keys: readonly string[]): boolean {
  return keys.every((key) => {
    const value = values[key];
    return value !== undefined && value !== null && value !== '';
  });
}

/** The permission reading a field needs beyond the document's own: none unless it is sensitive. */
export function sensitivityOf(spec: Pick<DocumentSpec, 'sensitivity'>, field: Pick<DocumentField, 'sensitivity'>): Sensitivity | undefined {
  return field.sensitivity ?? spec.sensitivity;
}
