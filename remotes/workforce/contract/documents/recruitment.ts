import type { DocumentField, DocumentOption, DocumentResult, DocumentValues } from '@hcm/contract/documents';
import { scoreOf } from '@hcm/contract/documents';
import { defineStaffDocument, type StaffDocument } from './types.js';

// The recruitment documents of an applicant's file, in the order of the pipeline (../people.ts,
// RECRUITMENT_STAGES): the application form, equal-opportunities monitoring (kept apart from every decision),
// the telephone screen, the values-based questionnaire (Skills for Care's values-based recruitment), the scored
// interview, the pre-employment checks (Schedule 3 of the Health and Social Care Act 2008 (Regulated Activities)
// Regulations 2014) and the manager's approval to start. Hiring keeps them on the carer's file.

const signed = (key: string, label: string, hint?: string): DocumentField => ({ key, label, kind: 'signature', required: true, hint });

const AVAILABILITY: DocumentField = {
  key: 'availability',
  label: 'When they can work',
  kind: 'multi-choice',
  required: true,
  options: [
    { value: 'weekday-mornings', label: 'Weekday mornings (7–12)' },
    { value: 'weekday-afternoons', label: 'Weekday lunch and afternoons (12–17)' },
    { value: 'weekday-evenings', label: 'Weekday evenings (17–22)' },
    { value: 'weekends', label: 'Weekends' },
    { value: 'nights', label: 'Waking or sleeping nights' },
  ],
};

const HOURS_WANTED: DocumentField = { key: 'hours_wanted', label: 'Hours a week wanted', kind: 'number', min: 0, max: 60, unit: 'hours' };

const RIGHT_TO_WORK_ROUTE: DocumentField = {
  key: 'right_to_work',
  label: 'Right to work in the UK',
  kind: 'choice',
  required: true,
  options: [
    { value: 'british-irish', label: 'British or Irish citizen' },
    { value: 'settled', label: 'EU Settlement Scheme: settled status' },
    { value: 'pre-settled', label: 'EU Settlement Scheme: pre-settled status' },
    { value: 'ilr', label: 'Indefinite leave to remain' },
    { value: 'skilled-worker', label: 'Health and Care Worker or Skilled Worker visa' },
    { value: 'student', label: 'Student visa (limited hours in term time)' },
    { value: 'graduate', label: 'Graduate visa' },
    { value: 'dependant', label: 'Dependant visa' },
    { value: 'other', label: 'Other' },
  ],
};

// ——— Application form

