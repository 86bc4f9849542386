import * as v from 'valibot';
import { MAX_ID, optionalText, requiredText, type Choice } from '@hcm/contract/engine';

// What carers report from a visit (incidents, falls, hazards in the home) and what families tell them (comments,
// complaints, compliments, concerns), and the office's review and acknowledgement: one schema for the device's
// body and the office's forms, read by the API and the screens alike.

/** A choice list's values as a picklist's options, typed as the values themselves. */
const choiceValues = <C extends readonly Choice[]>(choices: C) => choices.map((choice) => choice.value) as [C[number]['value'], ...C[number]['value'][]];
const objectMessage = (what: string) => (issue: { expected: string | null; received: string }) =>
  issue.expected === 'never' ? `${String(issue.received)} is not a field of ${what}.` : `Send ${what} as a JSON object.`;

export const INCIDENT_KINDS = [
  { value: 'fall', label: 'Fall' },
  { value: 'hazard', label: 'Hazard in the home' },
  { value: 'injury', label: 'Injury (not a fall)' },
  { value: 'safeguarding-concern', label: 'Safeguarding concern' },
  { value: 'behaviour', label: 'Behaviour that challenges' },
  { value: 'property-damage', label: 'Damage to property' },
  { value: 'near-miss', label: 'Near miss' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Choice[];
export type IncidentKind = (typeof INCIDENT_KINDS)[number]['value'];

/** Kinds the office must see at once: pushed live to online readers when reported. */
export const URGENT_INCIDENT_KINDS: readonly IncidentKind[] = ['fall', 'safeguarding-concern'];

export const HAZARD_RISK_LEVELS = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
] as const satisfies readonly Choice[];

/** Where an injury was seen on the body (the body map of a fall or an injury). */
export const BODY_SITES = [
  { value: 'head', label: 'Head' },
  { value: 'face', label: 'Face' },
  { value: 'neck', label: 'Neck' },
  { value: 'chest', label: 'Chest' },
  { value: 'abdomen', label: 'Abdomen' },
  { value: 'back', label: 'Back' },
  { value: 'left-arm', label: 'Left arm' },
  { value: 'right-arm', label: 'Right arm' },
  { value: 'left-hand', label: 'Left hand' },
  { value: 'right-hand', label: 'Right hand' },
  { value: 'left-hip', label: 'Left hip' },
  { value: 'right-hip', label: 'Right hip' },
  { value: 'left-leg', label: 'Left leg' },
  { value: 'right-leg', label: 'Right leg' },
  { value: 'left-foot', label: 'Left foot' },
  { value: 'right-foot', label: 'Right foot' },
] as const satisfies readonly Choice[];

/** What a manager concludes on reviewing an incident. */
export const REVIEW_OUTCOMES = [
  { value: 'no-further-action', label: 'No further action' },
  { value: 'care-plan-updated', label: 'Care plan updated' },
  { value: 'risk-assessment-updated', label: 'Risk assessment updated' },
  { value: 'health-professional-informed', label: 'GP or district nurse informed' },
  { value: 'family-informed', label: 'Family informed' },
  { value: 'safeguarding-referral', label: 'Referred to the local authority (safeguarding)' },
  { value: 'cqc-notified', label: 'CQC notified' },
  { value: 'hazard-removed', label: 'Hazard removed or made safe' },
] as const satisfies readonly Choice[];

export const INCIDENT_STATES = [
  { value: 'open', label: 'Awaiting review' },
  { value: 'reviewed', label: 'Reviewed' },
] as const satisfies readonly Choice[];
export type IncidentState = (typeof INCIDENT_STATES)[number]['value'];

export const FEEDBACK_KINDS = [
  { value: 'comment', label: 'Comment' },
  { value: 'complaint', label: 'Complaint' },
  { value: 'compliment', label: 'Compliment' },
  { value: 'concern', label: 'Concern' },
] as const satisfies readonly Choice[];
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number]['value'];

export const FEEDBACK_STATES = [
  { value: 'open', label: 'Not yet acknowledged' },
  { value: 'acknowledged', label: 'Acknowledged' },
] as const satisfies readonly Choice[];
export type FeedbackState = (typeof FEEDBACK_STATES)[number]['value'];

// ---------------------------------------------------------------- what the device sends

/** An instant with its offset, as the device's clock read it (the server checks it is neither future nor stale). */
const deviceTime = (label: string) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/, `${label} must be a date-time with its offset, like 2026-03-01T09:30:00Z.`),
  );

const flag = (question: string) => v.boolean(`Answer yes or no: ${question}`);

export const FallDetailsSchema = v.strictObject(
  {
    found_on_floor: flag('found on the floor?'),
    witnessed: flag('was the fall witnessed?'),
    injured: flag('any injury seen?'),
    injury_sites: v.optional(v.array(v.picklist(choiceValues(BODY_SITES), 'Choose body sites from the list.'), 'Choose body sites from the list.'), []),
    head_injury: flag('a head injury?'),
    ambulance_called: flag('was an ambulance called?'),
    able_to_get_up: flag('able to get up (with help)?'),
  },
  objectMessage('the fall’s details'),
);
export type FallDetails = v.InferOutput<typeof FallDetailsSchema>;

