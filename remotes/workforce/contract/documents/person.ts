import type { DocumentField, DocumentResult, DocumentRowColumn, DocumentValues, ResultLevel } from '@hcm/contract/documents';
import { defineStaffDocument, type StaffDocument } from './types.js';

// The documents about the person on a carer's or office employee's file (../record-tabs.ts, "Details", "Records",
// "Settings and leaving" and the worker risk assessment): further details beside the declared resource's own,
// the health declaration (an occupational-health pre-placement questionnaire: clinical, read only with
// workforce.health.view), COVID-19 vaccination, feedback on the carers' app, the worker risk assessment
// (Management of Health and Safety at Work Regulations 1999, regs 3, 16–19: new and expectant mothers and young
// workers) and the exit interview. Bank details are not here: payroll keeps them (finance).

const YES_NO_UNSURE = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: 'not-sure', label: 'Not sure' },
] as const;

const signed = (key: string, label: string, hint?: string): DocumentField => ({ key, label, kind: 'signature', required: true, hint });

// ——— Additional information

const additionalInfo = defineStaffDocument({
  name: 'additional-info',
  title: 'Additional information',
  description: 'Next of kin, languages, uniform, driving and car details, and what helps the office match work to the person.',
  sections: [
    {
      key: 'next_of_kin',
      title: 'Next of kin',
      intro: 'Who to contact if the person is taken ill or injured at work. The emergency contact on the details tab may be the same person.',
      fields: [
        { key: 'next_of_kin_name', label: 'Next of kin', kind: 'text', required: true, maxLength: 120 },
        { key: 'next_of_kin_relationship', label: 'Relationship', kind: 'text', required: true, maxLength: 80 },
        { key: 'next_of_kin_phone', label: 'Phone', kind: 'text', required: true, maxLength: 40 },
        { key: 'next_of_kin_address', label: 'Address', kind: 'long-text', maxLength: 500 },
      ],
    },
    {
      key: 'languages',
      title: 'Languages and matching',
      fields: [
        {
          key: 'languages',
          label: 'Languages spoken',
          kind: 'rows',
          hint: 'English included. Clients whose first language is not English are matched by this.',
          columns: [
            { key: 'language', label: 'Language', kind: 'text', required: true, maxLength: 60 },
            {
              key: 'level',
              label: 'Level',
              kind: 'choice',
              required: true,
              options: [
                { value: 'first', label: 'First language' },
                { value: 'fluent', label: 'Fluent' },
                { value: 'conversational', label: 'Conversational' },
                { value: 'basic', label: 'Basic' },
              ],
            },
          ],
        },
        { key: 'bsl', label: 'Uses British Sign Language', kind: 'yes-no' },
        {
          key: 'comfortable_with',
          label: 'Comfortable working with',
          kind: 'multi-choice',
          hint: 'Helps the rota avoid a placement the person cannot manage (allergy, phobia, faith).',
          options: [
            { value: 'dogs', label: 'Dogs in the home' },
            { value: 'cats', label: 'Cats in the home' },
            { value: 'smokers', label: 'Clients who smoke' },
            { value: 'male-clients', label: 'Personal care for men' },
            { value: 'female-clients', label: 'Personal care for women' },
          ],
        },
        { key: 'hobbies', label: 'Interests the office may use to match clients', kind: 'long-text', maxLength: 1000 },
      ],
    },
    {
      key: 'uniform',
      title: 'Uniform and ID',
      fields: [
        {
          key: 'tunic_size',
          label: 'Tunic size',
          kind: 'choice',
          options: ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'].map((size) => ({ value: size.toLowerCase(), label: size })),
        },
        { key: 'trouser_size', label: 'Trouser size', kind: 'text', maxLength: 20 },
        { key: 'uniform_issued', label: 'Date uniform issued', kind: 'date' },
        { key: 'id_badge_number', label: 'ID badge number', kind: 'text', maxLength: 40 },
        { key: 'id_badge_expiry', label: 'ID badge expires', kind: 'date' },
      ],
    },
    {
      key: 'car',
      title: 'Driving and car',
      intro: 'The licence and business insurance themselves are checked on the compliance tabs; these are the car details for mileage and parking permits.',
      fields: [
        { key: 'uses_car', label: 'Uses their own car for work', kind: 'yes-no', required: true },
        { key: 'car_make_model', label: 'Make and model', kind: 'text', required: true, maxLength: 80, showWhen: { field: 'uses_car', equals: [true] } },
        { key: 'car_registration', label: 'Registration', kind: 'text', required: true, maxLength: 12, showWhen: { field: 'uses_car', equals: [true] } },
        { key: 'mot_due', label: 'MOT due', kind: 'date', showWhen: { field: 'uses_car', equals: [true] } },
        { key: 'parking_permit', label: 'Council carers\' parking permit number', kind: 'text', maxLength: 40, showWhen: { field: 'uses_car', equals: [true] } },
        {
          key: 'travel_other',
          label: 'How they travel otherwise',
          kind: 'multi-choice',
          options: [
            { value: 'walk', label: 'On foot' },
            { value: 'bus', label: 'Bus' },
            { value: 'train', label: 'Train, tram or underground' },
            { value: 'cycle', label: 'Bicycle' },
            { value: 'lifts', label: 'Lifts from colleagues' },
          ],
        },
      ],
    },
  ],
});

