import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { can } from '@hcm/contract';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { sql } from 'drizzle-orm';
import {
  acceptFileUploads,
  fileStorage,
  FileNotFoundError,
  ok,
  parseId,
  parsePaging,
  queryParam,
  readUploadedForm,
  recordAudit,
  recordIdIn,
  sendError,
  sendInvalid,
  UploadRefusedError,
  viewerOf,
  type AreaServerContext,
  type UploadedForm,
} from '@hcm/server/platform';
import {
  CarerSettingsSchema,
  CarerTransferSchema,
  StaffCallLogSchema,
  StaffFollowUpDoneSchema,
  StaffUploadRemovalSchema,
  StaffUploadReplaceSchema,
  StaffUploadSchema,
  TermsAcceptanceSchema,
  UPLOAD_MAX_MB_CEILING,
  type StaffUploadOptions,
} from '../../contract/files.js';
import { visibleCarerIds, visibleEmployeeIds } from '../people/visibility.js';
import { addCallLog, completeFollowUp, listCallLogs } from './call-logs.js';
import { answerRuleError, idParam, OWNERS, parsedBody, staffTarget, staffUploadTypes, type StaffOwnerKind, type StaffTarget } from './common.js';
import { carerSettings, preferencesOf, saveCarerSettings } from './preferences.js';
import { carerPreferences, carerTermsAcceptances, carerTransfers, staffCallLogs, staffUploads } from './tables.js';
import { carerTerms, listTerms, recordAcceptance } from './terms.js';
import { transferCarer, transfersOf } from './transfers.js';
import { findUpload, listUploads, MB, removeUpload, saveUpload, tooLarge, uploadMaxMb, UploadTooLargeError } from './uploads.js';

const NO_UPLOAD = 'No such file.';
const NO_CALL = 'No such call.';
const MAX_PREFERENCE_IDS = 500;

/** A file name for Content-Disposition: plain ASCII, with the real name in filename* (RFC 6266). */
function disposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The multipart body, or the answer sent (413 too large; 422 not multipart, several files, bad text) and null. */
async function uploadedForm(request: FastifyRequest, reply: FastifyReply, maxMb: number): Promise<UploadedForm | null> {
  try {
    return await readUploadedForm(request);
  } catch (error) {
    if (!(error instanceof UploadRefusedError)) throw error;
    if (error.reason === 'too-large') await sendError(reply, 413, tooLarge(maxMb), { file: [tooLarge(maxMb)] });
    else await sendInvalid(reply, { [error.field]: [error.message] });
    return null;
  }
}

/** Saves an upload or a replacement, answering the file's refusal (413, 422) or the rule broken. */
async function answerUpload(reply: FastifyReply, save: () => Promise<unknown>, message: string): Promise<FastifyReply> {
  try {
    return await reply.code(201).send(ok(await save(), message));
  } catch (error) {
    if (error instanceof UploadTooLargeError) return sendError(reply, 413, error.message, { file: [error.message] });
    return answerRuleError(reply, error);
  }
}

/**
 * The staff file's own records, for carers (/api/v1/carers/:id/…) and office employees (/api/v1/employees/:id/…):
 *   uploads      GET upload-types, GET uploads, POST uploads (multipart: file, upload_type_id, title, expires_on),
 *                GET uploads/:uploadId/file (?download=1; audited), POST uploads/:uploadId/replace (multipart: file,
 *                title, expires_on), POST uploads/:uploadId/remove {reason}
 *   call-logs    GET call-logs (?open=1), POST call-logs, POST call-logs/:callId/follow-up {outcome}
 * and, for carers only:
 *   transfers    GET, POST /carers/:id/transfers (the user must hold both branches)
 *   settings     GET, PUT /carers/:id/settings; GET /carers/preferences?ids=1,2 (the rota's read)
 *   terms        GET, POST /carers/:id/terms; GET /staff-terms
 * Reads need the owner's view permission (carers.view, employees.view), writes its edit permission.
 */
