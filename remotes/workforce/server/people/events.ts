import * as v from 'valibot';
import { ukToday } from '@hcm/contract/time';
import { publishEvent, type PublishedEvent, type ResourceChange, type ResourceWriteHook, type Transaction } from '@hcm/server/platform';
import { recomputeCompliance } from '../compliance/service.js';

// The events workforce writes when a carer starts, stops (or may again) work for the agency (the outbox:
// server/src/events/outbox.ts), from the resource engine's write hook on carers and from the recruitment hire
// (../recruitment/service.ts), so each is written in the transaction of the change it reports. The scheduler
// takes a suspended carer or a leaver off their visits.

const CarerHiredSchema = v.object({
  carer_id: v.number(),
  carer_name: v.string(),
  branch_id: v.number(),
  /** The UK day they were hired (their record became an active carer's). */
  hired_on: v.string(),
});

const CarerSuspendedSchema = v.object({
  carer_id: v.number(),
  carer_name: v.string(),
  branch_id: v.number(),
  /** The UK day the suspension was recorded. */
  from: v.string(),
});

const CarerLeftSchema = v.object({
  carer_id: v.number(),
  carer_name: v.string(),
  branch_id: v.number(),
  /** Their last working day, a UK day; null when a leaver has none recorded: they stopped when marked a leaver. */
  leaving_date: v.nullable(v.string()),
});

const CarerReinstatedSchema = v.object({
  carer_id: v.number(),
  carer_name: v.string(),
  branch_id: v.number(),
  /** The UK day the suspension was lifted. */
  from: v.string(),
});

export const CARER_SUSPENDED: PublishedEvent = {
  type: 'workforce.carer.suspended',
  payload: CarerSuspendedSchema,
  meaning: 'A carer was suspended (status became suspended) on the UK day from: they may do no visits from the moment of the event until a reinstated event.',
};
export const CARER_LEFT: PublishedEvent = {
  type: 'workforce.carer.left',
  payload: CarerLeftSchema,
  meaning:
    'A carer is leaving or has left: a leaving date was set on them or they became a leaver. They work up to leaving_date included and do no visits after it; leaving_date null: none recorded, no visits from the moment of the event. Sent again when the leaving date changes.',
};
export const CARER_REINSTATED: PublishedEvent = {
  type: 'workforce.carer.reinstated',
  payload: CarerReinstatedSchema,
  meaning: 'A suspended carer is active again from the UK day from: they may be given visits again (the visits taken from them are not given back).',
};

export const CARER_HIRED: PublishedEvent = {
  type: 'workforce.carer.hired',
  payload: CarerHiredSchema,
  meaning:
    "An applicant was hired on the UK day hired_on (the recruitment hire, or their status set from applicant to active on the carer form): the same record is now an active carer's. Their compliance is worked out again in the same transaction, so they may be rostered at once when their checks allow.",
};

export const CARER_EVENTS: PublishedEvent[] = [CARER_HIRED, CARER_SUSPENDED, CARER_LEFT, CARER_REINSTATED];

type Row = Record<string, unknown>;

/** The engine answers an empty optional date as ''. */
const dayOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * What a carer's record says of their leaving: their leaving date (binding on an active carer too: the rota's
 * rules refuse visits after it), 'now' for a leaver without one, null when they are not leaving. Applicants
 * never worked, so leave nothing.
 */
function leavingOf(carer: Row): string | null {
  if (carer.status === 'applicant') return null;
  return dayOrNull(carer.leaving_date) ?? (carer.status === 'leaver' ? 'now' : null);
}

const identity = (carer: Row) => ({ carer_id: Number(carer.id), carer_name: `${String(carer.first_name)} ${String(carer.last_name)}`, branch_id: Number(carer.branch_id) });

/**
 * A hire, in its transaction: the carer's compliance worked out again (no longer "an applicant, not yet hired":
 * rosterable from now when the checks allow, not from a later read) and workforce.carer.hired written.
 */
export async function recordHire(tx: Transaction, carer: { carer_id: number; carer_name: string; branch_id: number }, userId: number | null): Promise<void> {
  await recomputeCompliance(tx, [carer.carer_id]);
  const payload: v.InferOutput<typeof CarerHiredSchema> = { ...carer, hired_on: ukToday() };
  await publishEvent(tx, CARER_HIRED, payload, userId);
}

/** A carer written through the engine: their hire, suspension, its end, or their leaving (or its date moving). */
export const onCarerWrite: ResourceWriteHook = async (tx: Transaction, change: ResourceChange) => {
  const { before, after } = change;
  // Only an update changes a carer's working life: a carer created suspended or a leaver has no visits yet, and a
  // removed carer's visits are the office's to hand over.
  if (!before || !after) return;
  if (before.status === 'applicant' && after.status === 'active') await recordHire(tx, identity(after), change.userId);
  if (after.status === 'suspended' && before.status !== 'suspended') {
    const payload: v.InferOutput<typeof CarerSuspendedSchema> = { ...identity(after), from: ukToday() };
    await publishEvent(tx, CARER_SUSPENDED, payload, change.userId);
  }
  if (before.status === 'suspended' && after.status === 'active') {
    const payload: v.InferOutput<typeof CarerReinstatedSchema> = { ...identity(after), from: ukToday() };
    await publishEvent(tx, CARER_REINSTATED, payload, change.userId);
  }
  const leaving = leavingOf(after);
  if (leaving && leaving !== leavingOf(before)) {
    const payload: v.InferOutput<typeof CarerLeftSchema> = { ...identity(after), leaving_date: leaving === 'now' ? null : leaving };
    await publishEvent(tx, CARER_LEFT, payload, change.userId);
  }
};
