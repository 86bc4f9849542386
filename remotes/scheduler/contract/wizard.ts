import * as v from 'valibot';
import { isoDate, objectMessage, optionalIsoDate, optionalText, referenceId, timeOfDay, wholeNumber } from '@hcm/contract/engine';
import { WEEKDAYS } from './templates.js';
import { TaskSchema, type RuleFinding, type VisitTask } from './visits.js';

// The rostering wizard (client-rostering/add/1 … /6): a new care package from the client to published visits.
// Each step is a form with its own schema, saved on the server as the planner goes (PUT
// /rostering-drafts/:id/steps/:n), so leaving and coming back shows what was typed.

export const WIZARD_STEPS = [
  { step: 1, key: 'client', title: 'Client and funder' },
  { step: 2, key: 'package', title: 'Package and dates' },
  { step: 3, key: 'pattern', title: 'Weekly pattern' },
  { step: 4, key: 'carers', title: 'Preferred carers' },
  { step: 5, key: 'check', title: 'Check against the rules' },
  { step: 6, key: 'publish', title: 'Review and publish' },
] as const;
export type WizardStepKey = (typeof WIZARD_STEPS)[number]['key'];

// The days of the week and the bank-holiday rules are the templates' (contract/templates.ts): a published
// package is a rota template.

/** Step 1: the client (active, in one of the planner's branches) and the funder paying for the package. */
export const WizardClientSchema = v.strictObject(
  {
    client_id: referenceId('Client'),
    funder_code_id: referenceId('Funder code'),
  },
  objectMessage('client and funder'),
);

const hoursPerWeek = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.minLength(1, 'Hours commissioned a week is required.'))], 'Hours commissioned a week is required.'),
  v.transform(Number),
  v.number('Hours commissioned a week must be a number, like 10.5.'),
  v.check((value) => Number.isFinite(value) && Math.round(value * 4) === value * 4, 'Hours are in quarters of an hour, like 10.25 or 10.5.'),
  v.minValue(0.25, 'Hours commissioned a week must be at least 0.25.'),
  v.maxValue(168, 'Hours commissioned a week must be at most 168.'),
);

/** Step 2: the package's name, dates (open-ended when no end), cycle length, bank-holiday rule and hours a week. */
export const WizardPackageSchema = v.pipe(
  v.strictObject(
    {
      name: v.pipe(v.string('Name the package.'), v.trim(), v.nonEmpty('Name the package.'), v.maxLength(120, 'A package name is at most 120 characters.')),
      starts_on: isoDate('Start date'),
      ends_on: optionalIsoDate('End date'),
      repeat_weeks: wholeNumber('Repeat every (weeks)', 1, 8),
      bank_holidays: v.picklist(['run', 'skip'], 'Choose what happens on bank holidays.'),
      hours_per_week: hoursPerWeek,
      notes: optionalText('Notes', 2000),
    },
    objectMessage('package'),
  ),
  v.forward(
    v.partialCheck([['starts_on'], ['ends_on']], (input) => !input.ends_on || input.ends_on >= input.starts_on, 'The end date must be on or after the start date.'),
    ['ends_on'],
  ),
);

/** One call of the weekly pattern. */
export const WizardCallSchema = v.strictObject(
  {
    week: wholeNumber('Week of the cycle', 1, 8),
    weekday: wholeNumber('Day', 1, 7),
    start_time: timeOfDay('Start'),
    duration_minutes: wholeNumber('Length (minutes)', 15, 720),
    carers_needed: v.pipe(v.union([v.number(), v.string()], 'Choose one carer or two.'), v.transform(Number), v.picklist([1, 2], 'A call needs one carer, or two for a double-up.')),
    tasks: v.optional(v.pipe(v.array(TaskSchema), v.maxLength(40, 'At most 40 tasks a call.')), []),
  },
  objectMessage('call'),
);

/** Step 3: the calls of the weekly pattern (every week of the cycle). */
export const WizardPatternSchema = v.strictObject(
  {
    calls: v.pipe(v.array(WizardCallSchema, 'Add the calls.'), v.minLength(1, 'Add at least one call.'), v.maxLength(84, 'At most 84 calls a package.')),
  },
  objectMessage('weekly pattern'),
);

/** Step 4: the preferred carers of each call, in the order of step 3's calls. */
export const WizardCarersSchema = v.strictObject(
  {
    preferred: v.pipe(
      v.array(
        v.strictObject({ carer_ids: v.pipe(v.array(referenceId('Carer'), 'Choose carers.'), v.maxLength(2, 'Name at most two preferred carers a call.')) }, objectMessage('call’s carers')),
        'Choose the preferred carers.',
      ),
      v.maxLength(84, 'At most 84 calls a package.'),
    ),
  },
  objectMessage('preferred carers'),
);

