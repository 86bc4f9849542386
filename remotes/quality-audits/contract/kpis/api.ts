import * as v from 'valibot';
import { isCalendarDate, isoDate, objectMessage, optionalText, requiredText } from '@hcm/contract/engine';
import type { BurFigures, CqmFigures, HdsFigures, RecruitmentFigures } from './formulas.js';

// What the KPI API takes (schemas, shared by the server and the forms) and answers (shapes). Routes under
// /api/v1/kpis (README.kpis.md).

export const MAX_PERIOD_DAYS = 400;

const branchId = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.minLength(1, 'Choose a branch.'))], 'Choose a branch.'),
  v.transform(Number),
  v.integer('Choose a branch.'),
  v.minValue(1, 'Choose a branch.'),
  v.maxValue(2_147_483_647, 'Choose a branch.'),
);

const month = v.pipe(v.string('Month is required.'), v.trim(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be a month (YYYY-MM).'));

const dayCount = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** POST /kpis/recruitment/reports: save the recruitment funnel of a period and branch, computed now. */
export const RecruitmentReportSchema = v.pipe(
  v.strictObject(
    {
      branch_id: branchId,
      from: isoDate('From'),
      to: isoDate('To'),
      title: optionalText('Title', 120),
    },
    objectMessage('recruitment KPI report'),
  ),
  v.forward(
    v.partialCheck([['from'], ['to']], (input) => !isCalendarDate(input.from) || !isCalendarDate(input.to) || input.to >= input.from, 'To must be on or after From.'),
    ['to'],
  ),
  v.forward(
    v.partialCheck([['from'], ['to']], (input) => !isCalendarDate(input.from) || !isCalendarDate(input.to) || dayCount(input.from, input.to) <= MAX_PERIOD_DAYS, `A period is at most ${MAX_PERIOD_DAYS} days.`),
    ['to'],
  ),
);
export type RecruitmentReportInput = v.InferInput<typeof RecruitmentReportSchema>;

export const BUR_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'final', label: 'Final' },
] as const;
export type BurStatus = (typeof BUR_STATUSES)[number]['value'];

export const BurActionSchema = v.strictObject(
  {
    action: requiredText('Action', 500),
    owner: requiredText('Owner', 120),
    due_on: isoDate('Due date'),
  },
  objectMessage('action'),
);

const burFields = {
  commentary: optionalText('Commentary', 8000),
  actions: v.optional(v.pipe(v.array(BurActionSchema, 'Send the actions as a list.'), v.maxLength(30, 'At most 30 actions.')), []),
  status: v.picklist(['draft', 'final'], 'Choose draft or final.'),
};

/** POST /kpis/bur: a branch's monthly review; its figures are computed when it is made. */
export const BurCreateSchema = v.strictObject({ branch_id: branchId, month, ...burFields }, objectMessage('branch utilisation review'));
export type BurCreateInput = v.InferInput<typeof BurCreateSchema>;

/** PUT /kpis/bur/:id: the manager's part (figures stay as made), with the version the editor saw. */
export const BurUpdateSchema = v.strictObject(
  {
    version: v.pipe(v.union([v.number(), v.string()], 'Send the version.'), v.transform(Number), v.integer('Send the version.'), v.minValue(1, 'Send the version.')),
    ...burFields,
    /** Work the figures out again from the data as it is now. */
    recompute: v.optional(v.boolean('Choose yes or no.'), false),
  },
  objectMessage('branch utilisation review'),
);
export type BurUpdateInput = v.InferInput<typeof BurUpdateSchema>;

// ---- what the API answers

export type Period = { from: string; to: string };

export type HdsRow = { branch_id: number; branch_name: string; funder: string; period_start: string; figures: HdsFigures };
export type HdsAnswer = Period & { group: 'week' | 'month'; rows: HdsRow[]; totals: HdsFigures; definitions_version: string };

export type CqmRow = { branch_id: number | null; branch_name: string; punctuality_minutes: number; figures: CqmFigures };
export type CqmAnswer = Period & { rows: CqmRow[]; definitions_version: string };

export type RecruitmentReport = {
  id: number;
  branch_id: number;
  branch_name: string;
  title: string;
  from: string;
  to: string;
  figures: RecruitmentFigures;
  definitions_version: string;
  created_by_name: string;
  created_at: string;
};

export type BurAction = { action: string; owner: string; due_on: string };
export type BurReview = {
  id: number;
  branch_id: number;
  branch_name: string;
  month: string;
  figures: BurFigures;
  definitions_version: string;
  commentary: string;
  actions: BurAction[];
  status: BurStatus;
  version: number;
  created_by_name: string;
  created_at: string;
  updated_by_name: string;
  updated_at: string;
};

/** The first and last day of a month 'YYYY-MM'. */
export function monthBounds(value: string): Period {
  const [year, monthNumber] = value.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${value}-01`, to: `${value}-${String(last).padStart(2, '0')}` };
}
