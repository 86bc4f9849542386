import { RESOURCES } from '@hcm/contract/resources';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { buildResourceTables } from '../resources/tables.js';

// One schema for both drivers (PGlite and node-postgres). Column properties are named in snake_case so rows
// map onto the contract's types (Branch) without renaming. drizzle-kit reads this file to generate the SQL
// in ../../drizzle/, so it imports only drizzle, the contract's declarations and the table builder.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const branches = pgTable(
  'branches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    type: text('type').$type<'domiciliary' | 'supported-living'>().notNull(),
    address_line_1: text('address_line_1').notNull(),
    address_line_2: text('address_line_2').notNull().default(''),
    town: text('town').notNull(),
    postcode: text('postcode').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    cqc_location_id: text('cqc_location_id').notNull().default(''),
    registered_manager: text('registered_manager').notNull().default(''),
    active: boolean('active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('branches_code_unique').on(t.code),
    // One index per sortable column (BRANCH_SORTABLE) so ORDER BY ... LIMIT stays cheap on big lists.
    index('branches_name_idx').on(t.name),
    index('branches_type_idx').on(t.type),
    index('branches_town_idx').on(t.town),
    index('branches_postcode_idx').on(t.postcode),
    index('branches_active_idx').on(t.active),
    index('branches_created_at_idx').on(t.created_at),
    check('branches_type_check', sql`${t.type} in ('domiciliary', 'supported-living')`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    label: text('label').notNull(),
  },
  (t) => [uniqueIndex('roles_name_unique').on(t.name)],
);

/** The permissions a role grants, by catalogue name (PERMISSIONS in @hcm/contract). */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission] })],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    role_id: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    user_type: text('user_type').$type<'domiciliary' | 'supported-living'>().notNull().default('domiciliary'),
    disabled: boolean('disabled').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    // Emails are stored lower-cased so the unique index is case-insensitive in effect.
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_user_type_check', sql`${t.user_type} in ('domiciliary', 'supported-living')`),
  ],
);

export const userBranches = pgTable(
  'user_branches',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.branch_id] }), index('user_branches_branch_idx').on(t.branch_id)],
);

/**
 * Server-side sessions. The id is the sha256 (hex) of the cookie token, so a leaked table cannot be replayed
 * as cookies. A session without a user is the anonymous one /csrf-cookie creates to carry a CSRF token.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrf_token: text('csrf_token').notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
    created_at: createdAt(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end of the session; the idle limit is checked against last_seen_at. */
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_user_idx').on(t.user_id),
    index('sessions_expires_at_idx').on(t.expires_at),
    index('sessions_last_seen_at_idx').on(t.last_seen_at),
  ],
);

/** Every create, update and delete of a resource row, with the whole row before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    // Users are disabled rather than deleted, so the audit keeps naming who made each change.
    user_id: integer('user_id').references(() => users.id),
    resource: text('resource').notNull(),
    record_id: integer('record_id').notNull(),
    action: text('action').$type<'create' | 'update' | 'delete'>().notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_resource_record_idx').on(t.resource, t.record_id),
    check('audit_log_action_check', sql`${t.action} in ('create', 'update', 'delete')`),
  ],
);

/** The tables of the declared resources (RESOURCES in @hcm/contract/resources), by resource name. */
export const resourceTables = buildResourceTables(RESOURCES, branches);

// drizzle-kit only sees tables that are named exports of this file: one line per declared resource.
// (resources.test.ts fails when a declared resource is missing here or its migration was not generated.)
export const medicationsTable = resourceTables['medications']!;
export const holidayReasonsTable = resourceTables['holiday-reasons']!;
export const funderCodesTable = resourceTables['funder-codes']!;
export const funderScalesTable = resourceTables['funder-scales']!;
export const staffcodesTable = resourceTables['staffcodes']!;
export const bandsTable = resourceTables['bands']!;
export const carerHourlyRatesTable = resourceTables['carer-hourly-rates']!;
export const fiscalYearsTable = resourceTables['fiscal-years']!;
export const hourlyRatesTable = resourceTables['hourly-rates']!;
export const organizationPeriodYearsTable = resourceTables['organization-period-years']!;
export const organizationPeriodsTable = resourceTables['organization-periods']!;
export const careerRolesTable = resourceTables['career-roles']!;
export const careersTable = resourceTables['careers']!;
export const visitSlotsTable = resourceTables['visit-slots']!;
export const npcCodesTable = resourceTables['npc-codes']!;
export const areacodesTable = resourceTables['areacodes']!;
export const banksTable = resourceTables['banks']!;
export const disabilityCodesTable = resourceTables['disability-codes']!;
export const reactiveStrategiesTable = resourceTables['reactive_strategies']!;
export const assessorsTable = resourceTables['assessors']!;
export const documentUploadTypesTable = resourceTables['document-upload-types']!;
export const equipmentsTable = resourceTables['equipments']!;
export const reablementEquipmentsTable = resourceTables['reablement-equipments']!;
export const eventCategoriesTable = resourceTables['event-categories']!;
export const holidaysTable = resourceTables['holidays']!;
export const organizationBankHolidaysTable = resourceTables['organization-bank-holidays']!;
export const carerSurveysTable = resourceTables['carer-surveys']!;
export const carerSurveyQuestionsTable = resourceTables['carer-survey-questions']!;
export const carerSurveySubmissionsTable = resourceTables['carer-survey-submissions']!;
export const officeEmployeeSurveysTable = resourceTables['office-employee-surveys']!;
export const officeEmployeeSurveyQuestionsTable = resourceTables['office-employee-survey-questions']!;
export const officeEmployeeSurveySubmissionsTable = resourceTables['office-employee-survey-submissions']!;
export const staffMeetingsTable = resourceTables['staff-meetings']!;
export const newsFeedTable = resourceTables['news-feed']!;
export const eventManagementsTable = resourceTables['event-managements']!;
export const notificationsTable = resourceTables['notifications']!;
export const settingsTable = resourceTables['settings']!;

export type BranchRow = typeof branches.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
