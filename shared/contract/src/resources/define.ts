import * as v from 'valibot';
import type { SortMode } from '../envelope.js';
import type { SavedFilterSlot } from '../filters.js';
import type { PermissionName } from '../permissions.js';

/**
 * How a field is stored, shown and edited. The server maps each kind to a column type, the kit to an input:
 * text/email/phone → text; long-text → textarea; integer → integer; money → integer pence (typed in pounds);
 * date → date (YYYY-MM-DD); time → text 'HH:MM' (a time-of-day input); boolean → checkbox; choice → select of `choices`; reference → select of another
 * resource's rows (a foreign key).
 */
export type FieldKind = 'text' | 'long-text' | 'email' | 'phone' | 'integer' | 'money' | 'date' | 'time' | 'boolean' | 'choice' | 'reference';

export type Choice = { value: string; label: string };

export type FieldSpec = {
  label: string;
  kind: FieldKind;
  hint?: string;
  /** For `choice`: the allowed values with their labels. */
  choices?: readonly Choice[];
  /** For `reference`: the resource referred to, and which of its fields labels a row. */
  references?: { resource: string; labelField: string };
  /** Shown as a column of the list. */
  column?: boolean;
  /** The list may be sorted by it (the server keeps an index on it). */
  sortable?: boolean;
  /** The list's search box looks in it (text kinds). */
  searchable?: boolean;
  /** Offered as a list filter (choice, boolean, reference, date). */
  filterable?: boolean;
  /** No two live rows may hold the same value. */
  unique?: boolean;
  /** Shown but not editable once the row exists (a disabled input on the edit form). */
  fixedAfterCreate?: boolean;
};

type AnyObjectSchema = v.StrictObjectSchema<v.ObjectEntries, v.ErrorMessage<v.StrictObjectIssue> | undefined>;

/**
 * A resource, declared once: the server's engine serves its API from this and the kit builds its list and
 * forms from it. `schema` is the one validation rule (create and update send the whole record).
 */
export type ResourceSpec<Schema extends AnyObjectSchema = AnyObjectSchema> = {
  /** URL segment: `/api/v1/<name>`, `/app/datatables/<name>`; also the table name with dashes as underscores. */
  name: string;
  /** Plural title of the list, e.g. 'Medications'. */
  title: string;
  /** One row in words, e.g. 'medication'. */
  singular: string;
  schema: Schema;
  /** Every key of the schema, in form order. */
  fields: { [Key in keyof v.InferOutput<Schema>]: FieldSpec };
  /** The field that names a row (in references, titles and the audit). */
  labelField: keyof v.InferOutput<Schema> & string;
  defaultSort: { field: keyof v.InferOutput<Schema> & string; mode: SortMode };
  permissions: { view: PermissionName; create: PermissionName; edit: PermissionName; delete: PermissionName };
  /** Rows carry a branch_id and users see only their branches' rows. */
  branchScoped?: boolean;
  /**
   * Reading a row is audited too (a 'view' entry): GET /<name>/:id, and the lists of its nested resources
   * filtered to that row. For care records (spec: every view of a client's care record is audited).
   */
  auditViews?: boolean;
  /** A nested resource: each row belongs to a row of `resource` through the reference field `field`. */
  parent?: { resource: string; field: keyof v.InferOutput<Schema> & string };
  /** The saved-filter slot (spec §3) whose cookie keeps this list's filters. */
  filterSlot?: SavedFilterSlot;
  /** 'soft' keeps deleted rows (hidden) so references stay valid; 'hard' removes them (409 if referenced). */
  deletion: 'soft' | 'hard';
  /** Where its screens live under /app; absent means `datatables/<name>` (reference data). */
  route?: string;
  /** The area (remote) that shows its screens; absent means reference-data. */
  area?: string;
  /** What users may do besides listing; absent means all three (banks are list-only, settings edit-only). */
  operations?: readonly ResourceOperation[];
};

export type ResourceOperation = 'create' | 'edit' | 'delete';

/** Whether a resource offers an operation at all (permissions decide who may use it). */
export function allows(spec: Pick<ResourceSpec, 'operations'>, operation: ResourceOperation): boolean {
  return (spec.operations ?? ['create', 'edit', 'delete']).includes(operation);
}

/** Declares a resource; the identity function gives the declaration its precise type. */
export function defineResource<Schema extends AnyObjectSchema>(spec: ResourceSpec<Schema>): ResourceSpec<Schema> {
  return spec;
}

/** A stored row of a resource: its fields plus the columns every table has. */
export type ResourceRow<Spec extends ResourceSpec> = v.InferOutput<Spec['schema']> & {
  id: number;
  created_at: string;
  updated_at: string;
};

/** The path of a resource's list, e.g. /app/datatables/medications or /app/staff-meetings. */
export const appPathOf = (spec: Pick<ResourceSpec, 'name' | 'route'>) => `/app/${spec.route ?? `datatables/${spec.name}`}`;

/** The area (remote) whose screens show a resource. */
export const areaOf = (spec: Pick<ResourceSpec, 'area'>) => spec.area ?? 'reference-data';

export const tableNameOf = (spec: Pick<ResourceSpec, 'name'>) => spec.name.replaceAll('-', '_');

/**
 * Demo rows by resource name, seeded by an area's API module into empty tables. A reference field holds the
 * 1-based position of the referenced row in its own resource's demo rows; branch_id the demo branch's position.
 */
export type DemoRows = Record<string, Record<string, unknown>[]>;
