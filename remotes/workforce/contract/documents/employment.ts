import type { DocumentField, DocumentOption, DocumentResult, DocumentValues, ResultLevel } from '@hcm/contract/documents';
import { defineStaffDocument, type StaffDocument } from './types.js';

// Supervision and conduct (../record-tabs.ts, "Supervision and conduct"): supervisions and spot checks (CQC's
// well-led and safe questions: Regulation 18, staff supported with supervision and appraisal), annual appraisals,
// return-to-work interviews, discussion notes, complaints about and compliments for the worker; and the office
// employee's probation reviews, the shorter supervision form and their one document of pre-employment checks.
// The due lists (../due.ts) read each recurring document's own date: supervision_date, check_date, appraisal_date.

const signed = (key: string, label: string, hint?: string): DocumentField => ({ key, label, kind: 'signature', required: true, hint });

const ACTIONS: DocumentField = {
  key: 'actions',
  label: 'Actions agreed',
  kind: 'rows',
  columns: [
    { key: 'action', label: 'Action', kind: 'long-text', required: true, maxLength: 1000 },
    { key: 'owner', label: 'Who', kind: 'text', required: true, maxLength: 120 },
    { key: 'due', label: 'By when', kind: 'date', required: true },
    { key: 'done', label: 'Done', kind: 'yes-no' },
  ],
};

const WELLBEING: DocumentOption[] = [
  { value: 'good', label: 'Good' },
  { value: 'ok', label: 'Managing' },
  { value: 'struggling', label: 'Struggling: support offered' },
];

// ——— Supervision

const supervisions = defineStaffDocument({
  name: 'supervisions',
  title: 'Supervision',
  description: 'A one-to-one supervision: wellbeing, caseload, practice, training, concerns and safeguarding, with actions and the next date. Due every few weeks (setting supervision_interval_weeks).',
  multiple: true,
  sections: [
    {
      key: 'about',
      title: 'The supervision',
      fields: [
        { key: 'supervision_date', label: 'Date', kind: 'date', required: true },
        { key: 'supervisor', label: 'Supervisor', kind: 'text', required: true, maxLength: 120 },
        { key: 'format', label: 'Held', kind: 'choice', required: true, options: [{ value: 'office', label: 'In the office' }, { value: 'community', label: 'In the community' }, { value: 'video', label: 'Video call' }, { value: 'phone', label: 'Phone' }, { value: 'group', label: 'Group supervision' }] },
        { key: 'previous_actions', label: 'Actions from the last supervision reviewed', kind: 'long-text', maxLength: 2000 },
      ],
    },
    {
      key: 'wellbeing',
      title: 'Wellbeing',
      fields: [
        { key: 'wellbeing', label: 'How they are', kind: 'choice', required: true, options: WELLBEING },
        { key: 'wellbeing_notes', label: 'Notes (workload, stress, life outside work they wish to share)', kind: 'long-text', maxLength: 3000 },
        { key: 'hours_ok', label: 'Happy with their hours and rota', kind: 'yes-no', required: true },
      ],
    },
    {
      key: 'practice',
      title: 'Caseload and practice',
      fields: [
        { key: 'caseload', label: 'Clients and visits discussed', kind: 'long-text', required: true, maxLength: 4000, hint: 'Use initials for clients.' },
        { key: 'practice_went_well', label: 'What went well', kind: 'long-text', maxLength: 3000 },
        { key: 'practice_to_improve', label: 'What could be better', kind: 'long-text', maxLength: 3000 },
        { key: 'policies_discussed', label: 'Policies discussed', kind: 'multi-choice', options: [{ value: 'medication', label: 'Medication' }, { value: 'safeguarding', label: 'Safeguarding' }, { value: 'infection-control', label: 'Infection control' }, { value: 'lone-working', label: 'Lone working' }, { value: 'gdpr', label: 'Confidentiality and data' }, { value: 'whistleblowing', label: 'Whistleblowing' }] },
        { key: 'training_needs', label: 'Training needs', kind: 'long-text', maxLength: 2000 },
      ],
    },
    {
      key: 'concerns',
      title: 'Concerns and safeguarding',
      fields: [
        { key: 'safeguarding_discussed', label: 'Safeguarding discussed', kind: 'yes-no', required: true },
        { key: 'concerns_raised', label: 'Any concern about a client or practice raised?', kind: 'yes-no', required: true },
        { key: 'concerns', label: 'The concern and what was done', kind: 'long-text', required: true, maxLength: 4000, sensitivity: 'safeguarding', showWhen: { field: 'concerns_raised', equals: [true] } },
      ],
    },
    {
      key: 'actions',
      title: 'Actions and next supervision',
      fields: [
        ACTIONS,
        { key: 'next_supervision', label: 'Next supervision', kind: 'date', required: true },
        signed('supervisee_signature', 'Signed by the worker'),
        signed('supervisor_signature', 'Signed by the supervisor'),
      ],
    },
  ],
});

