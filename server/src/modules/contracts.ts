import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { GenericSchema } from 'valibot';
import type { ConsumedEvent, PublishedEvent } from '../events/outbox.js';
import { PLATFORM_CONTRACT } from './platform-routes.js';

// What areas publish for each other and what each consumes, and the checks that hold them together. An area
// never reads another's table or route by name alone: the owner publishes a read model (its own table, the
// columns others may read, what a row means) or a route (its answer's valibot schema); the consumer declares its
// own view of it (a pgTable with the columns it reads, a schema of the answer it relies on). The platform,
// which composes every area, compares the two at start-up (buildApp refuses to start on a mismatch) and in
// `npm test` (contracts.test.ts, with each area's published.json for the version step).

/** A table an area lets others read: the owner's own drizzle table, the columns that are public, their meaning. */
export type PublishedReadModel = {
  table: PgTable;
  /** The columns others may read; the table's other columns stay the owner's to change. */
  columns: readonly string[];
  /** What a row means and any rule a reader must apply (e.g. "deleted_at set: archived, not to be shown"). */
  meaning: string;
};

/** A GET route of the owner's API under /api/v1 that others may call, with its answer's `data`. */
export type PublishedRoute = {
  method: 'GET';
  /** As the route is registered, under /api/v1: '/carers/compliance', '/clients/:id/care'. */
  path: string;
  /**
   * Query parameters that select another form of the answer ('fields=postcode' answers fewer fields): the form is
   * then a route of its own for the contracts, and a consumer of it always sends them (area-client.ts).
   */
  query?: Readonly<Record<string, string>>;
  /** The valibot schema of the answer's `data` (of a file's body, e.g. CSV text: v.string()). */
  answer: GenericSchema;
  meaning: string;
};

export type AreaPublications = {
  /**
   * Steps up whenever what is published changes shape (a column, a type, a route's answer): consumers of another
   * deploy see the change coming. The area's published.json records the shape of the current version.
   */
  version: number;
  readModels?: readonly PublishedReadModel[];
  routes?: readonly PublishedRoute[];
  /** The domain events it writes to the outbox (events/outbox.ts), with their payloads' schemas. */
  events?: readonly PublishedEvent[];
};

/**
 * What a consumer relies on of another area's route: its own schema of the part of the answer it reads (and the
 * `query` of the answer's form, as published). The platform's area client (area-client.ts) calls it and parses
 * the answer with that schema, so what the code reads is what the contract checks.
 */
export type ConsumedRoute<S extends GenericSchema = GenericSchema> = { method: 'GET'; path: string; query?: Readonly<Record<string, string>>; answer: S };

/** How the contracts name a route: 'GET /clients/billing-profiles', with a form's query ('?fields=postcode'). */
export function routeKey(route: { method: string; path: string; query?: Readonly<Record<string, string>> }): string {
  const query = Object.entries(route.query ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return `${route.method} ${route.path}${query.length ? `?${new URLSearchParams(query).toString()}` : ''}`;
}

export type AreaConsumption = {
  /** The consumer's own declarations of other areas' tables: a pgTable with only the columns it reads. */
  readModels?: readonly PgTable[];
  routes?: readonly ConsumedRoute[];
  /** Other areas' events it handles, with its own schema of the payload it reads. */
  events?: readonly ConsumedEvent[];
};

/** The parts of an area module the checks read (area-module.ts carries them). */
export type ContractParty = {
  name: string;
  publishes?: AreaPublications;
  consumes?: AreaConsumption;
  eventHandlers?: readonly { name: string; handles: readonly string[] }[];
  /**
   * The platform's: it ships with every composition, so what it reads of an area is checked against that area when
   * the area is composed (a test app of a few areas has none of the others' tables to read, nor their features).
   */
  readsOnlyComposedAreas?: true;
};

/** A column's type as a reader sees it: a serial is an integer with a default, and so on. */
const SERIALS: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };
const sqlTypeOf = (column: { getSQLType(): string }) => SERIALS[column.getSQLType()] ?? column.getSQLType();

