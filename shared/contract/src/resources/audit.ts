import type { Choice } from './define.js';

// The audit trail as GET /api/v1/audit answers it and /app/audit shows it (issue 3, item 10).

export type AuditAction = 'create' | 'update' | 'delete' | 'view';

export const AUDIT_ACTIONS: readonly Choice[] = [
  { value: 'create', label: 'Added' },
  { value: 'update', label: 'Changed' },
  { value: 'delete', label: 'Deleted' },
  { value: 'view', label: 'Viewed' },
];

/** Audited records that are not declared resources (users, roles, sessions, sharing), by the names the server records. */
export const AUDITED_RECORDS: readonly Choice[] = [
  { value: 'users', label: 'Users' },
  { value: 'user-roles', label: 'Roles' },
  { value: 'user-sessions', label: 'Sessions' },
  { value: 'account-switches', label: 'Account switches' },
  { value: 'health-professional-sessions', label: 'Health professional sessions' },
  { value: 'chats', label: 'Chats (and their monitoring)' },
  { value: 'time-tracker-sessions', label: 'Tracked time' },
  { value: 'area-versions', label: 'Area versions (deploys and rollbacks)' },
];

export type AuditPerson = { id: number; name: string };

export type AuditTrailEntry = {
  id: number;
  at: string;
  action: AuditAction;
  /** The resource name, e.g. 'clients', 'users', 'user-roles'. */
  resource: string;
  record_id: number;
  /** The record in words (a client's name, a medication's name), when the server can tell cheaply. */
  record_label: string | null;
  /** The signed-in account that made the change (or looked). */
  user: AuditPerson | null;
  /** The user who had switched to `user`'s account, when the change was made while switched. */
  acting_user: AuditPerson | null;
  /** A health professional who viewed a record through their link or sign-in. */
  health_professional: AuditPerson | null;
  ip: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** The query GET /api/v1/audit reads (every key optional; dates as YYYY-MM-DD, `to` inclusive). */
export const AUDIT_FILTERS = ['user_id', 'acting_user_id', 'resource', 'record_id', 'action', 'from', 'to'] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];

/**
 * A kind of record the audit trail names (GET /api/v1/audit/record-types): every declared resource of every
 * area, and the platform's and areas' other audited types, with the labels of a resource's fields.
 */
export type AuditRecordType = Choice & { fields: Record<string, string> };