const supervisionsNew = defineStaffDocument({
  name: 'supervisions-new',
  title: 'Supervision (new format)',
  description: 'The shorter supervision form for office staff: how they are, what is going well and what is hard, support needed, and actions.',
  multiple: true,
  sections: [
    {
      key: 'supervision',
      title: 'Supervision',
      fields: [
        { key: 'supervision_date', label: 'Date', kind: 'date', required: true },
        { key: 'supervisor', label: 'Supervisor', kind: 'text', required: true, maxLength: 120 },
        { key: 'wellbeing', label: 'How they are', kind: 'choice', required: true, options: WELLBEING },
        { key: 'going_well', label: 'What is going well', kind: 'long-text', required: true, maxLength: 3000 },
        { key: 'challenges', label: 'What is hard at the moment', kind: 'long-text', maxLength: 3000 },
        { key: 'support_needed', label: 'Support or training needed', kind: 'long-text', maxLength: 2000 },
        { key: 'safeguarding_discussed', label: 'Safeguarding and whistleblowing discussed', kind: 'yes-no', required: true },
        ACTIONS,
        { key: 'next_supervision', label: 'Next supervision', kind: 'date', required: true },
        signed('supervisee_signature', 'Signed by the employee'),
        signed('supervisor_signature', 'Signed by the supervisor'),
      ],
    },
  ],
});

// ——— Spot check

const MET: DocumentOption[] = [
  { value: 'met', label: 'Met', score: 2 },
  { value: 'partly', label: 'Partly met', score: 1 },
  { value: 'not-met', label: 'Not met', score: 0 },
];

/** The standards a spot check observes, each met, partly met or not met. */
export const SPOT_CHECK_STANDARDS = [
  ['arrival_on_time', 'Arrived on time, or the office and client were told'],
  ['id_badge', 'Wore their ID badge and introduced themselves'],
  ['uniform_ppe', 'Uniform clean; gloves, apron and mask used as needed'],
  ['infection_control', 'Hand hygiene and infection control'],
  ['dignity_consent', 'Dignity, privacy and consent asked before care'],
  ['communication', 'Spoke with the client kindly and at their pace'],
  ['moving_handling', 'Moving and handling as the care plan says, equipment checked'],
  ['medication', 'Medication given as the MAR says, and recorded'],
  ['care_plan_followed', 'Followed the care plan and the client\'s preferences'],
  ['record_keeping', 'Care notes accurate, timely and respectful'],
  ['home_left_safe', 'Home left safe and secure, key safe closed'],
] as const;

/** Spot check result: the share of standards met (met 2, partly 1, not met 0), banded. A not met is never "Good". */
export function spotCheckResults(values: DocumentValues): DocumentResult[] {
  const answered = SPOT_CHECK_STANDARDS.map(([key]) => values[key]).filter((value): value is string => typeof value === 'string' && ['met', 'partly', 'not-met', 'na'].includes(value));
  const scored = answered.filter((value) => value !== 'na');
  if (answered.length < SPOT_CHECK_STANDARDS.length || scored.length === 0) return [{ key: 'standards', label: 'Standards met', value: null, unit: '%' }];
  const points = scored.reduce((sum, value) => sum + (value === 'met' ? 2 : value === 'partly' ? 1 : 0), 0);
  const percent = Math.round((points / (scored.length * 2)) * 100);
  const notMet = scored.filter((value) => value === 'not-met').length;
  const level: ResultLevel = notMet > 0 || percent < 75 ? 'high' : percent < 100 ? 'low' : 'none';
  const band = level === 'high' ? 'Improvement needed' : level === 'low' ? 'Good, with points to work on' : 'Good';
  const actions =
    level === 'high'
      ? ['Discuss each standard not met with the carer within a week, record the learning, and repeat the spot check within a month.']
      : level === 'low'
        ? ['Give feedback on the partly met standards at the next supervision.']
        : ['Give the carer the positive feedback.'];
  return [{ key: 'standards', label: 'Standards met', value: percent, unit: '%', band, level, actions }];
}