const applicationForm = defineStaffDocument({
  name: 'application-form',
  title: 'Application form',
  description: 'The application for a care worker post: the applicant, the post, availability, right to work, education, experience and the declarations.',
  sections: [
    {
      key: 'post',
      title: 'The post',
      fields: [
        { key: 'position', label: 'Post applied for', kind: 'choice', required: true, options: [{ value: 'care-worker', label: 'Care worker' }, { value: 'senior-care-worker', label: 'Senior care worker' }, { value: 'field-supervisor', label: 'Field care supervisor' }, { value: 'bank', label: 'Bank care worker' }] },
        { key: 'application_date', label: 'Date of application', kind: 'date', required: true },
        { key: 'contract_wanted', label: 'Contract wanted', kind: 'choice', required: true, options: [{ value: 'full-time', label: 'Full time' }, { value: 'part-time', label: 'Part time' }, { value: 'zero-hours', label: 'Zero hours' }, { value: 'bank', label: 'Bank' }] },
        AVAILABILITY,
        HOURS_WANTED,
        { key: 'earliest_start', label: 'Earliest start date', kind: 'date' },
        { key: 'notice_period', label: 'Notice to give the current employer', kind: 'text', maxLength: 80 },
      ],
    },
    {
      key: 'personal',
      title: 'Personal details',
      intro: 'Name, address, date of birth and contact details are on the applicant\'s record; these complete them.',
      fields: [
        { key: 'previous_names', label: 'Previous names', kind: 'text', maxLength: 200, hint: 'Needed for the DBS check.' },
        { key: 'title', label: 'Title', kind: 'choice', options: ['Mr', 'Mrs', 'Miss', 'Ms', 'Mx', 'Dr'].map((title) => ({ value: title.toLowerCase(), label: title })) },
        { key: 'home_phone', label: 'Other phone', kind: 'text', maxLength: 40 },
      ],
    },
    {
      key: 'right_to_work',
      title: 'Right to work and driving',
      fields: [
        RIGHT_TO_WORK_ROUTE,
        { key: 'visa_expiry', label: 'Visa or permission ends', kind: 'date', required: true, showWhen: { field: 'right_to_work', equals: ['pre-settled', 'skilled-worker', 'student', 'graduate', 'dependant', 'other'] } },
        { key: 'sponsorship_needed', label: 'Needs the agency to sponsor a visa', kind: 'yes-no', required: true },
        { key: 'driving_licence', label: 'Holds a full UK driving licence', kind: 'yes-no', required: true },
        { key: 'has_car', label: 'Has a car for work', kind: 'yes-no', required: true, showWhen: { field: 'driving_licence', equals: [true] } },
        { key: 'licence_points', label: 'Penalty points on the licence', kind: 'number', min: 0, max: 12, showWhen: { field: 'driving_licence', equals: [true] } },
      ],
    },
    {
      key: 'education',
      title: 'Education and qualifications',
      fields: [
        {
          key: 'qualifications',
          label: 'Education and qualifications',
          kind: 'rows',
          columns: [
            { key: 'place', label: 'School, college or provider', kind: 'text', required: true, maxLength: 160 },
            { key: 'qualification', label: 'Qualification', kind: 'text', required: true, maxLength: 160 },
            { key: 'grade', label: 'Grade', kind: 'text', maxLength: 40 },
            { key: 'year', label: 'Year', kind: 'number', min: 1950, max: 2100 },
          ],
        },
        {
          key: 'care_qualifications',
          label: 'Care qualifications held',
          kind: 'multi-choice',
          options: [
            { value: 'care-certificate', label: 'Care Certificate' },
            { value: 'level-2-diploma', label: 'Level 2 Diploma in Care (or NVQ 2)' },
            { value: 'level-3-diploma', label: 'Level 3 Diploma in Adult Care (or NVQ 3)' },
            { value: 'level-5-diploma', label: 'Level 5 Diploma in Leadership and Management' },
            { value: 'nursing', label: 'Nursing qualification (UK or overseas)' },
            { value: 'none', label: 'None yet' },
          ],
        },
        { key: 'english_level', label: 'Spoken and written English', kind: 'choice', required: true, options: [{ value: 'first-language', label: 'First language' }, { value: 'fluent', label: 'Fluent' }, { value: 'good', label: 'Good' }, { value: 'basic', label: 'Basic' }] },
      ],
    },
    {
      key: 'experience',
      title: 'Care experience',
      intro: 'The full employment history, with gaps explained, is on the work history tab.',
      fields: [
        { key: 'care_experience', label: 'Experience of care', kind: 'choice', required: true, options: [{ value: 'none', label: 'None: new to care' }, { value: 'family', label: 'Caring for family or friends' }, { value: 'under-1', label: 'Paid care, under a year' }, { value: '1-3', label: 'Paid care, 1 to 3 years' }, { value: 'over-3', label: 'Paid care, over 3 years' }] },
        { key: 'experience_details', label: 'Care work done (settings, tasks, client groups)', kind: 'long-text', maxLength: 4000 },
        { key: 'why_care', label: 'Why they want to work in care', kind: 'long-text', required: true, maxLength: 4000 },
        { key: 'heard_from', label: 'How they heard about the post', kind: 'text', maxLength: 120 },
      ],
    },
    {
      key: 'declarations',
      title: 'Declarations',
      intro:
        'Care work is exempt from the Rehabilitation of Offenders Act 1974: unspent convictions and cautions, and spent ones that are not protected (filtered), must be declared. A declaration is weighed against the post, not a bar in itself.',
      fields: [
        { key: 'convictions', label: 'Any unspent conviction, caution, reprimand or warning, or a spent one that is not protected?', kind: 'yes-no', required: true, sensitivity: 'safeguarding' },
        { key: 'conviction_details', label: 'Details of the offence, date and sentence', kind: 'long-text', required: true, maxLength: 3000, sensitivity: 'safeguarding', showWhen: { field: 'convictions', equals: [true] } },
        { key: 'barred', label: 'On the DBS barred list, or subject to an investigation by a regulator or the police?', kind: 'yes-no', required: true, sensitivity: 'safeguarding' },
        { key: 'related_to_staff', label: 'Related to, or in a relationship with, anyone working for the agency', kind: 'text', maxLength: 200 },
        { key: 'data_consent', label: 'Agrees the agency may keep this application and process it for recruitment (UK GDPR)', kind: 'yes-no', required: true },
        { key: 'true_and_complete', label: 'Declares the information is true and complete, and that false information may end an offer or employment', kind: 'yes-no', required: true },
        signed('applicant_signature', 'Signed by the applicant'),
      ],
    },
  ],
});

