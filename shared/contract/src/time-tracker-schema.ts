import * as v from 'valibot';
import { TRACKER_EVENT_TYPES, TRACKER_MODULES, TRACKER_TARGET_TYPES } from './time-tracker.js';
import { MAX_ID, objectMessage } from './validation.js';

// The one validation of the tracker task (spec §7), applied by the server to every start, mid and stop.

const positiveId = (message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(MAX_ID, message));

export const TrackableDataSchema = v.strictObject(
  {
    event_type: v.picklist(TRACKER_EVENT_TYPES, `Choose one of ${TRACKER_EVENT_TYPES.join(', ')}.`),
    target_type: v.picklist(TRACKER_TARGET_TYPES, `Choose one of ${TRACKER_TARGET_TYPES.join(', ')}.`),
    target_id: positiveId('Give the id of the record being timed.'),
    reference: v.pipe(v.string('Send the reference as text.'), v.trim(), v.maxLength(200, 'Keep the reference to 200 characters.')),
  },
  objectMessage('trackable data'),
);

/** POST /api/v1/time-tracker/{module}/{start|mid|stop}. */
export const TrackerTaskSchema = v.strictObject(
  {
    module: v.picklist(TRACKER_MODULES, `Choose one of ${TRACKER_MODULES.join(', ')}.`),
    timestamp: v.pipe(v.string('Send the time as an ISO 8601 text.'), v.isoTimestamp('Send the time as an ISO 8601 text.')),
    duration: v.pipe(v.number('Send the duration in seconds.'), v.integer('Send whole seconds.'), v.minValue(0, 'The duration cannot be negative.'), v.maxValue(MAX_ID, 'The duration is too long.')),
    page_title: v.pipe(v.string('Send the page title as text.'), v.maxLength(200, 'Keep the page title to 200 characters.')),
    target_reference_entity_id: positiveId('Give the id of the record the timed work belongs to.'),
    trackable: TrackableDataSchema,
  },
  objectMessage('tracker task'),
);
export type TrackerTaskInput = v.InferInput<typeof TrackerTaskSchema>;
