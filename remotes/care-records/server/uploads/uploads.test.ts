import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { auditLog, branches, DiskFileStorage, userBranches, users, FileNotFoundError, MemoryFileStorage, readStoredFile, sniffFileKind, useFileStorage } from '@hcm/server/platform';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import { UPLOAD_MAX_BYTES, type UploadRow } from '../../contract/index.js';
import { clientColumns, clientsTable } from '../columns.js';
import { insertClient } from '../health-professionals/test-fixtures.js';
import { letterPdf, receiptPng } from './demo-files.js';
import { clientUploads } from './tables.js';
import { documentUploadTypesRead } from '../read-models.js';

// Files on a client's record: what is accepted (by content, not name), the size limit, the bytes coming back as
// they went in, soft removal with its audit, and who may do what.

// Its own store, put in place before the app is made (the demo's files go into it) and put back after.
const storage = new MemoryFileStorage();
let restoreStorage = () => {};

let t: TestApp;
let office: TestClient;
let client: { id: number; name: string };
let carePlanType: number;
let carerType: number;
let pdf: Uint8Array;

before(async () => {
  restoreStorage = useFileStorage(storage);
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
  client = await insertClient(t.database.db, { branchCode: 'CAM' });
  const types = await t.database.db.select().from(documentUploadTypesRead);
  carePlanType = types.find((type) => type.name === 'Care plan')!.id;
  carerType = types.find((type) => type.applies_to === 'carer')!.id;
  pdf = await letterPdf({ title: 'Discharge letter', to: 'The file', date: '2026-01-05', paragraphs: ['Home with a reablement package.'], from: 'Ward 8 North' });
});
after(async () => {
  await t.close();
  restoreStorage();
});