// ——— Health declaration (occupational health pre-placement questionnaire)

const conditionQuestion = (key: string, label: string, hint?: string): DocumentField[] => [
  { key, label, kind: 'yes-no', required: true, hint },
  { key: `${key}_details`, label: 'Details, treatment and how it affects work', kind: 'long-text', required: true, maxLength: 2000, showWhen: { field: key, equals: [true] } },
];

const medicalHistory = defineStaffDocument({
  name: 'medical-history',
  title: 'Health declaration',
  description:
    'The pre-placement health questionnaire: conditions that may affect moving and handling or infection control, medication, vaccinations, and the reasonable adjustments the Equality Act 2010 asks the employer to make. Asked after a job offer, never to decide whether to offer it (Equality Act 2010, s.60).',
  sensitivity: 'clinical',
  reviewEveryMonths: 12,
  sections: [
    {
      key: 'about',
      title: 'About this declaration',
      fields: [
        { key: 'completed_on', label: 'Date completed', kind: 'date', required: true },
        { key: 'gp_practice', label: 'GP practice', kind: 'text', maxLength: 160 },
        { key: 'consent_to_oh', label: 'Agrees the office may ask occupational health for advice if needed', kind: 'yes-no', required: true },
      ],
    },
    {
      key: 'conditions',
      title: 'Health and conditions',
      intro: 'Answer for now and the past two years. A "yes" does not stop anyone working: it tells us what support to put in place.',
      fields: [
        ...conditionQuestion('moving_handling_condition', 'Any condition that could affect moving and handling (joints, heart, breathing, recent surgery)?'),
        ...conditionQuestion('back_problems', 'Back or neck problems?'),
        ...conditionQuestion('skin_condition', 'Skin conditions such as eczema, dermatitis or psoriasis, or an allergy to latex or gloves?', 'Hands are washed and gloves worn many times a day.'),
        ...conditionQuestion('infection', 'Any infection now, or diarrhoea and vomiting in the last 48 hours?'),
        ...conditionQuestion('mental_health', 'Any mental health condition for which support at work would help?'),
        ...conditionQuestion('other_condition', 'Any other condition, including epilepsy or diabetes, that the office should know about to keep you safe at work?'),
        {
          key: 'medication',
          label: 'Medication taken regularly that could affect work (drowsiness, driving)',
          kind: 'long-text',
          maxLength: 2000,
        },
        { key: 'pregnant', label: 'Pregnant, or given birth in the last six months, or breastfeeding?', kind: 'yes-no', hint: 'A new or expectant mother has her own risk assessment (worker risk assessment).' },
      ],
    },
    {
      key: 'vaccinations',
      title: 'Vaccinations and immunity',
      fields: [
        { key: 'hepatitis_b', label: 'Hepatitis B vaccination', kind: 'choice', required: true, options: [{ value: 'complete', label: 'Course complete' }, { value: 'in-progress', label: 'Course started' }, { value: 'none', label: 'Not vaccinated' }, { value: 'not-known', label: 'Not known' }] },
        { key: 'mmr', label: 'Two doses of MMR, or immune to measles and rubella', kind: 'choice', required: true, options: [...YES_NO_UNSURE] },
        { key: 'chickenpox', label: 'Had chickenpox or the vaccine', kind: 'choice', required: true, options: [...YES_NO_UNSURE] },
        { key: 'flu_vaccine', label: 'Flu vaccine this winter', kind: 'choice', options: [{ value: 'had', label: 'Had it' }, { value: 'booked', label: 'Booked' }, { value: 'declined', label: 'Declined' }] },
        { key: 'tb_screening', label: 'Lived in a country with high TB rates for more than six months', kind: 'yes-no' },
      ],
    },
    {
      key: 'adjustments',
      title: 'Reasonable adjustments',
      intro: 'The Equality Act 2010 asks the employer to make reasonable adjustments for a disability.',
      fields: [
        { key: 'considers_disabled', label: 'Considers themselves disabled under the Equality Act 2010', kind: 'choice', options: [...YES_NO_UNSURE, { value: 'prefer-not', label: 'Prefer not to say' }] },
        { key: 'adjustments_needed', label: 'Adjustments that would help', kind: 'long-text', maxLength: 2000 },
        { key: 'oh_referral', label: 'Referred to occupational health', kind: 'yes-no' },
        { key: 'oh_outcome', label: 'Occupational health advice', kind: 'long-text', maxLength: 3000, showWhen: { field: 'oh_referral', equals: [true] } },
      ],
    },
    {
      key: 'declaration',
      title: 'Declaration',
      fields: [
        { key: 'true_and_complete', label: 'The answers are true and complete, and they will tell the office if their health changes', kind: 'yes-no', required: true },
        signed('worker_signature', 'Signed by the worker'),
        { key: 'reviewed_by', label: 'Reviewed by (manager)', kind: 'signature' },
      ],
    },
  ],
});

