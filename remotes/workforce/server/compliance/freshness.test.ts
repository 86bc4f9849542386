import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { arrayParam } from '@hcm/server/platform';
import { setClock } from '@hcm/contract/time';
import { createTestApp, fixClock, loginAs, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import type { CarerCompliance } from '../../contract/compliance.js';
import { carerDocuments, carerDocumentVersions, carersTable } from '../people/people-tables.js';
import { carerColumns } from '../people/visibility.js';
import { refreshStaleCompliance } from './service.js';
import { businessInsurance, carerCompliance, dbsChecks, dbsUpdateChecks, drivingLicences, photoIdChecks, rightToWorkChecks } from './tables.js';

// What this file reads of the demo depends on the day (the checks' dates, the recruitment pipeline).
fixClock(WEEKDAY_MORNING);

// Compliance is never read stale (issue 27): a hire, a suspension, a reference archived through the document
// engine and a date passing at midnight show at once, with no daily timer and no one opening the compliance view.

let t: TestApp;
let manager: TestClient; // every branch
const ids = new Map<string, number>();

before(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
  const rows = await t.database.db.select({ id: carerColumns.id, email: carerColumns.email }).from(carersTable);
  for (const row of rows) ids.set(String(row.email).split('@')[0]!, Number(row.id));
});
after(() => t.close());

const id = (key: string) => ids.get(key)!;
const data = <T>(response: { json(): unknown }) => (response.json() as { data: T }).data;
const complianceOf = async (client: TestClient, carerId: number) => {
  const answer = await client.get(`/api/v1/carers/compliance?ids=${carerId}`);
  assert.equal(answer.statusCode, 200, answer.body);
  return data<CarerCompliance[]>(answer)[0]!;
};
/** What the other areas read of carer_compliance (no refresh on the way). */
const storedRow = async (carerId: number) => (await t.database.db.select().from(carerCompliance).where(eq(carerCompliance.carer_id, carerId)))[0]!;

/** A reference on the carer's file through the document engine, answered as the demo's first one was. */
async function addReference(carerId: number): Promise<number> {
  const [model] = await t.database.db
    .select({ content: carerDocumentVersions.content })
    .from(carerDocuments)
    .innerJoin(carerDocumentVersions, and(eq(carerDocumentVersions.document_id, carerDocuments.id), eq(carerDocumentVersions.version, carerDocuments.version)))
    .where(and(eq(carerDocuments.owner_id, carerId), eq(carerDocuments.kind, 'reference')))
    .orderBy(desc(carerDocuments.id))
    .limit(1);
  const created = await manager.post(`/api/v1/carers/${carerId}/documents/reference`, { status: 'active', content: model!.content });
  assert.equal(created.statusCode, 201, created.body);
  return Number(data<{ id: number }>(created).id);
}

test('references archived and added through the document engine count at the hire: refused, then hired and rosterable at once', async () => {
  const ella = id('ella.jones'); // an applicant ready to start, one reference short
  const hire = () => manager.post(`/api/v1/recruitment/applicants/${ella}/hire`, { start_date: '2026-12-01', contract_type: 'bank', contracted_hours: '', staffcode_id: '', band_id: '' });

  // Two references, seen by a read; then one archived and the hire tried at once.
  const second = await addReference(ella);
  assert.equal((await complianceOf(manager, ella)).checks.find((check) => check.key === 'references')?.state, 'valid');
  const [document] = await t.database.db.select({ content: carerDocumentVersions.content }).from(carerDocumentVersions).where(eq(carerDocumentVersions.document_id, second));
  const archived = await manager.put(`/api/v1/carers/${ella}/documents/reference/${second}`, { base_version: 1, status: 'archived', content: document!.content });
  assert.equal(archived.statusCode, 200, archived.body);
  const refused = await hire();
  assert.equal(refused.statusCode, 409, refused.body);
  assert.match(refused.json().message, /Cannot hire yet: Two references not clear/);

  // A second reference again, and no one opens the compliance view: the hire counts it.
  await addReference(ella);
  const hired = await hire();
  assert.equal(hired.statusCode, 200, hired.body);
  // Hired, she is rosterable at once, in the row other areas read too.
  const row = await storedRow(ella);
  assert.equal(row.rosterable, true, row.blocked_because.join(' '));
  assert.ok(!row.blocked_because.some((reason) => /applicant/i.test(reason)));
});