/** Step 5: the planner has read the check; soft warnings are accepted with it (hard problems still refuse). */
export const WizardCheckSchema = v.strictObject({ accept_warnings: v.literal(true, 'Confirm you have read the warnings.') }, objectMessage('check'));

/** Step 6: nothing to type; publishing is its own action (POST /rostering-drafts/:id/publish). */
export const WizardReviewSchema = v.strictObject({}, objectMessage('review'));

export const WIZARD_STEP_SCHEMAS = {
  1: WizardClientSchema,
  2: WizardPackageSchema,
  3: WizardPatternSchema,
  4: WizardCarersSchema,
  5: WizardCheckSchema,
  6: WizardReviewSchema,
} as const;

export type WizardClientValues = v.InferOutput<typeof WizardClientSchema>;
export type WizardPackageValues = v.InferOutput<typeof WizardPackageSchema>;
export type WizardCallValues = v.InferOutput<typeof WizardCallSchema>;
export type WizardPatternValues = v.InferOutput<typeof WizardPatternSchema>;
export type WizardCarersValues = v.InferOutput<typeof WizardCarersSchema>;

/** One call's verdict at step 5: each preferred carer checked on the first cycle's visit of the call. */
/**
 * Step 5's check of one call over every visit publishing makes: `date` its first; `hard` the preferred carers the
 * rules refuse on every one of its visits (fix them first); `left_unassigned` the visits a preferred carer is
 * refused on some days only (published unassigned, flagged for a planner); `soft` the warnings, once each.
 */
export type WizardCallCheck = { call: number; label: string; date: string; visits?: number; hard: RuleFinding[]; left_unassigned?: { date: string; carer_id: number | null; message: string }[]; soft: RuleFinding[] };
export type WizardCheckResult = {
  checked_at: string;
  calls: WizardCallCheck[];
  hard_count: number;
  soft_count: number;
  hours_planned: number;
  hours_commissioned: number;
  /** Problems of the package as a whole, in words (the client no longer receiving care is hard; hours differing is soft). */
  package_problems: string[];
  package_warnings: string[];
};

/** What a draft keeps, step by step. */
export type WizardData = {
  client?: WizardClientValues;
  package?: WizardPackageValues;
  pattern?: WizardPatternValues;
  carers?: WizardCarersValues;
  check?: WizardCheckResult & { accepted: boolean };
};

export type RosteringDraftRow = {
  id: number;
  client_id: number | null;
  client_name: string | null;
  step_reached: number;
  /** The first step not yet saved (7 when all are; the step to open when coming back). */
  next_step: number;
  data: WizardData;
  updated_at: string;
  published_at: string | null;
  template_id: number | null;
};

export type WizardClientChoice = { id: number; name: string; branch_id: number; branch: string; postcode: string };
export type WizardCarerChoice = { id: number; name: string; gender: string };
export type WizardChoices = { clients: WizardClientChoice[]; funder_codes: { id: number; code: string; name: string }[]; carers: WizardCarerChoice[] };

/** GET /rostering-drafts/:id/steps/:n: the draft, whether the step may be opened yet, and what it shows. */
export type WizardStepAnswer = {
  draft: RosteringDraftRow;
  step: number;
  /** False when an earlier step is not saved yet: open `draft.next_step` instead. */
  reachable: boolean;
  /** The care plan's tasks, to prefill the calls of step 3. */
  care_plan_tasks: VisitTask[];
  /** Step 5: the check as things are now (run on every opening). */
  check: WizardCheckResult | null;
};

export type WizardPublished = { template_id: number; visits_created: number; from: string; to: string; draft: RosteringDraftRow; /** Visits made without a preferred carer the rules refused that day (or with a warning), flagged for a planner. */ needs_attention?: number };

/** Hours a week the pattern plans, averaged over its cycle. */
export function plannedHoursPerWeek(calls: readonly { duration_minutes: number; carers_needed?: number }[], repeatWeeks: number): number {
  const minutes = calls.reduce((sum, call) => sum + call.duration_minutes, 0);
  return Math.round((minutes / 60 / Math.max(1, repeatWeeks)) * 100) / 100;
}

/** A call in words: "Week 1 Monday 08:00 (30 min)". */
export function callLabel(call: { week: number; weekday: number; start_time: string; duration_minutes: number }, repeatWeeks: number): string {
  const day = WEEKDAYS.find((weekday) => weekday.value === call.weekday)?.label ?? `Day ${call.weekday}`;
  return `${repeatWeeks > 1 ? `Week ${call.week} ` : ''}${day} ${call.start_time} (${call.duration_minutes} min)`;
}