// ——— COVID-19

const VACCINES = [
  { value: 'pfizer', label: 'Pfizer/BioNTech (Comirnaty)' },
  { value: 'moderna', label: 'Moderna (Spikevax)' },
  { value: 'astrazeneca', label: 'Oxford/AstraZeneca (Vaxzevria)' },
  { value: 'novavax', label: 'Novavax (Nuvaxovid)' },
  { value: 'sanofi', label: 'Sanofi (VidPrevtyn Beta)' },
  { value: 'other', label: 'Other' },
] as const;

const EVIDENCE = {
  key: 'evidence',
  label: 'Evidence seen',
  kind: 'choice',
  options: [
    { value: 'nhs-app', label: 'NHS App record' },
    { value: 'vaccination-card', label: 'Vaccination card' },
    { value: 'gp-letter', label: 'GP or NHS letter' },
    { value: 'self-declared', label: 'Self-declared' },
  ],
} as const satisfies DocumentField;

const covidVaccineDetails = defineStaffDocument({
  name: 'covid-vaccine-details',
  title: 'COVID-19 vaccination',
  description: 'The primary course of COVID-19 vaccination, as the worker chooses to share it. Vaccination is not a condition of deployment in home care since March 2022.',
  sensitivity: 'clinical',
  sections: [
    {
      key: 'status',
      title: 'Vaccination status',
      fields: [
        { key: 'vaccinated', label: 'Vaccination status', kind: 'choice', required: true, options: [{ value: 'full', label: 'Primary course complete' }, { value: 'partial', label: 'One dose' }, { value: 'none', label: 'Not vaccinated' }, { value: 'prefer-not', label: 'Prefers not to say' }] },
        { key: 'exemption', label: 'Medical exemption held', kind: 'yes-no', showWhen: { field: 'vaccinated', equals: ['none'] } },
      ],
    },
    {
      key: 'doses',
      title: 'Doses',
      fields: [
        { key: 'first_dose_date', label: 'First dose date', kind: 'date', required: true, showWhen: { field: 'vaccinated', equals: ['full', 'partial'] } },
        { key: 'first_dose_vaccine', label: 'First dose vaccine', kind: 'choice', options: VACCINES, showWhen: { field: 'vaccinated', equals: ['full', 'partial'] } },
        { key: 'second_dose_date', label: 'Second dose date', kind: 'date', required: true, showWhen: { field: 'vaccinated', equals: ['full'] } },
        { key: 'second_dose_vaccine', label: 'Second dose vaccine', kind: 'choice', options: VACCINES, showWhen: { field: 'vaccinated', equals: ['full'] } },
        { ...EVIDENCE, showWhen: { field: 'vaccinated', equals: ['full', 'partial'] } },
        { key: 'recorded_by', label: 'Recorded by', kind: 'signature', required: true },
      ],
    },
  ],
});

