import * as v from 'valibot';
import { isoDate, objectMessage, optionalText, referenceId, timeOfDay, wholeNumber } from '@hcm/contract/engine';

// The office planner: assessments, reviews and re-assessments of clients, done by office staff (the assessor is
// a user), listed and shown on a month calendar, and timed with the time tracker's OFFICE_PLANNER module.

export const ASSESSMENT_KINDS = [
  { value: 'assessment', label: 'Assessment' },
  { value: 'review', label: 'Review' },
  { value: 're-assessment', label: 'Re-assessment' },
] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number]['value'];

export const ASSESSMENT_STATUSES = [
  { value: 'planned', label: 'Planned' },
  { value: 'done', label: 'Done' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number]['value'];

export const AssessmentVisitSchema = v.strictObject(
  {
    client_id: referenceId('Client'),
    kind: v.picklist(['assessment', 'review', 're-assessment'], 'Choose the kind of visit.'),
    assessor_id: referenceId('Assessor'),
    date: isoDate('Date'),
    start_time: timeOfDay('Start time'),
    duration_minutes: wholeNumber('Duration (minutes)', 15, 480),
    location: optionalText('Location', 200),
    status: v.optional(v.picklist(['planned', 'done', 'cancelled'], 'Choose a status.'), 'planned'),
    outcome: optionalText('Outcome notes', 4000),
    version: v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer('Send the version.'), v.minValue(1, 'Send the version.'))),
  },
  objectMessage('assessment visit'),
);
export type AssessmentVisitInput = v.InferInput<typeof AssessmentVisitSchema>;
export type AssessmentVisitValues = v.InferOutput<typeof AssessmentVisitSchema>;

export type AssessmentVisitRow = {
  id: number;
  branch_id: number;
  branch: string;
  client_id: number;
  client_name: string;
  kind: AssessmentKind;
  assessor_id: number;
  assessor_name: string;
  date: string;
  start_time: string;
  duration_minutes: number;
  location: string;
  status: AssessmentStatus;
  outcome: string;
  version: number;
  updated_at: string;
};

export type AssessmentChoices = { clients: { id: number; name: string; branch: string }[]; assessors: { id: number; name: string }[] };

/** A care plan or assessment review to book with a client (care-records announced it falling due). */
export type ReviewToBookRow = {
  id: number;
  client_id: number;
  client_name: string;
  branch_id: number;
  document_id: number;
  /** The record document's kind and title as the client's record names it. */
  kind: string;
  title: string;
  /** The UK day the review is due, and whether it has passed. */
  due_on: string;
  overdue: boolean;
};
