import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Page } from '@hcm/contract';
import { londonDate } from '@hcm/contract/engine';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  extensionOf,
  FILE_KINDS,
  newStorageKey,
  pageOf,
  pageOffset,
  recordAudit,
  sniffFileKind,
  type AuditActor,
  type Database,
  type FileStorage,
  type Paging,
  type Transaction,
} from '@hcm/server/platform';
import { UPLOAD_KINDS, UPLOAD_MAX_TEXT, UPLOAD_TYPES_TEXT, type UploadKind, type UploadRow, type UploadTypeChoice } from '../../contract/index.js';
import { clientUploads } from './tables.js';
import { documentUploadTypesRead as types } from '../read-models.js';
import { clock } from '@hcm/contract/time';

// Files on a client's record. The bytes go to the platform's FileStorage (disk by default); the row keeps the
// key, the name as uploaded, the type read from the file's first bytes, its size and SHA-256. Removal is soft.

/** A file or a field refused: 422 on `field`. */
export class UploadRuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Client document types of reference data, active and not removed, by name. */
export async function clientUploadTypes(db: Database | Transaction): Promise<UploadTypeChoice[]> {
  return db
    .select({ id: types.id, name: types.name, expires: types.expires, required: types.required, description: types.description })
    .from(types)
    .where(and(eq(types.applies_to, 'client'), eq(types.active, true), isNull(types.deleted_at)))
    .orderBy(asc(types.name));
}

/**
 * What the file is, from its first bytes; refused unless it is one of UPLOAD_KINDS and its name's extension
 * says the same (a PNG named .pdf is refused: it would open wrongly, and renaming is how bad files slip in).
 */
export function checkedFile(fileName: string, bytes: Uint8Array): { kind: UploadKind; mime: string } {
  if (bytes.length === 0) throw new UploadRuleError('file', 'The file is empty.');
  const kind = sniffFileKind(bytes);
  const allowed = UPLOAD_KINDS.find((candidate) => candidate.kind === kind);
  if (!kind || !allowed) throw new UploadRuleError('file', `This file is not a ${UPLOAD_TYPES_TEXT} file (judged by its content, not its name).`);
  const extension = extensionOf(fileName);
  if (!(allowed.extensions as readonly string[]).includes(extension)) {
    throw new UploadRuleError('file', `The file's content is a ${FILE_KINDS[kind].label}, but its name ends in ".${extension || '(none)'}". Rename it to .${allowed.extensions[0]} and try again.`);
  }
  return { kind, mime: FILE_KINDS[kind].mime };
}

export const TOO_LARGE = `The file is larger than ${UPLOAD_MAX_TEXT}. Scan at a lower resolution or split the document.`;

const u = clientUploads;

function uploadRows(db: Database | Transaction) {
  return db
    .select({ upload: u, type_name: types.name })
    .from(u)
    .leftJoin(types, eq(types.id, u.upload_type_id))
    .$dynamic();
}

const toRow = ({ upload, type_name }: Awaited<ReturnType<ReturnType<typeof uploadRows>['execute']>>[number]): UploadRow => ({
  id: upload.id,
  client_id: upload.client_id,
  kind: upload.kind,
  upload_type_id: upload.upload_type_id,
  upload_type: upload.kind === 'receipt' ? 'Receipt' : (type_name ?? ''),
  title: upload.title,
  description: upload.description,
  file_name: upload.file_name,
  content_type: upload.content_type,
  file_kind: upload.file_kind as UploadKind,
  size_bytes: upload.size_bytes,
  uploaded_by_name: upload.uploaded_by_name,
  uploaded_at: (upload.uploaded_at instanceof Date ? upload.uploaded_at : new Date(upload.uploaded_at)).toISOString(),
  expires_on: upload.expires_on,
  expired: upload.expires_on !== null && upload.expires_on < londonDate(),
});

