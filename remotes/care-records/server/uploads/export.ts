import { and, asc, eq, isNull } from 'drizzle-orm';
import { fileStorage, readStoredFile, type Database, type ZipEntry } from '@hcm/server/platform';
import { clientUploads } from './tables.js';

/**
 * The files of a client's record in their subject-access export (../export/subject-access.ts takes it as a part):
 * every upload and receipt not removed, as uploads/<id>-<file name>. Their details are in records/client_uploads.json.
 */
export async function uploadsSubjectAccessPart(db: Database, clientId: number): Promise<ZipEntry[]> {
  const rows = await db
    .select({ id: clientUploads.id, file_name: clientUploads.file_name, storage_key: clientUploads.storage_key })
    .from(clientUploads)
    .where(and(eq(clientUploads.client_id, clientId), isNull(clientUploads.deleted_at)))
    .orderBy(asc(clientUploads.id));
  const entries: ZipEntry[] = [];
  for (const row of rows) {
    const name = row.file_name.replace(/[/\\]/g, '_');
    try {
      entries.push({ path: `uploads/${row.id}-${name}`, content: await readStoredFile(fileStorage(), row.storage_key) });
    } catch {
      // A file missing from the store is said so, rather than failing the whole export.
      entries.push({ path: `uploads/${row.id}-${name}.missing.txt`, content: `The file ${row.file_name} is recorded but is not in the file store.\n` });
    }
  }
  return entries;
}
