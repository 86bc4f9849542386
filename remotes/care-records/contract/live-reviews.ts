import * as v from 'valibot';
import { optionalText, type Choice } from '@hcm/contract/engine';

// What the records say is due (live-events/clients/assessment-alerts, logbook-audit, re-ablement,
// re-ablement-overdue): the rules, the office's "mark audited" form, and the rows the lists answer. One schema
// for the form and the server.

// ---------------------------------------------------------------- assessment alerts

/** UK practice (CQC regulation 9, NICE NG21): an assessment is reviewed at least every 12 months, sooner when its own interval or a change says so. */
export const REVIEW_AT_LEAST_MONTHS = 12;
/** "Due within" days when the filter does not say. */
export const DEFAULT_DUE_WITHIN_DAYS = 14;
export const MAX_DUE_WITHIN_DAYS = 365;

/** The record documents that are assessments: the risk assessments' group plus these of other groups. */
export const OTHER_ASSESSMENT_KINDS = ['medication-assessment', 'assessment-report'] as const;

export const ASSESSMENT_ALERTS = [
  { value: 'overdue', label: 'Overdue for review' },
  { value: 'due', label: 'Review due soon' },
  { value: 'never-done', label: 'Never done' },
  { value: 'sign-off', label: 'Awaiting sign-off' },
] as const satisfies readonly Choice[];
export type AssessmentAlert = (typeof ASSESSMENT_ALERTS)[number]['value'];

/**
 * Assessments an active client must have: some always (a general and a home environment risk assessment before
 * care starts), others when the current support plan says carers help with that need.
 */
export const REQUIRED_ASSESSMENTS: readonly { kind: string; reason: string; when?: { field: string; values: readonly string[] } }[] = [
  { kind: 'risk-assessment', reason: 'Every client receiving care' },
  { kind: 'environmental-risk', reason: 'Every client receiving care (the home)' },
  { kind: 'falls-risk-assessment', reason: 'The support plan has help with mobility', when: { field: 'mobility_support', values: ['prompt', 'some-help', 'full-help'] } },
  { kind: 'pressure-area-assessment', reason: 'The support plan has help with skin and pressure care', when: { field: 'skin_support', values: ['prompt', 'some-help', 'full-help'] } },
  { kind: 'nutrition', reason: 'The support plan has help with eating and drinking', when: { field: 'nutrition_support', values: ['prompt', 'some-help', 'full-help'] } },
  { kind: 'medication-assessment', reason: 'The support plan has carers prompting, assisting or giving medicines', when: { field: 'medication_support', values: ['prompt', 'assist', 'administer'] } },
];

export type AssessmentAlertRow = {
  /** alert + document (or client and kind for "never done"): unique within the list. */
  key: string;
  alert: AssessmentAlert;
  client_id: number;
  client_name: string;
  branch_id: number | null;
  document_id: number | null;
  kind: string;
  title: string;
  /** The record's tab: /app/clients/:id/<tab>. */
  tab: string;
  version: number | null;
  last_reviewed: string | null;
  due_date: string | null;
  /** Positive when overdue, 0 on the day, negative while still to come; null for "never done" and sign-off. */
  days_overdue: number | null;
  /** Why: the rule that raised it (e.g. why the assessment is required). */
  reason: string;
};

// ---------------------------------------------------------------- log book (care notes) audit

/** Notes shorter than this many characters say too little to show the care given. */
export const SHORT_NOTE_CHARS = 40;
/** A note written this many hours after its planned call is late. */
export const LATE_NOTE_HOURS = 4;
/** Words that may mean a safeguarding matter (abuse, neglect, injury): the office reads these notes first. */
export const SAFEGUARDING_WORDS = [
  'bruise', 'bruising', 'injury', 'injured', 'fell', 'fall', 'hit', 'slapped', 'shouted', 'scared', 'frightened', 'afraid', 'money missing',
  'missing money', 'neglect', 'abuse', 'unexplained', 'burn', 'blood', 'police', 'safeguarding', 'threat', 'locked in', 'no food',
] as const;

export const NOTE_FLAGS = [
  { value: 'concern', label: 'Incident or concern' },
  { value: 'safeguarding', label: 'Safeguarding words' },
  { value: 'short', label: 'Short note' },
  { value: 'late', label: 'Written late' },
] as const satisfies readonly Choice[];
export type NoteFlag = (typeof NOTE_FLAGS)[number]['value'];

export const NOTE_AUDIT_OUTCOMES = [
  { value: 'satisfactory', label: 'Satisfactory' },
  { value: 'feedback-given', label: 'Feedback given to the carer' },
  { value: 'care-plan-updated', label: 'Care plan updated' },
  { value: 'escalated', label: 'Escalated (safeguarding or manager)' },
  { value: 'training-needed', label: 'Training or supervision needed' },
] as const satisfies readonly Choice[];
export type NoteAuditOutcome = (typeof NOTE_AUDIT_OUTCOMES)[number]['value'];

const outcomeValues = NOTE_AUDIT_OUTCOMES.map((outcome) => outcome.value) as [NoteAuditOutcome, ...NoteAuditOutcome[]];

/** The office's audit of one note: a comment is needed unless the note was satisfactory. */
export const NoteAuditSchema = v.pipe(
  v.strictObject(
    {
      outcome: v.picklist(outcomeValues, 'Choose the outcome of the audit.'),
      comment: optionalText('Comment', 2000),
    },
    (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of an audit.` : 'Send the audit as a JSON object.'),
  ),
  v.forward(
    v.check((values) => values.outcome === 'satisfactory' || values.comment.trim().length > 0, 'Say what was found and done.'),
    ['comment'],
  ),
);
export type NoteAuditValues = v.InferOutput<typeof NoteAuditSchema>;

export type LogbookNoteRow = {
  id: number;
  client_id: number;
  client_name: string;
  branch_id: number | null;
  category: string;
  category_label: string;
  visit_date: string;
  planned_time: string;
  written_at: string;
  author_name: string;
  note: string;
  concern: boolean;
  flags: NoteFlag[];
  audit: { outcome: NoteAuditOutcome; comment: string; audited_by_name: string; audited_at: string } | null;
};

/** Unaudited notes of a client in a week (Monday to Sunday). */
export type LogbookWeekRow = {
  client_id: number;
  client_name: string;
  branch_id: number | null;
  week_start: string;
  notes: number;
  flagged: number;
  concerns: number;
  first_written: string;
};

// ---------------------------------------------------------------- reablement

/** Reablement usually lasts up to six weeks (free under the Care Act 2014 intermediate care rules). */
export const REABLEMENT_WEEKS = 6;

export const REABLEMENT_STATES = [
  { value: 'open', label: 'In progress' },
  { value: 'closed', label: 'Closed with an outcome' },
] as const satisfies readonly Choice[];

export type ReablementRow = {
  document_id: number;
  client_id: number;
  client_name: string;
  branch_id: number | null;
  status: string;
  start_date: string | null;
  planned_end: string | null;
  therapist: string;
  goals: number;
  goals_achieved: number;
  /** The newest weekly review: "Week 3 (12 May): walking to the shop with a stick". */
  latest_progress: string;
  outcome: string;
  outcome_label: string;
  ended_on: string | null;
  /** Days until the planned end (negative once past it). */
  days_left: number | null;
  days_overdue: number | null;
};