// ——— Equal opportunities monitoring

const withNotSaid = (options: readonly string[]): DocumentOption[] => [
  ...options.map((label) => ({ value: label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''), label })),
  { value: 'prefer-not-to-say', label: 'Prefer not to say' },
];

const equalOpportunities = defineStaffDocument({
  name: 'equal-opportunities',
  title: 'Equal opportunities monitoring',
  description:
    'The protected characteristics of the Equality Act 2010, asked only to monitor fairness in recruitment. Kept apart from the application: those who shortlist and interview do not see it. Every question may be left as "Prefer not to say".',
  sensitivity: 'clinical',
  sections: [
    {
      key: 'monitoring',
      title: 'About you',
      fields: [
        { key: 'completed_on', label: 'Date completed', kind: 'date', required: true },
        { key: 'age_band', label: 'Age', kind: 'choice', required: true, options: withNotSaid(['16–24', '25–34', '35–44', '45–54', '55–64', '65 or over']) },
        { key: 'sex', label: 'Sex', kind: 'choice', required: true, options: withNotSaid(['Female', 'Male']) },
        { key: 'gender_same_as_birth', label: 'Is your gender the same as the sex you were registered at birth?', kind: 'choice', required: true, options: withNotSaid(['Yes', 'No']) },
        { key: 'sexual_orientation', label: 'Sexual orientation', kind: 'choice', required: true, options: withNotSaid(['Bisexual', 'Gay man', 'Gay woman or lesbian', 'Heterosexual or straight', 'Other']) },
        {
          key: 'ethnicity',
          label: 'Ethnic group',
          kind: 'choice',
          required: true,
          hint: 'The categories of the 2021 Census for England and Wales.',
          options: withNotSaid([
            'Asian or Asian British: Indian',
            'Asian or Asian British: Pakistani',
            'Asian or Asian British: Bangladeshi',
            'Asian or Asian British: Chinese',
            'Asian or Asian British: any other Asian background',
            'Black, Black British, Caribbean or African: Caribbean',
            'Black, Black British, Caribbean or African: African',
            'Black, Black British, Caribbean or African: any other Black background',
            'Mixed or multiple ethnic groups',
            'White: English, Welsh, Scottish, Northern Irish or British',
            'White: Irish',
            'White: Gypsy or Irish Traveller',
            'White: Roma',
            'White: any other White background',
            'Other ethnic group: Arab',
            'Any other ethnic group',
          ]),
        },
        { key: 'religion', label: 'Religion or belief', kind: 'choice', required: true, options: withNotSaid(['No religion', 'Buddhist', 'Christian', 'Hindu', 'Jewish', 'Muslim', 'Sikh', 'Any other religion or belief']) },
        { key: 'disability', label: 'Do you consider yourself to have a disability under the Equality Act 2010?', kind: 'choice', required: true, options: withNotSaid(['Yes', 'No']) },
        { key: 'marriage', label: 'Marriage or civil partnership', kind: 'choice', required: true, options: withNotSaid(['Married', 'In a civil partnership', 'Neither']) },
        { key: 'pregnancy', label: 'Pregnant or on maternity leave in the last year', kind: 'choice', options: withNotSaid(['Yes', 'No']) },
        { key: 'caring_responsibilities', label: 'Caring responsibilities outside work', kind: 'multi-choice', options: [{ value: 'children', label: 'Children' }, { value: 'adult', label: 'An adult relative or friend' }, { value: 'none', label: 'None' }, { value: 'prefer-not-to-say', label: 'Prefer not to say' }] },
      ],
    },
  ],
});