const covidBooster = defineStaffDocument({
  name: 'covid-vaccine-details-booster-vaccine',
  title: 'COVID-19 booster',
  description: 'One booster or seasonal dose (spring and autumn programmes): one document per dose.',
  sensitivity: 'clinical',
  multiple: true,
  sections: [
    {
      key: 'dose',
      title: 'Booster dose',
      fields: [
        { key: 'dose_date', label: 'Date of the dose', kind: 'date', required: true },
        { key: 'programme', label: 'Programme', kind: 'choice', required: true, options: [{ value: 'booster', label: 'Booster (2021–2022)' }, { value: 'spring', label: 'Spring programme' }, { value: 'autumn', label: 'Autumn programme' }] },
        { key: 'vaccine', label: 'Vaccine', kind: 'choice', required: true, options: VACCINES },
        { key: 'where_given', label: 'Where it was given', kind: 'choice', options: [{ value: 'pharmacy', label: 'Pharmacy' }, { value: 'gp', label: 'GP surgery' }, { value: 'vaccination-centre', label: 'Vaccination centre' }, { value: 'employer', label: 'Employer or NHS outreach clinic' }] },
        EVIDENCE,
        { key: 'side_effects', label: 'Time off or side effects to note', kind: 'long-text', maxLength: 1000 },
        { key: 'recorded_by', label: 'Recorded by', kind: 'signature', required: true },
      ],
    },
  ],
});

// ——— Carer app feedback

const RATING = [1, 2, 3, 4, 5].map((score) => ({ value: String(score), label: ['Very poor', 'Poor', 'All right', 'Good', 'Very good'][score - 1]!, score }));

