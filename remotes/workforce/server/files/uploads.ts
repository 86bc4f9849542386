import { createHash } from 'node:crypto';
import type { Page } from '@hcm/contract';
import { londonDate } from '@hcm/contract/engine';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
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
import { STAFF_UPLOAD_KINDS, STAFF_UPLOAD_TYPES_TEXT, UPLOAD_MAX_MB_CEILING, UPLOAD_MAX_MB_DEFAULT, UPLOAD_MAX_MB_SETTING, type StaffUploadKind, type StaffUploadRow } from '../../contract/files.js';
import { FileRuleError, isoOf, numberSetting, staffUploadTypes, type StaffOwnerKind } from './common.js';
import { documentUploadTypesRead as types } from '../read-models.js';
import { staffUploads } from './tables.js';
import { clock } from '@hcm/contract/time';

// Files on a carer's or an office employee's file. The bytes go to the platform's FileStorage; the row keeps the
// key, the name as uploaded, the kind read from the file's first bytes, its size and SHA-256. Removal is soft;
// replacing a file adds the new one and removes the old (kept, like every removed file, for the retention period).

export const MB = 1024 * 1024;

/** The upload limit in force (setting upload_max_mb, 10 MB unless set; at most the ceiling the server reads). */
export const uploadMaxMb = (db: Database | Transaction) => numberSetting(db, UPLOAD_MAX_MB_SETTING, UPLOAD_MAX_MB_DEFAULT, 1, UPLOAD_MAX_MB_CEILING);

export const tooLarge = (maxMb: number) => `The file is larger than ${maxMb} MB, this agency's limit. Scan at a lower resolution, or split the document.`;

/** A file too large: answered 413 with the limit in words. */
export class UploadTooLargeError extends Error {}

/**
 * What the file is, from its first bytes; refused unless it is one of STAFF_UPLOAD_KINDS and its name's extension
 * says the same (a PNG named .pdf is refused: it would open wrongly, and renaming is how bad files slip in).
 */
export function checkedFile(fileName: string, bytes: Uint8Array, maxMb: number): { kind: StaffUploadKind; mime: string } {
  if (bytes.length === 0) throw new FileRuleError('file', 'The file is empty.');
  if (bytes.length > maxMb * MB) throw new UploadTooLargeError(tooLarge(maxMb));
  const sniffed = sniffFileKind(bytes);
  const allowed = STAFF_UPLOAD_KINDS.find((candidate) => candidate.kind === sniffed);
  if (!sniffed || !allowed) throw new FileRuleError('file', `This file is not a ${STAFF_UPLOAD_TYPES_TEXT} file (judged by its content, not its name).`);
  const extension = extensionOf(fileName);
  if (!(allowed.extensions as readonly string[]).includes(extension)) {
    throw new FileRuleError('file', `The file's content is a ${FILE_KINDS[sniffed].label}, but its name ends in ".${extension || '(none)'}". Rename it to .${allowed.extensions[0]} and try again.`);
  }
  return { kind: allowed.kind, mime: FILE_KINDS[sniffed].mime };
}

const u = staffUploads;
const ownerColumn = (owner: StaffOwnerKind) => (owner === 'carers' ? u.carer_id : u.employee_id);

function uploadRows(db: Database | Transaction) {
  return db.select({ upload: u, type_name: types.name }).from(u).leftJoin(types, eq(types.id, u.upload_type_id)).$dynamic();
}

type Joined = Awaited<ReturnType<ReturnType<typeof uploadRows>['execute']>>[number];

const toRow = ({ upload, type_name }: Joined): StaffUploadRow => ({
  id: upload.id,
  upload_type_id: upload.upload_type_id,
  upload_type: type_name ?? '',
  title: upload.title,
  file_name: upload.file_name,
  content_type: upload.content_type,
  file_kind: upload.file_kind as StaffUploadKind,
  size_bytes: upload.size_bytes,
  uploaded_by_name: upload.uploaded_by_name,
  uploaded_at: isoOf(upload.uploaded_at),
  expires_on: upload.expires_on,
  expired: upload.expires_on !== null && upload.expires_on < londonDate(),
  replaces_id: upload.replaces_id,
});

/** The person's files (not removed), newest first. */
export async function listUploads(db: Database, owner: StaffOwnerKind, ownerId: number, paging: Paging): Promise<Page<StaffUploadRow>> {
  const where = and(eq(ownerColumn(owner), ownerId), isNull(u.deleted_at));
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(u).where(where);
  const rows = await uploadRows(db).where(where).orderBy(desc(u.uploaded_at), desc(u.id)).limit(paging.pageSize).offset(pageOffset(paging));
  return pageOf(rows.map(toRow), total, paging);
}