/** A multipart body as a browser sends it: text fields, then the file. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array; type?: string }) {
  const boundary = `----hcm${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(Buffer.from(file.bytes), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (as: TestClient, clientId: number, fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) =>
  as.request('POST', `/api/v1/clients/${clientId}/uploads`, multipart(fields, file));

const details = (overrides: Record<string, string> = {}) => ({ upload_type_id: String(carePlanType), title: 'Discharge letter', description: 'From the Royal Free', expires_on: '', ...overrides });

test('a PDF is stored and comes back byte for byte, with its type read from its content', async () => {
  const answer = await upload(office, client.id, details(), { name: 'discharge.pdf', bytes: pdf });
  assert.equal(answer.statusCode, 201, answer.body);
  const row = answer.json().data as UploadRow;
  assert.equal(row.file_kind, 'pdf');
  assert.equal(row.content_type, 'application/pdf');
  assert.equal(row.upload_type, 'Care plan');
  assert.equal(row.size_bytes, pdf.length);

  const file = await office.get(`/api/v1/clients/${client.id}/uploads/${row.id}/file`);
  assert.equal(file.statusCode, 200);
  assert.equal(file.headers['content-type'], 'application/pdf');
  assert.equal(file.headers['x-content-type-options'], 'nosniff');
  assert.match(String(file.headers['content-disposition']), /^inline; filename="discharge.pdf"/);
  assert.deepEqual(file.rawPayload, Buffer.from(pdf));
  const download = await office.get(`/api/v1/clients/${client.id}/uploads/${row.id}/file?download=1`);
  assert.match(String(download.headers['content-disposition']), /^attachment;/);

  const list = (await office.get(`/api/v1/clients/${client.id}/uploads`)).json().data.data as UploadRow[];
  assert.ok(list.some((item) => item.id === row.id));
});

test('Issue 26: a served upload keeps its own sandbox CSP, not the API-wide one, and is still never framed', async () => {
  const answer = await upload(office, client.id, details({ title: 'Sandboxed' }), { name: 'sandboxed.pdf', bytes: pdf });
  assert.equal(answer.statusCode, 201, answer.body);
  const row = answer.json().data as UploadRow;
  for (const suffix of ['', '?download=1']) {
    const file = await office.get(`/api/v1/clients/${client.id}/uploads/${row.id}/file${suffix}`);
    assert.equal(file.statusCode, 200);
    const csp = String(file.headers['content-security-policy']);
    assert.match(csp, /(^|;)\s*sandbox(;|$)/, csp);
    assert.match(csp, /default-src 'none'/, csp);
    assert.match(csp, /frame-ancestors 'none'/, csp);
  }
  // Everything else the API answers keeps the API-wide policy.
  const list = await office.get(`/api/v1/clients/${client.id}/uploads`);
  assert.equal(list.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'");
});

test('a file is judged by its first bytes: a program renamed .pdf and a PNG named .pdf are refused with 422', async () => {
  const program = Buffer.concat([Buffer.from('MZ\x90\x00\x03'), Buffer.alloc(200, 1)]);
  const renamed = await upload(office, client.id, details(), { name: 'letter.pdf', bytes: program });
  assert.equal(renamed.statusCode, 422);
  assert.match(renamed.json().errors.file[0], /not a PDF, JPEG, PNG, WebP, HEIC, Word/);
  const png = await upload(office, client.id, details(), { name: 'photo.pdf', bytes: receiptPng(3) });
  assert.equal(png.statusCode, 422);
  assert.match(png.json().errors.file[0], /content is a PNG image, but its name ends in "\.pdf"/);
  const accepted = await upload(office, client.id, details({ title: 'Receipt photo' }), { name: 'photo.png', bytes: receiptPng(3) });
  assert.equal(accepted.statusCode, 201, accepted.body);
});

test('a file over the size limit is refused with 422 naming the limit; nothing is stored', async () => {
  const before = storage.size;
  const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(UPLOAD_MAX_BYTES, 0x20)]);
  const answer = await upload(office, client.id, details(), { name: 'big.pdf', bytes: big });
  assert.equal(answer.statusCode, 422);
  assert.match(answer.json().errors.file[0], /larger than 10 MB/);
  assert.equal(storage.size, before);
});

test('the questions are checked by the shared schema: type of a client document, title, no file, not multipart', async () => {
  const noTitle = await upload(office, client.id, details({ title: '', upload_type_id: '' }), { name: 'a.pdf', bytes: pdf });
  assert.equal(noTitle.statusCode, 422);
  assert.ok(noTitle.json().errors.title && noTitle.json().errors.upload_type_id);
  const carersType = await upload(office, client.id, details({ upload_type_id: String(carerType) }), { name: 'a.pdf', bytes: pdf });
  assert.equal(carersType.statusCode, 422, 'a type for carers’ files is not one for a client');
  assert.ok(carersType.json().errors.upload_type_id);
  const noFile = await upload(office, client.id, details());
  assert.deepEqual(Object.keys(noFile.json().errors), ['file']);
  const json = await office.post(`/api/v1/clients/${client.id}/uploads`, details());
  assert.equal(json.statusCode, 422);
  assert.ok(json.json().errors.file);
});

test('removing a file is soft and audited with the reason; it leaves the list and cannot be opened', async () => {
  const row = (await upload(office, client.id, details({ title: 'Wrong client’s letter' }), { name: 'wrong.pdf', bytes: pdf })).json().data as UploadRow;
  assert.equal((await office.post(`/api/v1/clients/${client.id}/uploads/${row.id}/remove`, {})).statusCode, 422, 'a reason is required');
  const removed = await office.post(`/api/v1/clients/${client.id}/uploads/${row.id}/remove`, { reason: 'Belongs to another client.' });
  assert.equal(removed.statusCode, 200, removed.body);
  const list = (await office.get(`/api/v1/clients/${client.id}/uploads`)).json().data.data as UploadRow[];
  assert.ok(!list.some((item) => item.id === row.id));
  assert.equal((await office.get(`/api/v1/clients/${client.id}/uploads/${row.id}/file`)).statusCode, 404);
  const [kept] = await t.database.db.select().from(clientUploads).where(eq(clientUploads.id, row.id));
  assert.ok(kept?.deleted_at && kept.delete_reason === 'Belongs to another client.', 'the row is kept');
  assert.ok((await readStoredFile(storage, kept.storage_key)).length > 0, 'the bytes are kept for the retention period');
  const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'client-uploads'), eq(auditLog.record_id, row.id), eq(auditLog.action, 'delete')));
  assert.equal((entry?.after as { reason: string }).reason, 'Belongs to another client.');
});

test('opening a file is a view of the client’s record in the audit trail', async () => {
  const row = (await upload(office, client.id, details(), { name: 'view.pdf', bytes: pdf })).json().data as UploadRow;
  await office.get(`/api/v1/clients/${client.id}/uploads/${row.id}/file`);
  const views = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'clients'), eq(auditLog.record_id, client.id), eq(auditLog.action, 'view')));
  assert.ok(views.some((view) => (view.after as { view: string; upload?: number }).upload === row.id));
});

test('a receipt goes to the same storage and a money entry refers to it', async () => {
  const receipt = await office.request('POST', `/api/v1/clients/${client.id}/uploads/receipts`, multipart({ title: 'Tesco receipt' }, { name: 'tesco.png', bytes: receiptPng(6) }));
  assert.equal(receipt.statusCode, 201, receipt.body);
  assert.equal(receipt.json().data.kind, 'receipt');
  const entry = await office.post(`/api/v1/clients/${client.id}/money`, { transaction_date: '2026-01-05', type: 'received', amount: '20.00', description: 'Cash', handled_by: 'Grace Okoro' });
  assert.equal(entry.statusCode, 201, entry.body);
  const spend = await office.post(`/api/v1/clients/${client.id}/money`, {
    transaction_date: '2026-01-05', type: 'spent', amount: '8.40', description: 'Groceries', handled_by: 'Grace Okoro', receipt_upload_id: String(receipt.json().data.id),
  });
  assert.equal(spend.statusCode, 201, spend.body);
  assert.equal(spend.json().data.receipt_title, 'Tesco receipt');
  const other = await insertClient(t.database.db, { branchCode: 'CAM' });
  const elsewhere = await office.post(`/api/v1/clients/${other.id}/money`, { transaction_date: '2026-01-05', type: 'spent', amount: '1.00', description: 'x', handled_by: 'y', receipt_upload_id: receipt.json().data.id, negative_reason: 'test' });
  assert.equal(elsewhere.statusCode, 422, 'another client’s receipt is refused');
  assert.ok(elsewhere.json().errors.receipt_upload_id);
});

test('permissions: uploading needs clients.edit, opening clients.view', async () => {
  const db = t.database.db;
  const reader = await loginAs(t.app, await createUser(db, { email: 'upload-reader@homecare.test', roleId: await createRole(db, 'upload-reader', ['clients.view']) }));
  const [readerRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'upload-reader@homecare.test'));
  const [camden] = await db.select({ id: branches.id }).from(branches).where(eq(branches.code, 'CAM'));
  await db.insert(userBranches).values({ user_id: readerRow!.id, branch_id: camden!.id });
  const nobody = await loginAs(t.app, await createUser(db, { email: 'upload-nobody@homecare.test', roleId: await createRole(db, 'upload-nobody', ['dashboard.view']) }));
  assert.equal((await upload(reader, client.id, details(), { name: 'a.pdf', bytes: pdf })).statusCode, 403);
  assert.equal((await reader.post(`/api/v1/clients/${client.id}/uploads/1/remove`, { reason: 'x' })).statusCode, 403);
  assert.equal((await reader.get(`/api/v1/clients/${client.id}/uploads`)).statusCode, 200);
  assert.equal((await nobody.get(`/api/v1/clients/${client.id}/uploads`)).statusCode, 403);
  const bristol = await insertClient(db, { branchCode: 'BRN' });
  assert.equal((await office.get(`/api/v1/clients/${bristol.id}/uploads`)).statusCode, 404);
});

test('the demo puts two or three real files on clients 1–3, stored through the storage', async () => {
  const db = t.database.db;
  const ids = (await db.select({ id: clientColumns.id }).from(clientsTable).orderBy(asc(clientColumns.id)).limit(3)).map((row) => Number(row.id));
  for (const id of ids) {
    const rows = await db.select().from(clientUploads).where(and(eq(clientUploads.client_id, id), eq(clientUploads.kind, 'document'), isNull(clientUploads.deleted_at)));
    assert.ok(rows.length >= 2 && rows.length <= 3, `client ${id} has ${rows.length} files`);
    for (const row of rows) {
      const bytes = await readStoredFile(storage, row.storage_key);
      assert.equal(sniffFileKind(bytes), row.file_kind);
      assert.equal(bytes.length, row.size_bytes);
    }
  }
});

test('the disk store keeps files under its folder, refuses keys that leave it, and says when a key holds nothing', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'hcm-files-'));
  try {
    const disk = new DiskFileStorage(dir);
    await disk.put('clients/7/abc-123', Buffer.from('hello'));
    assert.equal((await readStoredFile(disk, 'clients/7/abc-123')).toString(), 'hello');
    assert.deepEqual(await readdir(join(dir, 'clients', '7')), ['abc-123'], 'no temporary file is left behind');
    await disk.delete('clients/7/abc-123');
    await disk.delete('clients/7/abc-123');
    await assert.rejects(disk.get('clients/7/abc-123'), FileNotFoundError);
    for (const key of ['../etc/passwd', '/abs', 'clients//7', 'Clients/7', 'clients/7/..']) await assert.rejects(disk.put(key, Buffer.from('x')), /Not a storage key/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('file kinds by their magic bytes', () => {
  const zip = (names: string[]) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from(names.join(''))]);
  assert.equal(sniffFileKind(zip(['[Content_Types].xml', 'word/document.xml'])), 'docx');
  assert.equal(sniffFileKind(zip(['[Content_Types].xml', 'xl/workbook.xml'])), null, 'a spreadsheet is not a Word document');
  assert.equal(sniffFileKind(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1')), 'webp');
  assert.equal(sniffFileKind(Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00', 'latin1')), 'heic');
  assert.equal(sniffFileKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0])), 'jpeg');
  assert.equal(sniffFileKind(Buffer.from('<html><script>')), null);
});
