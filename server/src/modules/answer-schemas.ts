import * as v from 'valibot';

// Helpers for the valibot schemas of the answers routes publish (contracts.ts: PublishedRoute).

/**
 * A published schema of the part others may read of an answer the route's code already types as T (a row type the
 * screens share too): it compiles only while T has every field the schema names, in a type the schema accepts, so
 * the two cannot drift. Where a route has no such type, its answer's type is the schema's (v.InferOutput).
 */
export const schemaOf =
  <T>() =>
  <S extends v.GenericSchema>(schema: S, ..._holds: [T] extends [v.InferOutput<S>] ? [] : [never]): S =>
    schema;

/** A page of a list as every list route answers it (http/paging.ts: pageOf). */
export const pageSchema = <S extends v.GenericSchema>(row: S) => v.object({ data: v.array(row), total: v.number(), page: v.number(), page_size: v.number(), last_page: v.number() });

/** A page of a list too long to count on every page: `total` stops at a ceiling, and `more` says there are more. */
export const countedPageSchema = <S extends v.GenericSchema>(row: S) => v.object({ ...pageSchema(row).entries, more: v.boolean() });
