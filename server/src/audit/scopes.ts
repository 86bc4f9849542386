import { inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog, userBranches } from '../db/schema.js';

/**
 * Who reads the entries of one audited record type (besides super admins, who read everything):
 * - `NOT_BRANCH_BOUND`: every holder of audit-trail.view (users, roles, reference data, the area registry...);
 * - `{ branchBound }`: a condition on the audit_log row for a reader of these branches (never called with no
 *   branch: a reader without a branch reads no entry of a branch-bound type). `recordIdIn` builds the usual one.
 */
export type AuditScope = { readonly notBranchBound: true } | { readonly branchBound: (branchIds: readonly number[]) => SQL };

export const NOT_BRANCH_BOUND: AuditScope = Object.freeze({ notBranchBound: true as const });

/** Branch-bound: an entry is read when its record_id is one of the ids this subquery selects for the branches. */
export function recordIdIn(ids: (branchIds: readonly number[]) => SQL): AuditScope {
  return { branchBound: (branchIds) => sql`${auditLog.record_id} in (${ids(branchIds)})` };
}

/** Users who work in one of the branches (a subquery of user ids). */
export const usersIn = (branchIds: readonly number[]): SQL =>
  sql`select ${userBranches.user_id} from ${userBranches} where ${inArray(userBranches.branch_id, [...branchIds])}`;

/**
 * An audited record type and who reads its entries. `labelledBy`: the record_id is the id of a row of this
 * declared resource, whose label the trail shows (client shares are labelled by their client).
 */
export type AuditedRecordType = { resource: string; scope: AuditScope; labelledBy?: string; /** What the trail calls it (a declared resource: its title). */ label?: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** The audited record types and who reads their entries (src/audit/scopes.ts). */
    auditScopes: AuditScopes;
  }
}

// Every type declared in this process, for recordAudit's check (it is handed a database, not the app).
const declaredTypes = new Set<string>();

/** Whether any app of this process declared the type (recordAudit refuses others outside production). */
export function isDeclaredAuditType(resource: string): boolean {
  return declaredTypes.has(resource);
}

function isAuditScope(scope: unknown): scope is AuditScope {
  if (!scope || typeof scope !== 'object') return false;
  const value = scope as Record<string, unknown>;
  return value.notBranchBound === true || typeof value.branchBound === 'function';
}

/**
 * Deny by default: every record type written to the audit log declares who reads its entries, once, from the
 * module that owns it (`app.auditScopes.declare({ resource, scope })` in its plugin). A declaration without a
 * scope throws at once; a type marked `audited()` (the engine's resources) without a declared scope makes
 * the app refuse to get ready. The trail shows a non-super-admin only entries of declared types.
 */
export class AuditScopes {
  readonly #scopes = new Map<string, AuditScope>();
  readonly #audited = new Set<string>();
  readonly #labelledBy = new Map<string, string>();
  readonly #labels = new Map<string, string>();

  declare(...types: AuditedRecordType[]): void {
    for (const { resource, scope, labelledBy, label } of types) {
      if (typeof resource !== 'string' || resource === '') throw new Error('An audited record type needs a name.');
      if (!isAuditScope(scope)) {
        throw new Error(
          `The audited record type "${resource}" declares no scope: give it { branchBound } (which entries a reader of given branches may read) or NOT_BRANCH_BOUND.`,
        );
      }
      if (this.#scopes.has(resource)) throw new Error(`The audited record type "${resource}" is declared twice.`);
      this.#scopes.set(resource, scope);
      if (labelledBy) this.#labelledBy.set(resource, labelledBy);
      if (label) this.#labels.set(resource, label);
      this.#audited.add(resource);
      declaredTypes.add(resource);
    }
  }

  /** Marks types as written to the audit log; each must have a declared scope by the time the app is ready. */
  audited(...resources: string[]): void {
    for (const resource of resources) this.#audited.add(resource);
  }

  /** The declared resource whose rows label this type's entries, if it is not a resource itself. */
  labelledBy(resource: string): string | undefined {
    return this.#labelledBy.get(resource);
  }

  /** What the trail calls a declared type, if its declaration says. */
  labelOf(resource: string): string | undefined {
    return this.#labels.get(resource);
  }

  /** Every declared type with its scope. */
  entries(): [string, AuditScope][] {
    return [...this.#scopes];
  }

  /** Throws naming the audited types without a declared scope. */
  check(): void {
    const missing = [...this.#audited].filter((resource) => !this.#scopes.has(resource));
    if (missing.length) {
      throw new Error(
        `Audited record types without a declared scope: ${missing.join(', ')}. Declare each with app.auditScopes.declare({ resource, scope }).`,
      );
    }
  }
}

/** Decorates the app with its registry, checked when the app gets ready (so a missing scope stops the start). */
export function registerAuditScopes(app: FastifyInstance): AuditScopes {
  const scopes = new AuditScopes();
  app.decorate('auditScopes', scopes);
  app.addHook('onReady', async () => scopes.check());
  return scopes;
}
