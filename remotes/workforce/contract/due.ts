import { addDays } from '@hcm/contract/time';
import type { Page } from '@hcm/contract';

// Supervisions, spot checks and appraisals due (DOMAIN.md, "Carer file"): each recurring document is due a
// settings-driven interval after the last one (its own date: supervision_date, check_date, appraisal_date),
// or after the person's start date when there has never been one. Served at /api/v1/carers/due and
// /api/v1/employees/due; shown at /app/carers/due and /app/employees/due.

export type DueOwner = 'carers' | 'employees';

export type DueKind = 'supervisions' | 'spot-check' | 'annual-appraisal';

export type DueKindSpec = {
  kind: DueKind;
  /** Plural, for headings and filters. */
  label: string;
  /** The record documents that count (an employee's newer supervision form counts as a supervision). */
  documents: readonly string[];
  /** The content field holding the document's own date (its created day when empty). */
  dateField: string;
  /** The content field holding the next one's date as the form planned it: when given, it is the next due date. */
  nextField?: string;
  /** Whose files have it. */
  owners: readonly DueOwner[];
  /** The global setting of the interval, its unit and the default when the setting is absent. */
  setting: { key: string; unit: 'weeks' | 'months'; default: number };
};

export const DUE_KINDS: readonly DueKindSpec[] = [
  {
    kind: 'supervisions',
    label: 'Supervisions',
    documents: ['supervisions', 'supervisions-new'],
    dateField: 'supervision_date',
    nextField: 'next_supervision',
    owners: ['carers', 'employees'],
    setting: { key: 'supervision_interval_weeks', unit: 'weeks', default: 8 },
  },
  {
    kind: 'spot-check',
    label: 'Spot checks',
    documents: ['spot-check'],
    dateField: 'check_date',
    owners: ['carers'],
    setting: { key: 'spot_check_interval_months', unit: 'months', default: 3 },
  },
  {
    kind: 'annual-appraisal',
    label: 'Annual appraisals',
    documents: ['annual-appraisal'],
    dateField: 'appraisal_date',
    nextField: 'next_appraisal',
    owners: ['carers', 'employees'],
    setting: { key: 'appraisal_interval_months', unit: 'months', default: 12 },
  },
];

export const dueKindsOf = (owner: DueOwner) => DUE_KINDS.filter((spec) => spec.owners.includes(owner));

/** Overdue: the due date has passed; due: within DUE_SOON_DAYS; upcoming: later. */
export type DueState = 'overdue' | 'due' | 'upcoming';

/** How many days ahead counts as due (as the record documents' reviews). */
export const DUE_SOON_DAYS = 14;

export const DUE_STATES: readonly { value: DueState; label: string }[] = [
  { value: 'overdue', label: 'Overdue' },
  { value: 'due', label: `Due within ${DUE_SOON_DAYS} days` },
  { value: 'upcoming', label: 'Not due yet' },
];

/** The list's state filter: 'all' shows everyone, upcoming included; the others one state. */
export const DUE_FILTERS = [
  { value: 'all', label: 'Everyone' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'due', label: `Due within ${DUE_SOON_DAYS} days` },
] as const;
export type DueFilter = (typeof DUE_FILTERS)[number]['value'];

export type DueRow = {
  /** The carer's or employee's id. */
  id: number;
  name: string;
  branch_id: number;
  branch: string;
  start_date: string | null;
  kind: DueKind;
  /** The date of the last supervision (spot check, appraisal), null when there has never been one. */
  last_date: string | null;
  last_document_id: number | null;
  /** When the next one is due (YYYY-MM-DD). */
  next_due: string;
  state: DueState;
  /** Days past the due date (0 unless overdue). */
  days_overdue: number;
  never_done: boolean;
};

export type DueList = Page<DueRow> & {
  kind: DueKind;
  /** Every person of the list (before the state filter and paging) by state. */
  counts: Record<DueState, number> & { never_done: number };
  interval: { every: number; unit: 'weeks' | 'months' };
};

/** The UK calendar's day arithmetic, from the one date module. */
export { addDays };

/** A YYYY-MM-DD day plus whole months, on the month's last day when it has no such day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, last));
  return target.toISOString().slice(0, 10);
}

/** Days from one YYYY-MM-DD day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * When the next one falls due, and its state on `today`: the one rule of the due lists. The date the last one's
 * form planned for the next (`planned`, e.g. its "Next supervision") wins when given; otherwise the interval after
 * the last one (or after the start date when there has never been one).
 */
export function dueOf(lastOrStart: string, interval: { every: number; unit: 'weeks' | 'months' }, today: string, planned: string | null = null): { next_due: string; state: DueState; days_overdue: number } {
  const next = planned ?? (interval.unit === 'weeks' ? addDays(lastOrStart, interval.every * 7) : addMonths(lastOrStart, interval.every));
  const days = daysBetween(today, next);
  const state: DueState = days < 0 ? 'overdue' : days <= DUE_SOON_DAYS ? 'due' : 'upcoming';
  return { next_due: next, state, days_overdue: days < 0 ? -days : 0 };
}