const spotCheck = defineStaffDocument({
  name: 'spot-check',
  title: 'Spot check',
  description: 'An unannounced observation of a visit by a senior or field care supervisor, each standard met, partly met or not met. Due every few months (setting spot_check_interval_months).',
  multiple: true,
  results: spotCheckResults,
  sections: [
    {
      key: 'visit',
      title: 'The visit',
      fields: [
        { key: 'check_date', label: 'Date', kind: 'date', required: true },
        { key: 'check_time', label: 'Time of arrival', kind: 'time' },
        { key: 'client_initials', label: 'Client (initials)', kind: 'text', required: true, maxLength: 6 },
        { key: 'observed_by', label: 'Observed by', kind: 'text', required: true, maxLength: 120 },
        { key: 'announced', label: 'The carer knew of the spot check beforehand', kind: 'yes-no' },
      ],
    },
    {
      key: 'standards',
      title: 'Standards observed',
      fields: SPOT_CHECK_STANDARDS.map(([key, label]) => ({
        key,
        label,
        kind: 'choice',
        required: true,
        options: [...MET.map(({ value, label: text }) => ({ value, label: text })), { value: 'na', label: 'Not seen on this visit' }],
      })),
    },
    {
      key: 'feedback',
      title: 'Feedback',
      fields: [
        { key: 'client_feedback', label: 'What the client or family said', kind: 'long-text', maxLength: 2000 },
        { key: 'observations', label: 'Observations', kind: 'long-text', required: true, maxLength: 4000 },
        ACTIONS,
        signed('carer_signature', 'Signed by the carer'),
        signed('observer_signature', 'Signed by the observer'),
      ],
    },
  ],
});

// ——— Annual appraisal

const annualAppraisal = defineStaffDocument({
  name: 'annual-appraisal',
  title: 'Annual appraisal',
  description: 'The year reviewed: achievements, last year\'s objectives, values, training, the rating, and next year\'s objectives. Due yearly (setting appraisal_interval_months).',
  multiple: true,
  sections: [
    {
      key: 'about',
      title: 'The appraisal',
      fields: [
        { key: 'appraisal_date', label: 'Date', kind: 'date', required: true },
        { key: 'period_from', label: 'Year reviewed from', kind: 'date', required: true },
        { key: 'period_to', label: 'to', kind: 'date', required: true },
        { key: 'appraiser', label: 'Appraiser', kind: 'text', required: true, maxLength: 120 },
      ],
    },
    {
      key: 'review',
      title: 'The year',
      fields: [
        { key: 'achievements', label: 'What went well this year', kind: 'long-text', required: true, maxLength: 4000 },
        { key: 'challenges', label: 'What was difficult', kind: 'long-text', maxLength: 4000 },
        { key: 'previous_objectives', label: 'Last year\'s objectives and how they went', kind: 'long-text', maxLength: 4000 },
        { key: 'feedback_received', label: 'Feedback from clients, families and colleagues', kind: 'long-text', maxLength: 3000 },
        { key: 'self_assessment', label: 'The worker\'s own view', kind: 'long-text', maxLength: 3000 },
      ],
    },
    {
      key: 'objectives',
      title: 'Objectives for the coming year',
      fields: [
        {
          key: 'objectives',
          label: 'Objectives',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'objective', label: 'Objective', kind: 'long-text', required: true, maxLength: 1000 },
            { key: 'measure', label: 'How we will know', kind: 'text', maxLength: 300 },
            { key: 'by', label: 'By when', kind: 'date', required: true },
          ],
        },
        { key: 'training_plan', label: 'Training and development plan', kind: 'long-text', required: true, maxLength: 3000, hint: 'Refreshers due, specialist training, a diploma.' },
        { key: 'career_aspirations', label: 'Career aspirations', kind: 'long-text', maxLength: 2000 },
      ],
    },
    {
      key: 'rating',
      title: 'Rating and sign-off',
      fields: [
        { key: 'rating', label: 'Overall rating', kind: 'choice', required: true, options: [{ value: 'outstanding', label: 'Outstanding' }, { value: 'good', label: 'Good' }, { value: 'requires-improvement', label: 'Requires improvement' }, { value: 'unsatisfactory', label: 'Unsatisfactory' }] },
        { key: 'next_appraisal', label: 'Next appraisal', kind: 'date', required: true },
        signed('worker_signature', 'Signed by the worker'),
        signed('appraiser_signature', 'Signed by the appraiser'),
      ],
    },
  ],
});

