import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../db/client.js';
import { auditLog, type AuditAction } from '../db/schema.js';
import { isDeclaredAuditType } from './scopes.js';

/**
 * Who did something, as the audit trail names them: the signed-in user, the user who had switched to that
 * account (when switched), or a health professional; and from where.
 */
export type AuditActor = {
  userId: number | null;
  actingUserId: number | null;
  healthProfessionalId: number | null;
  ip: string | null;
};

/** The audit actor of a request, from its session (see auth/hooks.ts). */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const session = request.session;
  return {
    userId: session?.user_id ?? request.device?.user_id ?? null,
    actingUserId: session?.parent_user_id ?? null,
    healthProfessionalId: session?.health_professional_id ?? null,
    ip: request.ip ?? null,
  };
}

export type AuditRecord = {
  actor: AuditActor;
  /** The record type, e.g. 'clients', 'users', 'user-roles': declared with its scope (see ./scopes.ts). */
  resource: string;
  recordId: number;
  action: AuditAction;
  /** The record before and after (never secrets such as password hashes). */
  before?: unknown;
  after?: unknown;
};

/**
 * Appends one entry to the audit trail (inside the change's transaction when there is one). A record type no
 * module declared (app.auditScopes.declare) is refused outside production; in production (NODE_ENV=production)
 * the entry is still written, and the trail shows it to super admins only.
 */
export async function recordAudit(db: Database | Transaction, entry: AuditRecord): Promise<void> {
  if (!isDeclaredAuditType(entry.resource) && process.env.NODE_ENV !== 'production') {
    throw new Error(`"${entry.resource}" is not a declared audited record type: declare its scope with app.auditScopes.declare().`);
  }
  await db.insert(auditLog).values({
    user_id: entry.actor.userId,
    acting_user_id: entry.actor.actingUserId,
    health_professional_id: entry.actor.healthProfessionalId,
    ip: entry.actor.ip,
    resource: entry.resource,
    record_id: entry.recordId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
