import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { AreaCallError, auditActorOf, ok, pageOf, pageOffset, parsePaging, recordAudit, recordIdIn, sendError, sendInvalid, viewerOf, type AreaServerContext, type Database, type Viewer } from '@hcm/server/platform';
import { branches, users } from '@hcm/server/schema';
import { CsvConfirmSchema, CsvUploadSchema, type CsvImportDetail, type CsvImportRow, type ImportRow } from '../../contract/imports.js';
import { inScope, mayUseBranch, paramId, parsed } from './common.js';
import { ImportFileError, importRows, importScope, previewRows, rowsAsCsv } from './service.js';
import { loadRuleFacts, type RuleFacts } from '../rules/check.js';
import { apiSources } from '../sources/api-sources.js';
import type { SchedulingSources } from '../sources/types.js';
import { announceVisitsChanged } from '../visits/push.js';
import { csvImports } from './tables.js';
import { clock } from '@hcm/contract/time';

// CSV imports of visits (visits/csv-imports), visits.edit:
//   GET  /visits/csv-imports                 the imports of the user's branches, newest first (paged)
//   POST /visits/csv-imports                 {branch_id, file_name, content: the file's text} → the preview (201)
//   GET  /visits/csv-imports/:id             the preview (or report): every row with its errors in words
//   POST /visits/csv-imports/:id/import      {confirm: true}: the rows are checked again as things are now, and
//        the valid ones become visits (source 'import', logged 'imported') in ONE transaction; any failure rolls
//        it all back, the import is marked failed and the answer says nothing was imported.
// The file travels as text in a JSON body (the screen reads it with FileReader): no multipart needed for a CSV of
// at most 1 MB. Audited as 'scheduler-csv-imports'.

const RESOURCE = 'scheduler-csv-imports';

