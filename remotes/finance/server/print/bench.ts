import { performance } from 'node:perf_hooks';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { createTestApp } from '@hcm/server/testing';
import { branches } from '@hcm/server/schema';
import { invoicePdf } from './documents.js';
import { demoClients, postInvoice } from './test-fixtures.js';

// How long a 60-line invoice takes to print (fonts warm, the demo database on PGlite): p50 and the best of 20.
// A figure for the README, not a test's assertion (a shared machine's neighbour is not the PDF's time).
//   cd server && node --import tsx ../remotes/finance/server/print/bench.ts
const app = await createTestApp();
try {
  const db = app.database.db;
  const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.code, 'CAM'));
  const [row] = await db
    .select()
    .from(demoClients)
    .where(and(eq(demoClients.branch_id, branch!.id), ne(demoClients.local_authority_id, ''), isNull(demoClients.deleted_at)))
    .orderBy(asc(demoClients.id))
    .limit(1);
  const name = `${row!.first_name} ${row!.last_name}`;
  const invoice = await postInvoice(db, { branchId: branch!.id, clientId: row!.id, clientLabel: name, clientIdentity: { name, nhs_number: row!.nhs_number, council_id: row!.local_authority_id }, lines: 60 });
  await invoicePdf(db, invoice.id);
  const times: number[] = [];
  for (let run = 0; run < 20; run += 1) {
    const started = performance.now();
    await invoicePdf(db, invoice.id);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`A 60-line invoice's PDF: p50 ${times[10]!.toFixed(1)} ms, best ${times[0]!.toFixed(1)} ms over 20 prints.`);
} finally {
  await app.close();
}