/** A column as a contract sees it: its SQL type, and whether it may be null. */
const columnShape = (column: { getSQLType(): string; notNull: boolean }) => `${sqlTypeOf(column)}${column.notNull ? ' not null' : ''}`;

function columnsOf(table: PgTable): Map<string, { getSQLType(): string; notNull: boolean }> {
  return new Map(getTableConfig(table).columns.map((column) => [column.name, column]));
}

export const tableNameOf = (table: PgTable) => getTableConfig(table).name;

/** The published shape of an area, as published.json records it (stable key order). */
export function publishedShape(publications: AreaPublications): PublishedShape {
  const readModels: PublishedShape['readModels'] = {};
  for (const model of [...(publications.readModels ?? [])].sort((a, b) => tableNameOf(a.table).localeCompare(tableNameOf(b.table)))) {
    const columns = columnsOf(model.table);
    readModels[tableNameOf(model.table)] = Object.fromEntries(
      [...model.columns].sort().map((name) => [name, columns.has(name) ? columnShape(columns.get(name)!) : 'missing']),
    );
  }
  const routes: PublishedShape['routes'] = {};
  for (const route of [...(publications.routes ?? [])].sort((a, b) => routeKey(a).localeCompare(routeKey(b)))) routes[routeKey(route)] = describeSchema(route.answer);
  const events: PublishedShape['events'] = {};
  for (const event of [...(publications.events ?? [])].sort((a, b) => a.type.localeCompare(b.type))) events[event.type] = describeSchema(event.payload);
  return { version: publications.version, readModels, routes, events };
}

export type PublishedShape = { version: number; readModels: Record<string, Record<string, string>>; routes: Record<string, unknown>; events: Record<string, unknown> };

/** What is wrong between the areas' publications and consumptions, as sentences (empty when everything holds). */
export function contractProblems(parties: readonly ContractParty[]): string[] {
  const problems: string[] = [];
  const publishers = new Map<string, { area: string; model: PublishedReadModel }>();
  const routes = new Map<string, { area: string; route: PublishedRoute }>();
  const events = new Map<string, { area: string; event: PublishedEvent }>();
  for (const party of parties) {
    for (const model of party.publishes?.readModels ?? []) {
      const name = tableNameOf(model.table);
      const columns = columnsOf(model.table);
      for (const column of model.columns) if (!columns.has(column)) problems.push(`${party.name} publishes ${name}.${column}, which its table does not have`);
      if (!model.meaning.trim()) problems.push(`${party.name} publishes ${name} without saying what a row means`);
      const other = publishers.get(name);
      if (other) problems.push(`${name} is published by both ${other.area} and ${party.name}`);
      else publishers.set(name, { area: party.name, model });
    }
    for (const route of party.publishes?.routes ?? []) {
      const key = routeKey(route);
      if (!route.meaning.trim()) problems.push(`${party.name} publishes ${key} without saying what it answers`);
      const other = routes.get(key);
      if (other) problems.push(`${key} is published by both ${other.area} and ${party.name}`);
      else routes.set(key, { area: party.name, route });
    }
    for (const event of party.publishes?.events ?? []) {
      if (!event.type.startsWith(`${party.name}.`)) problems.push(`${party.name} publishes the event ${event.type}: an area's events are named after it (${party.name}.…)`);
      const other = events.get(event.type);
      if (other) problems.push(`the event ${event.type} is published by both ${other.area} and ${party.name}`);
      else events.set(event.type, { area: party.name, event });
    }
  }
  for (const party of parties) {
    for (const table of party.consumes?.readModels ?? []) {
      const name = tableNameOf(table);
      const published = publishers.get(name);
      if (!published) {
        if (!party.readsOnlyComposedAreas) problems.push(`${party.name} reads the table ${name}, which no area publishes`);
        continue;
      }
      if (published.area === party.name) {
        problems.push(`${party.name} declares it consumes its own table ${name}`);
        continue;
      }
      const owned = columnsOf(published.model.table);
      for (const [column, read] of columnsOf(table)) {
        const where = `${party.name} reads ${name}.${column}`;
        if (!published.model.columns.includes(column) || !owned.has(column)) {
          problems.push(`${where}, which ${published.area} does not publish`);
          continue;
        }
        const own = owned.get(column)!;
        if (sqlTypeOf(own) !== sqlTypeOf(read)) problems.push(`${where} as ${sqlTypeOf(read)}; ${published.area} publishes it as ${sqlTypeOf(own)}`);
        else if (read.notNull && !own.notNull) problems.push(`${where} as never null; ${published.area} publishes it as possibly null`);
      }
    }
    for (const consumed of party.consumes?.routes ?? []) {
      const key = routeKey(consumed);
      const published = routes.get(key);
      if (!published) {
        problems.push(`${party.name} calls ${key}, which no area publishes`);
        continue;
      }
      if (published.area === party.name) continue;
      for (const problem of schemaProblems(consumed.answer, published.route.answer, 'data')) problems.push(`${party.name} calls ${key} (${published.area}): ${problem}`);
    }
    const consumedEvents = new Set<string>();
    for (const consumed of party.consumes?.events ?? []) {
      consumedEvents.add(consumed.type);
      const published = events.get(consumed.type);
      if (!published) {
        problems.push(`${party.name} handles the event ${consumed.type}, which no area publishes`);
        continue;
      }
      for (const problem of schemaProblems(consumed.payload, published.event.payload, 'payload')) problems.push(`${party.name} handles ${consumed.type} (${published.area}): ${problem}`);
    }
    for (const handler of party.eventHandlers ?? []) {
      for (const type of handler.handles) if (!consumedEvents.has(type)) problems.push(`${party.name}'s handler ${handler.name} handles ${type}, which ${party.name} does not declare it consumes`);
    }
  }
  return problems;
}

