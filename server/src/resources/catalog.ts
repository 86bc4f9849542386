import type { FieldErrors } from '@hcm/contract';
import { isCalendarDate, tableNameOf, type FieldSpec, type ResourceSpec } from '@hcm/contract/engine';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Transaction } from '../db/client.js';
import { fieldsOf, type ResourceTable } from './tables.js';

/** A declared resource with its table: what the engine's queries and routes work from. */
export type Resource = {
  spec: ResourceSpec;
  table: ResourceTable;
  tableName: string;
  fields: [string, FieldSpec][];
  /** Every column by name: the fields plus id, created_at, updated_at and, per declaration, branch_id, deleted_at. */
  columns: Record<string, PgColumn>;
  soft: boolean;
  /** A nested resource's parent and the field holding its id: a child is in scope when its parent is. */
  parent?: { resource: Resource; key: string };
  /** The owning area's reaction to each write, run in the write's transaction (ResourceWriteHook). */
  onWrite?: ResourceWriteHook;
};

/** A write the engine made to one row, as the owner's hook sees it: the row as the API answers it, before and after. */
export type ResourceChange = {
  resource: string;
  action: 'create' | 'update' | 'delete';
  id: number;
  /** Null on create. */
  before: ApiRow | null;
  /** Null on delete (soft or hard). */
  after: ApiRow | null;
  userId: number;
};

/**
 * An area's reaction to the engine's write of its own resource's row, inside the write's transaction, after the
 * row and its audit entry are written: what must exist exactly when the change does (an outbox event, a derived
 * row). Throwing undoes the write (an InvalidRecordError answers 422 with its field errors).
 */
export type ResourceWriteHook = (tx: Transaction, change: ResourceChange) => Promise<void>;

/** Every resource the engine serves, by name; references and "still used by" checks look each other up here. */
export type ResourceCatalog = ReadonlyMap<string, Resource>;

export function resourceCatalog(
  specs: readonly ResourceSpec[],
  tables: Record<string, ResourceTable>,
  hooks: Readonly<Record<string, ResourceWriteHook>> = {},
): ResourceCatalog {
  const catalog = new Map<string, Resource>();
  for (const spec of specs) {
    const table = tables[spec.name];
    if (!table) throw new Error(`No table was built for the resource "${spec.name}".`);
    catalog.set(spec.name, {
      spec,
      table,
      tableName: tableNameOf(spec),
      fields: fieldsOf(spec),
      columns: getTableColumns(table) as Record<string, PgColumn>,
      soft: spec.deletion === 'soft',
      ...(hooks[spec.name] ? { onWrite: hooks[spec.name] } : {}),
    });
  }
  // A hook on a resource no one serves would never run: a misspelt name stops the start.
  for (const name of Object.keys(hooks)) if (!catalog.has(name)) throw new Error(`A write hook names the resource "${name}", which is not in the catalogue.`);
  for (const resource of catalog.values()) {
    if (resource.spec.parent) resource.parent = parentOf(catalog, resource);
  }
  return catalog;
}

/**
 * A nested resource's parent. Its list narrows to one parent by `?<parent field>=<id>`, its rows follow the
 * parent's branch and the parent's views are audited through it, so a declaration that cannot name its parent
 * row (an unknown parent, or a field that is not a reference to it) stops the start rather than listing every
 * parent's rows.
 */
function parentOf(catalog: ReadonlyMap<string, Resource>, resource: Resource): Resource['parent'] {
  const { resource: parentName, field: key } = resource.spec.parent!;
  const name = resource.spec.name;
  const parent = catalog.get(parentName);
  if (!parent) throw new Error(`${name} is nested under "${parentName}", which is not in the catalogue.`);
  const field = resource.fields.find(([fieldKey]) => fieldKey === key)?.[1];
  if (field?.kind !== 'reference' || field.references?.resource !== parentName) {
    throw new Error(`${name} is nested under ${parentName} through "${key}", which must be a reference field to ${parentName}.`);
  }
  return { resource: parent, key };
}

/** The column of a resource by name (only names taken from the declaration reach here). */
export function columnOf(resource: Resource, key: string): PgColumn {
  const column = resource.columns[key];
  if (!column) throw new Error(`${resource.spec.name} has no column "${key}".`);
  return column;
}

/** Every (resource, field) that holds a foreign key to `name`'s rows. */
export function referencesTo(catalog: ResourceCatalog, name: string): { resource: Resource; key: string }[] {
  return [...catalog.values()].flatMap((resource) =>
    resource.fields
      .filter(([, field]) => field.kind === 'reference' && field.references?.resource === name)
      .map(([key]) => ({ resource, key })),
  );
}

/** 'medication' → 'Medication', for messages that start with the resource. */
export function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored row as the API answers it: fields, id, timestamps as ISO strings, an empty date as ''. */
export type ApiRow = Record<string, unknown> & { id: number; created_at: string; updated_at: string };

export function toApiRow(resource: Resource, row: Record<string, unknown>): ApiRow {
  const answer: Record<string, unknown> = { id: row.id };
  for (const [key, field] of resource.fields) {
    const value = row[key];
    answer[key] = field.kind === 'date' && value === null ? '' : value;
  }
  if (resource.spec.branchScoped) answer.branch_id = row.branch_id;
  answer.created_at = (row.created_at as Date).toISOString();
  answer.updated_at = (row.updated_at as Date).toISOString();
  return answer as ApiRow;
}

/** Validated input as column values: an empty optional date becomes NULL. */
export function toColumnValues(resource: Resource, values: Record<string, unknown>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [key, field] of resource.fields) {
    const value = values[key];
    columns[key] = field.kind === 'date' && value === '' ? null : value;
  }
  return columns;
}

/**
 * 'YYYY-MM-DD' naming a day that exists, 0001-01-01 to 9999-12-31: the contract's rule, also applied to list
 * filters and to declarations whose schema checks dates some other way (PostgreSQL would refuse 2026-02-30).
 */
export { isCalendarDate };

/** Field errors for date fields whose value is shaped like a date but names no real day. */
export function calendarDateErrors(resource: Resource, values: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, field] of resource.fields) {
    const value = values[key];
    if (field.kind === 'date' && typeof value === 'string' && value !== '' && !isCalendarDate(value)) {
      errors[key] = [`${field.label} must be a date.`];
    }
  }
  return errors;
}
