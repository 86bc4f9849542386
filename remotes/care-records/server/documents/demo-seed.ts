import { asc, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { documentSchema } from '@hcm/contract/documents';
import { resultsOf, users, type Transaction } from '@hcm/server/platform';
import { clientDocument } from '../../contract/index.js';
import { clientColumns, clientsTable } from '../columns.js';
import { clientDocuments, clientDocumentVersions } from '../tables.js';
import { clock } from '@hcm/contract/time';

// The demo clients' record documents, each version stored as the demo user who wrote it on its day, so the
// record's history reads like a real one. Runs after the demo clients are seeded (their ids in position order).

const DEMO_EMAILS = { office: 'office@homecare.test', manager: 'manager@homecare.test', admin: 'admin@homecare.test' } as const;
const DAY = 86_400_000;

export async function seedDemoDocuments(tx: Transaction, now = clock.now()): Promise<void> {
  const clientIds = (await tx.select({ id: clientColumns.id }).from(clientsTable).orderBy(asc(clientColumns.id))).map((row) => Number(row.id));
  const people = await tx.select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.email, Object.values(DEMO_EMAILS)));
  const userOf = (who: keyof typeof DEMO_EMAILS) => people.find((person) => person.email === DEMO_EMAILS[who]) ?? null;
  const dayOf = (days: number) => new Date(now.getTime() + days * DAY);
  // Loaded when the demo is seeded, not when the server starts: the documents date themselves by the clock as
  // their module is first read, so a test that fixes its day (or HCM_NOW) gets documents dated from that day.
  const { DEMO_DOCUMENTS } = await import('./demo/index.js');

  for (const demo of DEMO_DOCUMENTS) {
    const spec = clientDocument(demo.document);
    const ownerId = clientIds[demo.client - 1];
    if (!spec || ownerId === undefined) throw new Error(`Demo document ${demo.document} for client #${demo.client} names no declaration or client.`);
    const last = demo.versions[demo.versions.length - 1]!;
    const reviewDate = demo.reviewInDays === undefined ? null : dayOf(demo.reviewInDays).toISOString().slice(0, 10);
    const manager = userOf('manager');
    const [document] = await tx
      .insert(clientDocuments)
      .values({
        owner_id: ownerId,
        kind: spec.name,
        status: last.status ?? 'active',
        version: demo.versions.length,
        review_date: reviewDate,
        created_at: dayOf(-demo.versions[0]!.daysAgo),
        updated_at: dayOf(-last.daysAgo),
        updated_by: userOf(last.by)?.id ?? null,
        ...(demo.signedOff && manager
          ? { signed_off_version: demo.versions.length, signed_off_by: manager.id, signed_off_name: manager.name, signed_off_role: demo.signedOff.role, signed_off_at: dayOf(-demo.signedOff.daysAgo) }
          : {}),
      })
      .returning({ id: clientDocuments.id });
    await tx.insert(clientDocumentVersions).values(
      demo.versions.map((version, index) => {
        const status = version.status ?? 'active';
        const content = v.parse(documentSchema(spec, { complete: status === 'active' }), version.content) as Record<string, unknown>;
        return {
          document_id: document!.id,
          version: index + 1,
          status,
          content,
          results: resultsOf(spec, content),
          review_date: index === demo.versions.length - 1 ? reviewDate : null,
          note: version.note ?? '',
          saved_by: userOf(version.by)?.id ?? null,
          saved_at: dayOf(-version.daysAgo),
        };
      }),
    );
  }
}
