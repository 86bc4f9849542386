import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, desc, eq, sql } from 'drizzle-orm';
import { auditLog, MemoryFileStorage, useFileStorage } from '@hcm/server/platform';
import { createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import type { Page } from '@hcm/contract';
import type { StaffUploadOptions, StaffUploadRow } from '../../contract/files.js';
import { carersTable, employeesTable } from '../people/people-tables.js';
import { carerColumns, employeeColumns } from '../people/visibility.js';
import { idCardPng, letterPdf } from './demo-files.js';
import { staffUploads } from './tables.js';

// Files on staff files: accepted by content (not name), the size limit from the settings, the bytes coming back as
// they went in with the view audited, replacing and removing (soft, audited), and whose files a user may touch.

// Its own store, put in place before the app is made (the demo's files go into it) and put back after.
const storage = new MemoryFileStorage();
let restoreStorage = () => {};

let t: TestApp;
let office: TestClient;
let manager: TestClient;
let camdenCarer: number;
let leedsCarer: number;
let employee: number;
let dbsType: number;
let contractType: number;
let pdf: Uint8Array;

before(async () => {
  restoreStorage = useFileStorage(storage);
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
  manager = await loginAs(t.app, 'manager');
  const { db } = t.database;
  const carerId = async (email: string) => Number((await db.select({ id: carerColumns.id }).from(carersTable).where(eq(carerColumns.email, email)))[0]!.id);
  camdenCarer = await carerId('tom.fletcher@homecare.test');
  leedsCarer = await carerId('callum.mcleod@homecare.test');
  employee = Number((await db.select({ id: employeeColumns.id }).from(employeesTable).where(eq(employeeColumns.email, 'marcus.webb@homecare.test')))[0]!.id);
  const carerTypes = (await office.get(`/api/v1/carers/${camdenCarer}/upload-types`)).json().data as StaffUploadOptions;
  dbsType = carerTypes.types.find((type) => type.name === 'Enhanced DBS certificate')!.id;
  const employeeTypes = (await manager.get(`/api/v1/employees/${employee}/upload-types`)).json().data as StaffUploadOptions;
  contractType = employeeTypes.types.find((type) => type.name === 'Contract of employment')!.id;
  pdf = await letterPdf({ from: 'Disclosure and Barring Service', title: 'Enhanced certificate', to: 'Tom Fletcher', date: '2026-06-01', paragraphs: ['None recorded.'] });
});
after(async () => {
  await t.close();
  restoreStorage();
});

/** A multipart body as a browser sends it: text fields, then the file. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
  const boundary = `----hcm${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    parts.push(Buffer.from(file.bytes), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (as: TestClient, path: string, fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) => as.request('POST', `/api/v1/${path}`, multipart(fields, file));
const details = (overrides: Record<string, string> = {}) => ({ upload_type_id: String(dbsType), title: 'Enhanced DBS certificate', expires_on: '2029-06-01', ...overrides });

test('the carer document types and the size limit in force are offered; the employee ones for an employee', async () => {
  const carer = (await office.get(`/api/v1/carers/${camdenCarer}/upload-types`)).json().data as StaffUploadOptions;
  assert.equal(carer.max_mb, 10);
  assert.ok(carer.types.some((type) => type.name === 'Right to work'));
  assert.ok(!carer.types.some((type) => type.name === 'Care plan' || type.name === 'Contract of employment'));
  const staff = (await manager.get(`/api/v1/employees/${employee}/upload-types`)).json().data as StaffUploadOptions;
  assert.deepEqual(staff.types.map((type) => type.name), ['Contract of employment']);
});

test('a PDF is stored, listed, and comes back byte for byte; each download is in the audit trail', async () => {
  const answer = await upload(office, `carers/${camdenCarer}/uploads`, details(), { name: 'dbs.pdf', bytes: pdf });
  assert.equal(answer.statusCode, 201, answer.body);
  const row = answer.json().data as StaffUploadRow;
  assert.equal(row.file_kind, 'pdf');
  assert.equal(row.upload_type, 'Enhanced DBS certificate');
  assert.equal(row.expires_on, '2029-06-01');
  assert.equal(row.size_bytes, pdf.length);

  const list = (await office.get(`/api/v1/carers/${camdenCarer}/uploads`)).json().data as Page<StaffUploadRow>;
  assert.equal(list.data[0]!.id, row.id, 'newest first');

  const file = await office.get(`/api/v1/carers/${camdenCarer}/uploads/${row.id}/file?download=1`);
  assert.equal(file.statusCode, 200);
  assert.equal(file.headers['content-type'], 'application/pdf');
  assert.match(String(file.headers['content-disposition']), /^attachment; filename="dbs.pdf"/);
  assert.deepEqual(file.rawPayload, Buffer.from(pdf));
  const [audit] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'staff-uploads'), eq(auditLog.record_id, row.id), eq(auditLog.action, 'view')))
    .orderBy(desc(auditLog.id));
  assert.ok(audit, 'the download is audited');
  assert.equal((audit.after as { download: boolean }).download, true);
});

test('Issue 26: a served staff file keeps its own sandbox CSP, not the API-wide one', async () => {
  const answer = await upload(office, `carers/${camdenCarer}/uploads`, details({ title: 'Sandboxed' }), { name: 'sandboxed.pdf', bytes: pdf });
  assert.equal(answer.statusCode, 201, answer.body);
  const row = answer.json().data as StaffUploadRow;
  const file = await office.get(`/api/v1/carers/${camdenCarer}/uploads/${row.id}/file`);
  assert.equal(file.statusCode, 200);
  const csp = String(file.headers['content-security-policy']);
  assert.match(csp, /(^|;)\s*sandbox(;|$)/, csp);
  assert.match(csp, /frame-ancestors 'none'/, csp);
});

test('a file is judged by its first bytes: a PNG named .pdf and a program named .pdf are refused with 422', async () => {
  const png = await upload(office, `carers/${camdenCarer}/uploads`, details(), { name: 'certificate.pdf', bytes: idCardPng([200, 200, 220]) });
  assert.equal(png.statusCode, 422);
  assert.match(png.json().errors.file[0], /content is a PNG image, but its name ends in "\.pdf"/);
  const program = await upload(office, `carers/${camdenCarer}/uploads`, details(), { name: 'certificate.pdf', bytes: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(100, 1)]) });
  assert.equal(program.statusCode, 422);
  assert.match(program.json().errors.file[0], /not a PDF, JPEG, PNG, HEIC, Word/);
  const accepted = await upload(office, `carers/${camdenCarer}/uploads`, details({ title: 'Passport photo page', expires_on: '' }), { name: 'passport.png', bytes: idCardPng([200, 200, 220]) });
  assert.equal(accepted.statusCode, 201, accepted.body);
  assert.equal((accepted.json().data as StaffUploadRow).expires_on, null);
});

test('a file over the limit is refused with 413 naming the limit, which the upload_max_mb setting changes; nothing is stored', async () => {
  const stored = storage.size;
  const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]);
  const tooBig = await upload(office, `carers/${camdenCarer}/uploads`, details(), { name: 'big.pdf', bytes: big });
  assert.equal(tooBig.statusCode, 413);
  assert.match(tooBig.json().errors.file[0], /larger than 10 MB/);

  const [before] = ((await t.database.db.execute(sql`select value from settings where key = 'upload_max_mb'`)) as unknown as { rows: { value: string }[] }).rows;
  await t.database.db.execute(sql`delete from settings where key = 'upload_max_mb'`);
  await t.database.db.execute(sql`insert into settings (key, label, value, value_type) values ('upload_max_mb', 'Largest upload (MB)', '1', 'number')`);
  try {
    const options = (await office.get(`/api/v1/carers/${camdenCarer}/upload-types`)).json().data as StaffUploadOptions;
    assert.equal(options.max_mb, 1);
    const medium = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const refused = await upload(office, `carers/${camdenCarer}/uploads`, details(), { name: 'scan.pdf', bytes: medium });
    assert.equal(refused.statusCode, 413);
    assert.match(refused.json().errors.file[0], /larger than 1 MB/);
  } finally {
    await t.database.db.execute(sql`delete from settings where key = 'upload_max_mb'`);
    if (before) await t.database.db.execute(sql`insert into settings (key, label, value, value_type) values ('upload_max_mb', 'Largest upload (MB)', ${before.value}, 'number')`);
  }
  assert.equal(storage.size, stored);
});

test('the questions are checked by the shared schema; a client or employee type is not a carer document', async () => {
  const noTitle = await upload(office, `carers/${camdenCarer}/uploads`, details({ title: '', upload_type_id: '' }), { name: 'a.pdf', bytes: pdf });
  assert.equal(noTitle.statusCode, 422);
  assert.ok(noTitle.json().errors.title && noTitle.json().errors.upload_type_id);
  const wrongType = await upload(office, `carers/${camdenCarer}/uploads`, details({ upload_type_id: String(contractType) }), { name: 'a.pdf', bytes: pdf });
  assert.equal(wrongType.statusCode, 422);
  assert.ok(wrongType.json().errors.upload_type_id);
  const noFile = await upload(office, `carers/${camdenCarer}/uploads`, details());
  assert.deepEqual(Object.keys(noFile.json().errors), ['file']);
  const json = await office.post(`/api/v1/carers/${camdenCarer}/uploads`, details());
  assert.equal(json.statusCode, 422);
});

test('replacing a file keeps the old one out of the list, names it, and audits both; removing is soft with a reason', async () => {
  const first = (await upload(office, `carers/${camdenCarer}/uploads`, details({ title: 'DBS 2023' }), { name: 'old.pdf', bytes: pdf })).json().data as StaffUploadRow;
  const replaced = await upload(office, `carers/${camdenCarer}/uploads/${first.id}/replace`, { title: 'DBS 2026', expires_on: '2029-11-01' }, { name: 'new.pdf', bytes: pdf });
  assert.equal(replaced.statusCode, 201, replaced.body);
  const replacement = replaced.json().data as StaffUploadRow;
  assert.equal(replacement.replaces_id, first.id);
  assert.equal(replacement.upload_type_id, dbsType);
  const ids = ((await office.get(`/api/v1/carers/${camdenCarer}/uploads`)).json().data as Page<StaffUploadRow>).data.map((row) => row.id);
  assert.ok(ids.includes(replacement.id) && !ids.includes(first.id));
  assert.equal((await office.get(`/api/v1/carers/${camdenCarer}/uploads/${first.id}/file`)).statusCode, 404);

  assert.equal((await office.post(`/api/v1/carers/${camdenCarer}/uploads/${replacement.id}/remove`, {})).statusCode, 422, 'a reason is required');
  const removed = await office.post(`/api/v1/carers/${camdenCarer}/uploads/${replacement.id}/remove`, { reason: 'Uploaded to the wrong carer.' });
  assert.equal(removed.statusCode, 200);
  const [row] = await t.database.db.select().from(staffUploads).where(eq(staffUploads.id, replacement.id));
  assert.ok(row!.deleted_at);
  assert.equal(row!.delete_reason, 'Uploaded to the wrong carer.');
  const audits = await t.database.db.select({ action: auditLog.action, record: auditLog.record_id }).from(auditLog).where(eq(auditLog.resource, 'staff-uploads'));
  assert.ok(audits.some((entry) => entry.record === first.id && entry.action === 'update'), 'the replaced file');
  assert.ok(audits.some((entry) => entry.record === replacement.id && entry.action === 'delete'), 'the removal');
});

test('only the user’s branches’ people: a Leeds carer’s files are 404 to Camden office staff; employees’ files need employees.view', async () => {
  assert.equal((await office.get(`/api/v1/carers/${leedsCarer}/uploads`)).statusCode, 404);
  assert.equal((await upload(office, `carers/${leedsCarer}/uploads`, details(), { name: 'a.pdf', bytes: pdf })).statusCode, 404);
  assert.equal((await office.get(`/api/v1/employees/${employee}/uploads`)).statusCode, 403);
  const staffUpload = await upload(manager, `employees/${employee}/uploads`, { upload_type_id: String(contractType), title: 'Signed contract', expires_on: '' }, { name: 'contract.pdf', bytes: pdf });
  assert.equal(staffUpload.statusCode, 201, staffUpload.body);
  const list = (await manager.get(`/api/v1/employees/${employee}/uploads`)).json().data as Page<StaffUploadRow>;
  assert.ok(list.data.some((row) => row.title === 'Signed contract'));
});

test('the demo put real files on carers’ and an employee’s files', async () => {
  const aisha = Number((await t.database.db.select({ id: carerColumns.id }).from(carersTable).where(eq(carerColumns.email, 'aisha.bello@homecare.test')))[0]!.id);
  const list = (await office.get(`/api/v1/carers/${aisha}/uploads`)).json().data as Page<StaffUploadRow>;
  assert.ok(list.data.length >= 3);
  const passport = list.data.find((row) => row.file_kind === 'png')!;
  const file = await office.get(`/api/v1/carers/${aisha}/uploads/${passport.id}/file`);
  assert.equal(file.statusCode, 200);
  assert.deepEqual([...file.rawPayload.subarray(1, 4)], [0x50, 0x4e, 0x47]);
});
