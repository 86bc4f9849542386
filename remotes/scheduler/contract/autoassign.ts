import * as v from 'valibot';
import { isoDate, objectMessage } from '@hcm/contract/engine';

// Auto-assign (POST /api/v1/scheduler/auto-assign): a branch's week of visits given carers without breaking a hard
// rule, answered as a proposal with its measures against a plain greedy baseline and a reason for every carer place
// left empty. `apply: true` with the `proposal` the preview answered saves exactly that proposal, or answers 409
// naming what changed since the preview (saving nothing).

const branchId = v.pipe(
  v.union([v.number('Choose the branch.'), v.pipe(v.string('Choose the branch.'), v.nonEmpty('Choose the branch.'))]),
  v.transform(Number),
  v.integer('Choose the branch.'),
  v.minValue(1, 'Choose the branch.'),
  v.maxValue(2_147_483_647, 'Choose the branch.'),
);

const isMonday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() === 1;
const id = (what: string) => v.pipe(v.number(what), v.integer(what), v.minValue(1, what), v.maxValue(2_147_483_647, what));
const PROPOSAL = 'Send back the proposal the preview answered.';

/** The proposal a preview answers and Apply sends back: its assignments and the rota it was worked out from. */
export const AutoAssignProposalSchema = v.object(
  {
    /** A digest of `basis`: the rota the proposal was worked out from. */
    fingerprint: v.pipe(v.string(PROPOSAL), v.regex(/^[0-9a-f]{64}$/, PROPOSAL)),
    /** Each visit the proposal relied on and its version then: [visit id, version]. */
    basis: v.pipe(v.array(v.tuple([id(PROPOSAL), id(PROPOSAL)], PROPOSAL), PROPOSAL), v.maxLength(200_000, PROPOSAL)),
    assignments: v.pipe(v.array(v.object({ visit_id: id(PROPOSAL), carer_id: id(PROPOSAL) }, PROPOSAL), PROPOSAL), v.maxLength(100_000, PROPOSAL)),
  },
  PROPOSAL,
);
export type AutoAssignProposal = v.InferOutput<typeof AutoAssignProposalSchema>;

export const AutoAssignSchema = v.pipe(
  v.strictObject(
    {
      branch_id: branchId,
      week_start: v.pipe(isoDate('Week start'), v.check(isMonday, 'Week start must be a Monday.')),
      apply: v.optional(v.boolean('Say whether to apply the proposal.'), false),
      proposal: v.optional(AutoAssignProposalSchema),
    },
    objectMessage('auto-assign request'),
  ),
  v.forward(
    v.partialCheck([['apply'], ['proposal']], (input) => !input.apply || input.proposal !== undefined, 'Preview the proposal first: Apply saves the proposal you saw.'),
    ['proposal'],
  ),
);
export type AutoAssignInput = v.InferInput<typeof AutoAssignSchema>;
export type AutoAssignValues = v.InferOutput<typeof AutoAssignSchema>;

/** How good an answer is. */
export type AutoAssignMetrics = {
  /** Carer places filled by this run, and left empty. */
  assigned: number;
  unassigned: number;
  /** Share of the week's filled carer places where the carer already knows the client (recent visits) or is preferred, %. */
  continuity_percent: number;
  /** Average number of different carers a client sees in the week. */
  carers_per_client: number;
  /** Minutes of travel between a carer's consecutive visits on a day (straight line × road factor at the branch's speed). */
  travel_minutes: number;
  /** How unevenly contracted hours are used (standard deviation across carers, in % of contracted hours). */
  load_spread_percent: number;
  milliseconds: number;
};

/** Visits of the proposal's carers' days reached later than the punctuality window (each visit its commissioned length, lateness carried over). */
export type AutoAssignLateness = { visits: number; max_minutes: number; window_minutes: number; enforcement: 'warn' | 'refuse' };

/** Working Time Regulations breaches in the proposal, where it adds visits (counted by the independent checker). */
export type AutoAssignWtr = {
  enforcement: 'warn' | 'refuse';
  /** Days followed by less than 11 hours' rest, the carers concerned, and the shortest rest in minutes (null: none). */
  rest_breaches: number;
  carers: number;
  shortest_rest_minutes: number | null;
  /** Days over 6 hours without a 20-minute break; carers over the 48-hour average without an opt-out. */
  break_breaches: number;
  weekly_breaches: number;
};

export type AutoAssignPlacement = { visit_id: number; carer_id: number; carer_name: string; client_name: string; date: string; start_time: string; end_time: string };
export type AutoAssignLeft = { visit_id: number; client_name: string; date: string; start_time: string; end_time: string; missing: number; reason: string };

export type AutoAssignAnswer = {
  branch_id: number;
  week_start: string;
  week_end: string;
  applied: boolean;
  metrics: AutoAssignMetrics;
  /** The plain greedy baseline on the same week: visits in time order, each to the nearest carer it fits. */
  baseline: AutoAssignMetrics;
  /** Hard-rule breaks the independent checker found in the proposal (always 0; a non-zero answer is refused). */
  hard_breaks: number;
  assignments: AutoAssignPlacement[];
  unassigned: AutoAssignLeft[];
  /** Visits auto-assign left alone, and why (the client is in hospital, paused or ended). */
  skipped: AutoAssignLeft[];
  late: AutoAssignLateness;
  wtr: AutoAssignWtr;
  /** Why the search stopped: out of improvements, its work budget, or the time ceiling (then the answer may differ run to run). */
  stopped_by: 'converged' | 'work' | 'ceiling';
  /** What Apply sends back to save exactly this. */
  proposal: AutoAssignProposal;
};

/** What Apply answers: exactly the proposal's assignments, saved. */
export type AutoAssignApplied = { branch_id: number; week_start: string; week_end: string; applied: true; assignments: AutoAssignPlacement[] };

/** A 409 from Apply: what changed since the preview, in words; nothing was saved. */
export type AutoAssignConflict = { changes: string[] };
