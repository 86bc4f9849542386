import { asc, eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '@hcm/server/platform';
import { DEFAULT_OUTCOME_CODES, type OutcomeCode, type OutcomeCodeValues } from '../../contract/index.js';
import { MarConflictError, ruleError, type DbOrTx } from './common.js';
import { marOutcomeCodes } from './tables.js';
import { clock } from '@hcm/contract/time';

// The agency's outcome codes: seeded with the spec's (DEFAULT_OUTCOME_CODES) the first time they are read, so an
// install without demo data has them too; then the office's to edit (labels, colours, counting as given).

const columns = {
  code: marOutcomeCodes.code,
  label: marOutcomeCodes.label,
  description: marOutcomeCodes.description,
  colour: marOutcomeCodes.colour,
  gradient_to: marOutcomeCodes.gradient_to,
  counts_as_given: marOutcomeCodes.counts_as_given,
  note_required: marOutcomeCodes.note_required,
  active: marOutcomeCodes.active,
  sort_order: marOutcomeCodes.sort_order,
};

/** Adds the spec's codes that are missing (never changes an existing one). */
export async function seedOutcomeCodes(db: DbOrTx): Promise<void> {
  await db
    .insert(marOutcomeCodes)
    .values(DEFAULT_OUTCOME_CODES.map((code, index) => ({ ...code, sort_order: (index + 1) * 10 })))
    .onConflictDoNothing({ target: marOutcomeCodes.code });
}

/** Every code, in the office's order (inactive ones too: old records still show them). */
export async function outcomeCodes(db: DbOrTx): Promise<OutcomeCode[]> {
  let rows = await db.select(columns).from(marOutcomeCodes).orderBy(asc(marOutcomeCodes.sort_order), asc(marOutcomeCodes.code));
  if (!rows.length) {
    await seedOutcomeCodes(db);
    rows = await db.select(columns).from(marOutcomeCodes).orderBy(asc(marOutcomeCodes.sort_order), asc(marOutcomeCodes.code));
  }
  return rows;
}

async function idOf(db: DbOrTx, code: string): Promise<{ id: number; row: OutcomeCode } | null> {
  const [row] = await db.select({ id: marOutcomeCodes.id, ...columns }).from(marOutcomeCodes).where(eq(marOutcomeCodes.code, code));
  if (!row) return null;
  const { id, ...rest } = row;
  return { id, row: rest };
}

/** Changes a code's label, meaning, colours and flags (the code itself stays: records refer to it). */
export async function updateOutcomeCode(db: DbOrTx, code: string, values: OutcomeCodeValues, actor: AuditActor): Promise<OutcomeCode | null> {
  await outcomeCodes(db);
  const found = await idOf(db, code.toUpperCase());
  if (!found) return null;
  if (values.code !== undefined && values.code !== found.row.code) throw ruleError('code', 'A code cannot be renamed: records use it. Add a new code and make this one inactive.');
  const { code: _code, ...changes } = values;
  const [row] = await db.update(marOutcomeCodes).set({ ...changes, updated_at: clock.now() }).where(eq(marOutcomeCodes.id, found.id)).returning(columns);
  await recordAudit(db, { actor, resource: 'mar-outcome-codes', recordId: found.id, action: 'update', before: found.row, after: row });
  return row!;
}

/** Adds a code of the agency's own, after the others. */
export async function addOutcomeCode(db: DbOrTx, values: OutcomeCodeValues, actor: AuditActor): Promise<OutcomeCode> {
  if (!values.code) throw ruleError('code', 'Give the new code, 1 to 4 letters.');
  const existing = await outcomeCodes(db);
  if (existing.some((row) => row.code === values.code)) throw new MarConflictError(`The code ${values.code} exists already: edit it instead.`);
  const sortOrder = Math.max(0, ...existing.map((row) => row.sort_order)) + 10;
  const [row] = await db
    .insert(marOutcomeCodes)
    .values({ ...values, code: values.code, sort_order: sortOrder })
    .onConflictDoNothing({ target: marOutcomeCodes.code })
    .returning({ id: marOutcomeCodes.id, ...columns });
  if (!row) throw new MarConflictError(`The code ${values.code} exists already: edit it instead.`);
  const { id, ...code } = row;
  await recordAudit(db, { actor, resource: 'mar-outcome-codes', recordId: id, action: 'create', after: code });
  return code;
}