// ——— Telephone screening

const screening = defineStaffDocument({
  name: 'screening',
  title: 'Telephone screening',
  description: 'A short call before inviting to interview: availability, hours, driving, right to work, and whether to go on.',
  sections: [
    {
      key: 'call',
      title: 'The call',
      fields: [
        { key: 'screening_date', label: 'Date of the call', kind: 'date', required: true },
        { key: 'screened_by', label: 'Screened by', kind: 'text', required: true, maxLength: 120 },
        AVAILABILITY,
        { ...HOURS_WANTED, required: true },
        { key: 'drives', label: 'Drives, with a car for work', kind: 'yes-no', required: true },
        { key: 'areas', label: 'Areas they can reach', kind: 'text', maxLength: 300 },
        RIGHT_TO_WORK_ROUTE,
        { key: 'right_to_work_seen', label: 'Right to work seen (share code or documents)', kind: 'choice', required: true, options: [{ value: 'share-code', label: 'Share code given: to check online' }, { value: 'to-bring', label: 'To bring to interview' }, { value: 'seen', label: 'Already seen' }] },
        { key: 'experience_summary', label: 'Experience in brief', kind: 'long-text', maxLength: 2000 },
        { key: 'motivation', label: 'Why care, in their words', kind: 'long-text', maxLength: 2000 },
        { key: 'communication', label: 'Spoke clearly and was easy to understand on the phone', kind: 'yes-no', required: true },
      ],
    },
    {
      key: 'outcome',
      title: 'Outcome',
      fields: [
        { key: 'outcome', label: 'Outcome', kind: 'choice', required: true, options: [{ value: 'proceed', label: 'Invite to interview' }, { value: 'reject', label: 'Do not proceed' }, { value: 'withdrawn', label: 'Applicant withdrew' }] },
        { key: 'interview_date', label: 'Interview booked for', kind: 'date', showWhen: { field: 'outcome', equals: ['proceed'] } },
        { key: 'interview_time', label: 'at', kind: 'time', showWhen: { field: 'outcome', equals: ['proceed'] } },
        {
          key: 'reject_reason',
          label: 'Reason',
          kind: 'choice',
          required: true,
          showWhen: { field: 'outcome', equals: ['reject'] },
          options: [
            { value: 'availability', label: 'Availability does not match the work' },
            { value: 'right-to-work', label: 'No right to work for the post' },
            { value: 'travel', label: 'Cannot reach the area' },
            { value: 'values', label: 'Values or attitude' },
            { value: 'other', label: 'Other' },
          ],
        },
        { key: 'reject_details', label: 'What was said to the applicant', kind: 'long-text', required: true, maxLength: 2000, showWhen: { field: 'outcome', equals: ['reject'] } },
      ],
    },
  ],
});

// ——— Values-based questionnaire