export async function filesRoutes(app: FastifyInstance, { auth }: AreaServerContext): Promise<void> {
  const { db } = auth;
  await acceptFileUploads(app, { maxFileBytes: UPLOAD_MAX_MB_CEILING * MB });

  const u = staffUploads;
  const c = staffCallLogs;
  app.auditScopes.declare({
    resource: 'staff-uploads',
    label: 'Uploads on staff files',
    scope: recordIdIn((branchIds) => sql`select ${u.id} from ${u} where ${u.carer_id} in (${visibleCarerIds(branchIds)}) or ${u.employee_id} in (${visibleEmployeeIds(branchIds)})`),
  });
  app.auditScopes.declare({
    resource: 'staff-call-logs',
    label: 'Call logs of staff',
    scope: recordIdIn((branchIds) => sql`select ${c.id} from ${c} where ${c.carer_id} in (${visibleCarerIds(branchIds)}) or ${c.employee_id} in (${visibleEmployeeIds(branchIds)})`),
  });
  app.auditScopes.declare({
    resource: 'carer-transfers',
    label: 'Carers’ branch transfers',
    scope: recordIdIn((branchIds) => sql`select ${carerTransfers.id} from ${carerTransfers} where ${carerTransfers.carer_id} in (${visibleCarerIds(branchIds)})`),
  });
  app.auditScopes.declare({
    resource: 'carer-preferences',
    label: 'Carers’ settings',
    scope: recordIdIn((branchIds) => sql`select ${carerPreferences.carer_id} from ${carerPreferences} where ${carerPreferences.carer_id} in (${visibleCarerIds(branchIds)})`),
  });
  app.auditScopes.declare({
    resource: 'carer-terms-acceptances',
    label: 'Carers’ acceptance of the terms',
    scope: recordIdIn((branchIds) => sql`select ${carerTermsAcceptances.id} from ${carerTermsAcceptances} where ${carerTermsAcceptances.carer_id} in (${visibleCarerIds(branchIds)})`),
  });

  for (const owner of ['carers', 'employees'] as const satisfies readonly StaffOwnerKind[]) {
    const view = { config: { permission: OWNERS[owner].view } };
    const edit = { config: { permission: OWNERS[owner].edit } };
    const base = `/${owner}/:id`;
    const target = (request: FastifyRequest, reply: FastifyReply) => staffTarget(request, reply, auth, owner);

    // ---- uploads

    app.get(`${base}/upload-types`, view, async (request, reply) => {
      if (!(await target(request, reply))) return reply;
      const options: StaffUploadOptions = { types: await staffUploadTypes(db, owner), max_mb: await uploadMaxMb(db) };
      return ok(options);
    });

    app.get(`${base}/uploads`, view, async (request, reply) => {
      const who = await target(request, reply);
      if (!who) return reply;
      return ok(await listUploads(db, owner, who.person.id, parsePaging(request.query)));
    });

    app.post(`${base}/uploads`, edit, async (request, reply) => {
      const who = await target(request, reply);
      if (!who) return reply;
      const maxMb = await uploadMaxMb(db);
      const form = await uploadedForm(request, reply, maxMb);
      if (!form) return reply;
      const details = v.safeParse(StaffUploadSchema, form.fields);
      const errors = details.success ? {} : fieldErrorsOf(details.issues);
      if (!form.file) errors.file = ['Choose a file.'];
      if (!details.success || !form.file) return sendInvalid(reply, errors);
      const { output } = details;
      const file = form.file;
      return answerUpload(
        reply,
        () =>
          saveUpload(db, fileStorage(), {
            owner,
            ownerId: who.person.id,
            uploadTypeId: output.upload_type_id,
            title: output.title,
            expiresOn: output.expires_on || null,
            fileName: file.fileName,
            bytes: file.bytes,
            uploadedBy: { id: who.viewer.user.userID, name: who.viewer.user.name },
            actor: who.actor,
            maxMb,
          }),
        'File uploaded.',
      );
    });

    app.get(`${base}/uploads/:uploadId/file`, view, async (request, reply) => {
      const who = await target(request, reply);
      if (!who) return reply;
      const id = idParam(request.params, 'uploadId');
      const found = id === null ? null : await findUpload(db, owner, who.person.id, id);
      if (!found) return sendError(reply, 404, NO_UPLOAD);
      let stream;
      try {
        stream = await fileStorage().get(found.storageKey);
      } catch (error) {
        if (!(error instanceof FileNotFoundError)) throw error;
        request.log.error({ uploadId: found.row.id, key: found.storageKey }, 'a staff upload row names a file that storage does not hold');
        return sendError(reply, 404, 'The file is missing from storage. Tell your administrator.');
      }
      const download = queryParam(request.query, 'download') === '1';
      await recordAudit(db, { actor: who.actor, resource: 'staff-uploads', recordId: found.row.id, action: 'view', after: { [OWNERS[owner].column]: who.person.id, title: found.row.title, download } });
      return reply
        .header('Content-Type', found.row.content_type)
        .header('Content-Length', String(found.row.size_bytes))
        .header('Content-Disposition', disposition(download ? 'attachment' : 'inline', found.row.file_name))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        // A stored file is shown, never run: no scripts even if a browser were to render it as a page.
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(stream);
    });

    app.post(`${base}/uploads/:uploadId/replace`, edit, async (request, reply) => {
      const who = await target(request, reply);
      if (!who) return reply;
      const id = idParam(request.params, 'uploadId');
      const found = id === null ? null : await findUpload(db, owner, who.person.id, id);
      if (!found) return sendError(reply, 404, NO_UPLOAD);
      const maxMb = await uploadMaxMb(db);
      const form = await uploadedForm(request, reply, maxMb);
      if (!form) return reply;
      const details = v.safeParse(StaffUploadReplaceSchema, form.fields);
      const errors = details.success ? {} : fieldErrorsOf(details.issues);
      if (!form.file) errors.file = ['Choose the new file.'];
      if (!details.success || !form.file) return sendInvalid(reply, errors);
      const { output } = details;
      const file = form.file;
      return answerUpload(
        reply,
        () =>
          saveUpload(db, fileStorage(), {
            owner,
            ownerId: who.person.id,
            uploadTypeId: found.row.upload_type_id,
            title: output.title,
            expiresOn: output.expires_on || null,
            fileName: file.fileName,
            bytes: file.bytes,
            uploadedBy: { id: who.viewer.user.userID, name: who.viewer.user.name },
            actor: who.actor,
            replaces: { id: found.row.id, before: found.row, removedBy: who.viewer.user.userID },
            maxMb,
          }),
        'File replaced.',
      );
    });

    app.post(`${base}/uploads/:uploadId/remove`, edit, async (request, reply) => {
      const who = await target(request, reply);
      if (!who) return reply;
      const id = idParam(request.params, 'uploadId');
      if (id === null) return sendError(reply, 404, NO_UPLOAD);
      const values = await parsedBody(reply, StaffUploadRemovalSchema, request.body);
      if (!values) return reply;
      const removed = await removeUpload(db, owner, who.person.id, id, { id: who.viewer.user.userID, actor: who.actor }, values.reason);
      return removed ? ok(removed, 'File removed from the file.') : sendError(reply, 404, NO_UPLOAD);
    });

    // ---- call logs

    app.get(`${base}/call-logs`, view, async (request, reply) => {
      const who = await target(request, reply);
      if (!who) return reply;
      return ok(await listCallLogs(db, owner, who.person.id, parsePaging(request.query), queryParam(request.query, 'open') === '1'));
    });

    app.post(`${base}/call-logs`, edit, async (request, reply) => {
      const who = await target(request, reply);
      if (!who) return reply;
      const values = await parsedBody(reply, StaffCallLogSchema, request.body);
      if (!values) return reply;
      try {
        return reply.code(201).send(ok(await addCallLog(db, who, values), 'Call logged.'));
      } catch (error) {
        return answerRuleError(reply, error);
      }
    });

    app.post(`${base}/call-logs/:callId/follow-up`, edit, async (request, reply) => {
      const who = await target(request, reply);
      if (!who) return reply;
      const id = idParam(request.params, 'callId');
      if (id === null) return sendError(reply, 404, NO_CALL);
      const values = await parsedBody(reply, StaffFollowUpDoneSchema, request.body);
      if (!values) return reply;
      try {
        const done = await completeFollowUp(db, who, id, values.outcome);
        return done ? ok(done, 'Follow-up marked done.') : sendError(reply, 404, NO_CALL);
      } catch (error) {
        return answerRuleError(reply, error);
      }
    });
  }

  // ---- carers only: branch transfer, settings, terms

  const carerView = { config: { permission: 'carers.view' as const } };
  const carerEdit = { config: { permission: 'carers.edit' as const } };
  const carer = (request: FastifyRequest, reply: FastifyReply): Promise<StaffTarget | null> => staffTarget(request, reply, auth, 'carers');

  app.get('/carers/:id/transfers', carerView, async (request, reply) => {
    const who = await carer(request, reply);
    if (!who) return reply;
    return ok(await transfersOf(db, who));
  });

  app.post('/carers/:id/transfers', carerEdit, async (request, reply) => {
    const who = await carer(request, reply);
    if (!who) return reply;
    const values = await parsedBody(reply, CarerTransferSchema, request.body);
    if (!values) return reply;
    try {
      const transfer = await transferCarer(db, who, values);
      return reply.code(201).send(ok(transfer, `${who.person.name} now works in ${transfer.to_branch}.`));
    } catch (error) {
      return answerRuleError(reply, error);
    }
  });

  app.get('/carers/:id/settings', carerView, async (request, reply) => {
    const who = await carer(request, reply);
    if (!who) return reply;
    return ok(await carerSettings(db, who.person.id));
  });

  app.put('/carers/:id/settings', carerEdit, async (request, reply) => {
    const who = await carer(request, reply);
    if (!who) return reply;
    const values = await parsedBody(reply, CarerSettingsSchema, request.body);
    if (!values) return reply;
    return ok(await saveCarerSettings(db, who, values), 'Settings saved.');
  });

  // The rota reads these: anyone who sees carers or the scheduler, for the carers of their branches.
  app.get('/carers/preferences', { config: { anyPermission: ['carers.view', 'scheduler.view'] } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    if (!can(viewer.user, 'carers.view') && !can(viewer.user, 'scheduler.view')) return sendError(reply, 403, 'This action is unauthorized.');
    const raw = (queryParam(request.query, 'ids') ?? '').split(',').map((part) => part.trim()).filter(Boolean);
    const ids = raw.map(parseId);
    if (!raw.length || ids.some((id) => id === null) || raw.length > MAX_PREFERENCE_IDS) {
      return sendInvalid(reply, { ids: [`Give the carers' ids separated by commas, at most ${MAX_PREFERENCE_IDS}, like ids=4,8,15.`] });
    }
    return ok(await preferencesOf(db, viewer.scope, [...new Set(ids as number[])]));
  });

  app.get('/staff-terms', carerView, async () => ok(await listTerms(db)));

  app.get('/carers/:id/terms', carerView, async (request, reply) => {
    const who = await carer(request, reply);
    if (!who) return reply;
    return ok(await carerTerms(db, who.person.id));
  });

  app.post('/carers/:id/terms', carerEdit, async (request, reply) => {
    const who = await carer(request, reply);
    if (!who) return reply;
    const values = await parsedBody(reply, TermsAcceptanceSchema, request.body);
    if (!values) return reply;
    try {
      return reply.code(201).send(ok(await recordAcceptance(db, who, values), 'Acceptance recorded.'));
    } catch (error) {
      return answerRuleError(reply, error);
    }
  });
}

