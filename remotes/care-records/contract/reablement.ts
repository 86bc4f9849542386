import * as v from 'valibot';
import type { Page } from '@hcm/contract';
import { isCalendarDate } from '@hcm/contract/engine';
import { clientDocument } from './documents/index.js';
import { REABLEMENT_WEEKS } from './live-reviews.js';

// The reablement dashboard (/app/reablement/dashboard) and a client's week (/app/reablement/client/:id/week/:n):
// what the API answers and the one schema of the week's review, for the form and the server. Everything is read
// from and written to the client's reablement record document (documents/plans.ts).

/** How a goal went this week (the document's goal_reviews rows). */
export const WEEK_PROGRESS = [
  { value: 'achieved', label: 'Achieved' },
  { value: 'progressing', label: 'Progressing' },
  { value: 'not-progressing', label: 'Not progressing' },
] as const;
export type WeekProgress = (typeof WEEK_PROGRESS)[number]['value'];

/** The document's outcome options (still in progress, independent, reduced, same, increased, hospital, residential). */
export const REABLEMENT_OUTCOMES: readonly { value: string; label: string }[] = (() => {
  const field = clientDocument('reablement')
    ?.sections.flatMap((section) => section.fields)
    .find((candidate) => candidate.key === 'outcome');
  return field?.options ? field.options.map(({ value, label }) => ({ value, label })) : [];
})();
/** The outcomes that end a programme (every one but "still in progress"). */
export const ENDED_OUTCOMES = REABLEMENT_OUTCOMES.filter((outcome) => outcome.value !== 'in-progress');
/** Ended outcomes after which ongoing care is handed over (the document then needs the handover). */
export const HANDOVER_OUTCOMES = ['reduced', 'same', 'increased'];

export const DASHBOARD_STATES = [
  { value: 'open', label: 'In progress' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'ended', label: 'Ended' },
  { value: 'all', label: 'All' },
] as const;
export type DashboardState = (typeof DASHBOARD_STATES)[number]['value'];