const SCORE_1_5: DocumentOption[] = [
  { value: '1', label: '1 Does not show the value', score: 1 },
  { value: '2', label: '2 Shows it weakly', score: 2 },
  { value: '3', label: '3 Shows it', score: 3 },
  { value: '4', label: '4 Shows it well', score: 4 },
  { value: '5', label: '5 Shows it strongly, with examples', score: 5 },
];

const QUESTIONNAIRE_SCENARIOS = [
  ['dignity', 'Dignity', 'You arrive to help Mr A wash. His daughter is in the room and starts talking about his continence in front of him. What do you do?'],
  ['choice', 'Choice and independence', 'Mrs B wants to make her own tea, but it takes her a long time and you are running late. What do you do?'],
  ['safeguarding', 'Safeguarding', 'A client tells you her nephew takes her bank card and she does not want anyone to know. What do you do?'],
  ['teamwork', 'Working with others', 'You notice a colleague has signed the medication chart for a visit you know was cut short. What do you do?'],
  ['compassion', 'Compassion', 'A client with dementia becomes upset and keeps asking for her late husband. What do you do?'],
] as const;

const questionnaireKeys = QUESTIONNAIRE_SCENARIOS.map(([key]) => `${key}_score`);

const questionnaire = defineStaffDocument({
  name: 'questionnaire',
  title: 'Values questionnaire',
  description:
    'Values-based recruitment (Skills for Care): scenario questions the applicant answers in writing, each scored 1–5 by an assessor against the values of care. The applicant\'s answers and the assessor\'s scores are kept together.',
  results: (values) => scoredTotal(values, questionnaireKeys, 'Values score', [
    { from: 20, band: 'Strong values', level: 'none', actions: ['Carry on to interview.'] },
    { from: 15, band: 'Suitable', level: 'low', actions: ['Explore the lowest-scored answers at interview.'] },
    { from: 0, band: 'Values not shown', level: 'high', actions: ['Do not proceed unless the interview shows otherwise; record why.'] },
  ]),
  sections: [
    {
      key: 'about',
      title: 'About',
      fields: [
        { key: 'completed_on', label: 'Date completed', kind: 'date', required: true },
        { key: 'assessor', label: 'Assessor', kind: 'text', required: true, maxLength: 120 },
      ],
    },
    ...QUESTIONNAIRE_SCENARIOS.map(([key, title, scenario]) => ({
      key,
      title,
      intro: scenario,
      fields: [
        { key: `${key}_answer`, label: `Applicant's answer: ${title.toLowerCase()}`, kind: 'long-text', required: true, maxLength: 4000 },
        { key: `${key}_score`, label: `Assessor's score: ${title.toLowerCase()}`, kind: 'scored', required: true, options: SCORE_1_5 },
      ] satisfies DocumentField[],
    })),
    {
      key: 'assessment',
      title: 'Assessor\'s notes',
      fields: [{ key: 'assessor_notes', label: 'Notes for the interview panel', kind: 'long-text', maxLength: 3000 }],
    },
  ],
});

type Band = { from: number; band: string; level: 'none' | 'low' | 'medium' | 'high'; actions: string[] };

/** The total of the named 1–5 scores with its band, or a null figure until every one is scored. */
function scoredTotal(values: DocumentValues, keys: readonly string[], label: string, bands: readonly Band[]): DocumentResult[] {
  const scores = keys.map((key) => scoreOf({ kind: 'scored', options: SCORE_1_5 }, values[key]));
  const max = keys.length * 5;
  if (scores.some((score) => score === 0)) return [{ key: 'total', label, value: null, unit: `out of ${max}` }];
  const total = scores.reduce((sum, score) => sum + score, 0);
  const band = bands.find((candidate) => total >= candidate.from)!;
  return [{ key: 'total', label, value: total, unit: `out of ${max}`, band: band.band, level: band.level, actions: band.actions }];
}

