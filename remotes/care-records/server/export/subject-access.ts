import { can } from '@hcm/contract';
import type { Sensitivity } from '@hcm/contract/documents';
import { and, asc, eq, getTableColumns, getTableName, inArray, is, or, sql } from 'drizzle-orm';
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
// the files uploaded to the record, and every audit entry about the client (who viewed or changed what of it) — and
// the export itself is audited. The key-safe code is in no export, whoever makes it: it is an access secret, not
// information about the person (SECRET_COLUMNS), and the README says so.
//
// One rule withholds, in every part of it, what the exporting user may not read: clinical content needs
// clients.clinical.view and safeguarding content clients.safeguarding.view (CLIENT_SENSITIVE_PERMISSIONS), as on
// the screens and in the documents' PDFs. A document's withheld answers are left out, and so are its results and
// the notes of its versions (a score or a note could tell the answer); a record whose kind is sensitive is left
// out whole (RECORD_SENSITIVITY), and so is a part of sensitive files (the MAR charts). The README says what was
// withheld. Staff IP addresses are never in it: they are other people's data.

/** More of the export from a part of the area with its own files (uploads, MAR charts as PDFs). */
export type SubjectAccessPart = {
  /** The sensitive content the part holds: an exporter without the permission of each gets none of it. */
  needs: readonly Sensitivity[];
  /** The folder its entries go in, named in the README when it is withheld. */
  folder: string;
  entries: (db: Database, clientId: number) => Promise<ZipEntry[]>;
};

/** What reading a record needs beyond clients.view: its sensitive kinds, for the whole table or row by row. */
type RecordSensitivity = readonly Sensitivity[] | ((row: Record<string, unknown>) => readonly Sensitivity[]);

/**
 * Every table of this area with a client_id, and what reading its rows needs (the test checks none is missing;
 * a table not listed is withheld from everyone, never exported unchecked). Medication and what is recorded about
 * it are clinical (as the medication and MAR routes require); incidents are clinical (injuries, body maps) and a
 * safeguarding concern is safeguarding too.
 */
export const RECORD_SENSITIVITY: Record<string, RecordSensitivity> = {
  client_medications: ['clinical'],
  mar_administrations: ['clinical'],
  mar_audits: ['clinical'],
  medication_images: ['clinical'],
  medication_availability_reports: ['clinical'],
  care_incidents: (row) => (row.kind === 'safeguarding-concern' ? ['clinical', 'safeguarding'] : ['clinical']),
  client_access: [],
  client_contacts: [],
  client_hospitals: [],
  client_pre_exit: [],
  client_shares: [],
  family_messages: [],
  family_feedback: [],
  care_notes: [],
  care_note_audits: [],
  client_call_logs: [],
  log_book_entries: [],
  log_book_audits: [],
  client_money_entries: [],
  client_money_audits: [],
  client_uploads: [],
};

/**
 * Access secrets, by table: a way into the client's home, not information about the person. Withheld from every
 * export, whoever makes it (a ZIP sent to a client or their representative must not open the door), and the
 * README says so. The rest of the access details (where the key safe is, the door, pets, the key holder) stay.
 */
export const SECRET_COLUMNS: Record<string, Record<string, string>> = {
  client_access: { key_safe_code: 'the key-safe code is an access secret (a way into the home), not information about the person' },
};

/**
 * This area's audited record types and how an entry of each names its client, for the export's audit trail:
 * `client` (its record_id is the client's id) or the table whose row its record_id is (the row's client_id). The
 * documents are read by their owner; any other entry whose before or after names the client (client_id) is in too,
 * whichever area wrote it (a deleted row's entries, a visit's). The test checks every table with a client_id is
 * named here. Types about no one client (categories, outcome codes, links of professionals) are not listed.
 */
