import { integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, buildDocumentTables, buildResourceTables, createdAt, users } from '@hcm/server/schema';
import { WORKFORCE_RESOURCES } from '../../contract/people.js';

/** The tables of the declared resources (carers, office employees), by resource name. */
export const workforceTables = buildResourceTables(WORKFORCE_RESOURCES, branches);

// drizzle-kit only sees tables that are named exports: one line per declared resource (server/src/area-modules.test.ts checks).
export const carersTable = workforceTables['carers']!;
export const employeesTable = workforceTables['employees']!;

/** `carer_documents` and `carer_document_versions`: every save of a carer's file document is a new version. */
export const { documents: carerDocuments, versions: carerDocumentVersions } = buildDocumentTables('carer', () => carersTable.id);
/** `employee_documents` and `employee_document_versions`. */
export const { documents: employeeDocuments, versions: employeeDocumentVersions } = buildDocumentTables('employee', () => employeesTable.id);

/**
 * A carer's sign-in account (a user of the carer role): made when an applicant is hired, so the carer receives
 * notices and messages and, later, signs in on the carers' app. One account per carer and one carer per account.
 */
export const carerAccounts = pgTable(
  'carer_accounts',
  {
    carer_id: integer('carer_id')
      .primaryKey()
      .references(() => carersTable.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('carer_accounts_user_unique').on(t.user_id)],
);