// ——— Interview

const INTERVIEW_QUESTIONS = [
  ['why_care', 'Motivation', 'Why do you want to be a care worker, and why with us?'],
  ['values_dignity', 'Dignity and respect', 'Tell us about a time you made sure someone was treated with dignity.'],
  ['values_person_centred', 'Person-centred care', 'How would you find out what matters to a client you have not met before?'],
  ['scenario_refusal', 'Scenario: refusal', 'A client refuses their medication and personal care. What do you do, and what do you record?'],
  ['scenario_fall', 'Scenario: a fall', 'You arrive and find the client on the floor. Talk us through what you do.'],
  ['safeguarding', 'Safeguarding', 'What would make you worried that someone is being abused, and who would you tell?'],
  ['experience', 'Experience and learning', 'What have you learned from caring for someone, paid or unpaid?'],
  ['reliability', 'Reliability and teamwork', 'Your next visit is across town and you are running late. What do you do?'],
] as const;

const interviewKeys = INTERVIEW_QUESTIONS.map(([key]) => `${key}_score`);

/** The interview's bands: out of 40, strong from 32, suitable from 24. */
export const INTERVIEW_BANDS: readonly Band[] = [
  { from: 32, band: 'Strong', level: 'none', actions: ['Offer the post, subject to pre-employment checks.'] },
  { from: 24, band: 'Suitable', level: 'low', actions: ['Offer the post, subject to checks; plan supervision on the lowest-scored areas.'] },
  { from: 0, band: 'Not suitable', level: 'high', actions: ['Do not offer; give the applicant feedback if they ask.'] },
];

const interview = defineStaffDocument({
  name: 'interview',
  title: 'Interview',
  description: 'The structured interview: the same questions for every applicant, each answer noted and scored 1–5; the total banded Strong, Suitable or Not suitable.',
  results: (values) => scoredTotal(values, interviewKeys, 'Interview score', INTERVIEW_BANDS),
  sections: [
    {
      key: 'about',
      title: 'The interview',
      fields: [
        { key: 'interview_date', label: 'Date', kind: 'date', required: true },
        { key: 'interview_format', label: 'Format', kind: 'choice', required: true, options: [{ value: 'in-person', label: 'In person' }, { value: 'video', label: 'Video call' }, { value: 'phone', label: 'Telephone' }] },
        {
          key: 'interviewers',
          label: 'Interviewers',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'name', label: 'Name', kind: 'text', required: true, maxLength: 120 },
            { key: 'role', label: 'Role', kind: 'text', required: true, maxLength: 120 },
          ],
        },
        { key: 'id_seen', label: 'Photo ID seen at interview', kind: 'yes-no', required: true },
        { key: 'application_gaps', label: 'Gaps in the work history discussed and explained', kind: 'yes-no', required: true },
      ],
    },
    ...INTERVIEW_QUESTIONS.map(([key, title, question]) => ({
      key,
      title,
      intro: question,
      fields: [
        { key: `${key}_notes`, label: `What they said: ${title.toLowerCase()}`, kind: 'long-text', required: true, maxLength: 4000 },
        { key: `${key}_score`, label: `Score: ${title.toLowerCase()}`, kind: 'scored', required: true, options: SCORE_1_5 },
      ] satisfies DocumentField[],
    })),
    {
      key: 'outcome',
      title: 'Outcome',
      fields: [
        { key: 'strengths', label: 'Strengths', kind: 'long-text', maxLength: 2000 },
        { key: 'concerns', label: 'Concerns', kind: 'long-text', maxLength: 2000 },
        { key: 'outcome', label: 'Decision', kind: 'choice', required: true, options: [{ value: 'offer', label: 'Offer the post (subject to checks)' }, { value: 'second-interview', label: 'Second interview' }, { value: 'reject', label: 'Do not offer' }] },
        { key: 'reject_reason', label: 'Reason', kind: 'long-text', required: true, maxLength: 2000, showWhen: { field: 'outcome', equals: ['reject'] } },
        signed('lead_interviewer', 'Lead interviewer'),
      ],
    },
  ],
});