export const CLIENT_AUDIT_TYPES: Record<string, { recordId: 'client'; table?: string } | { recordId: 'row'; table: string }> = {
  clients: { recordId: 'client' },
  'client-access': { recordId: 'client', table: 'client_access' },
  'client-shares': { recordId: 'client', table: 'client_shares' },
  'client-rota-profile': { recordId: 'client' },
  'client-medications': { recordId: 'row', table: 'client_medications' },
  'client-contacts': { recordId: 'row', table: 'client_contacts' },
  'client-hospitals': { recordId: 'row', table: 'client_hospitals' },
  'client-pre-exit': { recordId: 'row', table: 'client_pre_exit' },
  'family-messages': { recordId: 'row', table: 'family_messages' },
  'care-notes': { recordId: 'row', table: 'care_notes' },
  'care-note-audits': { recordId: 'row', table: 'care_note_audits' },
  'call-logs': { recordId: 'row', table: 'client_call_logs' },
  'log-book-entries': { recordId: 'row', table: 'log_book_entries' },
  'log-book-audits': { recordId: 'row', table: 'log_book_audits' },
  'money-entries': { recordId: 'row', table: 'client_money_entries' },
  'money-audits': { recordId: 'row', table: 'client_money_audits' },
  'client-uploads': { recordId: 'row', table: 'client_uploads' },
  'mar-administrations': { recordId: 'row', table: 'mar_administrations' },
  'mar-audits': { recordId: 'row', table: 'mar_audits' },
  'medication-images': { recordId: 'row', table: 'medication_images' },
  'medication-availability': { recordId: 'row', table: 'medication_availability_reports' },
  'care-incidents': { recordId: 'row', table: 'care_incidents' },
  'family-feedback': { recordId: 'row', table: 'family_feedback' },
};

/** Columns about staff rather than the client (where they were, on what device): never exported. */
const THIRD_PARTY_COLUMNS = new Set(['ip', 'user_agent']);

const WITHHELD = '(withheld)';

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

/** The names of the tables whose rows belong in a client's export. */
export const clientTableNames = (): string[] => clientTables().map((table) => table.name);

/** Whether the reader may read content of every one of these sensitive kinds. */
const mayReadAll = (reader: DocumentReader, needs: readonly Sensitivity[]) => needs.every((sensitivity) => can(reader.user, reader.sensitive[sensitivity]));