const appExperience = defineStaffDocument({
  name: 'app-experience',
  title: 'Carer app feedback',
  description: 'How the carers\' app works for the carer: checking in, reading care plans, recording care and medication, so the office can help and report problems.',
  multiple: true,
  results: (values) => {
    const keys = ['rating_check_in', 'rating_care_plans', 'rating_recording', 'rating_emar', 'rating_overall'];
    const answered = keys.map((key) => Number(values[key])).filter((score) => Number.isInteger(score) && score >= 1 && score <= 5);
    if (!answered.length) return [{ key: 'average', label: 'Average rating', value: null }];
    const average = Math.round((answered.reduce((sum, score) => sum + score, 0) / answered.length) * 10) / 10;
    const level: ResultLevel = average < 2.5 ? 'high' : average < 3.5 ? 'medium' : 'none';
    return [
      {
        key: 'average',
        label: 'Average rating',
        value: average,
        unit: 'out of 5',
        band: average < 2.5 ? 'Struggling with the app' : average < 3.5 ? 'Mixed' : 'Working well',
        level,
        actions: level === 'none' ? [] : ['Offer the carer a session with a senior on the app.', 'Report any fault to the app\'s support with the phone model.'],
      },
    ];
  },
  sections: [
    {
      key: 'about',
      title: 'About the carer\'s phone',
      fields: [
        { key: 'feedback_date', label: 'Date', kind: 'date', required: true },
        { key: 'phone_type', label: 'Phone', kind: 'choice', required: true, options: [{ value: 'android', label: 'Android' }, { value: 'iphone', label: 'iPhone' }, { value: 'company', label: 'Company phone' }] },
        { key: 'confidence', label: 'Confidence with smartphones', kind: 'choice', options: [{ value: 'high', label: 'Confident' }, { value: 'some', label: 'Getting there' }, { value: 'low', label: 'Needs help' }] },
      ],
    },
    {
      key: 'ratings',
      title: 'Ratings',
      fields: [
        { key: 'rating_check_in', label: 'Checking in and out of visits', kind: 'scored', required: true, options: RATING },
        { key: 'rating_care_plans', label: 'Reading care plans and tasks', kind: 'scored', required: true, options: RATING },
        { key: 'rating_recording', label: 'Writing care notes', kind: 'scored', required: true, options: RATING },
        { key: 'rating_emar', label: 'Recording medication (eMAR)', kind: 'scored', options: RATING },
        { key: 'rating_overall', label: 'Overall', kind: 'scored', required: true, options: RATING },
      ],
    },
    {
      key: 'comments',
      title: 'Comments',
      fields: [
        { key: 'problems', label: 'Problems met (signal, battery, log-in, GPS)', kind: 'long-text', maxLength: 2000 },
        { key: 'suggestions', label: 'Suggestions', kind: 'long-text', maxLength: 2000 },
        { key: 'support_offered', label: 'Support offered by the office', kind: 'long-text', maxLength: 1000 },
      ],
    },
  ],
});

// ——— Worker risk assessment (5 × 5 matrix, likelihood × severity, bands as the NPSA's)

const LIKELIHOOD: DocumentRowColumn = {
  key: 'likelihood',
  label: 'Likelihood',
  kind: 'choice',
  required: true,
  options: [
    { value: '1', label: '1 Rare' },
    { value: '2', label: '2 Unlikely' },
    { value: '3', label: '3 Possible' },
    { value: '4', label: '4 Likely' },
    { value: '5', label: '5 Almost certain' },
  ],
};

const SEVERITY: DocumentRowColumn = {
  key: 'severity',
  label: 'Severity',
  kind: 'choice',
  required: true,
  options: [
    { value: '1', label: '1 Negligible' },
    { value: '2', label: '2 Minor' },
    { value: '3', label: '3 Moderate' },
    { value: '4', label: '4 Major' },
    { value: '5', label: '5 Catastrophic' },
  ],
};

/** The band of a likelihood × severity rating (NPSA): low 1–3, moderate 4–6, high 8–12, extreme 15–25. */
export function workerRiskBand(rating: number): { band: string; level: ResultLevel; actions: string[] } {
  if (rating >= 15) return { band: 'Extreme risk', level: 'very-high', actions: ['Do not roster the work until further controls are in place; tell the registered manager today.'] };
  if (rating >= 8) return { band: 'High risk', level: 'high', actions: ['Put the further controls in place before the next shift and review within a month.'] };
  if (rating >= 4) return { band: 'Moderate risk', level: 'medium', actions: ['Agree the further action with the worker and review within three months.'] };
  return { band: 'Low risk', level: 'low', actions: ['Carry on with the existing controls; review yearly or when anything changes.'] };
}

function workerRiskResults(values: DocumentValues): DocumentResult[] {
  const rows = Array.isArray(values.hazards) ? (values.hazards as DocumentValues[]) : [];
  const rated = rows.flatMap((row, index) => {
    const likelihood = Number(row?.likelihood);
    const severity = Number(row?.severity);
    if (!Number.isInteger(likelihood) || !Number.isInteger(severity) || likelihood < 1 || likelihood > 5 || severity < 1 || severity > 5) return [];
    const name = typeof row.hazard === 'string' && row.hazard.trim() ? row.hazard.trim() : `Hazard ${index + 1}`;
    return [{ index, name, rating: likelihood * severity }];
  });
  const perRow: DocumentResult[] = rated.map(({ index, name, rating }) => ({ key: `hazards_${index + 1}`, label: `Hazard: ${name}`, value: rating, ...workerRiskBand(rating) }));
  const top = rated.reduce<(typeof rated)[number] | null>((best, row) => (best === null || row.rating > best.rating ? row : best), null);
  return [...perRow, top ? { key: 'hazards_highest', label: `Highest rating (${top.name})`, value: top.rating, ...workerRiskBand(top.rating) } : { key: 'hazards_highest', label: 'Highest rating', value: null }];
}