// ——— Return to work

const returnToWork = defineStaffDocument({
  name: 'return-to-work',
  title: 'Return to work',
  description: 'The interview on return from sickness absence: the dates, the reason (clinical), a fit note and adjustments, and the absences counted this year.',
  multiple: true,
  sections: [
    {
      key: 'absence',
      title: 'The absence',
      fields: [
        { key: 'interview_date', label: 'Date of the interview', kind: 'date', required: true },
        { key: 'absence_from', label: 'First day absent', kind: 'date', required: true },
        { key: 'absence_to', label: 'Last day absent', kind: 'date', required: true },
        { key: 'working_days_lost', label: 'Working days lost', kind: 'number', required: true, min: 0, max: 365 },
        { key: 'reported_properly', label: 'Absence reported as the policy asks (before the first visit)', kind: 'yes-no', required: true },
        { key: 'reason', label: 'Reason', kind: 'long-text', required: true, maxLength: 2000, sensitivity: 'clinical' },
        { key: 'work_related', label: 'Caused or made worse by work', kind: 'yes-no', required: true, hint: 'An injury at work may need reporting under RIDDOR.' },
        { key: 'fit_note', label: 'Fit note', kind: 'choice', required: true, options: [{ value: 'none', label: 'None (self-certified, 7 days or less)' }, { value: 'not-fit', label: 'Not fit for work' }, { value: 'may-be-fit', label: 'May be fit for work with adjustments' }] },
        { key: 'fit_note_advice', label: 'What the fit note advises', kind: 'long-text', required: true, maxLength: 2000, sensitivity: 'clinical', showWhen: { field: 'fit_note', equals: ['may-be-fit'] } },
      ],
    },
    {
      key: 'return',
      title: 'Returning',
      fields: [
        { key: 'fit_to_return', label: 'Fit to return to their usual work', kind: 'yes-no', required: true },
        { key: 'adjustments', label: 'Adjustments agreed (phased return, no moving and handling, fewer hours)', kind: 'long-text', maxLength: 2000 },
        { key: 'adjustments_review', label: 'Adjustments reviewed on', kind: 'date' },
        { key: 'oh_referral', label: 'Referred to occupational health', kind: 'yes-no' },
        { key: 'absences_12_months', label: 'Separate absences in the last 12 months (this one included)', kind: 'number', required: true, min: 1, max: 100 },
        { key: 'days_12_months', label: 'Days absent in the last 12 months', kind: 'number', required: true, min: 0, max: 366 },
        { key: 'trigger_reached', label: 'Absence policy trigger reached', kind: 'yes-no', required: true },
        { key: 'notes', label: 'Notes', kind: 'long-text', maxLength: 3000 },
        signed('worker_signature', 'Signed by the worker'),
        signed('manager_signature', 'Signed by the manager'),
      ],
    },
  ],
});

// ——— Discussion notes

