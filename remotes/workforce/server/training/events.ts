import * as v from 'valibot';
import type { PublishedEvent } from '@hcm/server/platform';

// The event workforce writes when what a carer's training means to rostering changes (the outbox:
// server/src/events/outbox.ts): a required course (induction, mandatory or refresher, required of every carer or
// for medication visits: the courses the rota's training rule reads) whose latest completed record has expired,
// renewed, or their medication competence (observed rounds against the setting) gained or lost. Written in the
// transaction of a training record written through the API (./routes.ts), and by the hourly job the day a record
// lapses or a competence check changes (./status.ts), each change once against what was last told
// (carer_training_status). A course never completed (missing) did not lapse and is not part of it: the rota's
// rules refuse such a carer, and a course added to the catalogue does not take every carer off the rota.

const OutOfDateCourseSchema = v.object({
  course_id: v.number(),
  code: v.string(),
  /** The course's name in the catalogue ("Moving and handling of people"). */
  label: v.string(),
  /** all: every visit needs it; medication: only visits with medication. */
  required_for: v.picklist(['all', 'medication']),
  /** The first UK day it is out of date (the day after the last day its record holds). */
  from: v.string(),
});
export type OutOfDateCourse = v.InferOutput<typeof OutOfDateCourseSchema>;

const TrainingStandingSchema = v.object({
  /** The required courses out of date, by course. */
  out_of_date: v.array(OutOfDateCourseSchema),
  /** Whether they may give medication alone (trained and observed competent). */
  medication_competent: v.boolean(),
});
export type TrainingStanding = v.InferOutput<typeof TrainingStandingSchema>;

const CarerTrainingChangedSchema = v.object({
  carer_id: v.number(),
  carer_name: v.string(),
  branch_id: v.number(),
  ...TrainingStandingSchema.entries,
  /** As it was last told. */
  previous: TrainingStandingSchema,
});
export type CarerTrainingChanged = v.InferOutput<typeof CarerTrainingChangedSchema>;

export const CARER_TRAINING_CHANGED: PublishedEvent = {
  type: 'workforce.carer-training.changed',
  payload: CarerTrainingChangedSchema,
  meaning:
    "What a carer's training means to rostering changed: out_of_date lists the required courses (induction, mandatory or refresher; required_for all visits or only medication visits) whose latest completed record has expired, each with its label and from, the first UK day it is out of date; medication_competent whether they may give medication alone. previous: the same as last told. Written when a training record is written and, by an hourly job, on the day a record lapses or a competence check changes; once per change. Courses never completed are not listed.",
};

export const TRAINING_EVENTS: PublishedEvent[] = [CARER_TRAINING_CHANGED];

/** The same standing, whatever the order its courses were listed in. */
const keyOf = (standing: TrainingStanding) =>
  JSON.stringify([
    standing.medication_competent,
    [...standing.out_of_date].sort((a, b) => a.course_id - b.course_id).map((course) => [course.course_id, course.from]),
  ]);

/** Whether rostering must hear of it: a course out of date or back in date (or from another day), competence gained or lost. */
export const standingChanged = (before: TrainingStanding, after: TrainingStanding) => keyOf(before) !== keyOf(after);