/** One of the person's files with its storage key (not removed), or null. */
export async function findUpload(db: Database | Transaction, owner: StaffOwnerKind, ownerId: number, id: number): Promise<{ row: StaffUploadRow; storageKey: string } | null> {
  const [found] = await uploadRows(db).where(and(eq(ownerColumn(owner), ownerId), eq(u.id, id), isNull(u.deleted_at)));
  return found ? { row: toRow(found), storageKey: found.upload.storage_key } : null;
}

export type NewUpload = {
  owner: StaffOwnerKind;
  ownerId: number;
  uploadTypeId: number;
  title: string;
  expiresOn: string | null;
  fileName: string;
  bytes: Uint8Array;
  uploadedBy: { id: number | null; name: string };
  /** Null for the demo seed (no one to audit). */
  actor: AuditActor | null;
  /** The upload this one replaces (removed in the same transaction). */
  replaces?: { id: number; before: StaffUploadRow; removedBy: number | null } | undefined;
  maxMb: number;
};

/**
 * Checks the file and the type, stores the bytes, then the row (with the audit entry) and, for a replacement, the
 * old row's removal. Should the rows fail, the bytes are deleted again, so storage holds no file without a row.
 */
export async function saveUpload(db: Database | Transaction, storage: FileStorage, upload: NewUpload): Promise<StaffUploadRow> {
  const { kind: fileKind, mime } = checkedFile(upload.fileName, upload.bytes, upload.maxMb);
  if (!(await staffUploadTypes(db, upload.owner)).some((type) => type.id === upload.uploadTypeId)) {
    throw new FileRuleError('upload_type_id', `Choose a type of ${upload.owner === 'carers' ? 'carer' : 'office employee'} document from the list.`);
  }
  const key = newStorageKey(`${upload.owner}/${upload.ownerId}`);
  await storage.put(key, upload.bytes, { contentType: mime });
  try {
    // Inside a caller's transaction (the demo seed) this is a savepoint.
    return await (db as Database).transaction(async (tx) => {
      const [row] = await tx
        .insert(u)
        .values({
          carer_id: upload.owner === 'carers' ? upload.ownerId : null,
          employee_id: upload.owner === 'employees' ? upload.ownerId : null,
          upload_type_id: upload.uploadTypeId,
          title: upload.title,
          file_name: upload.fileName.replace(/[\\/]/g, '_').slice(0, 255) || `file.${FILE_KINDS[fileKind].extensions[0]}`,
          content_type: mime,
          file_kind: fileKind,
          size_bytes: upload.bytes.length,
          sha256: createHash('sha256').update(upload.bytes).digest('hex'),
          storage_key: key,
          expires_on: upload.expiresOn,
          replaces_id: upload.replaces?.id ?? null,
          uploaded_by: upload.uploadedBy.id,
          uploaded_by_name: upload.uploadedBy.name,
        })
        .returning({ id: u.id });
      if (upload.replaces) {
        const removed = await tx
          .update(u)
          .set({ deleted_at: clock.now(), deleted_by: upload.replaces.removedBy, delete_reason: `Replaced by a new file (upload ${row!.id}).` })
          .where(and(eq(u.id, upload.replaces.id), isNull(u.deleted_at)))
          .returning({ id: u.id });
        if (!removed.length) throw new FileRuleError('file', 'This file was removed or replaced meanwhile. Reload the list.', 409);
      }
      const saved = (await findUpload(tx, upload.owner, upload.ownerId, row!.id))!.row;
      if (upload.actor) {
        if (upload.replaces) {
          await recordAudit(tx, { actor: upload.actor, resource: 'staff-uploads', recordId: upload.replaces.id, action: 'update', before: upload.replaces.before, after: { replaced_by: saved } });
        }
        await recordAudit(tx, { actor: upload.actor, resource: 'staff-uploads', recordId: saved.id, action: 'create', after: saved });
      }
      return saved;
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

/** Removes a file from the file (soft: the row and bytes stay for the retention period), audited with the reason. */
export async function removeUpload(db: Database, owner: StaffOwnerKind, ownerId: number, id: number, who: { id: number; actor: AuditActor }, reason: string): Promise<StaffUploadRow | null> {
  const found = await findUpload(db, owner, ownerId, id);
  if (!found) return null;
  return db.transaction(async (tx) => {
    await tx.update(u).set({ deleted_at: clock.now(), deleted_by: who.id, delete_reason: reason }).where(eq(u.id, id));
    await recordAudit(tx, { actor: who.actor, resource: 'staff-uploads', recordId: id, action: 'delete', before: found.row, after: { ...found.row, removed: true, reason } });
    return found.row;
  });
}
