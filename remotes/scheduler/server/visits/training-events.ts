import * as v from 'valibot';
import { and, eq, gte } from 'drizzle-orm';
import type { AreaEventHandler, AreaServerContext, ConsumedEvent, DeliveredEvent, Transaction } from '@hcm/server/platform';
import { visits } from '../tables.js';
import { takeOff } from './carer-events.js';

// The scheduler's reaction to a carer's training lapsing (workforce's workforce.carer-training.changed, written
// with a training record or by workforce's hourly job the day a record lapses). A required course newly out of
// date takes the carer off their visits not yet started from the first day it is out of date: every visit for a
// course required of all carers, only visits with medication for a medication course; a carer who lost their
// medication competence is taken off their visits with medication. Through the same path as a suspension
// (./carer-events.ts takeOff): each visit changed with applyChange, logged with the reason in words and audited,
// and its visit event tells the carer and the branch's online planners. Running again changes nothing: the carer
// is no longer on them. A visit started, done or over stays as it happened. Training renewed or competence
// regained changes no visit: the visits taken are not given back (planners assign them again, the rules judging).

const OutOfDate = v.object({ course_id: v.number(), label: v.string(), required_for: v.picklist(['all', 'medication']), from: v.string() });
const Standing = v.object({ out_of_date: v.array(OutOfDate), medication_competent: v.boolean() });
const CarerTrainingChanged = v.object({ carer_id: v.number(), carer_name: v.string(), ...Standing.entries, previous: Standing });
type Course = v.InferOutput<typeof OutOfDate>;

export const CARER_TRAINING_CHANGED = 'workforce.carer-training.changed';

export const TRAINING_EVENTS_CONSUMED: ConsumedEvent[] = [{ type: CARER_TRAINING_CHANGED, payload: CarerTrainingChanged }];

/** A UK day in words, as the rules say it: 2 Dec 2026. */
const dayWords = (day: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/** "Moving and handling of people lapsed on 25 Nov 2026; Fire safety lapsed on 20 Nov 2026". */
const lapses = (courses: readonly Course[]) => courses.map((course) => `${course.label} lapsed on ${dayWords(course.from)}`).join('; ');

/** The first day any of these courses is out of date. */
const firstDay = (courses: readonly Course[]) => courses.map((course) => course.from).sort()[0]!;

/** What the visits' log says: "Aisha Bello’s mandatory training is out of date: Fire safety lapsed on 25 Nov 2026. They cannot work on this visit." */
export function trainingReason(name: string, kind: 'mandatory' | 'medication', courses: readonly Course[]): string {
  return `${name}’s ${kind} training is out of date: ${lapses(courses)}. They cannot work on this visit.`;
}

async function takeCarerOffForTraining(event: DeliveredEvent, tx: Transaction) {
  const change = v.parse(CarerTrainingChanged, event.payload);
  const carer = { carer_id: change.carer_id, carer_name: change.carer_name };
  // Newly out of date: not told before, or told as out of date from another day (renewed, then lapsed again).
  const told = new Set(change.previous.out_of_date.map((course) => `${course.course_id}:${course.from}`));
  const lapsed = change.out_of_date.filter((course) => !told.has(`${course.course_id}:${course.from}`));
  const everyVisit = lapsed.filter((course) => course.required_for === 'all');
  const medicationVisits = lapsed.filter((course) => course.required_for === 'medication');
  if (everyVisit.length) {
    await takeOff(event, tx, carer, gte(visits.visit_date, firstDay(everyVisit)), {
      summary: `mandatory training lapsed (${everyVisit.map((course) => course.label).join(', ')})`,
      reason: trainingReason(change.carer_name, 'mandatory', everyVisit),
    });
  }
  if (medicationVisits.length) {
    await takeOff(event, tx, carer, and(eq(visits.requires_medication, true), gte(visits.visit_date, firstDay(medicationVisits))), {
      summary: `medication training lapsed (${medicationVisits.map((course) => course.label).join(', ')})`,
      reason: trainingReason(change.carer_name, 'medication', medicationVisits),
    });
  }
  if (change.previous.medication_competent && !change.medication_competent) {
    await takeOff(event, tx, carer, eq(visits.requires_medication, true), {
      summary: 'medication competence lost',
      reason: `${change.carer_name} is no longer assessed competent to give medication: they cannot work on a visit with medication.`,
    });
  }
}

export const TRAINING_EVENT_HANDLERS: AreaEventHandler<AreaServerContext>[] = [
  { name: 'carer-training-takes-carer-off-visits', handles: [CARER_TRAINING_CHANGED], handle: takeCarerOffForTraining },
];
