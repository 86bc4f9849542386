import { can, type Permission } from '@hcm/contract';
import { and, asc, eq, getTableColumns, getTableName, inArray, is, or } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import {
  auditActorOf,
  auditLog,
  documentPdf,
  documentsPdf,
  DocumentStore,
  recordAudit,
  sendError,
  users,
  viewerOf,
  withheldKeys,
  zip,
  type AuthSettings,
  type Database,
  type DocumentReader,
  type ZipEntry,
} from '@hcm/server/platform';
import { CLIENT_DOCUMENTS, CLIENT_SENSITIVE_PERMISSIONS } from '../../contract/index.js';
import { clientDocumentOwner } from '../documents/routes.js';
import * as areaTables from '../tables.js';
import { clientDocuments, clientDocumentVersions } from '../tables.js';
import { clock } from '@hcm/contract/time';

// The subject-access export (UK GDPR Article 15: a person may ask for their data, answered within one month):
// one action gives the client's whole record as a ZIP of PDFs and JSON — every document with all its versions,
// every row of this area's tables that belongs to the client (MAR, notes, money, contacts, hospital stays...),
// the files uploaded to the record, and who viewed the record — and the export itself is audited.

/** More of the export from a part of the area with its own files (uploads, MAR charts as PDFs). */
export type SubjectAccessPart = (db: Database, clientId: number) => Promise<ZipEntry[]>;

/** Columns only some users may read, by table: withheld from the export of a user without the permission. */
const RESTRICTED_COLUMNS: Record<string, Record<string, Permission>> = {
  client_access: { key_safe_code: 'clients.key-safe.view' },
};