// ——— Pre-employment checks

const preEmploymentForm = defineStaffDocument({
  name: 'pre-employment-form',
  title: 'Pre-employment checks',
  description: 'The offer and the checks Schedule 3 asks for before a carer works: enhanced DBS with the adults\' barred list, two references, right to work, proof of identity, health, and induction.',
  sections: [
    {
      key: 'offer',
      title: 'The offer',
      fields: [
        { key: 'offer_date', label: 'Conditional offer made on', kind: 'date', required: true },
        { key: 'position', label: 'Post', kind: 'text', required: true, maxLength: 120 },
        { key: 'contract_type', label: 'Contract', kind: 'choice', required: true, options: [{ value: 'full-time', label: 'Full time' }, { value: 'part-time', label: 'Part time' }, { value: 'zero-hours', label: 'Zero hours' }, { value: 'bank', label: 'Bank' }] },
        { key: 'hours', label: 'Contracted hours a week', kind: 'number', min: 0, max: 48, unit: 'hours' },
        { key: 'hourly_rate_pence', label: 'Hourly rate', kind: 'number', required: true, min: 0, max: 10000, unit: 'pence' },
        { key: 'proposed_start', label: 'Proposed start date', kind: 'date', required: true },
      ],
    },
    {
      key: 'checks',
      title: 'Checks requested',
      fields: [
        { key: 'dbs_requested', label: 'Enhanced DBS with adults\' barred list applied for', kind: 'date', required: true, hint: 'The day the application went in.' },
        { key: 'dbs_update_service', label: 'Applicant already on the DBS Update Service', kind: 'yes-no', required: true },
        { key: 'references_requested', label: 'References requested on', kind: 'date', required: true },
        { key: 'right_to_work_checked', label: 'Right to work checked on', kind: 'date', required: true },
        { key: 'right_to_work_method', label: 'How', kind: 'choice', required: true, options: [{ value: 'manual', label: 'Original documents, copied and dated' }, { value: 'online', label: 'Home Office online check (share code)' }, { value: 'idsp', label: 'Identity service provider (digital ID)' }] },
        {
          key: 'id_documents',
          label: 'Proof of identity seen',
          kind: 'multi-choice',
          required: true,
          options: [
            { value: 'passport', label: 'Passport' },
            { value: 'driving-licence', label: 'Photocard driving licence' },
            { value: 'brp', label: 'Biometric residence permit or eVisa' },
            { value: 'birth-certificate', label: 'Birth certificate' },
            { value: 'utility-bill', label: 'Utility bill (last 3 months)' },
            { value: 'bank-statement', label: 'Bank statement (last 3 months)' },
            { value: 'council-tax', label: 'Council tax statement' },
          ],
        },
        { key: 'photo_taken', label: 'Recent photograph taken for the file and ID badge', kind: 'yes-no', required: true },
        { key: 'qualifications_seen', label: 'Qualification certificates seen', kind: 'yes-no' },
        { key: 'health_declaration_received', label: 'Health declaration received', kind: 'yes-no', required: true },
      ],
    },
    {
      key: 'induction',
      title: 'Induction',
      fields: [
        { key: 'induction_booked', label: 'Induction and Care Certificate training booked', kind: 'date' },
        { key: 'shadowing_planned', label: 'Shadow shifts planned', kind: 'number', min: 0, max: 40 },
        { key: 'contract_sent', label: 'Contract and handbook sent', kind: 'date' },
        { key: 'notes', label: 'Notes', kind: 'long-text', maxLength: 3000 },
        signed('checked_by', 'Checks recorded by'),
      ],
    },
  ],
});

// ——— Management approval

