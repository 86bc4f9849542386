import { and, desc, eq, lte } from 'drizzle-orm';
import type * as v from 'valibot';
import { recordAudit, type Database, type Transaction } from '@hcm/server/platform';
import { londonDate } from '@hcm/contract/engine';
import type { CarerTermsView, StaffTermsRow, TermsAcceptanceRow, TermsAcceptanceSchema } from '../../contract/files.js';
import { FileRuleError, isoOf, type StaffTarget } from './common.js';
import { carerTermsAcceptances, staffTerms } from './tables.js';
import { clock } from '@hcm/contract/time';

// The agency's terms and conditions for carers, by version: the current one is the latest published; a carer's
// acceptance of a version (the day, how, who recorded it) is kept once per version, so history shows each.

const a = carerTermsAcceptances;

/** Every published version, newest first; the first is the current one. */
export async function listTerms(db: Database | Transaction): Promise<StaffTermsRow[]> {
  const rows = await db.select().from(staffTerms).where(lte(staffTerms.published_at, clock.now())).orderBy(desc(staffTerms.version));
  return rows.map((row, index) => ({ id: row.id, version: row.version, title: row.title, body: row.body, published_at: isoOf(row.published_at), current: index === 0 }));
}

async function acceptances(db: Database | Transaction, carerId: number): Promise<TermsAcceptanceRow[]> {
  const rows = await db
    .select({ acceptance: a, version: staffTerms.version, title: staffTerms.title })
    .from(a)
    .innerJoin(staffTerms, eq(staffTerms.id, a.terms_id))
    .where(eq(a.carer_id, carerId))
    .orderBy(desc(staffTerms.version), desc(a.accepted_on));
  return rows.map(({ acceptance, version, title }) => ({
    id: acceptance.id,
    terms_id: acceptance.terms_id,
    version,
    title,
    accepted_on: acceptance.accepted_on,
    method: acceptance.method,
    recorded_by_name: acceptance.recorded_by_name,
    recorded_at: isoOf(acceptance.recorded_at),
  }));
}

export async function carerTerms(db: Database | Transaction, carerId: number): Promise<CarerTermsView> {
  const [current = null] = await listTerms(db);
  const history = await acceptances(db, carerId);
  return { current, accepted: current ? (history.find((item) => item.terms_id === current.id) ?? null) : null, history };
}

/**
 * Records that the carer accepted a version: one of the published versions, on a day not before it was published
 * (UK day) nor in the future; a version already accepted is a conflict (409).
 */
export async function recordAcceptance(db: Database, target: StaffTarget, values: v.InferOutput<typeof TermsAcceptanceSchema>): Promise<TermsAcceptanceRow> {
  const terms = (await listTerms(db)).find((item) => item.id === values.terms_id);
  if (!terms) throw new FileRuleError('terms_id', 'Choose one of the published versions of the terms.');
  const published = londonDate(new Date(terms.published_at));
  if (values.accepted_on < published) throw new FileRuleError('accepted_on', `Version ${terms.version} was published on ${published}: it cannot have been accepted before.`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(a)
      .values({
        carer_id: target.person.id,
        terms_id: terms.id,
        accepted_on: values.accepted_on,
        method: values.method as TermsAcceptanceRow['method'],
        recorded_by: target.viewer.user.userID,
        recorded_by_name: target.viewer.user.name,
      })
      .onConflictDoNothing()
      .returning({ id: a.id });
    if (!row) throw new FileRuleError('terms_id', `The carer has already accepted version ${terms.version}.`, 409);
    const acceptance = (await acceptances(tx, target.person.id)).find((item) => item.id === row.id)!;
    await recordAudit(tx, { actor: target.actor, resource: 'carer-terms-acceptances', recordId: acceptance.id, action: 'create', after: acceptance });
    return acceptance;
  });
}

/** For tests and the seed: a published version by number. */
export async function termsByVersion(db: Database | Transaction, version: number) {
  const [row] = await db.select().from(staffTerms).where(and(eq(staffTerms.version, version)));
  return row ?? null;
}