const riskAssessment = defineStaffDocument({
  name: 'risk-assessment',
  title: 'Worker risk assessment',
  description:
    'The risks to this worker in particular: lone working, driving, a new or expectant mother, a young worker, health conditions. Each hazard rated likelihood × severity on a 5 × 5 matrix.',
  reviewEveryMonths: 12,
  results: workerRiskResults,
  sections: [
    {
      key: 'about',
      title: 'About this assessment',
      fields: [
        { key: 'assessment_date', label: 'Date of assessment', kind: 'date', required: true },
        {
          key: 'reason',
          label: 'Why it is being done',
          kind: 'choice',
          required: true,
          options: [
            { value: 'new-starter', label: 'New starter' },
            { value: 'annual', label: 'Yearly review' },
            { value: 'pregnancy', label: 'Pregnancy, new mother or breastfeeding' },
            { value: 'health-change', label: 'Change in health or return from absence' },
            { value: 'incident', label: 'After an incident or near miss' },
          ],
        },
        {
          key: 'factors',
          label: 'What applies to this worker',
          kind: 'multi-choice',
          required: true,
          options: [
            { value: 'lone-working', label: 'Lone working, evenings and weekends' },
            { value: 'driving', label: 'Driving between visits' },
            { value: 'new-expectant-mother', label: 'New or expectant mother' },
            { value: 'young-worker', label: 'Young worker (under 18)' },
            { value: 'night-work', label: 'Night work or waking nights' },
            { value: 'health-condition', label: 'A health condition or disability' },
            { value: 'none', label: 'None beyond the usual' },
          ],
        },
        { key: 'due_date', label: 'Baby due (expected week)', kind: 'date', showWhen: { field: 'factors', equals: ['new-expectant-mother'] } },
        { key: 'age_on_start', label: 'Age on starting', kind: 'number', min: 16, max: 17, unit: 'years', showWhen: { field: 'factors', equals: ['young-worker'] } },
      ],
    },
    {
      key: 'hazards',
      title: 'Hazards and controls',
      intro: 'Rate each hazard with its controls in place: 1–3 low, 4–6 moderate, 8–12 high, 15–25 extreme.',
      fields: [
        {
          key: 'hazards',
          label: 'Hazards',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'hazard', label: 'Hazard', kind: 'text', required: true, maxLength: 200 },
            { key: 'controls', label: 'Controls in place', kind: 'long-text', required: true, maxLength: 1500 },
            LIKELIHOOD,
            SEVERITY,
            { key: 'further_action', label: 'Further action', kind: 'long-text', maxLength: 1500 },
            { key: 'action_by', label: 'Who', kind: 'text', maxLength: 120 },
            { key: 'action_due', label: 'By when', kind: 'date' },
          ],
        },
      ],
    },
    {
      key: 'lone_working',
      title: 'Lone working',
      fields: [
        { key: 'on_call_known', label: 'Knows how to reach on-call out of hours', kind: 'yes-no', required: true },
        { key: 'check_in_app', label: 'Checks in and out on the app at every visit', kind: 'yes-no', required: true },
        { key: 'restrictions', label: 'Work the worker should not be rostered for', kind: 'long-text', maxLength: 2000, hint: 'e.g. no double-up moving and handling after 28 weeks of pregnancy; no night work.' },
      ],
    },
    {
      key: 'sign',
      title: 'Agreed',
      fields: [
        { key: 'worker_agrees', label: 'The worker has read and agrees the assessment', kind: 'yes-no', required: true },
        signed('worker_signature', 'Signed by the worker'),
        signed('assessor_signature', 'Assessed by'),
      ],
    },
  ],
});

