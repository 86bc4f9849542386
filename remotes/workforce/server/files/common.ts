import type { FastifyReply, FastifyRequest } from 'fastify';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import type { WorkforceUsablePermission } from '../../contract/permissions.js';
import { and, eq, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { auditActorOf, parseId, sendError, sendInvalid, viewerOf, type AuditActor, type AuthSettings, type Database, type Transaction, type Viewer } from '@hcm/server/platform';
import { findCarer, findEmployee, type StaffMember } from '../people/visibility.js';
import { documentUploadTypesRead, settingsRead } from '../read-models.js';

// What the staff file's records share: whose file the address names (a carer or an office employee the user may
// see, else 404), the permissions of each kind of file, the body checked by a contract schema, and what this part reads of
// reference data's global settings and document types (read models of ../read-models.ts).

export type StaffOwnerKind = 'carers' | 'employees';

export const OWNERS = {
  carers: { column: 'carer_id', view: 'carers.view', edit: 'carers.edit', appliesTo: 'carer', noun: 'carer', notFound: 'No such carer.' },
  employees: { column: 'employee_id', view: 'employees.view', edit: 'employees.edit', appliesTo: 'employee', noun: 'office employee', notFound: 'No such office employee.' },
} as const satisfies Record<StaffOwnerKind, { column: string; view: WorkforceUsablePermission; edit: WorkforceUsablePermission; appliesTo: string; noun: string; notFound: string }>;

export type StaffTarget = { owner: StaffOwnerKind; viewer: Viewer; person: StaffMember; actor: AuditActor };

/**
 * The signed-in user and the carer or employee of `:id`, when the user's branches hold them (not removed);
 * otherwise the answer is sent (401, 404) and null returned.
 */
export async function staffTarget(request: FastifyRequest, reply: FastifyReply, auth: AuthSettings, owner: StaffOwnerKind): Promise<StaffTarget | null> {
  const viewer = await viewerOf(request, reply, auth);
  if (!viewer) return null;
  const id = parseId(String((request.params as Record<string, string>).id ?? ''));
  const person = id === null ? null : await (owner === 'carers' ? findCarer : findEmployee)(auth.db, viewer.scope, id);
  if (!person) {
    await sendError(reply, 404, OWNERS[owner].notFound);
    return null;
  }
  return { owner, viewer, person, actor: auditActorOf(request) };
}

/** The owner columns of a row: { carer_id } or { employee_id }. */
export const ownerValues = (target: { owner: StaffOwnerKind; person: { id: number } }) =>
  target.owner === 'carers' ? { carer_id: target.person.id, employee_id: null } : { carer_id: null, employee_id: target.person.id };

/** Parses a body with a contract schema; on failure sends 422 with per-field errors and answers null. */
export async function parsedBody<S extends v.GenericSchema>(reply: FastifyReply, schema: S, body: unknown): Promise<v.InferOutput<S> | null> {
  const result = v.safeParse(schema, body ?? {});
  if (result.success) return result.output;
  await sendInvalid(reply, fieldErrorsOf(result.issues));
  return null;
}

/** A rule of this part broken by a request: 422 on `field` (or 409, a conflict with what is stored). */
export class FileRuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly status: 422 | 409 | 403 = 422,
  ) {
    super(message);
  }
}

/** A rule error as its answer; anything else is thrown on. */
export async function answerRuleError(reply: FastifyReply, error: unknown): Promise<FastifyReply> {
  if (!(error instanceof FileRuleError)) throw error;
  if (error.status === 422) return sendInvalid(reply, { [error.field]: [error.message] });
  return sendError(reply, error.status, error.message, { [error.field]: [error.message] });
}

export const idParam = (params: unknown, name: string) => parseId(String((params as Record<string, string>)[name] ?? ''));

/** ISO text of a timestamp read from either driver. */
export const isoOf = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

// ---- what it reads of reference data (../read-models.ts)

/** A whole-number setting between min and max; absent, empty or out of range, the default. */
export async function numberSetting(db: Database | Transaction, key: string, fallback: number, min: number, max: number): Promise<number> {
  const [row] = await db.select({ value: settingsRead.value }).from(settingsRead).where(eq(settingsRead.key, key)).limit(1);
  const value = Number(row?.value ?? '');
  return row?.value && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

/** The document types for a carer's or an office employee's file, active and not removed. */
export async function staffUploadTypes(db: Database | Transaction, owner: StaffOwnerKind) {
  return db
    .select({ id: documentUploadTypesRead.id, name: documentUploadTypesRead.name, expires: documentUploadTypesRead.expires, required: documentUploadTypesRead.required, description: documentUploadTypesRead.description })
    .from(documentUploadTypesRead)
    .where(and(eq(documentUploadTypesRead.applies_to, OWNERS[owner].appliesTo), eq(documentUploadTypesRead.active, true), isNull(documentUploadTypesRead.deleted_at)))
    .orderBy(sql`${documentUploadTypesRead.name}`);
}
