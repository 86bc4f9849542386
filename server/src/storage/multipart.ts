import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NUL_IN_TEXT } from '../http/input-hygiene.js';

// Multipart bodies (a file and a few text fields, as the kit's toFormData sends them), for the routes that take
// uploads. Registered inside the plugin of those routes only, so no other route parses multipart.

/** Why an upload's body was refused, and which field the answer names. */
export type UploadRefusal = 'not-multipart' | 'too-large' | 'too-many-files' | 'too-many-fields' | 'unexpected-file' | 'bad-text';

export class UploadRefusedError extends Error {
  constructor(
    readonly reason: UploadRefusal,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export type UploadedForm = {
  /** Text fields by name (the last value of a repeated one; `name[]` arrays are not taken here). */
  fields: Record<string, string>;
  /** The file, when one was sent in the file field. */
  file: { fileName: string; bytes: Buffer } | null;
};

const MAX_FIELDS = 30;
const MAX_FIELD_BYTES = 64 * 1024;

/** Lets the routes of this plugin read multipart bodies: one file of at most `maxFileBytes`, a few short fields. */
export async function acceptFileUploads(app: FastifyInstance, { maxFileBytes }: { maxFileBytes: number }): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: maxFileBytes, files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
  });
}

const codeOf = (error: unknown) => (error && typeof error === 'object' && 'code' in error ? String(error.code) : '');

/**
 * Reads a multipart body whole: its text fields and the file of `fileField` (bytes in memory, at most the
 * registered size). Throws UploadRefusedError for a body that is not multipart, a file too large, more than one
 * file, a file under another name, too many fields, or text holding a NUL character.
 */
export async function readUploadedForm(request: FastifyRequest, { fileField = 'file' }: { fileField?: string } = {}): Promise<UploadedForm> {
  if (!request.isMultipart()) throw new UploadRefusedError('not-multipart', fileField, 'Send the file as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: UploadedForm['file'] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          await part.toBuffer().catch(() => undefined);
          throw new UploadRefusedError('unexpected-file', part.fieldname, `Send the file as "${fileField}".`);
        }
        const bytes = await part.toBuffer();
        file = { fileName: part.filename ?? '', bytes };
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        if (value.includes('\u0000') || part.fieldname.includes('\u0000')) throw new UploadRefusedError('bad-text', part.fieldname.replaceAll('\u0000', ''), NUL_IN_TEXT);
        fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    if (error instanceof UploadRefusedError) throw error;
    switch (codeOf(error)) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw new UploadRefusedError('too-large', fileField, 'The file is too large.');
      case 'FST_FILES_LIMIT':
        throw new UploadRefusedError('too-many-files', fileField, 'Send one file at a time.');
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        throw new UploadRefusedError('too-many-fields', '_', 'The form has too many fields.');
      case 'FST_PROTO_VIOLATION':
        throw new UploadRefusedError('bad-text', '_', 'The form names a field that is not allowed.');
      default:
        throw error;
    }
  }
  return { fields, file };
}