/** What the reader lacks to read content of these kinds, for the README (e.g. "clients.clinical.view"). */
const lacking = (reader: DocumentReader, needs: readonly Sensitivity[]) =>
  [...new Set(needs.filter((sensitivity) => !can(reader.user, reader.sensitive[sensitivity])).map((sensitivity) => reader.sensitive[sensitivity]))].join(' and ');

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export async function subjectAccessEntries(db: Database, clientId: number, reader: DocumentReader, parts: readonly SubjectAccessPart[]): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  const [client] = await db.select().from(clientDocumentOwner.table).where(eq(clientDocumentOwner.id, clientId));
  entries.push({ path: 'client.json', content: json(client) });

  // What was left out, and the permission it needed: said in the README.
  const withheldParts: string[] = [];
  // What no export holds, whoever makes it (access secrets): said in the README too.
  const secretParts: string[] = [];
  // The client's rows by table and id: what an audit entry about one needs to be read (below).
  const rowsById = new Map<string, Map<number, Record<string, unknown>>>();
  for (const { name, table, clientId: column } of clientTables()) {
    const rows = (await db.select().from(table).where(eq(column, clientId))) as Record<string, unknown>[];
    rowsById.set(name, new Map(rows.flatMap((row) => (typeof row.id === 'number' ? [[row.id, row] as const] : []))));
    const sensitivity = RECORD_SENSITIVITY[name];
    const needsOf = (row: Record<string, unknown>) => (sensitivity === undefined ? null : typeof sensitivity === 'function' ? sensitivity(row) : sensitivity);
    const readable = rows.filter((row) => {
      const needs = needsOf(row);
      return needs !== null && mayReadAll(reader, needs);
    });
    if (readable.length < rows.length) {
      const needs = [...new Set(rows.flatMap((row) => needsOf(row) ?? []))];
      withheldParts.push(`records/${name}.json: ${rows.length - readable.length} of ${rows.length} withheld${sensitivity === undefined ? ' (not yet cleared for export)' : ` (needs ${lacking(reader, needs)})`}`);
    }
    const secrets = SECRET_COLUMNS[name] ?? {};
    const withheld = Object.keys(secrets);
    const shown = readable.map((row) =>
      Object.fromEntries(Object.entries(row).flatMap(([key, value]) => (THIRD_PARTY_COLUMNS.has(key) ? [] : [[key, withheld.includes(key) && value ? WITHHELD : value]]))),
    );
    if (shown.length) for (const [key, why] of Object.entries(secrets)) secretParts.push(`records/${name}.json: ${key} is "${WITHHELD}": ${why}`);
    if (shown.length) entries.push({ path: `records/${name}.json`, content: json(shown) });
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
        // As the document's PDF: with any answer withheld, no results and no notes (either could tell it).
        versions: versions.map((version) => ({
          ...version,
          note: withheld.length && version.note ? WITHHELD : version.note,
          content: Object.fromEntries(Object.entries(version.content).filter(([key]) => !withheld.includes(key))),
          results: withheld.length ? [] : version.results,
        })),
      }),
    });
    const view = await store.view(clientId, spec, document.id, reader);
    if (view) {
      entries.push({ path: `${folder}/${document.kind}.pdf`, content: await documentPdf(spec, view, clientName) });
      if (view.status === 'active') printed.push({ spec, view });
    }
  }
  entries.push({ path: 'care-plan.pdf', content: await documentsPdf('Care plan', printed, clientName) });

  for (const part of parts) {
    if (mayReadAll(reader, part.needs)) entries.push(...(await part.entries(db, clientId)));
    else withheldParts.push(`${part.folder}/: withheld (needs ${lacking(reader, part.needs)})`);
  }

  // Who viewed or changed the record: every audit entry about the client (CLIENT_AUDIT_TYPES) — who and when, not
  // the staff member's IP address (their personal data, not the client's), nor what changed (the records say it).
  const documentIds = documents.map((document) => document.id);
  const types = Object.entries(CLIENT_AUDIT_TYPES);
  const tableOf = new Map(clientTables().map((table) => [table.name, table]));
  const byRow = types.flatMap(([resource, type]) => {
    const table = type.recordId === 'row' ? tableOf.get(type.table) : undefined;
    const id = table ? (getTableColumns(table.table) as Record<string, PgColumn>).id : undefined;
    return table && id ? [and(eq(auditLog.resource, resource), inArray(auditLog.record_id, db.select({ id }).from(table.table).where(eq(table.clientId, clientId))))] : [];
  });
  const namedClient = sql`coalesce(${auditLog.after} ->> 'client_id', ${auditLog.before} ->> 'client_id') = ${String(clientId)}`;
  const entriesAbout = await db
    .select({ id: auditLog.id, at: auditLog.at, action: auditLog.action, resource: auditLog.resource, record_id: auditLog.record_id, user: users.name, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.user_id))
    .where(
      or(
        and(inArray(auditLog.resource, types.filter(([, type]) => type.recordId === 'client').map(([resource]) => resource)), eq(auditLog.record_id, clientId)),
        documentIds.length ? and(eq(auditLog.resource, 'client-documents'), inArray(auditLog.record_id, documentIds)) : undefined,
        ...byRow,
        namedClient,
      ),
    )
    .orderBy(asc(auditLog.id));
  // One rule: an entry about a record the exporter may not read (a MAR entry, an incident) is withheld with it.
  const entryNeeds = (entry: (typeof entriesAbout)[number]): readonly Sensitivity[] => {
    const table = CLIENT_AUDIT_TYPES[entry.resource]?.table;
    const sensitivity = table ? RECORD_SENSITIVITY[table] : undefined;
    if (!table || sensitivity === undefined) return [];
    if (typeof sensitivity !== 'function') return sensitivity;
    const row = rowsById.get(table)?.get(entry.record_id) ?? ((entry.after ?? entry.before) as Record<string, unknown> | null) ?? {};
    return sensitivity(row);
  };
  const trail = entriesAbout.filter((entry) => mayReadAll(reader, entryNeeds(entry))).map(({ at, action, resource, record_id, user }) => ({ at, action, resource, record_id, user }));
  if (trail.length < entriesAbout.length) {
    const needs = [...new Set(entriesAbout.flatMap(entryNeeds))];
    withheldParts.push(`audit/who-viewed-or-changed.json: ${entriesAbout.length - trail.length} of ${entriesAbout.length} entries withheld, about records withheld (needs ${lacking(reader, needs)})`);
  }
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
      'audit/who-viewed-or-changed.json  every view and change of the record, its documents and everything recorded about the client (medication, MAR, uploads, access details...)',
      '',
      'Answers the exporting user may not read are withheld and listed as such in versions.json; a document with a',
      'withheld answer shows no results and no notes. Records the exporting user may not read are left out.',
      ...(secretParts.length ? ['', 'Withheld from every export, whoever makes it:', ...secretParts.map((line) => `  ${line}`)] : []),
      ...(withheldParts.length ? ['', 'Withheld from this export (ask someone with the permission named to export it again):', ...withheldParts.map((line) => `  ${line}`)] : []),
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