// ——— Exit interview

const exitInterview = defineStaffDocument({
  name: 'exit-interview',
  title: 'Exit interview',
  description: 'Why the person is leaving and what they would change: confidential feedback that helps keep carers.',
  sections: [
    {
      key: 'leaving',
      title: 'Leaving',
      fields: [
        { key: 'interview_date', label: 'Date of the interview', kind: 'date', required: true },
        { key: 'last_working_day', label: 'Last working day', kind: 'date', required: true },
        {
          key: 'reason',
          label: 'Main reason for leaving',
          kind: 'choice',
          required: true,
          options: [
            { value: 'pay', label: 'Pay' },
            { value: 'hours', label: 'Hours or rota' },
            { value: 'travel', label: 'Travel between visits' },
            { value: 'career', label: 'Career move (NHS, nursing, other care)' },
            { value: 'other-sector', label: 'A job outside care' },
            { value: 'study', label: 'Study' },
            { value: 'relocation', label: 'Moving away' },
            { value: 'health', label: 'Health' },
            { value: 'caring', label: 'Caring for family' },
            { value: 'retirement', label: 'Retirement' },
            { value: 'management', label: 'Management or support' },
            { value: 'dismissal', label: 'Dismissal or end of contract' },
            { value: 'other', label: 'Other' },
          ],
        },
        { key: 'reason_details', label: 'In their words', kind: 'long-text', required: true, maxLength: 3000 },
        { key: 'new_employer', label: 'Where they are going (if they wish to say)', kind: 'text', maxLength: 160 },
      ],
    },
    {
      key: 'experience',
      title: 'Their experience',
      fields: [
        { key: 'supported', label: 'Felt supported by the office and their supervisor', kind: 'choice', required: true, options: [{ value: 'always', label: 'Always' }, { value: 'mostly', label: 'Mostly' }, { value: 'sometimes', label: 'Sometimes' }, { value: 'rarely', label: 'Rarely' }] },
        { key: 'training_enough', label: 'Training prepared them for the work', kind: 'choice', options: [{ value: 'yes', label: 'Yes' }, { value: 'partly', label: 'Partly' }, { value: 'no', label: 'No' }] },
        { key: 'enjoyed', label: 'What they enjoyed', kind: 'long-text', maxLength: 2000 },
        { key: 'would_change', label: 'What they would change', kind: 'long-text', maxLength: 2000 },
        { key: 'concerns_raised', label: 'Any concern about a client\'s safety or a colleague\'s practice?', kind: 'yes-no', required: true, hint: 'A concern raised here is passed to the registered manager as a safeguarding or whistleblowing matter.' },
        { key: 'concern_details', label: 'The concern', kind: 'long-text', required: true, maxLength: 3000, showWhen: { field: 'concerns_raised', equals: [true] } },
      ],
    },
    {
      key: 'closing',
      title: 'Closing the file',
      fields: [
        { key: 'would_return', label: 'Would consider coming back', kind: 'choice', options: [{ value: 'yes', label: 'Yes' }, { value: 'maybe', label: 'Maybe' }, { value: 'no', label: 'No' }] },
        { key: 'eligible_rehire', label: 'The agency would re-employ', kind: 'yes-no', required: true },
        { key: 'property_returned', label: 'Returned', kind: 'multi-choice', options: [{ value: 'id-badge', label: 'ID badge' }, { value: 'uniform', label: 'Uniform' }, { value: 'keys', label: 'Key safe codes and keys' }, { value: 'phone', label: 'Company phone' }, { value: 'ppe', label: 'PPE stock' }] },
        { key: 'app_access_removed', label: 'App and systems access removed', kind: 'yes-no', required: true },
        signed('interviewer_signature', 'Interviewed by'),
      ],
    },
  ],
});

export const PERSON_DOCUMENTS: readonly StaffDocument[] = [additionalInfo, medicalHistory, covidVaccineDetails, covidBooster, appExperience, riskAssessment, exitInterview];
