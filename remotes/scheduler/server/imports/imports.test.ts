import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { auditLog } from '@hcm/server/platform';
import { loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import { branches } from '@hcm/server/schema';
import type { CsvImportDetail, CsvImportRow } from '../../contract/imports.js';
import { visitAttention, visitCarers, visitLogs, visits } from '../tables.js';
import { parseCsv } from './csv.js';
import { clientsRead, funderCodesRead } from '../read-models.js';
import { createPartApp } from './test-app.js';
import { plainSources, type PlainChanges } from '../rules/testing.js';
import { apiSources } from '../sources/api-sources.js';

// CSV imports: the parser (RFC 4180), a preview with every row's errors in words, importing only the valid rows
// after confirmation, and never half an import when one insert fails.

let t: TestApp;
let office: TestClient;
let camden: number;
let active: { id: number; name: string; nhs: string; la: string }[];
let notActive: { nhs: string; name: string } | undefined;
let leedsNhs: string;
let funderCode: string;

// The other areas' answers made plain (everyone available, trained, rosterable), but for what a test changes.
const changes: PlainChanges = {};

before(async () => {
  t = await createPartApp({ sources: (app, request) => plainSources(apiSources(app, request), changes) });
  office = await loginAs(t.app, 'office');
  const db = t.database.db;
  const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.code, 'CAM'));
  camden = branch!.id;
  const rows = await db.select().from(clientsRead).where(isNull(clientsRead.deleted_at)).orderBy(asc(clientsRead.id));
  active = rows.filter((row) => row.branch_id === camden && row.status === 'active').map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}`, nhs: row.nhs_number, la: row.local_authority_id }));
  const other = rows.find((row) => row.branch_id === camden && row.status !== 'active');
  notActive = other ? { nhs: other.nhs_number, name: `${other.first_name} ${other.last_name}` } : undefined;
  leedsNhs = rows.find((row) => row.branch_id !== camden)!.nhs_number;
  const [code] = await db.select({ code: funderCodesRead.code }).from(funderCodesRead).where(eq(funderCodesRead.active, true)).limit(1);
  funderCode = code!.code;
});
after(() => t.close());

test('the parser reads quoted fields with commas, doubled quotes and line breaks, CRLF and a BOM', () => {
  const records = parseCsv('\ufeffa,b,c\r\n"x, y","say ""hi""","two\nlines"\r\n\r\n1,,3\n');
  assert.deepEqual(records, [
    { line: 1, cells: ['a', 'b', 'c'] },
    { line: 2, cells: ['x, y', 'say "hi"', 'two\nlines'] },
    { line: 5, cells: ['1', '', '3'] },
  ]);
  assert.throws(() => parseCsv('a,"open\n'), /never closed/);
});

const upload = (content: string, fileName = 'december.csv') => office.post('/api/v1/visits/csv-imports', { branch_id: camden, file_name: fileName, content });

test('the preview says what is wrong with each row, in words; only the valid rows are imported after confirmation', async () => {
  assert.ok(active.length >= 2, 'two active Camden clients');
  const [first, second] = active;
  const reference = second!.la || second!.nhs;
  const csv = [
    'Client,Date,Start,End,Carers needed,Funder code,Carer email,Notes',
    `${first!.nhs},2026-12-07,08:00,08:30,1,${funderCode},,"Key safe: 1234, side door"`,
    `${reference},07/12/2026,12:00,12:45,2,,,Hoist`,
    `9999999999,2026-12-07,09:00,09:30,1,,,`,
    `${first!.nhs},2026-12-32,09:00,09:30,1,,,`,
    `${first!.nhs},2026-12-08,10:00,09:30,1,,,`,
    `${first!.nhs},2026-12-07,08:00,08:45,1,,,`,
    `${first!.nhs},2026-12-09,10:00,10:30,3,NOPE,someone,`,
    `${leedsNhs},2026-12-09,10:00,10:30,1,,,`,
    ...(notActive ? [`${notActive.nhs},2026-12-09,10:00,10:30,1,,,`] : []),
  ].join('\r\n');
  const response = await upload(csv);
  assert.equal(response.statusCode, 201, response.body);
  const preview = response.json().data as CsvImportDetail;
  assert.equal(preview.status, 'previewed');
  assert.equal(preview.valid_rows, 2);
  const errorsOf = (line: number) => preview.rows.find((row) => row.line === line)!.errors.join(' ');
  assert.equal(errorsOf(2), '');
  assert.equal(preview.rows[0]!.values.notes, 'Key safe: 1234, side door');
  assert.equal(errorsOf(3), '', 'a local-authority id (or NHS number) and a UK date');
  assert.match(errorsOf(4), /Unknown client/);
  assert.match(errorsOf(5), /Bad date “2026-12-32”/);
  assert.match(errorsOf(6), /end \(09:30\) is not after the start \(10:00\)/);
  assert.match(errorsOf(7), /Duplicate of line 2 in this file/);
  assert.match(errorsOf(8), /Carers needed is 1, or 2/);
  assert.match(errorsOf(8), /Unknown funder code “NOPE”/);
  assert.match(errorsOf(8), /not an email address/);
  assert.match(errorsOf(9), /Unknown client/, 'another branch’s client is not the office’s to import');
  if (notActive) assert.match(errorsOf(10), /not receiving care/);
  const before = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(visits);
  assert.equal(before[0]!.count, 0, 'a preview creates no visit');

  assert.equal((await office.post(`/api/v1/visits/csv-imports/${preview.id}/import`, {})).statusCode, 422, 'confirmation needed');
  const imported = await office.post(`/api/v1/visits/csv-imports/${preview.id}/import`, { confirm: true });
  assert.equal(imported.statusCode, 200, imported.body);
  assert.match(imported.json().message, /Imported 2 visits; \d+ rows skipped/);
  const report = imported.json().data as CsvImportDetail;
  assert.equal(report.status, 'imported');
  assert.equal(report.imported_rows, 2);
  const made = await t.database.db.select().from(visits).where(eq(visits.source, 'import')).orderBy(asc(visits.id));
  assert.equal(made.length, 2);
  assert.equal(made[0]!.planned_start.toISOString(), '2026-12-07T08:00:00.000Z');
  assert.equal(made[1]!.carers_needed, 2);
  assert.equal(made[0]!.notes, 'Key safe: 1234, side door');
  const logs = await t.database.db.select().from(visitLogs).where(eq(visitLogs.action, 'imported'));
  assert.equal(logs.length, 2);
  assert.match(logs[0]!.summary, /december\.csv, line 2/);
  assert.equal((await office.post(`/api/v1/visits/csv-imports/${preview.id}/import`, { confirm: true })).statusCode, 409, 'never twice');

  // The same file again: both rows are now duplicates of existing visits.
  const again = (await upload(csv, 'december-again.csv')).json().data as CsvImportDetail;
  assert.equal(again.valid_rows, 0);
  assert.match(again.rows[0]!.errors.join(' '), /Duplicate of an existing visit/);
  const list = (await office.get('/api/v1/visits/csv-imports')).json().data.data as CsvImportRow[];
  assert.deepEqual(list.map((row) => row.file_name), ['december-again.csv', 'december.csv']);
});

test('a failure while importing rolls everything back, marks the import failed and says nothing was imported', async () => {
  const [first] = active;
  const csv = ['client,date,start,end', `${first!.nhs},2027-01-04,08:00,08:30`, `${first!.nhs},2027-01-05,08:00,08:30`, `${first!.nhs},2027-01-06,08:00,08:30`].join('\n');
  const preview = (await upload(csv, 'january.csv')).json().data as CsvImportDetail;
  assert.equal(preview.valid_rows, 3);
  const db = t.database.db;
  // The third insert fails inside the database (as a full disk or a lost connection would).
  await db.execute(sql`create function h6_refuse_visit() returns trigger language plpgsql as $$ begin if new.visit_date = '2027-01-06' then raise exception 'refused by the test'; end if; return new; end $$`);
  await db.execute(sql`create trigger h6_refuse_visit before insert on visits for each row execute function h6_refuse_visit()`);
  const count = async () => (await db.select({ count: sql<number>`count(*)::int` }).from(visits).where(and(eq(visits.client_id, first!.id), sql`${visits.visit_date} >= '2027-01-01'`)))[0]!.count;
  try {
    const failed = await office.post(`/api/v1/visits/csv-imports/${preview.id}/import`, { confirm: true });
    assert.equal(failed.statusCode, 500);
    assert.match(failed.json().message, /rolled back: nothing was imported/);
    assert.doesNotMatch(failed.json().message, /refused by the test/, 'the database’s words stay in the log');
    assert.equal(await count(), 0, 'not the first two either');
    const after = (await office.get(`/api/v1/visits/csv-imports/${preview.id}`)).json().data as CsvImportDetail;
    assert.equal(after.status, 'failed');
    assert.equal(after.imported_rows, 0);
  } finally {
    await db.execute(sql`drop trigger h6_refuse_visit on visits`);
  }
  const retried = await office.post(`/api/v1/visits/csv-imports/${preview.id}/import`, { confirm: true });
  assert.equal(retried.statusCode, 200, 'a failed import may be tried again');
  assert.equal(await count(), 3);
  const audits = await db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.resource, 'scheduler-csv-imports'), eq(auditLog.record_id, preview.id)));
  assert.equal(audits.length, 3, 'uploaded, failed, imported');
});

test('an unreadable file or a missing column is refused on the file field; another branch is refused', async () => {
  const noColumns = await upload('client,date\n1,2026-12-01');
  assert.equal(noColumns.statusCode, 422);
  assert.match(noColumns.json().errors.content[0], /missing: start, end/);
  const open = await upload('client,date,start,end\n"1,2026-12-01,08:00,09:00');
  assert.match(open.json().errors.content[0], /never closed/);
  const notCsv = await office.post('/api/v1/visits/csv-imports', { branch_id: camden, file_name: 'visits.xlsx', content: 'x' });
  assert.ok(notCsv.json().errors.file_name);
  const [leeds] = await t.database.db.select({ id: branches.id }).from(branches).where(sql`${branches.code} <> 'CAM'`).limit(1);
  const elsewhere = await office.post('/api/v1/visits/csv-imports', { branch_id: leeds!.id, file_name: 'a.csv', content: 'client,date,start,end\n1,2026-12-01,08:00,09:00' });
  assert.equal(elsewhere.statusCode, 422);
  assert.ok(elsewhere.json().errors.branch_id);
});

test('issue 29: a row naming a carer puts them on through the rules; one on approved holiday is left off and the visit flagged', async () => {
  const db = t.database.db;
  const found = await db.execute(sql`select u.email, c.id, c.first_name || ' ' || c.last_name as name from carer_accounts ca join users u on u.id = ca.user_id join carers c on c.id = ca.carer_id where c.branch_id = ${camden} and c.status = 'active' and c.deleted_at is null order by c.id`);
  const [away, free] = (found as unknown as { rows: { email: string; id: number; name: string }[] }).rows;
  assert.ok(away && free, 'two Camden carers with accounts');
  changes.away = new Map([[Number(away.id), { dates: ['2027-02-01'] }]]);
  try {
    const [first] = active;
    const csv = [
      'client,date,start,end,carer email',
      `${first!.nhs},2027-02-01,08:00,08:30,${away.email}`,
      `${first!.nhs},2027-02-01,12:00,12:30,${free.email.toUpperCase()}`,
      `${first!.nhs},2027-02-01,17:00,17:30,nobody@homecare.test`,
    ].join('\n');
    const preview = (await upload(csv, 'february.csv')).json().data as CsvImportDetail;
    assert.equal(preview.valid_rows, 2);
    assert.deepEqual(preview.rows.map((row) => row.carer_name ?? null), [away.name, free.name, null]);
    assert.match(preview.rows[2]!.errors.join(' '), /No active carer of .* signs in as “nobody@homecare\.test”/);

    const imported = await office.post(`/api/v1/visits/csv-imports/${preview.id}/import`, { confirm: true });
    assert.equal(imported.statusCode, 200, imported.body);
    const report = imported.json().data as CsvImportDetail;
    const [held, given] = report.rows;
    assert.equal(held!.attention, `Left unassigned when imported: ${away.name} is on holiday on 2027-02-01 (Annual leave).`);
    assert.equal(given!.attention, null);
    const made = await db.select().from(visits).where(inArray(visits.id, [held!.visit_id!, given!.visit_id!])).orderBy(asc(visits.planned_start));
    assert.deepEqual(made.map((visit) => visit.status), ['unassigned', 'assigned']);
    const onThem = await db.select().from(visitCarers).where(inArray(visitCarers.visit_id, made.map((visit) => visit.id)));
    assert.deepEqual(onThem.map((row) => [row.visit_id, row.carer_id]), [[given!.visit_id, Number(free.id)]]);
    const flags = await db.select().from(visitAttention).where(inArray(visitAttention.visit_id, made.map((visit) => visit.id)));
    assert.deepEqual(flags.map((flag) => [flag.visit_id, flag.kind, flag.reason]), [[held!.visit_id, 'rule-break-at-generation', held!.attention]]);
  } finally {
    delete changes.away;
  }
});