export const HazardDetailsSchema = v.strictObject(
  {
    location: requiredText('Where in the home', 200),
    risk_level: v.picklist(choiceValues(HAZARD_RISK_LEVELS), 'Choose the risk: low, medium or high.'),
    removed: flag('was the hazard removed or made safe at the visit?'),
  },
  objectMessage('the hazard’s details'),
);
export type HazardDetails = v.InferOutput<typeof HazardDetailsSchema>;

const visitId = v.optional(
  v.nullable(v.pipe(v.number('The visit must be a visit id.'), v.integer('The visit must be a visit id.'), v.minValue(1, 'The visit must be a visit id.'), v.maxValue(MAX_ID, 'The visit must be a visit id.'))),
  null,
);

export const IncidentReportSchema = v.pipe(
  v.strictObject(
    {
      kind: v.picklist(choiceValues(INCIDENT_KINDS), 'Choose what kind of incident it was.'),
      happened_at: deviceTime('When it happened'),
      visit_id: visitId,
      description: requiredText('What happened', 4000),
      injuries: optionalText('Injuries', 2000),
      action_taken: requiredText('Action taken', 2000),
      body_map: v.optional(v.nullable(FallDetailsSchema), null),
      hazard: v.optional(v.nullable(HazardDetailsSchema), null),
    },
    objectMessage('an incident'),
  ),
  v.forward(v.partialCheck([['kind'], ['body_map']], (report) => report.kind !== 'fall' || report.body_map !== null, 'Record the fall’s details: found on the floor, witnessed, injuries, ambulance, able to get up, head injury.'), ['body_map']),
  v.forward(v.partialCheck([['kind'], ['hazard']], (report) => report.kind !== 'hazard' || report.hazard !== null, 'Record where the hazard is, its risk and whether it was removed.'), ['hazard']),
  v.forward(v.partialCheck([['kind'], ['hazard']], (report) => report.kind === 'hazard' || report.hazard === null, 'Hazard details belong to a hazard report only.'), ['hazard']),
);
export type IncidentReport = v.InferOutput<typeof IncidentReportSchema>;

export const FamilyFeedbackSchema = v.strictObject(
  {
    from: requiredText('Who said it (their relation to the client)', 120),
    kind: v.picklist(choiceValues(FEEDBACK_KINDS), 'Choose comment, complaint, compliment or concern.'),
    text: requiredText('What they said', 4000),
    recorded_at: v.optional(deviceTime('When it was said')),
  },
  objectMessage('family feedback'),
);
export type FamilyFeedbackReport = v.InferOutput<typeof FamilyFeedbackSchema>;

// ---------------------------------------------------------------- what the office sends

export const IncidentReviewSchema = v.strictObject(
  {
    outcome: v.picklist(choiceValues(REVIEW_OUTCOMES), 'Choose the outcome of the review.'),
    note: requiredText('Review note', 2000),
    escalate_to_quality: v.optional(v.boolean('Answer yes or no: raise it with quality assurance?'), false),
  },
  objectMessage('a review'),
);
export type IncidentReviewValues = v.InferOutput<typeof IncidentReviewSchema>;

export const FeedbackAcknowledgeSchema = v.strictObject({ response: requiredText('Response', 2000) }, objectMessage('an acknowledgement'));
export type FeedbackAcknowledgeValues = v.InferOutput<typeof FeedbackAcknowledgeSchema>;

// ---------------------------------------------------------------- what the lists answer

export type IncidentRow = {
  id: number;
  client_id: number;
  client_name: string;
  branch_id: number | null;
  branch_name: string;
  carer_id: number | null;
  carer_name: string;
  kind: IncidentKind;
  happened_at: string;
  received_at: string;
  visit_id: number | null;
  description: string;
  injuries: string;
  action_taken: string;
  body_map: FallDetails | null;
  hazard: HazardDetails | null;
  state: IncidentState;
  reviewed_at: string | null;
  reviewed_by_name: string;
  review_outcome: string;
  review_note: string;
  escalate_to_quality: boolean;
};

export type FamilyFeedbackRow = {
  id: number;
  client_id: number;
  client_name: string;
  branch_id: number | null;
  branch_name: string;
  carer_id: number | null;
  carer_name: string;
  from: string;
  kind: FeedbackKind;
  text: string;
  recorded_at: string;
  received_at: string;
  state: FeedbackState;
  acknowledged_at: string | null;
  acknowledged_by_name: string;
  response: string;
};

/** The columns each list sorts by (the API accepts only these). */
export const INCIDENT_SORTS = ['happened_at', 'client_name', 'carer_name', 'kind', 'state'] as const;
export const FEEDBACK_SORTS = ['recorded_at', 'client_name', 'carer_name', 'kind', 'state'] as const;

/** The live-events lists of this part (under /api/v1/live-events/). */
export const LIVE_INCIDENT_LISTS = {
  incidents: 'api/v1/live-events/incidents',
  falls: 'api/v1/live-events/client-falls',
  hazards: 'api/v1/live-events/hazards',
  feedback: 'api/v1/live-events/family-feedback',
  complaintsCompliments: 'api/v1/live-events/family-feedback-complaint-compliment',
} as const;

/** The area event pushed when a fall or a safeguarding concern is reported (area 'care-records'). */
export const INCIDENTS_TOPIC = 'incidents';
export type IncidentReported = { id: number; client_id: number; kind: IncidentKind; happened_at: string };
