import { createHash } from 'node:crypto';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { recordIdIn, sendInvalid } from '@hcm/server/platform';
import { visibleClientIds } from './client-visibility.js';

// What the routes of a client's records share (daily records, the eMAR): their audit scope, body parsing, and the
// hash that tells a device's resend from a different record under the same Idempotency-Key.

/** Declares an audited record type whose rows hang off a client: readers of the client's branch read its entries. */
export function declareClientRecordAudit(app: FastifyInstance, resource: string, label: string, table: PgTable, id: PgColumn, clientId: PgColumn): void {
  app.auditScopes.declare({
    resource,
    label,
    scope: recordIdIn((branchIds) => sql`select ${id} from ${table} where ${clientId} in (${visibleClientIds(branchIds, { deleted: 'include' })})`),
  });
}

/** Parses a body with a contract schema; on failure sends 422 with per-field errors and answers null. */
export async function parsedBody<S extends v.GenericSchema>(reply: FastifyReply, schema: S, body: unknown): Promise<v.InferOutput<S> | null> {
  const result = v.safeParse(schema, body ?? {});
  if (result.success) return result.output;
  await sendInvalid(reply, fieldErrorsOf(result.issues));
  return null;
}

/** A stable hash of a parsed body: a resend under the same Idempotency-Key must carry the same record. */
export function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)).map(([key, item]) => [key, canonical(item)]))
      : value;
  return createHash('sha256').update(JSON.stringify(canonical(body))).digest('hex');
}
