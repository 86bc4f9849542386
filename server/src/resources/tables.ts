import { tableNameOf, type FieldSpec, type ResourceSpec } from '@hcm/contract/engine';
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { clock } from '@hcm/contract/time';

// Turns resource declarations into drizzle tables. schema.ts builds them once, so drizzle-kit generates their
// migrations like any hand-written table; the engine (service.ts) queries them through the same objects.
// Imports nothing from the server: schema.ts passes in the branches table that branch-scoped rows point at.

/** A table built from a declaration: every column is reached by name (the field keys, snake_case). */
export type ResourceTable = PgTableWithColumns<{
  name: string;
  schema: undefined;
  columns: { id: PgColumn } & Record<string, PgColumn>;
  dialect: 'pg';
}>;

/**
 * A declared table's columns typed by its declaration: each field key of `Spec`, and the system columns. A
 * hand-written query reads `columns.first_name`; a renamed or misspelt field then fails to compile.
 */
export type DeclaredColumns<Spec extends ResourceSpec> = Record<(keyof Spec['fields'] & string) | (typeof SYSTEM_COLUMNS)[number], PgColumn>;

/** The columns of `table` as its declaration names them; throws at start-up when a field has no column. */
export function declaredColumns<Spec extends ResourceSpec>(table: ResourceTable, spec: Spec): DeclaredColumns<Spec> {
  for (const field of Object.keys(spec.fields)) {
    if (!(field in table)) throw new Error(`The ${spec.name} table has no column for its field "${field}".`);
  }
  return table as unknown as DeclaredColumns<Spec>;
}

/** The columns every resource table has besides its fields. */
export const SYSTEM_COLUMNS = ['id', 'branch_id', 'created_at', 'updated_at', 'deleted_at'] as const;

/** Text kinds compare case-insensitively for uniqueness: "Paracetamol" and "paracetamol" are one medicine. */
export const CASE_INSENSITIVE_KINDS: ReadonlySet<FieldSpec['kind']> = new Set(['text', 'long-text', 'email', 'phone']);

type SchemaEntry = { type?: string; default?: unknown };

/** Whether the declaration's schema lets the field be left out (valibot optional / nullish / nullable). */
export function isOptionalField(spec: ResourceSpec, key: string): boolean {
  const entry = (spec.schema.entries as Record<string, SchemaEntry | undefined>)[key];
  return ['optional', 'exact_optional', 'nullish', 'nullable'].includes(entry?.type ?? '');
}

function booleanDefault(spec: ResourceSpec, key: string): boolean {
  const entry = (spec.schema.entries as Record<string, SchemaEntry | undefined>)[key];
  return typeof entry?.default === 'boolean' ? entry.default : false;
}

/** The field entries of a declaration, in form order, typed for iteration. */
export function fieldsOf(spec: ResourceSpec): [string, FieldSpec][] {
  return Object.entries(spec.fields) as [string, FieldSpec][];
}

function columnFor(
  spec: ResourceSpec,
  key: string,
  field: FieldSpec,
  referenced: (resource: string) => ResourceTable,
): PgColumnBuilderBase {
  const optional = isOptionalField(spec, key);
  switch (field.kind) {
    case 'text':
    case 'long-text':
    case 'email':
    case 'phone':
    case 'time':
    case 'choice':
      // Optional text is '' rather than NULL, so a row always has every field as a string.
      return text(key).notNull().default('');
    case 'integer':
    case 'money': {
      // Money is whole pence; the schemas never hand the engine a float.
      const column = integer(key);
      return optional ? column : column.notNull();
    }
    case 'date': {
      // Kept as 'YYYY-MM-DD' strings end to end; an empty optional date is stored as NULL.
      const column = date(key, { mode: 'string' });
      return optional ? column : column.notNull();
    }
    case 'boolean':
      return boolean(key).notNull().default(booleanDefault(spec, key));
    case 'reference': {
      const target = field.references?.resource;
      if (!target) throw new Error(`${spec.name}.${key} is a reference without references.resource.`);
      const column = integer(key).references((): AnyPgColumn => referenced(target).id);
      return optional ? column : column.notNull();
    }
  }
}

function buildTable(
  spec: ResourceSpec,
  branches: { id: AnyPgColumn },
  referenced: (resource: string) => ResourceTable,
): ResourceTable {
  const name = tableNameOf(spec);
  const soft = spec.deletion === 'soft';
  const fields = fieldsOf(spec);
  const columns: Record<string, PgColumnBuilderBase> = { id: serial('id').primaryKey() };
  for (const [key, field] of fields) columns[key] = columnFor(spec, key, field, referenced);
  if (spec.branchScoped) columns.branch_id = integer('branch_id').notNull().references(() => branches.id);
  columns.created_at = timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now);
  columns.updated_at = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now);
  if (soft) columns.deleted_at = timestamp('deleted_at', { withTimezone: true });

  const table = pgTable(name, columns, (t) => {
    const column = (key: string) => t[key]!;
    const indexes: PgTableExtraConfigValue[] = [];
    for (const [key, field] of fields) {
      // One index per sortable or filterable field keeps ORDER BY ... LIMIT and the filters cheap on big lists.
      if (field.sortable || field.filterable || field.kind === 'reference') {
        indexes.push(index(`${name}_${key}_idx`).on(column(key)));
      }
      if (field.unique) {
        const target: SQL | AnyPgColumn = CASE_INSENSITIVE_KINDS.has(field.kind) ? sql`lower(${column(key)})` : column(key);
        const unique = uniqueIndex(`${name}_${key}_unique`).on(target as never);
        // A soft-deleted row frees its value for a new row.
        indexes.push(soft ? unique.where(sql`${column('deleted_at')} is null`) : unique);
      }
    }
    if (spec.branchScoped) indexes.push(index(`${name}_branch_id_idx`).on(column('branch_id')));
    return indexes;
  });
  return table as unknown as ResourceTable;
}

/**
 * One table per declaration, keyed by resource name. A reference field gets a foreign key to the referenced
 * resource's id. A resource of another area (client medications name a medicine of reference data) is referred
 * to by its table's name only, so an area's tables never import another area's code; the platform checks at
 * start-up that every referenced resource is served (app.ts).
 */
export function buildResourceTables(
  specs: readonly ResourceSpec[],
  branches: { id: AnyPgColumn },
): Record<string, ResourceTable> {
  const tables: Record<string, ResourceTable> = {};
  const foreign = new Map<string, ResourceTable>();
  const referenced = (resource: string): ResourceTable => {
    const table = tables[resource];
    if (table) return table;
    if (!foreign.has(resource)) foreign.set(resource, pgTable(tableNameOf({ name: resource }), { id: serial('id').primaryKey() }) as unknown as ResourceTable);
    return foreign.get(resource)!;
  };
  for (const spec of specs) tables[spec.name] = buildTable(spec, branches, referenced);
  return tables;
}

/** The resources that `specs` refer to without declaring them: each must be served by another area. */
export function foreignReferences(specs: readonly ResourceSpec[]): string[] {
  const names = new Set(specs.map((spec) => spec.name));
  const targets = specs.flatMap((spec) => fieldsOf(spec).map(([, field]) => field.references?.resource));
  return [...new Set(targets.filter((target): target is string => target !== undefined && !names.has(target)))];
}
