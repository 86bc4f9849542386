import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import {
  acceptFileUploads,
  fileStorage,
  FileNotFoundError,
  ok,
  parseId,
  parsePaging,
  queryParam,
  readUploadedForm,
  sendError,
  sendInvalid,
  UploadRefusedError,
  type AuthSettings,
  type UploadedForm,
} from '@hcm/server/platform';
import type { FastifyRequest } from 'fastify';
import { ReceiptDetailsSchema, UPLOAD_MAX_BYTES, UploadDetailsSchema, UploadRemovalSchema } from '../../contract/index.js';
import { canEdit, canView, clientTarget, declareClientRecordAudit, parsed, recordClientView } from '../daily/common.js';
import { clientUploadTypes, findUpload, listUploads, removeUpload, saveUpload, TOO_LARGE, uploadStream, UploadRuleError } from './service.js';
import { clientUploads } from './tables.js';

const NO_UPLOAD = 'No such file.';

/** The multipart body, or the 422 answer sent (not multipart, too large, several files, bad text) and null. */
async function uploadedForm(request: FastifyRequest, reply: FastifyReply): Promise<UploadedForm | null> {
  try {
    return await readUploadedForm(request);
  } catch (error) {
    if (!(error instanceof UploadRefusedError)) throw error;
    await sendInvalid(reply, { [error.field]: [error.reason === 'too-large' ? TOO_LARGE : error.message] });
    return null;
  }
}

/** A file name for Content-Disposition: plain ASCII, with the real name in filename* (RFC 6266). */
function disposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Files on a client's record under /api/v1/clients/:clientId/uploads: the client document types (reference
 * data), the list, an upload (multipart: `file` with upload_type_id, title, description, expires_on), a receipt
 * for money spent (multipart: `file`, title), the file itself (inline, or ?download=1), and removal with a reason.
 */
export async function clientUploadRoutes(app: FastifyInstance, { auth }: { auth: AuthSettings }): Promise<void> {
  const { db } = auth;
  await acceptFileUploads(app, { maxFileBytes: UPLOAD_MAX_BYTES });
  declareClientRecordAudit(app, 'client-uploads', 'Uploads on clients’ records', clientUploads, clientUploads.id, clientUploads.client_id);

  app.get('/clients/:clientId/upload-types', canView, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    return ok(await clientUploadTypes(db));
  });

  app.get('/clients/:clientId/uploads', canView, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const kind = queryParam(request.query, 'kind');
    const type = queryParam(request.query, 'type');
    const typeId = type ? parseId(type) : undefined;
    if (typeId === null) return sendInvalid(reply, { type: ['Choose a type from the list.'] });
    const page = await listUploads(db, target.clientId, parsePaging(request.query), {
      kind: kind === 'receipt' ? 'receipt' : kind === 'all' ? undefined : 'document',
      typeId,
    });
    await recordClientView(db, target, 'uploads');
    return ok(page);
  });

  app.post('/clients/:clientId/uploads', canEdit, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const form = await uploadedForm(request, reply);
    if (!form) return reply;
    const details = v.safeParse(UploadDetailsSchema, form.fields);
    const errors = details.success ? {} : fieldErrorsOf(details.issues);
    if (!form.file) errors.file = ['Choose a file.'];
    if (!details.success || !form.file) return sendInvalid(reply, errors);
    try {
      const upload = await saveUpload(db, fileStorage(), {
        clientId: target.clientId,
        kind: 'document',
        uploadTypeId: details.output.upload_type_id,
        title: details.output.title,
        description: details.output.description,
        expiresOn: details.output.expires_on || null,
        fileName: form.file.fileName,
        bytes: form.file.bytes,
        uploadedBy: { id: target.viewer.user.userID, name: target.viewer.user.name },
        actor: target.actor,
      });
      return reply.code(201).send(ok(upload, 'File uploaded.'));
    } catch (error) {
      if (error instanceof UploadRuleError) return sendInvalid(reply, { [error.field]: [error.message] });
      throw error;
    }
  });

  app.post('/clients/:clientId/uploads/receipts', canEdit, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const form = await uploadedForm(request, reply);
    if (!form) return reply;
    const details = v.safeParse(ReceiptDetailsSchema, form.fields);
    const errors = details.success ? {} : fieldErrorsOf(details.issues);
    if (!form.file) errors.file = ['Choose the receipt’s file (a photo or a scan).'];
    if (!details.success || !form.file) return sendInvalid(reply, errors);
    try {
      const upload = await saveUpload(db, fileStorage(), {
        clientId: target.clientId,
        kind: 'receipt',
        uploadTypeId: null,
        title: details.output.title || `Receipt ${form.file.fileName}`.slice(0, 200),
        description: '',
        expiresOn: null,
        fileName: form.file.fileName,
        bytes: form.file.bytes,
        uploadedBy: { id: target.viewer.user.userID, name: target.viewer.user.name },
        actor: target.actor,
      });
      return reply.code(201).send(ok(upload, 'Receipt uploaded.'));
    } catch (error) {
      if (error instanceof UploadRuleError) return sendInvalid(reply, { [error.field]: [error.message] });
      throw error;
    }
  });

  app.get('/clients/:clientId/uploads/:id/file', canView, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const id = parseId(String((request.params as Record<string, string>).id ?? ''));
    const found = id === null ? null : await findUpload(db, target.clientId, id);
    if (!found) return sendError(reply, 404, NO_UPLOAD);
    let stream;
    try {
      stream = await uploadStream(fileStorage(), found.storageKey);
    } catch (error) {
      if (!(error instanceof FileNotFoundError)) throw error;
      request.log.error({ uploadId: found.row.id, key: found.storageKey }, 'an upload row names a file that storage does not hold');
      return sendError(reply, 404, 'The file is missing from storage. Tell your administrator.');
    }
    const download = queryParam(request.query, 'download') === '1';
    await recordClientView(db, target, 'uploads', { upload: found.row.id, download });
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

  app.post('/clients/:clientId/uploads/:id/remove', canEdit, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const id = parseId(String((request.params as Record<string, string>).id ?? ''));
    if (id === null) return sendError(reply, 404, NO_UPLOAD);
    const values = await parsed(reply, UploadRemovalSchema, request.body);
    if (!values) return reply;
    const removed = await removeUpload(db, target.clientId, id, { id: target.viewer.user.userID, actor: target.actor }, values.reason);
    return removed ? ok(removed, 'File removed from the record.') : sendError(reply, 404, NO_UPLOAD);
  });
}