const discussionNotes = defineStaffDocument({
  name: 'discussion-notes',
  title: 'Discussion note',
  description: 'A note of a conversation with the worker outside supervision: an informal concern, a request, a change, with what was agreed.',
  multiple: true,
  sections: [
    {
      key: 'discussion',
      title: 'Discussion',
      fields: [
        { key: 'discussion_date', label: 'Date', kind: 'date', required: true },
        { key: 'discussed_with', label: 'Held by', kind: 'text', required: true, maxLength: 120 },
        { key: 'topic', label: 'Topic', kind: 'choice', required: true, options: [{ value: 'performance', label: 'Performance or practice' }, { value: 'conduct', label: 'Conduct' }, { value: 'rota', label: 'Rota and availability' }, { value: 'wellbeing', label: 'Wellbeing' }, { value: 'request', label: 'A request from the worker' }, { value: 'other', label: 'Other' }] },
        { key: 'summary', label: 'What was discussed', kind: 'long-text', required: true, maxLength: 6000 },
        { key: 'worker_view', label: 'The worker\'s view', kind: 'long-text', maxLength: 3000 },
        { key: 'agreed', label: 'What was agreed', kind: 'long-text', required: true, maxLength: 3000 },
        { key: 'follow_up', label: 'Follow up on', kind: 'date' },
        { key: 'informal', label: 'Informal (not a disciplinary step)', kind: 'yes-no', required: true },
        { key: 'witness', label: 'Witness or companion', kind: 'text', maxLength: 120 },
        signed('recorded_by', 'Recorded by'),
      ],
    },
  ],
});

// ——— Complaints about the worker

const complaints = defineStaffDocument({
  name: 'complaints',
  title: 'Complaint',
  description: 'A complaint about the worker: received, from whom, what about, how it was investigated and the outcome. The agency\'s complaints log keeps the client side.',
  multiple: true,
  sections: [
    {
      key: 'received',
      title: 'The complaint',
      fields: [
        { key: 'received_on', label: 'Received on', kind: 'date', required: true },
        { key: 'received_how', label: 'How', kind: 'choice', required: true, options: [{ value: 'phone', label: 'Phone' }, { value: 'email', label: 'Email or letter' }, { value: 'in-person', label: 'In person' }, { value: 'local-authority', label: 'Through the local authority' }] },
        { key: 'from', label: 'From', kind: 'choice', required: true, options: [{ value: 'client', label: 'A client' }, { value: 'family', label: 'A client\'s family' }, { value: 'professional', label: 'A professional' }, { value: 'colleague', label: 'A colleague' }, { value: 'public', label: 'A member of the public' }] },
        { key: 'complainant', label: 'Complainant (initials or role)', kind: 'text', required: true, maxLength: 120 },
        { key: 'nature', label: 'Nature', kind: 'multi-choice', required: true, options: [{ value: 'lateness', label: 'Lateness or missed visit' }, { value: 'attitude', label: 'Attitude or manner' }, { value: 'care-quality', label: 'Quality of care' }, { value: 'medication', label: 'Medication' }, { value: 'records', label: 'Records' }, { value: 'property', label: 'Property or money' }, { value: 'other', label: 'Other' }] },
        { key: 'details', label: 'What was said', kind: 'long-text', required: true, maxLength: 6000 },
        { key: 'safeguarding', label: 'Raises a safeguarding concern', kind: 'yes-no', required: true, hint: 'If yes, follow the safeguarding procedure first: the complaint investigation waits.' },
        { key: 'safeguarding_reference', label: 'Safeguarding referral reference', kind: 'text', maxLength: 80, sensitivity: 'safeguarding', showWhen: { field: 'safeguarding', equals: [true] } },
      ],
    },
    {
      key: 'outcome',
      title: 'Investigation and outcome',
      fields: [
        { key: 'acknowledged_on', label: 'Acknowledged on', kind: 'date' },
        { key: 'investigated_by', label: 'Investigated by', kind: 'text', maxLength: 120 },
        { key: 'worker_account', label: 'The worker\'s account', kind: 'long-text', maxLength: 4000 },
        { key: 'outcome', label: 'Outcome', kind: 'choice', required: true, options: [{ value: 'open', label: 'Open: being investigated' }, { value: 'upheld', label: 'Upheld' }, { value: 'partly-upheld', label: 'Partly upheld' }, { value: 'not-upheld', label: 'Not upheld' }, { value: 'withdrawn', label: 'Withdrawn' }] },
        { key: 'outcome_details', label: 'Findings and action taken', kind: 'long-text', required: true, maxLength: 4000, showWhen: { field: 'outcome', equals: ['upheld', 'partly-upheld', 'not-upheld'] } },
        { key: 'response_sent_on', label: 'Response sent to the complainant on', kind: 'date' },
        { key: 'lessons', label: 'Lessons learned', kind: 'long-text', maxLength: 3000 },
      ],
    },
  ],
});