/** Throws with every problem when the composed areas' contracts (with the platform's routes) do not hold (the API's start). */
export function assertContracts(parties: readonly ContractParty[]): void {
  const problems = contractProblems([PLATFORM_CONTRACT, ...parties]);
  if (problems.length) throw new Error(`The areas' contracts do not hold:\n- ${problems.join('\n- ')}`);
}

// Valibot schemas, read structurally: enough to compare what a consumer expects with what an owner answers.
type Schema = { type: string; wrapped?: Schema; entries?: Record<string, Schema>; item?: Schema; options?: readonly unknown[]; literal?: unknown; value?: Schema; key?: Schema };
const WRAPPERS = new Set(['nullable', 'optional', 'nullish', 'undefinedable', 'exact_optional', 'non_optional', 'non_nullable', 'non_nullish']);
const MAYBE_ABSENT = new Set(['nullable', 'optional', 'nullish', 'undefinedable', 'exact_optional']);

/** Unwraps optional/nullable layers; says whether the value may be missing or null. */
function unwrap(schema: Schema): { core: Schema; maybeAbsent: boolean } {
  let core = schema;
  let maybeAbsent = false;
  while (WRAPPERS.has(core.type) && core.wrapped) {
    if (MAYBE_ABSENT.has(core.type)) maybeAbsent = true;
    core = core.wrapped;
  }
  return { core, maybeAbsent };
}

/** A JSON description of a schema (published.json), stable for the version step. */
export function describeSchema(input: GenericSchema | Schema): unknown {
  const schema = input as unknown as Schema;
  const { core, maybeAbsent } = unwrap(schema);
  let described: unknown;
  if (core.type === 'object' || core.type === 'loose_object' || core.type === 'strict_object') {
    described = Object.fromEntries(Object.entries(core.entries ?? {}).map(([key, value]) => [key, describeSchema(value)]));
  } else if (core.type === 'array') described = [describeSchema(core.item!)];
  else if (core.type === 'picklist') described = { oneOf: core.options };
  else if (core.type === 'literal') described = { literal: core.literal };
  else if (core.type === 'union' || core.type === 'variant') described = { anyOf: (core.options as Schema[]).map(describeSchema) };
  else if (core.type === 'record') described = { record: describeSchema(core.value!) };
  else described = core.type;
  return maybeAbsent ? { maybe: described } : described;
}

