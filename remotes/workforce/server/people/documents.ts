import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { documentRoutes, sendInvalid, type AuthSettings, type DocumentOwner } from '@hcm/server/platform';
import { referenceRuleErrors } from '../../contract/documents/compliance.js';
import { CARER_DOCUMENTS, EMPLOYEE_DOCUMENTS, STAFF_SENSITIVE_PERMISSIONS } from '../../contract/index.js';
import { carerDocuments, carerDocumentVersions, carersTable, employeeDocuments, employeeDocumentVersions, employeesTable } from './people-tables.js';
import { carerColumns, employeeColumns, findCarer, findEmployee, visibleCarerIds, visibleCarers, visibleEmployeeIds, visibleEmployees } from './visibility.js';

/** Carers as owners of record documents: the engine sees only the carers of the user's branches. */
export const carerDocumentOwner: DocumentOwner = {
  path: 'carers',
  find: (db, viewer, ownerId) => findCarer(db, viewer.scope, ownerId),
  table: carersTable,
  id: carerColumns.id,
  name: sql<string>`${carerColumns.first_name} || ' ' || ${carerColumns.last_name}`,
  visible: (scope) => visibleCarers(scope),
  visibleIds: (branchIds) => visibleCarerIds(branchIds),
};

export const employeeDocumentOwner: DocumentOwner = {
  path: 'employees',
  find: (db, viewer, ownerId) => findEmployee(db, viewer.scope, ownerId),
  table: employeesTable,
  id: employeeColumns.id,
  name: sql<string>`${employeeColumns.first_name} || ' ' || ${employeeColumns.last_name}`,
  visible: (scope) => visibleEmployees(scope),
  visibleIds: (branchIds) => visibleEmployeeIds(branchIds),
};

/**
 * Staff files' documents (contract/documents/): /api/v1/carers/:id/documents and /api/v1/employees/:id/documents,
 * each file as one PDF (…/staff-file.pdf), reviews due at /api/v1/carers/documents/reviews: the platform's
 * document engine, the one the client record uses, from this area's declarations and tables.
 */
export async function staffDocumentRoutes(app: FastifyInstance, { auth }: { auth: AuthSettings }): Promise<void> {
  // Rules across a form's fields, which the platform's document engine does not know: a reference's employment
  // cannot end before it began (422 on employed_to, as on the referee's page). Saves carry their content.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' && request.method !== 'PUT') return;
    if ((request.params as { kind?: string } | undefined)?.kind !== 'reference') return;
    const body = request.body as { content?: unknown } | undefined;
    const errors = referenceRuleErrors(body?.content);
    if (errors) return sendInvalid(reply, errors);
  });
  await documentRoutes(app, {
    auth,
    owner: carerDocumentOwner,
    specs: CARER_DOCUMENTS,
    tables: { documents: carerDocuments, versions: carerDocumentVersions },
    sensitive: STAFF_SENSITIVE_PERMISSIONS,
    permission: 'carers.view',
    audit: { resource: 'carer-documents', label: "Carers' file documents" },
    bundle: { path: 'staff-file', title: 'Staff file' },
  });
  await documentRoutes(app, {
    auth,
    owner: employeeDocumentOwner,
    specs: EMPLOYEE_DOCUMENTS,
    tables: { documents: employeeDocuments, versions: employeeDocumentVersions },
    sensitive: STAFF_SENSITIVE_PERMISSIONS,
    permission: 'employees.view',
    audit: { resource: 'employee-documents', label: "Office employees' file documents" },
    bundle: { path: 'staff-file', title: 'Staff file' },
  });
}