// ——— Compliments

const compliments = defineStaffDocument({
  name: 'compliments',
  title: 'Compliment',
  description: 'Praise for the worker from a client, family or professional, passed on to them.',
  multiple: true,
  sections: [
    {
      key: 'compliment',
      title: 'Compliment',
      fields: [
        { key: 'received_on', label: 'Received on', kind: 'date', required: true },
        { key: 'from', label: 'From', kind: 'choice', required: true, options: [{ value: 'client', label: 'A client' }, { value: 'family', label: 'A client\'s family' }, { value: 'professional', label: 'A professional' }, { value: 'colleague', label: 'A colleague' }] },
        { key: 'from_name', label: 'Name or initials', kind: 'text', maxLength: 120 },
        { key: 'received_how', label: 'How', kind: 'choice', options: [{ value: 'card', label: 'Card or letter' }, { value: 'phone', label: 'Phone' }, { value: 'email', label: 'Email' }, { value: 'review', label: 'Online review' }, { value: 'survey', label: 'Survey' }] },
        { key: 'words', label: 'What they said', kind: 'long-text', required: true, maxLength: 4000 },
        { key: 'shared_with_worker', label: 'Passed on to the worker', kind: 'date' },
        { key: 'recognition', label: 'Recognition given', kind: 'choice', options: [{ value: 'thanks', label: 'Thanked personally' }, { value: 'newsletter', label: 'In the newsletter' }, { value: 'award', label: 'Carer of the month' }, { value: 'none', label: 'None' }] },
      ],
    },
  ],
});

// ——— Probation reviews (office employees)

const probationReviews = defineStaffDocument({
  name: 'probation-reviews',
  title: 'Probation review',
  description: 'A review during probation (at one, three and six months): objectives, progress, support, and whether probation is passed, extended or ended.',
  multiple: true,
  sections: [
    {
      key: 'review',
      title: 'The review',
      fields: [
        { key: 'review_date', label: 'Date', kind: 'date', required: true },
        { key: 'stage', label: 'Review', kind: 'choice', required: true, options: [{ value: 'month-1', label: 'One month' }, { value: 'month-3', label: 'Three months' }, { value: 'month-6', label: 'Six months (final)' }, { value: 'extension', label: 'End of an extension' }] },
        { key: 'reviewer', label: 'Reviewer', kind: 'text', required: true, maxLength: 120 },
        {
          key: 'objectives',
          label: 'Objectives',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'objective', label: 'Objective', kind: 'long-text', required: true, maxLength: 1000 },
            { key: 'progress', label: 'Progress', kind: 'choice', required: true, options: [{ value: 'met', label: 'Met' }, { value: 'on-track', label: 'On track' }, { value: 'behind', label: 'Behind' }] },
            { key: 'comment', label: 'Comment', kind: 'text', maxLength: 500 },
          ],
        },
        { key: 'strengths', label: 'Strengths', kind: 'long-text', required: true, maxLength: 3000 },
        { key: 'development', label: 'Areas to develop', kind: 'long-text', maxLength: 3000 },
        { key: 'training_completed', label: 'Induction and training completed', kind: 'long-text', maxLength: 2000 },
        { key: 'attendance_ok', label: 'Attendance and timekeeping satisfactory', kind: 'yes-no', required: true },
        { key: 'outcome', label: 'Outcome', kind: 'choice', required: true, options: [{ value: 'continue', label: 'Continue probation' }, { value: 'pass', label: 'Probation passed' }, { value: 'extend', label: 'Extend probation' }, { value: 'fail', label: 'End employment' }] },
        { key: 'extended_to', label: 'Extended to', kind: 'date', required: true, showWhen: { field: 'outcome', equals: ['extend'] } },
        { key: 'outcome_reason', label: 'Reasons', kind: 'long-text', required: true, maxLength: 3000, showWhen: { field: 'outcome', equals: ['extend', 'fail'] } },
        { key: 'next_review', label: 'Next review', kind: 'date', showWhen: { field: 'outcome', equals: ['continue', 'extend'] } },
        signed('employee_signature', 'Signed by the employee'),
        signed('reviewer_signature', 'Signed by the reviewer'),
      ],
    },
  ],
});