/** The client's files (not removed), newest first; documents only unless receipts are asked for too. */
export async function listUploads(db: Database, clientId: number, paging: Paging, filters: { kind?: 'document' | 'receipt'; typeId?: number }): Promise<Page<UploadRow>> {
  const where = and(
    eq(u.client_id, clientId),
    isNull(u.deleted_at),
    filters.kind ? eq(u.kind, filters.kind) : undefined,
    filters.typeId ? eq(u.upload_type_id, filters.typeId) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(u).where(where);
  const rows = await uploadRows(db).where(where).orderBy(desc(u.uploaded_at), desc(u.id)).limit(paging.pageSize).offset(pageOffset(paging));
  return pageOf(rows.map(toRow), total, paging);
}

/** One of the client's files with its storage key (not removed), or null. */
export async function findUpload(db: Database | Transaction, clientId: number, id: number): Promise<{ row: UploadRow; storageKey: string } | null> {
  const [found] = await uploadRows(db).where(and(eq(u.client_id, clientId), eq(u.id, id), isNull(u.deleted_at)));
  return found ? { row: toRow(found), storageKey: found.upload.storage_key } : null;
}

export type NewUpload = {
  clientId: number;
  kind: 'document' | 'receipt';
  uploadTypeId: number | null;
  title: string;
  description: string;
  expiresOn: string | null;
  fileName: string;
  bytes: Uint8Array;
  uploadedBy: { id: number | null; name: string };
  actor: AuditActor | null;
};

/**
 * Checks the file, stores its bytes, then its row (with the audit entry). Should the row fail, the bytes are
 * deleted again, so storage holds no file without a row.
 */
export async function saveUpload(db: Database | Transaction, storage: FileStorage, upload: NewUpload): Promise<UploadRow> {
  const { kind: fileKind, mime } = checkedFile(upload.fileName, upload.bytes);
  if (upload.uploadTypeId !== null && !(await clientUploadTypes(db)).some((type) => type.id === upload.uploadTypeId)) {
    throw new UploadRuleError('upload_type_id', 'Choose a type of client document from the list.');
  }
  const key = newStorageKey(`clients/${upload.clientId}`);
  await storage.put(key, upload.bytes, { contentType: mime });
  try {
    const insert = async (tx: Database | Transaction) => {
      const [row] = await tx
        .insert(u)
        .values({
          client_id: upload.clientId,
          kind: upload.kind,
          upload_type_id: upload.uploadTypeId,
          title: upload.title,
          description: upload.description,
          file_name: upload.fileName.replace(/[\\/]/g, '_').slice(0, 255) || `file.${FILE_KINDS[fileKind].extensions[0]}`,
          content_type: mime,
          file_kind: fileKind,
          size_bytes: upload.bytes.length,
          sha256: createHash('sha256').update(upload.bytes).digest('hex'),
          storage_key: key,
          uploaded_by: upload.uploadedBy.id,
          uploaded_by_name: upload.uploadedBy.name,
          expires_on: upload.expiresOn,
        })
        .returning({ id: u.id });
      const saved = (await findUpload(tx, upload.clientId, row!.id))!.row;
      if (upload.actor) await recordAudit(tx, { actor: upload.actor, resource: 'client-uploads', recordId: saved.id, action: 'create', after: saved });
      return saved;
    };
    // Inside a caller's transaction (the demo seed) this is a savepoint.
    return await (db as Database).transaction((tx) => insert(tx));
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

/** Removes a file from the record (soft: the row and bytes stay for the retention period), audited with the reason. */
export async function removeUpload(db: Database, clientId: number, id: number, who: { id: number; actor: AuditActor }, reason: string): Promise<UploadRow | null> {
  const found = await findUpload(db, clientId, id);
  if (!found) return null;
  return db.transaction(async (tx) => {
    await tx.update(u).set({ deleted_at: clock.now(), deleted_by: who.id, delete_reason: reason }).where(eq(u.id, id));
    await recordAudit(tx, { actor: who.actor, resource: 'client-uploads', recordId: id, action: 'delete', before: found.row, after: { ...found.row, removed: true, reason } });
    return found.row;
  });
}

/** The stored bytes of a file, as a stream. */
export async function uploadStream(storage: FileStorage, storageKey: string): Promise<Readable> {
  return storage.get(storageKey);
}
