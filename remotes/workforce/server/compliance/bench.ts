// Benchmark of the compliance recomputation (issue budget: 600 carers in at most 1 s). From remotes/workforce:
//   node --import tsx server/compliance/bench.ts
// On the test kit's database (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL) with the demo data, adds
// BENCH_CARERS carers (600 by default), each with a DBS and Update Service check, a right to work check, photo ID,
// a licence and insurance for half of them, two references and a work history; then times recomputeCompliance of
// every carer, five runs, and prints each and the median. Exits non-zero when the median is over the budget.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createTestApp } from '@hcm/server/testing';
import { carerDocuments, carerDocumentVersions, carersTable } from '../people/people-tables.js';
import { recomputeCompliance } from './service.js';
import { businessInsurance, dbsChecks, dbsUpdateChecks, drivingLicences, photoIdChecks, rightToWorkChecks } from './tables.js';

const CARERS = Number(process.env.BENCH_CARERS ?? 600);
const BUDGET_MS = 1000;

const t = await createTestApp();
const db = t.database.db;
try {
  const [template] = await db.select().from(carersTable).limit(1);
  const { id: _id, ...base } = template as Record<string, unknown>;
  const rows = Array.from({ length: CARERS }, (_, index) => ({ ...base, first_name: `Bench${index}`, last_name: 'Carer', email: `bench.${index}@homecare.test`, status: 'active', drives: index % 2 === 0 }));
  const inserted: { id: number }[] = [];
  for (let start = 0; start < rows.length; start += 200) {
    inserted.push(...((await db.insert(carersTable).values(rows.slice(start, start + 200) as never).returning({ id: sql<number>`id` })) as { id: number }[]));
  }
  const ids = inserted.map((row) => Number(row.id));
  const day = (index: number, year: number) => `${year}-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`;

  const dbs = await db
    .insert(dbsChecks)
    .values(ids.map((carer_id, index) => ({ carer_id, certificate_number: String(100000000000 + index), level: 'enhanced-barred' as const, barred_list_checked: true, issue_date: day(index, 2022), update_service: index % 5 !== 0 })))
    .returning({ id: dbsChecks.id });
  await db.insert(dbsUpdateChecks).values(dbs.map((row, index) => ({ dbs_check_id: row.id, checked_on: day(index, 2026 - (index % 3 === 0 ? 1 : 0)), result: 'no-new-information' as const, checked_by: 'Bench' })));
  await db.insert(rightToWorkChecks).values(ids.map((carer_id, index) => ({ carer_id, document_type: index % 4 ? 'british-irish-passport' : 'share-code', visa_type: index % 4 ? 'none' : 'student', checked_on: day(index, 2024), expires_on: index % 4 ? null : day(index, 2027), weekly_hours_cap: index % 4 ? null : 20 })));
  await db.insert(photoIdChecks).values(ids.map((carer_id, index) => ({ carer_id, document_type: 'passport', seen_on: day(index, 2024), seen_by: 'Bench' })));
  const drivers = ids.filter((_, index) => index % 2 === 0);
  await db.insert(drivingLicences).values(drivers.map((carer_id, index) => ({ carer_id, licence_number: 'BENCH123456AB9CD', expires_on: day(index, 2030), points: 0, checked_on: day(index, 2024) })));
  await db.insert(businessInsurance).values(drivers.map((carer_id, index) => ({ carer_id, insurer: 'Aviva', expires_on: day(index, 2027), business_use_confirmed: true, checked_on: day(index, 2026) })));
  const documents = await db
    .insert(carerDocuments)
    .values(ids.flatMap((owner_id) => ['reference', 'reference', 'references-documents-work-history'].map((kind) => ({ owner_id, kind, status: 'active' as const, version: 1 }))))
    .returning({ id: carerDocuments.id, kind: carerDocuments.kind });
  await db.insert(carerDocumentVersions).values(
    documents.map((document) => ({
      document_id: document.id,
      version: 1,
      status: 'active' as const,
      content: document.kind === 'reference' ? { referee_name: 'Bench' } : { jobs: [{ employer: 'A', role: 'Carer', from: '2010-01-01', to: '', gap_explanation: '' }] },
    })),
  );
  await db.execute(sql`analyze`);

  const runs: number[] = [];
  let count = 0;
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    count = (await recomputeCompliance(db)).length;
    runs.push(performance.now() - started);
  }
  const median = [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  console.log(`compliance recomputation of ${count} carers (${CARERS} bench carers + the demo's) on ${t.database.kind}: ${runs.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
  console.log(`median ${median.toFixed(0)} ms (budget ${BUDGET_MS} ms): ${median <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`);
  if (median > BUDGET_MS) process.exitCode = 1;
} finally {
  await t.close();
}
