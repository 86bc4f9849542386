import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { desc, eq } from 'drizzle-orm';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { londonDate } from '@hcm/contract/engine';
import { credentialsOf, ok, parseId, sendError, sendInvalid, viewerOf, type AreaServerContext, type Viewer } from '@hcm/server/platform';
import { ExportSettingsSchema } from '../../contract/export-settings.js';
import { ExportRequestSchema, type ExportJobView } from '../../contract/reports.js';
import { beatRunningExports, HEARTBEAT_MS, runExport } from './jobs.js';
import { exportSettingsOf, saveExportSettings } from './settings.js';
import { exportJobs } from './tables.js';
import { clock } from '@hcm/contract/time';

const RUN = { config: { permission: 'export.run' as const } };
const NO_EXPORT = 'No such export.';
const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

type JobRow = typeof exportJobs.$inferSelect;

const viewOf = (row: JobRow): ExportJobView => ({
  id: row.id,
  kind: row.kind,
  format: row.format,
  status: row.status,
  from: row.period_from,
  to: row.period_to,
  branch_id: row.branch_id,
  progress: row.progress,
  total: row.total,
  filename: row.filename,
  error: row.error,
  created_at: row.created_at.toISOString(),
  finished_at: row.finished_at?.toISOString() ?? null,
});

/** The asker's own exports, and those of a branch the asker works in (an all-branches export: its creator's only). */
const mayRead = (viewer: Viewer, row: JobRow) =>
  row.created_by === viewer.user.userID || viewer.scope === 'all' || (row.branch_id !== null && viewer.scope.includes(row.branch_id));

/**
 * Exports (export.run):
 *   POST /finance/exports {kind, format, from?, to?, branch_id?} → 202 {id}: runs after the answer
 *   GET  /finance/exports (the asker's 20 latest) · GET /finance/exports/:id (progress) · GET /finance/exports/:id/file
 *   GET  /finance/export-settings · PUT /finance/export-settings {xero_sales_account, sage_sales_nominal,
 *        sage_bank_nominal, sage_funder_prefix, sage_client_prefix}: the accounting codes (422 per field)
 */
export async function exportsRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const db = context.auth.db;

  async function jobOf(request: FastifyRequest, reply: FastifyReply): Promise<JobRow | null> {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return null;
    const id = parseId(String((request.params as { id?: string }).id ?? ''));
    const [row] = id === null ? [] : await db.select().from(exportJobs).where(eq(exportJobs.id, id));
    if (!row || !mayRead(viewer, row)) {
      await sendError(reply, 404, NO_EXPORT);
      return null;
    }
    return row;
  }

  // While this process runs exports, their heartbeat says so; the interrupted-exports job fails those whose beat
  // stopped (exports/jobs.ts).
  if (context.background) {
    const beat = setInterval(() => void beatRunningExports(db).catch((error: unknown) => app.log.warn({ err: error }, 'an export heartbeat failed')), HEARTBEAT_MS);
    beat.unref();
    app.addHook('onClose', async () => clearInterval(beat));
  }

  app.post('/finance/exports', RUN, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const result = v.safeParse(ExportRequestSchema, request.body ?? {});
    if (!result.success) return sendInvalid(reply, fieldErrorsOf(result.issues));
    const input = result.output;
    const branchId = input.branch_id === '' || input.branch_id === null ? null : input.branch_id;
    if (branchId !== null && viewer.scope !== 'all' && !viewer.scope.includes(branchId)) return sendInvalid(reply, { branch_id: ['Choose one of your branches.'] });
    const [job] = await db
      .insert(exportJobs)
      .values({ kind: input.kind, format: input.format, period_from: input.from || null, period_to: input.to || null, branch_id: branchId, created_by: viewer.user.userID, heartbeat_at: clock.now() })
      .returning();
    const credentials = credentialsOf(request);
    // Started after this answer, so the screen gets the id at once and polls the progress.
    setImmediate(() => {
      void runExport(app, db, { id: job!.id, kind: input.kind, format: input.format, from: input.from || null, to: input.to || null, branchId, scope: viewer.scope, credentials }, londonDate());
    });
    return reply.code(202).send(ok(viewOf(job!), 'Export started.'));
  });

  app.get('/finance/export-settings', RUN, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    return ok(await exportSettingsOf(db));
  });

  app.put('/finance/export-settings', RUN, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const result = v.safeParse(ExportSettingsSchema, request.body ?? {});
    if (!result.success) return sendInvalid(reply, fieldErrorsOf(result.issues));
    return ok(await saveExportSettings(db, result.output, viewer.user.userID), 'Accounting codes saved.');
  });

  app.get('/finance/exports', RUN, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const rows = await db.select().from(exportJobs).where(eq(exportJobs.created_by, viewer.user.userID)).orderBy(desc(exportJobs.created_at), desc(exportJobs.id)).limit(20);
    return ok(rows.map(viewOf));
  });

  app.get<{ Params: { id: string } }>('/finance/exports/:id', RUN, async (request, reply) => {
    const row = await jobOf(request, reply);
    return row ? ok(viewOf(row)) : reply;
  });

  app.get<{ Params: { id: string } }>('/finance/exports/:id/file', RUN, async (request, reply) => {
    const row = await jobOf(request, reply);
    if (!row) return reply;
    if (row.status !== 'done' || !row.file) return sendError(reply, 409, row.status === 'failed' ? `This export failed: ${row.error}` : 'This export is not finished yet; wait for it to finish.');
    return reply
      .header('Content-Type', CONTENT_TYPES[row.format])
      .header('Content-Disposition', `attachment; filename="${row.filename}"`)
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(row.file));
  });
}
