import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { documentRoutes, type AuthSettings, type DocumentOwner } from '@hcm/server/platform';
import { CLIENT_DOCUMENTS, CLIENT_SENSITIVE_PERMISSIONS } from '../../contract/index.js';
import { visibleClientIds, visibleClients } from '../client-visibility.js';
import { clientColumns, clientsTable } from '../columns.js';
import { clientDocuments, clientDocumentVersions } from '../tables.js';

const c = clientColumns;

/** Clients as owners of record documents: the engine sees only the clients the user's branches hold. */
export const clientDocumentOwner: DocumentOwner = {
  path: 'clients',
  async find(db, viewer, ownerId) {
    const [row] = await db
      .select({ id: c.id, first_name: c.first_name, last_name: c.last_name })
      .from(clientsTable)
      .where(and(eq(c.id, ownerId), visibleClients(viewer.scope, { deleted: 'exclude' })));
    return row ? { id: Number(row.id), name: `${String(row.first_name)} ${String(row.last_name)}` } : null;
  },
  table: clientsTable,
  id: c.id,
  name: sql<string>`${c.first_name} || ' ' || ${c.last_name}`,
  visible: (scope) => visibleClients(scope, { deleted: 'exclude' }),
  visibleIds: (branchIds) => visibleClientIds(branchIds, { deleted: 'include' }),
};

/**
 * A client's record documents (contract/documents/) at /api/v1/clients/:id/documents, the whole care plan as
 * one PDF at /api/v1/clients/:id/care-plan.pdf, and reviews due or overdue at /api/v1/clients/documents/reviews:
 * the platform's document engine, from this area's declarations and tables.
 */
export async function clientDocumentRoutes(app: FastifyInstance, { auth }: { auth: AuthSettings }): Promise<void> {
  await documentRoutes(app, {
    auth,
    owner: clientDocumentOwner,
    specs: CLIENT_DOCUMENTS,
    tables: { documents: clientDocuments, versions: clientDocumentVersions },
    sensitive: CLIENT_SENSITIVE_PERMISSIONS,
    permission: 'clients.view',
    audit: { resource: 'client-documents', label: 'Care record documents' },
    bundle: { path: 'care-plan', title: 'Care plan' },
  });
}