test('a carer suspended through the carers resource cannot be rostered at the next read', async () => {
  const aisha = id('aisha.bello');
  assert.equal((await complianceOf(manager, aisha)).rosterable, true);
  const { id: _id, created_at: _created, updated_at: _updated, deleted_at: _deleted, ...record } = data<Record<string, unknown>>(await manager.get(`/api/v1/carers/${aisha}`));
  const suspended = await manager.put(`/api/v1/carers/${aisha}`, { ...record, status: 'suspended' });
  assert.equal(suspended.statusCode, 200, suspended.body);
  const now = await complianceOf(manager, aisha);
  assert.equal(now.rosterable, false);
  assert.deepEqual(now.blocked_because, ['Suspended.']);
});

test('a right to work ending today stops rostering from the next UK day, with no daily timer', async () => {
  const sian = id('sian.evans');
  const recorded = await manager.post(`/api/v1/carers/${sian}/compliance/right-to-work`, { document_type: 'share-code', visa_type: 'skilled-worker', share_code: 'W4X8RT9KP', checked_on: '2026-11-20', expires_on: '2026-11-25' });
  assert.equal(recorded.statusCode, 201, recorded.body);
  assert.equal((await complianceOf(manager, sian)).rosterable, true, 'the last day of the permission');

  // Just past midnight (GMT): the stored row was worked out yesterday, so the next read works it out again.
  const restore = setClock('2026-11-26T00:00:30Z');
  try {
    const office = await loginAs(t.app, 'manager'); // yesterday's session has ended
    const next = await complianceOf(office, sian);
    assert.equal(next.rosterable, false);
    assert.match(next.blocked_because.join(' '), /Right to work: Permission ended 25 November 2026/);
  } finally {
    restore();
  }
});

test('a change to any input after compliance was worked out makes that carer stale, and only that carer', async () => {
  const db = t.database.db;
  const everyone = [...ids.values()];
  await refreshStaleCompliance(db, everyone);
  assert.deepEqual(await refreshStaleCompliance(db, everyone), [], 'just worked out: nobody stale');
  // A row of each input, its time moved past when its carer's compliance was worked out.
  const carerOfUpdate = sql<number>`(select x.carer_id from ${dbsChecks} x where x.id = ${dbsUpdateChecks.dbs_check_id})`;
  const inputs: [string, PgTable, PgColumn, PgColumn | SQL<number>][] = [
    ['a document', carerDocuments, carerDocuments.updated_at, carerDocuments.owner_id],
    ['a DBS check', dbsChecks, dbsChecks.updated_at, dbsChecks.carer_id],
    ['a DBS Update Service check', dbsUpdateChecks, dbsUpdateChecks.created_at, carerOfUpdate],
    ['a right to work check', rightToWorkChecks, rightToWorkChecks.updated_at, rightToWorkChecks.carer_id],
    ['a photo ID check', photoIdChecks, photoIdChecks.updated_at, photoIdChecks.carer_id],
    ['a driving licence', drivingLicences, drivingLicences.updated_at, drivingLicences.carer_id],
    ['business insurance', businessInsurance, businessInsurance.updated_at, businessInsurance.carer_id],
  ];
  for (const [input, table, stamp, carer] of inputs) {
    const found = (await db.execute(sql`select ${carer} as carer_id, id, ${stamp}::text as was from ${table} where ${carer} = any(${arrayParam(everyone)}) limit 1`)) as unknown as { rows: { carer_id: number; id: number; was: string }[] };
    const [row] = found.rows;
    assert.ok(row, `the demo has ${input}`);
    const carerId = Number(row.carer_id);
    const moveTo = (at: SQL) => db.execute(sql`update ${table} set ${sql.identifier(stamp.name)} = ${at} where id = ${row.id}`);
    await moveTo(sql`(select checked_at from ${carerCompliance} where carer_id = ${carerId}) + interval '1 second'`);
    assert.deepEqual(await refreshStaleCompliance(db, everyone), [carerId], input);
    // (The clock stands still here: worked out again at the same instant, the moved row would still be newer.)
    await moveTo(sql`${row.was}::timestamptz`);
    assert.deepEqual(await refreshStaleCompliance(db, everyone), [], `${input}, put back`);
  }
});