/**
 * Why an owner's answer (`provided`) may not be what a consumer relies on (`expected`): a key it reads that is
 * not there, another type, null where the consumer assumes a value, a choice the consumer does not know.
 */
export function schemaProblems(expectedInput: GenericSchema | Schema, providedInput: GenericSchema | Schema, at: string): string[] {
  const expected = unwrap(expectedInput as unknown as Schema);
  const provided = unwrap(providedInput as unknown as Schema);
  const problems: string[] = [];
  if (provided.maybeAbsent && !expected.maybeAbsent) problems.push(`${at} may be null or missing, and is read as always there`);
  const want = expected.core;
  const have = provided.core;
  // Read as anything (a value shown as it comes): present is all it needs, null included.
  if (want.type === 'unknown' || want.type === 'any') return [];
  if (have.type === 'union' || have.type === 'variant') {
    for (const option of have.options as Schema[]) problems.push(...schemaProblems(want, option, at));
    return problems;
  }
  if (want.type === 'union' || want.type === 'variant') {
    const fits = (want.options as Schema[]).some((option) => schemaProblems(option, have, at).length === 0);
    if (!fits) problems.push(`${at} is ${have.type}, none of the types it is read as`);
    return problems;
  }
  const objectTypes = ['object', 'loose_object', 'strict_object'];
  if (objectTypes.includes(want.type)) {
    if (!objectTypes.includes(have.type)) return [...problems, `${at} is read as an object, answered as ${have.type}`];
    for (const [key, value] of Object.entries(want.entries ?? {})) {
      const theirs = have.entries?.[key];
      if (!theirs) {
        if (!unwrap(value).maybeAbsent) problems.push(`${at}.${key} is read but not answered`);
        continue;
      }
      problems.push(...schemaProblems(value, theirs, `${at}.${key}`));
    }
    return problems;
  }
  if (want.type === 'array') {
    if (have.type !== 'array') return [...problems, `${at} is read as a list, answered as ${have.type}`];
    return [...problems, ...schemaProblems(want.item!, have.item!, `${at}[]`)];
  }
  if (want.type === 'record') {
    if (have.type !== 'record') return [...problems, `${at} is read as a record, answered as ${have.type}`];
    return [...problems, ...schemaProblems(want.value!, have.value!, `${at}{}`)];
  }
  if (want.type === 'picklist') {
    if (have.type === 'picklist') {
      const unknown = (have.options ?? []).filter((option) => !want.options?.includes(option));
      if (unknown.length) problems.push(`${at} may be ${unknown.map(String).join(', ')}, which the reader does not know`);
    } else if (have.type === 'literal') {
      if (!want.options?.includes(have.literal)) problems.push(`${at} is ${String(have.literal)}, which the reader does not know`);
    } else problems.push(`${at} is read as one of ${want.options?.map(String).join(', ')}, answered as any ${have.type}`);
    return problems;
  }
  if (want.type === 'literal') {
    if (have.type !== 'literal' || have.literal !== want.literal) problems.push(`${at} is read as ${String(want.literal)}`);
    return problems;
  }
  // A picklist or literal of strings answers a string; otherwise the base types must be the same.
  const base = have.type === 'picklist' ? typeof have.options?.[0] : have.type === 'literal' ? typeof have.literal : have.type;
  if (base !== want.type) problems.push(`${at} is read as ${want.type}, answered as ${have.type}`);
  return problems;
}

/** Every PgTable among a module's exports (an area's tables.ts), however they are grouped. */
export function tablesIn(exports: unknown, found = new Set<PgTable>(), seen = new Set<unknown>()): Set<PgTable> {
  if (!exports || typeof exports !== 'object' || seen.has(exports)) return found;
  seen.add(exports);
  if (is(exports, PgTable)) {
    found.add(exports);
    return found;
  }
  for (const value of Object.values(exports)) tablesIn(value, found, seen);
  return found;
}
