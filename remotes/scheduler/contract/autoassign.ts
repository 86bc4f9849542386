import * as v from 'valibot';
import { isoDate, objectMessage } from '@hcm/contract/engine';

// Auto-assign (POST /api/v1/scheduler/auto-assign): a branch's week of visits given carers without breaking a hard
// rule, answered as a proposal with its measures against a plain greedy baseline and a reason for every carer place
// left empty; `apply: true` saves it.

const branchId = v.pipe(
  v.union([v.number('Choose the branch.'), v.pipe(v.string('Choose the branch.'), v.nonEmpty('Choose the branch.'))]),
  v.transform(Number),
  v.integer('Choose the branch.'),
  v.minValue(1, 'Choose the branch.'),
  v.maxValue(2_147_483_647, 'Choose the branch.'),
);

const isMonday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() === 1;

export const AutoAssignSchema = v.strictObject(
  {
    branch_id: branchId,
    week_start: v.pipe(isoDate('Week start'), v.check(isMonday, 'Week start must be a Monday.')),
    apply: v.optional(v.boolean('Say whether to apply the proposal.'), false),
  },
  objectMessage('auto-assign request'),
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
};