/** Every table of this area with a client_id column: a client's rows in it belong in their export. */
function clientTables(): { name: string; table: PgTable; clientId: PgColumn }[] {
  const found: { name: string; table: PgTable; clientId: PgColumn }[] = [];
  const seen = new Set<unknown>();
  for (const value of Object.values(areaTables)) {
    if (!is(value, PgTable) || seen.has(value)) continue;
    seen.add(value);
    const columns = getTableColumns(value) as Record<string, PgColumn>;
    if (columns.client_id) found.push({ name: getTableName(value), table: value, clientId: columns.client_id });
  }
  return found;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export async function subjectAccessEntries(db: Database, clientId: number, reader: DocumentReader, parts: readonly SubjectAccessPart[]): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  const [client] = await db.select().from(clientDocumentOwner.table).where(eq(clientDocumentOwner.id, clientId));
  entries.push({ path: 'client.json', content: json(client) });

  for (const { name, table, clientId: column } of clientTables()) {
    const rows = (await db.select().from(table).where(eq(column, clientId))) as Record<string, unknown>[];
    const withheld = Object.entries(RESTRICTED_COLUMNS[name] ?? {}).filter(([, permission]) => !can(reader.user, permission)).map(([key]) => key);
    const shown = rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, withheld.includes(key) && value ? '(withheld)' : value])));
    if (rows.length) entries.push({ path: `records/${name}.json`, content: json(shown) });
  }

  // Documents: every version whole (JSON) and the current one printed; withheld answers stay withheld.
  const store = new DocumentStore(db, { documents: clientDocuments, versions: clientDocumentVersions }, CLIENT_DOCUMENTS);
  const documents = await db.select().from(clientDocuments).where(eq(clientDocuments.owner_id, clientId)).orderBy(asc(clientDocuments.id));
  const clientName = `${String(client?.first_name ?? '')} ${String(client?.last_name ?? '')}`.trim();
  const printed = [];
  for (const document of documents) {
    const spec = store.spec(document.kind);
    if (!spec) continue;
    const withheld = withheldKeys(spec, reader);
    const versions = await db
      .select({ version: clientDocumentVersions.version, status: clientDocumentVersions.status, saved_at: clientDocumentVersions.saved_at, saved_by: users.name, note: clientDocumentVersions.note, content: clientDocumentVersions.content, results: clientDocumentVersions.results })
      .from(clientDocumentVersions)
      .leftJoin(users, eq(users.id, clientDocumentVersions.saved_by))
      .where(eq(clientDocumentVersions.document_id, document.id))
      .orderBy(asc(clientDocumentVersions.version));
    const folder = `documents/${document.kind}-${document.id}`;
    entries.push({
      path: `${folder}/versions.json`,
      content: json({
        title: spec.title,
        status: document.status,
        review_date: document.review_date,
        withheld,
        versions: versions.map((version) => ({ ...version, content: Object.fromEntries(Object.entries(version.content).filter(([key]) => !withheld.includes(key))) })),
      }),
    });
    const view = await store.view(clientId, spec, document.id, reader);
    if (view) {
      entries.push({ path: `${folder}/${document.kind}.pdf`, content: await documentPdf(spec, view, clientName) });
      if (view.status === 'active') printed.push({ spec, view });
    }
  }
  entries.push({ path: 'care-plan.pdf', content: await documentsPdf('Care plan', printed, clientName) });

  for (const part of parts) entries.push(...(await part(db, clientId)));

  // Who viewed or changed the record: the client's own entries and those of their documents.
  const documentIds = documents.map((document) => document.id);
  const trail = await db
    .select({ at: auditLog.at, action: auditLog.action, resource: auditLog.resource, record_id: auditLog.record_id, user: users.name, ip: auditLog.ip })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.user_id))
    .where(
      or(
        and(eq(auditLog.resource, 'clients'), eq(auditLog.record_id, clientId)),
        documentIds.length ? and(eq(auditLog.resource, 'client-documents'), inArray(auditLog.record_id, documentIds)) : undefined,
      ),
    )
    .orderBy(asc(auditLog.id));
  entries.push({ path: 'audit/who-viewed-or-changed.json', content: json(trail) });
  entries.unshift({
    path: 'README.txt',
    content: [
      `Subject access export for ${clientName}, made ${clock.now().toISOString()}.`,
      '',
      'client.json                       the client as recorded',
      'records/<table>.json              every record held about the client, by kind (medication, MAR, notes, money, contacts, hospital stays...)',
      'documents/<kind>-<id>/            each care-record document: versions.json (every version, who saved it and when) and its current version as a PDF',
      'care-plan.pdf                     every active document, printed together',
      'uploads/, mar/                    files uploaded to the record, and MAR charts by month (when there are any)',
      'audit/who-viewed-or-changed.json  every view and change of the record and its documents',
      '',
      'Answers the exporting user may not read are withheld and listed as such in versions.json.',
    ].join('\n'),
  });
  return entries;
}

/** GET /api/v1/clients/:clientId/subject-access-export: the ZIP, for users with clients.export; audited. */
export async function subjectAccessRoutes(app: FastifyInstance, { auth, parts = [] }: { auth: AuthSettings; parts?: readonly SubjectAccessPart[] }): Promise<void> {
  app.get('/clients/:clientId/subject-access-export', { config: { permission: 'clients.export' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const clientId = Number((request.params as { clientId: string }).clientId);
    const owner = Number.isSafeInteger(clientId) ? await clientDocumentOwner.find(auth.db, viewer, clientId) : null;
    if (!owner) return sendError(reply, 404, 'No such client.');
    const entries = await subjectAccessEntries(auth.db, clientId, { user: viewer.user, sensitive: CLIENT_SENSITIVE_PERMISSIONS }, parts);
    await recordAudit(auth.db, { actor: auditActorOf(request), resource: 'clients', recordId: clientId, action: 'view', after: { subject_access_export: entries.map((entry) => entry.path) } });
    const file = `subject-access-${owner.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${clock.now().toISOString().slice(0, 10)}.zip`;
    return reply.type('application/zip').header('content-disposition', `attachment; filename="${file}"`).send(zip(entries));
  });
}
