import * as v from 'valibot';
import { inArray } from 'drizzle-orm';
import { addDays } from '@hcm/contract/time';
import { publishEvents, type PublishedEvent, type Transaction } from '@hcm/server/platform';
import type { CarerCompliance, ComplianceCheck } from '../../contract/compliance.js';
import { carersTable } from '../people/people-tables.js';
import { carerColumns } from '../people/visibility.js';

// The event workforce writes when what a carer's compliance means to rostering changes (the outbox:
// server/src/events/outbox.ts), in the transaction that stores their recomputed summary (recomputeCompliance, which
// the routes, the hire, the readers' refreshStaleCompliance and the hourly complianceSweepJob all go through): a
// blocking check lapsed, missing or archived (the carer can no longer be rostered), cleared again, or the day a
// blocking check lapses moved. The carer's status (applicant, suspended, leaver) is left out: it has its own events
// (./people/events.ts), written with the carer's record. The scheduler takes a carer whose checks stop them off the
// visits affected.

const RosteringSchema = v.object({
  /** Whether their checks allow them to be rostered today (their status aside). */
  rosterable: v.boolean(),
  /** Why not, as the compliance view says it ("Right to work: Permission ended 25 November 2026: …"); empty when they may. */
  reasons: v.array(v.string()),
  /** The first UK day they may not work because a dated blocking check lapses (the day after its last), or null. */
  lapses_on: v.nullable(v.string()),
  /** That check's label ("DBS check", "Right to work"), or null. */
  lapsing: v.nullable(v.string()),
});

const CarerComplianceChangedSchema = v.object({
  carer_id: v.number(),
  carer_name: v.string(),
  branch_id: v.number(),
  ...RosteringSchema.entries,
  /** As it was before this recompute. */
  previous: RosteringSchema,
});
export type CarerComplianceChanged = v.InferOutput<typeof CarerComplianceChangedSchema>;
export type Rostering = v.InferOutput<typeof RosteringSchema>;

export const CARER_COMPLIANCE_CHANGED: PublishedEvent = {
  type: 'workforce.carer-compliance.changed',
  payload: CarerComplianceChangedSchema,
  meaning:
    "What a carer's compliance checks mean to rostering changed when their summary was recomputed: they may no longer be rostered (a blocking check lapsed, is missing or was archived; rosterable false, reasons in words), may be again (rosterable true), or the day a dated blocking check lapses changed (lapses_on: the first UK day they may not work, the check's label in lapsing; null when none lapses). previous: the same as it was. Their status (suspended, leaver, applicant) is not part of it: the carer events say it.",
};

export const COMPLIANCE_EVENTS: PublishedEvent[] = [CARER_COMPLIANCE_CHANGED];

/** The sentences of blocked_because that come from the carer's status, not their checks (computeCompliance's). */
const STATUS_REASONS = new Set(['Suspended.', 'Has left.', 'An applicant, not yet hired.']);

/** What a compliance summary means to rostering, status aside. */
export function rosteringOf(summary: Pick<CarerCompliance, 'blocked_because' | 'checks'>): Rostering {
  const reasons = summary.blocked_because.filter((reason) => !STATUS_REASONS.has(reason));
  let first: ComplianceCheck | null = null;
  for (const check of summary.checks) {
    if (check.blocks_rostering && check.expires_on && (!first || check.expires_on < first.expires_on!)) first = check;
  }
  return { rosterable: reasons.length === 0, reasons, lapses_on: first ? addDays(first.expires_on!, 1) : null, lapsing: first?.label ?? null };
}

/** Whether rostering must hear of it: rosterable either way, or the lapsing day moved. */
export const rosteringChanged = (before: Rostering, after: Rostering) => before.rosterable !== after.rosterable || before.lapses_on !== after.lapses_on;

/**
 * Writes, in the recompute's transaction, one event per carer whose stored summary changed what rostering cares
 * about. `before` is the stored summary of each carer before the recompute; a carer without one (worked out for
 * the first time: a new carer, the demo's seeding) has nothing to compare and writes none.
 */
export async function publishComplianceChanges(
  tx: Transaction,
  before: ReadonlyMap<number, Pick<CarerCompliance, 'blocked_because' | 'checks'>>,
  after: readonly CarerCompliance[],
  userId: number | null = null,
): Promise<number[]> {
  const changed: { carer_id: number; now: Rostering; previous: Rostering }[] = [];
  for (const summary of after) {
    const stored = before.get(summary.carer_id);
    if (!stored) continue;
    const previous = rosteringOf(stored);
    const now = rosteringOf(summary);
    if (rosteringChanged(previous, now)) changed.push({ carer_id: summary.carer_id, now, previous });
  }
  if (!changed.length) return [];
  const carers = await tx
    .select({ id: carerColumns.id, first: carerColumns.first_name, last: carerColumns.last_name, branch_id: carerColumns.branch_id })
    .from(carersTable)
    .where(inArray(carerColumns.id, changed.map((row) => row.carer_id)));
  const byId = new Map(carers.map((carer) => [Number(carer.id), carer]));
  const payloads: CarerComplianceChanged[] = changed.flatMap(({ carer_id, now, previous }) => {
    const carer = byId.get(carer_id);
    return carer ? [{ carer_id, carer_name: `${String(carer.first)} ${String(carer.last)}`, branch_id: Number(carer.branch_id), ...now, previous }] : [];
  });
  return publishEvents(tx, CARER_COMPLIANCE_CHANGED, payloads, userId);
}