/** The programme's week on a day: 1 in the first seven days from the start, … capped at REABLEMENT_WEEKS. */
export function weekOn(startDate: string | null, today: string): number | null {
  if (!startDate || !isCalendarDate(startDate) || !isCalendarDate(today)) return null;
  const days = Math.floor((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000);
  if (days < 0) return 1;
  return Math.min(REABLEMENT_WEEKS, Math.floor(days / 7) + 1);
}

export type ReablementDashboardRow = {
  document_id: number;
  client_id: number;
  client_name: string;
  branch_id: number | null;
  branch_name: string;
  start_date: string | null;
  planned_end: string | null;
  /** 1..6 from the start date (the week it is in, or ended in); null without a start date. */
  week: number | null;
  goals: number;
  goals_achieved: number;
  /** The newest weekly review's week and date, or null. */
  last_review_week: number | null;
  last_review_date: string | null;
  days_left: number | null;
  state: 'open' | 'overdue' | 'ended';
  outcome: string;
  outcome_label: string;
  ended_on: string | null;
};

export type OutcomeCount = { value: string; label: string; count: number; percent: number };

export type ReablementSummary = {
  open: number;
  overdue: number;
  /** Programmes ended (an outcome recorded) with ended_on in the last 12 months. */
  ended: number;
  /** The first day of the 12 months counted. */
  ended_since: string;
  outcomes: OutcomeCount[];
};

export type ReablementDashboard = Page<ReablementDashboardRow> & { summary: ReablementSummary };

export type ReablementGoal = { goal: string; baseline: string; target: string; status: string; week_achieved: number | null };

export type GoalReview = { progress: WeekProgress | ''; note: string };

export type WeekReview = {
  week: number;
  date: string;
  progress: string;
  visits: number | null;
  support_hours: number | null;
  therapist_notes: string;
  equipment: string[];
  next_steps: string;
  /** One per goal, in the goals' order. */
  goals: GoalReview[];
};

/** GET /api/v1/reablement/clients/:id: the client's current programme, for the week page. */
export type ReablementProgramme = {
  client_id: number;
  client_name: string;
  document_id: number;
  version: number;
  status: string;
  start_date: string | null;
  planned_end: string | null;
  therapist: string;
  current_week: number | null;
  goals: ReablementGoal[];
  weeks: WeekReview[];
  outcome: string;
  ended_on: string;
  handover: string;
  updated_by: string | null;
  can_edit: boolean;
  /** Names of the active reablement equipment (reference data). */
  equipment_choices: string[];
};

const text = (label: string, max: number) => v.pipe(v.string(`${label} must be text.`), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters.`));
const day = (label: string) => v.pipe(v.string(`${label} must be a date.`), v.trim(), v.check((value) => value === '' || isCalendarDate(value), `${label} must be a date like 2026-03-01.`));
/** A number typed in a form (a string) or sent as JSON; '' and null are "not given". */
const amount = (label: string, max: number, decimals: number) =>
  v.pipe(
    v.union([v.number(), v.string(), v.null()], `${label} must be a number.`),
    v.transform((value): number | null => (value === null || (typeof value === 'string' && value.trim() === '') ? null : Number(value))),
    v.check((value) => value === null || Number.isFinite(value), `${label} must be a number.`),
    v.check((value) => value === null || (value >= 0 && value <= max), `${label} must be from 0 to ${max}.`),
    v.check((value) => value === null || Math.abs(value * 10 ** decimals - Math.round(value * 10 ** decimals)) < 1e-6, decimals ? `${label} may have at most ${decimals} decimal places.` : `${label} must be a whole number.`),
  );

/**
 * The week's review as the week page sends it (PUT /api/v1/reablement/clients/:id/weeks/:weekno). The outcome
 * fields only count on the last week; an ended outcome needs its end date, and a handover when care goes on.
 */
export const WeekReviewSchema = v.pipe(
  v.strictObject(
    {
      base_version: v.pipe(v.number('Say which version you changed (base_version).'), v.integer(), v.minValue(1)),
      date: v.pipe(day('Reviewed on'), v.minLength(1, 'Reviewed on is required.')),
      progress: v.pipe(text('Summary of the week', 8000), v.minLength(1, 'Summary of the week is required.')),
      goals: v.pipe(
        v.array(
          v.strictObject({
            progress: v.picklist(['achieved', 'progressing', 'not-progressing'], 'Choose achieved, progressing or not progressing.'),
            note: v.optional(text('Note', 2000), ''),
          }),
          'Goals are a list.',
        ),
        v.maxLength(50, 'At most 50 goals.'),
      ),
      visits: v.optional(amount('Visits this week', 100, 0), null),
      support_hours: v.optional(amount('Support hours this week', 168, 2), null),
      therapist_notes: v.optional(text("Therapist's notes", 8000), ''),
      equipment: v.optional(v.pipe(v.array(text('Equipment', 120), 'Equipment is a list.'), v.maxLength(30, 'At most 30 pieces of equipment.')), []),
      next_steps: v.optional(text('Next steps', 8000), ''),
      outcome: v.optional(v.pipe(v.string(), v.check((value) => value === '' || REABLEMENT_OUTCOMES.some((outcome) => outcome.value === value), 'Choose an outcome from the list.')), ''),
      ended_on: v.optional(day('Ended on'), ''),
      handover: v.optional(text('Handover to ongoing care', 8000), ''),
    },
    'Send the week as a JSON object.',
  ),
  v.forward(
    v.check((input) => !ENDED_OUTCOMES.some((outcome) => outcome.value === input.outcome) || input.ended_on !== '', 'Ended on is required when the programme has ended.'),
    ['ended_on'],
  ),
  v.forward(
    v.check((input) => !HANDOVER_OUTCOMES.includes(input.outcome) || input.handover !== '', 'Say what is handed over to ongoing care.'),
    ['handover'],
  ),
);
export type WeekReviewInput = v.InferInput<typeof WeekReviewSchema>;
export type WeekReviewValues = v.InferOutput<typeof WeekReviewSchema>;