const SCHEDULE_3_CHECKS = [
  ['check_identity', 'Proof of identity with a recent photograph'],
  ['check_dbs', 'Enhanced DBS certificate with the adults\' barred list'],
  ['check_conduct', 'Evidence of conduct in previous care work (references)'],
  ['check_leaving_reason', 'Why any care or children\'s work ended'],
  ['check_qualifications', 'Qualifications relevant to the post'],
  ['check_work_history', 'Full employment history with gaps explained in writing'],
  ['check_health', 'Health: able to do the work, with reasonable adjustments'],
  ['check_right_to_work', 'Right to work in the UK'],
] as const;

const managementApproval = defineStaffDocument({
  name: 'management-approval',
  title: 'Management approval',
  description: 'The registered manager confirms every Schedule 3 check has been seen and decides whether the carer may start. Signing off needs carers.approve.',
  approval: true,
  results: (values) => {
    const seen = SCHEDULE_3_CHECKS.filter(([key]) => values[key] === 'seen' || values[key] === 'risk-assessed').length;
    const all = SCHEDULE_3_CHECKS.length;
    return [
      {
        key: 'checks_seen',
        label: 'Schedule 3 checks seen',
        value: seen,
        unit: `of ${all}`,
        band: seen === all ? 'Complete' : 'Incomplete',
        level: seen === all ? 'none' : 'high',
        actions: seen === all ? [] : ['The carer may not work until every check is seen, or a risk-assessed start is recorded for the DBS.'],
      },
    ];
  },
  sections: [
    {
      key: 'checks',
      title: 'Schedule 3 checks',
      intro: 'Schedule 3 of the Health and Social Care Act 2008 (Regulated Activities) Regulations 2014: the information the provider must hold before someone works.',
      fields: SCHEDULE_3_CHECKS.map(([key, label]) => ({
        key,
        label,
        kind: 'choice',
        required: true,
        options: [
          { value: 'seen', label: 'Seen and satisfactory' },
          { value: 'risk-assessed', label: 'Outstanding: risk-assessed' },
          { value: 'not-seen', label: 'Not seen' },
        ],
      })),
    },
    {
      key: 'decision',
      title: 'Decision',
      fields: [
        { key: 'decision_date', label: 'Date of decision', kind: 'date', required: true },
        { key: 'decision', label: 'Decision', kind: 'choice', required: true, options: [{ value: 'approve', label: 'Approved to start' }, { value: 'approve-conditions', label: 'Approved with conditions' }, { value: 'decline', label: 'Declined' }] },
        {
          key: 'conditions',
          label: 'Conditions',
          kind: 'multi-choice',
          required: true,
          showWhen: { field: 'decision', equals: ['approve-conditions'] },
          options: [
            { value: 'risk-assessed-start', label: 'Risk-assessed start while the DBS is awaited (Adult First check clear; always with another carer)' },
            { value: 'shadow-only', label: 'Shadowing only until the outstanding checks arrive' },
            { value: 'no-medication', label: 'No medication support until competence is assessed' },
            { value: 'hours-cap', label: 'Weekly hours capped by visa conditions' },
          ],
        },
        { key: 'conditions_details', label: 'Details and review date of the conditions', kind: 'long-text', required: true, maxLength: 3000, showWhen: { field: 'decision', equals: ['approve-conditions'] } },
        { key: 'decline_reason', label: 'Reason', kind: 'long-text', required: true, maxLength: 3000, showWhen: { field: 'decision', equals: ['decline'] } },
        { key: 'start_date', label: 'Start date', kind: 'date', showWhen: { field: 'decision', equals: ['approve', 'approve-conditions'] } },
        signed('manager_signature', 'Registered manager'),
      ],
    },
  ],
});

export const RECRUITMENT_DOCUMENTS: readonly StaffDocument[] = [applicationForm, equalOpportunities, screening, questionnaire, interview, preEmploymentForm, managementApproval];