const uploader = sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${csvImports.uploaded_by})`;
const branchName = sql<string>`(select ${branches.name} from ${branches} where ${branches.id} = ${csvImports.branch_id})`;
const iso = (column: typeof csvImports.created_at | typeof csvImports.imported_at) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const listColumns = {
  id: csvImports.id,
  file_name: csvImports.file_name,
  branch_id: csvImports.branch_id,
  branch: branchName,
  uploaded_by_name: uploader,
  status: csvImports.status,
  total_rows: csvImports.total_rows,
  valid_rows: csvImports.valid_rows,
  imported_rows: csvImports.imported_rows,
  skipped_rows: csvImports.skipped_rows,
  failure: csvImports.failure,
  created_at: iso(csvImports.created_at),
  imported_at: iso(csvImports.imported_at),
};

export type ImportRouteOptions = {
  /** The other areas' reads for a request (their HTTP APIs by default; tests make them plain). */
  sourcesFor?: (app: FastifyInstance, request: FastifyRequest) => SchedulingSources;
};

export async function importRoutes(app: FastifyInstance, context: AreaServerContext, options: ImportRouteOptions = {}): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;

  app.auditScopes.declare({ resource: RESOURCE, label: 'CSV imports of visits', scope: recordIdIn((branchIds) => sql`select ${csvImports.id} from ${csvImports} where ${inScope(csvImports.branch_id, branchIds)}`) });

  const findImport = async (viewer: Viewer, id: number): Promise<CsvImportDetail | null> => {
    const [row] = await db.select({ ...listColumns, rows: csvImports.rows }).from(csvImports).where(and(eq(csvImports.id, id), inScope(csvImports.branch_id, viewer.scope)));
    return (row as CsvImportDetail | undefined) ?? null;
  };

  app.get('/visits/csv-imports', { config: { permission: 'visits.edit' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const paging = parsePaging(request.query);
    const where = inScope(csvImports.branch_id, viewer.scope);
    const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(csvImports).where(where);
    const rows = await db.select(listColumns).from(csvImports).where(where).orderBy(desc(csvImports.created_at), desc(csvImports.id)).limit(paging.pageSize).offset(pageOffset(paging));
    return ok(pageOf(rows as CsvImportRow[], total, paging));
  });

  app.post('/visits/csv-imports', { config: { permission: 'visits.edit' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const values = await parsed(reply, CsvUploadSchema, request.body);
    if (!values) return reply;
    const [branch] = await db.select({ id: branches.id, name: branches.name }).from(branches).where(eq(branches.id, values.branch_id));
    if (!branch || !mayUseBranch(viewer.scope, branch.id)) return sendInvalid(reply, { branch_id: ['Choose one of your branches.'] });
    let rows: ImportRow[];
    try {
      rows = await previewRows(db, viewer.scope, branch.id, branch.name, values.content);
    } catch (error) {
      if (error instanceof ImportFileError) return sendInvalid(reply, { content: [error.message] });
      throw error;
    }
    const valid = rows.filter((row) => !row.errors.length).length;
    const [made] = await db
      .insert(csvImports)
      .values({ file_name: values.file_name, branch_id: branch.id, uploaded_by: viewer.user.userID, status: 'previewed', rows, total_rows: rows.length, valid_rows: valid, skipped_rows: rows.length - valid })
      .returning({ id: csvImports.id });
    const detail = (await findImport(viewer, made!.id))!;
    await recordAudit(db, { actor: auditActorOf(request), resource: RESOURCE, recordId: made!.id, action: 'create', before: null, after: { file_name: values.file_name, branch_id: branch.id, total_rows: rows.length, valid_rows: valid } });
    return reply.code(201).send(ok(detail, `${rows.length} row${rows.length === 1 ? '' : 's'} read: ${valid} can be imported, ${rows.length - valid} ha${rows.length - valid === 1 ? 's' : 've'} errors.`));
  });

  app.get('/visits/csv-imports/:id', { config: { permission: 'visits.edit' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = paramId(request);
    const found = id === null ? null : await findImport(viewer, id);
    if (!found) return sendError(reply, 404, 'No such import.');
    return ok(found);
  });

  app.post('/visits/csv-imports/:id/import', { config: { permission: 'visits.edit' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = paramId(request);
    const found = id === null ? null : await findImport(viewer, id);
    if (!found || id === null) return sendError(reply, 404, 'No such import.');
    if (!(await parsed(reply, CsvConfirmSchema, request.body))) return reply;
    if (found.status === 'imported') return sendError(reply, 409, `This file was imported already (${found.imported_rows} visits). Upload it again to import it again.`);
    const before = { status: found.status, imported_rows: found.imported_rows };
    // The rules' facts of the carers the rows name (asked of workforce and care-records before the transaction).
    let facts: RuleFacts;
    try {
      facts = await loadRuleFacts(db, (options.sourcesFor ?? apiSources)(app, request), importScope(found.rows, found.branch_id));
    } catch (error) {
      if (!(error instanceof AreaCallError)) throw error;
      request.log.error({ err: error }, 'a scheduling source failed');
      return sendError(reply, 502, 'Clients or carers could not be read just now. Try again.');
    }
    try {
      const result = await db.transaction(async (tx) => {
        // Checked again as things are now (another import or planner may have added the same visits meanwhile).
        const [claimed] = await tx.update(csvImports).set({ status: 'imported' }).where(and(eq(csvImports.id, id), sql`${csvImports.status} <> 'imported'`)).returning({ id: csvImports.id });
        if (!claimed) return null;
        const again = await previewRows(tx, viewer.scope, found.branch_id, found.branch, rowsAsCsv(found.rows));
        const checked = found.rows.map((row, index) => ({ ...row, errors: again[index]?.errors ?? row.errors, carer_id: again[index]?.carer_id ?? null, carer_name: again[index]?.carer_name ?? null }));
        const rows = await importRows(tx, checked, { fileName: found.file_name, userId: viewer.user.userID, facts });
        const imported = rows.filter((row) => row.visit_id !== null).length;
        await tx
          .update(csvImports)
          .set({ rows, status: 'imported', valid_rows: imported, imported_rows: imported, skipped_rows: rows.length - imported, failure: '', imported_at: clock.now(), imported_by: viewer.user.userID })
          .where(eq(csvImports.id, id));
        await recordAudit(tx, { actor: auditActorOf(request), resource: RESOURCE, recordId: id, action: 'update', before, after: { status: 'imported', imported_rows: imported, skipped_rows: rows.length - imported, visit_ids: rows.flatMap((row) => (row.visit_id ? [row.visit_id] : [])) } });
        return { imported, skipped: rows.length - imported, ids: rows.flatMap((row) => (row.visit_id ? [row.visit_id] : [])) };
      });
      if (!result) return sendError(reply, 409, 'This file was imported already.');
      void announceVisitsChanged(context, db, found.branch_id, result.ids, viewer.user.userID, (error) => request.log.warn({ err: error }, 'visits push failed'));
      const detail = (await findImport(viewer, id))!;
      return ok(detail, `Imported ${result.imported} visit${result.imported === 1 ? '' : 's'}; ${result.skipped} row${result.skipped === 1 ? '' : 's'} skipped.`);
    } catch (error) {
      request.log.error({ err: error, importId: id }, 'CSV import failed and was rolled back');
      const failure = 'The import failed and was rolled back: nothing was imported. Try again; if it fails again, tell your administrator.';
      await db.update(csvImports).set({ status: 'failed', failure }).where(eq(csvImports.id, id));
      await recordAudit(db, { actor: auditActorOf(request), resource: RESOURCE, recordId: id, action: 'update', before, after: { status: 'failed', failure } });
      return sendError(reply, 500, failure);
    }
  });
}
