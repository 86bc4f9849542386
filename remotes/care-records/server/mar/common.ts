import type { FieldErrors } from '@hcm/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  auditActorOf,
  recordAudit,
  sendError,
  sendInvalid,
  viewerAndId,
  type AuditActor,
  type AuthSettings,
  type BranchScope,
  type Database,
  type Transaction,
  type Viewer,
} from '@hcm/server/platform';
import type { MarClient } from '../../contract/index.js';
import { visibleClients, type DeletedClients } from '../client-visibility.js';
import { clientColumns, clientsTable } from '../columns.js';

// What the eMAR's routes share: the client in the address (one of the user's, else 404), the audit of each look at
// the record, bodies checked by a contract schema (422 per field), and timestamps in ISO text.

export const NO_CLIENT = 'No such client.';

export type DbOrTx = Database | Transaction;

/** The client of a route, as the MAR prints them, with who asks and from where. */
export type ClientTarget = { viewer: Viewer; client: MarClient; actor: AuditActor };

const c = clientColumns;

/** The client's details a MAR chart carries (NICE NG67: name, date of birth, NHS number, GP, allergies), if the scope sees them (removed clients only for histories). */
export async function findMarClient(db: DbOrTx, scope: BranchScope, clientId: number, deleted: DeletedClients['deleted'] = 'exclude'): Promise<MarClient | null> {
  const [row] = await db
    .select({
      id: sql<number>`${c.id}`,
      first_name: sql<string>`${c.first_name}`,
      last_name: sql<string>`${c.last_name}`,
      date_of_birth: sql<string>`${c.date_of_birth}::text`,
      nhs_number: sql<string>`${c.nhs_number}`,
      gp_practice: sql<string>`${c.gp_practice}`,
      allergies: sql<string>`${c.allergies}`,
    })
    .from(clientsTable)
    .where(and(eq(c.id, clientId), visibleClients(scope, { deleted })));
  if (!row) return null;
  const { first_name, last_name, ...rest } = row;
  return { ...rest, id: Number(rest.id), name: `${first_name} ${last_name}`.trim() };
}

/** The signed-in user and the client of `:clientId`, or null once 401/404 is sent. */
export async function clientTarget(request: FastifyRequest, reply: FastifyReply, auth: AuthSettings): Promise<ClientTarget | null> {
  const target = await viewerAndId(request, reply, auth, 'clientId', NO_CLIENT);
  if (!target) return null;
  const client = await findMarClient(auth.db, target.viewer.scope, target.id);
  if (!client) {
    await sendError(reply, 404, NO_CLIENT);
    return null;
  }
  return { viewer: target.viewer, client, actor: auditActorOf(request) };
}

/** A look at the client's medication record, in the audit trail as a view of the client (`view` names what was seen). */
export async function recordClientView(db: DbOrTx, target: ClientTarget, view: string, detail: Record<string, unknown> = {}): Promise<void> {
  await recordAudit(db, { actor: target.actor, resource: 'clients', recordId: target.client.id, action: 'view', after: { view, ...detail } });
}

/** A rule of the eMAR broken by a valid body: answered 422 on its fields. */
export class MarRuleError extends Error {
  constructor(readonly errors: FieldErrors) {
    super(Object.values(errors)[0]?.[0] ?? 'The given data was invalid.');
  }
}

export const ruleError = (field: string, message: string) => new MarRuleError({ [field]: [message] });

/** A conflict with what is stored (409): the message says what, `data` carries it for the screen. */
export class MarConflictError extends Error {
  constructor(
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** Sends the answer of a rule or conflict error, or throws anything else on. */
export function sendMarError(reply: FastifyReply, error: unknown) {
  if (error instanceof MarRuleError) return sendInvalid(reply, error.errors);
  if (error instanceof MarConflictError) return reply.code(409).send({ status: false, message: error.message, data: error.data, errors: null });
  throw error;
}

/** ISO text of a timestamp from either driver (Dates, or text from raw SQL). */
export const isoOf = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : isoOf(value));

// One rule and one hash for every client record route (../record-routes.ts).
export { declareClientRecordAudit, parsedBody, requestHash } from '../record-routes.js';

/** DD/MM/YYYY, the UK way round, for messages. */
export const ukDay = (day: string) => day.split('-').reverse().join('/');