// ——— Office employee's references and checks (one document)

const referencesDocuments = defineStaffDocument({
  name: 'references-documents',
  title: 'References and checks',
  description: 'An office employee\'s pre-employment checks in one place: DBS, right to work, identity and two references.',
  sections: [
    {
      key: 'dbs',
      title: 'DBS',
      fields: [
        { key: 'dbs_level', label: 'Level', kind: 'choice', required: true, options: [{ value: 'basic', label: 'Basic' }, { value: 'standard', label: 'Standard' }, { value: 'enhanced', label: 'Enhanced' }, { value: 'enhanced-barred', label: 'Enhanced with adults\' barred list' }] },
        { key: 'dbs_number', label: 'Certificate number', kind: 'text', required: true, maxLength: 12, hint: '12 digits.' },
        { key: 'dbs_issued', label: 'Issued on', kind: 'date', required: true },
        { key: 'dbs_update_service', label: 'On the Update Service', kind: 'yes-no', required: true },
        { key: 'dbs_disclosure', label: 'Anything disclosed', kind: 'yes-no', required: true, sensitivity: 'safeguarding' },
        { key: 'dbs_disclosure_notes', label: 'Disclosure and how it was assessed', kind: 'long-text', required: true, maxLength: 3000, sensitivity: 'safeguarding', showWhen: { field: 'dbs_disclosure', equals: [true] } },
      ],
    },
    {
      key: 'right_to_work',
      title: 'Right to work and identity',
      fields: [
        { key: 'rtw_document', label: 'Right-to-work document', kind: 'choice', required: true, options: [{ value: 'uk-passport', label: 'UK or Irish passport' }, { value: 'share-code', label: 'Home Office online check (share code)' }, { value: 'birth-certificate-ni', label: 'Birth certificate with NI number' }, { value: 'evisa', label: 'eVisa or biometric residence permit' }] },
        { key: 'rtw_checked_on', label: 'Checked on', kind: 'date', required: true },
        { key: 'rtw_expiry', label: 'Permission ends', kind: 'date', hint: 'Empty for British or Irish citizens and settled status.' },
        { key: 'id_seen', label: 'Photo ID seen', kind: 'yes-no', required: true },
      ],
    },
    {
      key: 'references',
      title: 'References',
      fields: [
        {
          key: 'references',
          label: 'References received',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'referee', label: 'Referee', kind: 'text', required: true, maxLength: 120 },
            { key: 'organisation', label: 'Organisation', kind: 'text', required: true, maxLength: 160 },
            { key: 'relationship', label: 'Relationship', kind: 'choice', required: true, options: [{ value: 'current-employer', label: 'Current or last employer' }, { value: 'previous-employer', label: 'Previous employer' }, { value: 'academic', label: 'College or university' }, { value: 'character', label: 'Character' }] },
            { key: 'received_on', label: 'Received on', kind: 'date', required: true },
            { key: 'satisfactory', label: 'Satisfactory', kind: 'yes-no', required: true },
            { key: 'verified', label: 'Verified by phone', kind: 'yes-no' },
          ],
        },
        { key: 'notes', label: 'Notes', kind: 'long-text', maxLength: 3000 },
        signed('checked_by', 'Checked by'),
      ],
    },
  ],
});

export const EMPLOYMENT_DOCUMENTS: readonly StaffDocument[] = [
  supervisions,
  spotCheck,
  annualAppraisal,
  returnToWork,
  discussionNotes,
  complaints,
  compliments,
  probationReviews,
  supervisionsNew,
  referencesDocuments,
];
