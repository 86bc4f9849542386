import type { DocumentOption, DocumentResult, DocumentValues } from '@hcm/contract/documents';
import { defineStaffDocument, type StaffDocument } from './types.js';

// Competence on a carer's file (DOMAIN.md "Training"): shadow shifts before working alone, and checks observed
// by an assessor. Each observation is its own document (multiple), so the file keeps every one: medication
// competence needs a settings-driven number of observed administrations assessed competent (three by default,
// `medication_competence_observations`) before the carer gives medication alone; the server counts them
// (GET /api/v1/carers/:id/competence) and the rota reads the answer.

export const SHADOWING_DOCUMENT = 'shadowing-competency-checks';
export const MEDICATION_COMPETENCY_DOCUMENT = 'competency-checks-new';
export const ADDITIONAL_COMPETENCY_DOCUMENT = 'competency-checks-additional';
export const CATHETER_COMPETENCY_DOCUMENT = 'competency-checks-catheter';

const MET: readonly DocumentOption[] = [
  { value: 'met', label: 'Met' },
  { value: 'not-met', label: 'Not met' },
  { value: 'not-applicable', label: 'Not applicable on this visit' },
];

export const COMPETENCE_OUTCOMES: readonly DocumentOption[] = [
  { value: 'competent', label: 'Competent' },
  { value: 'not-yet-competent', label: 'Not yet competent (observe again)' },
];

/** The observed steps of giving medication (NICE NG67 home-care guideline; NICE SC1 quick guide). */
export const MEDICATION_STEPS = [
  { key: 'checks_mar', label: 'Reads the MAR chart first: the person’s details, allergies, what is due and whether it was already given' },
  { key: 'consent', label: 'Explains and asks for consent; respects the person’s choice' },
  { key: 'hand_hygiene', label: 'Washes hands and prepares medicines hygienically' },
  { key: 'right_person', label: 'Right person: confirms who the person is' },
  { key: 'right_medicine', label: 'Right medicine: matches the label and the MAR, checks the expiry' },
  { key: 'right_dose', label: 'Right dose: counts or measures it correctly' },
  { key: 'right_route', label: 'Right route and form: by mouth, cream, drops, patch, inhaler as prescribed' },
  { key: 'right_time', label: 'Right time: within the window, time-critical medicines on time, gaps kept' },
  { key: 'records_immediately', label: 'Records each administration on the MAR straight away, with the outcome code and time' },
  { key: 'prn_protocol', label: 'PRN (as needed): follows the protocol, checks the last dose and the 24-hour maximum, records why' },
  { key: 'refusals', label: 'Refusals: never forces or hides medicines, records the code, tells the office' },
  { key: 'storage', label: 'Stores medicines safely and returns them to where they are kept' },
] as const;

const CATHETER_STEPS = [
  { key: 'hand_hygiene', label: 'Washes hands and wears gloves and an apron' },
  { key: 'bag_position', label: 'Keeps the bag below the bladder, the tubing free of kinks, supported by a stand or strap' },
  { key: 'empties_bag', label: 'Empties the bag into a clean jug without touching the tap, and measures the output' },
  { key: 'night_bag', label: 'Connects and removes the night bag without breaking the closed system more than needed' },
  { key: 'site_care', label: 'Cleans around the catheter site with soap and water, away from the body' },
  { key: 'recognises_problems', label: 'Knows the signs of infection or blockage (pain, fever, no output, bypassing) and whom to call' },
  { key: 'records', label: 'Records output and observations in the care notes' },
] as const;

export const ADDITIONAL_SKILLS: readonly DocumentOption[] = [
  { value: 'moving-handling', label: 'Moving and handling (slide sheets, transfers)' },
  { value: 'hoist', label: 'Hoist and sling use' },
  { value: 'stand-aid', label: 'Stand aid' },
  { value: 'peg', label: 'PEG feeding' },
  { value: 'stoma', label: 'Stoma care' },
  { value: 'buccal-midazolam', label: 'Buccal midazolam' },
  { value: 'blood-glucose', label: 'Blood glucose monitoring' },
  { value: 'pressure-care', label: 'Pressure area care and repositioning' },
  { value: 'compression-stockings', label: 'Compression stockings' },
  { value: 'eye-drops', label: 'Eye drops and topical medicines' },
  { value: 'oxygen', label: 'Home oxygen' },
  { value: 'thickened-fluids', label: 'Thickened fluids (IDDSI)' },
];

const SHADOW_TASKS: readonly DocumentOption[] = [
  { value: 'personal-care', label: 'Personal care (washing, dressing, continence)' },
  { value: 'medication', label: 'Medication (observed only)' },
  { value: 'meals', label: 'Meals and drinks' },
  { value: 'moving-handling', label: 'Moving and handling' },
  { value: 'hoist', label: 'Hoist transfer' },
  { value: 'catheter', label: 'Catheter care' },
  { value: 'records', label: 'Care notes and the MAR on the app' },
  { value: 'key-safe', label: 'Key safe and leaving the home secure' },
  { value: 'dementia', label: 'Supporting someone living with dementia' },
];

const stepFields = (steps: readonly { key: string; label: string }[]) =>
  steps.map((step) => ({ key: step.key, label: step.label, kind: 'choice' as const, options: MET, required: true }));

/** The observed steps met, and which were not: the badge on each observation. */
function stepsResult(steps: readonly { key: string; label: string }[]) {
  return (values: DocumentValues): DocumentResult[] => {
    const answered = steps.filter((step) => values[step.key] === 'met' || values[step.key] === 'not-met');
    if (!answered.length) return [];
    const notMet = steps.filter((step) => values[step.key] === 'not-met');
    const met = answered.length - notMet.length;
    return [
      {
        key: 'steps_met',
        label: 'Steps met',
        value: `${met} of ${answered.length}`,
        band: notMet.length ? `${notMet.length} not met` : 'All observed steps met',
        level: notMet.length ? 'high' : 'none',
        actions: notMet.map((step) => `Observe again: ${step.label}`),
      },
    ];
  };
}

const outcomeSection = {
  key: 'outcome',
  title: 'Outcome',
  fields: [
    { key: 'outcome', label: 'Outcome', kind: 'choice' as const, options: COMPETENCE_OUTCOMES, required: true },
    { key: 'feedback', label: 'Feedback given to the carer', kind: 'long-text' as const, required: true },
    { key: 'actions', label: 'What happens next', kind: 'long-text' as const, hint: 'Further training, another observation and when', showWhen: { field: 'outcome', equals: ['not-yet-competent'] }, required: true },
    { key: 'assessor_signature', label: 'Assessor’s signature', kind: 'signature' as const },
  ],
};

const observationFields = (dateLabel: string) => [
  { key: 'observed_on', label: dateLabel, kind: 'date' as const, required: true },
  { key: 'assessor_name', label: 'Assessor', kind: 'text' as const, required: true, hint: 'A senior carer, field care supervisor or manager assessed as competent to assess' },
  { key: 'client_initials', label: 'Client’s initials', kind: 'text' as const, required: true, maxLength: 6, hint: 'Initials only on the carer’s file' },
];

export const COMPETENCE_DOCUMENTS: readonly StaffDocument[] = [
  defineStaffDocument({
    name: SHADOWING_DOCUMENT,
    title: 'Shadow shift',
    description: 'A shift the new carer works alongside an experienced carer before visiting alone.',
    multiple: true,
    sections: [
      {
        key: 'shift',
        title: 'The shift',
        fields: [
          { key: 'shift_date', label: 'Date of the shift', kind: 'date', required: true },
          { key: 'hours', label: 'Hours shadowed', kind: 'number', min: 0, max: 14, decimals: 1, unit: 'hours' },
          { key: 'experienced_carer', label: 'Experienced carer shadowed', kind: 'text', required: true },
          { key: 'client_initials', label: 'Clients visited (initials)', kind: 'text', required: true, maxLength: 60, hint: 'e.g. P.H., A.B.' },
          { key: 'tasks_observed', label: 'Tasks observed or done with support', kind: 'multi-choice', options: SHADOW_TASKS, required: true },
        ],
      },
      {
        key: 'review',
        title: 'Feedback',
        fields: [
          { key: 'feedback', label: 'Feedback from the experienced carer', kind: 'long-text', required: true },
          { key: 'ready_to_work_alone', label: 'Ready to work alone', kind: 'yes-no', required: true },
          { key: 'further_shadowing', label: 'What to shadow next', kind: 'long-text', showWhen: { field: 'ready_to_work_alone', equals: [false] } },
        ],
      },
    ],
  }),
  defineStaffDocument({
    name: MEDICATION_COMPETENCY_DOCUMENT,
    title: 'Medication competency observation',
    description: 'One observed medication round at a client’s home, each step met or not (NICE NG67); the carer gives medication alone after the set number of observations assessed competent.',
    multiple: true,
    approval: true,
    sections: [
      {
        key: 'observation',
        title: 'The observation',
        fields: [
          ...observationFields('Observed on'),
          { key: 'support_level', label: 'Support given', kind: 'choice', options: [{ value: 'administer', label: 'Administer' }, { value: 'assist', label: 'Assist' }, { value: 'prompt', label: 'Prompt' }], required: true },
          { key: 'medicines_observed', label: 'Medicines given (no client names)', kind: 'long-text', hint: 'e.g. blister pack morning slot; paracetamol PRN' },
        ],
      },
      { key: 'steps', title: 'Steps observed', intro: 'Mark each step as seen on this visit.', fields: stepFields(MEDICATION_STEPS) },
      outcomeSection,
    ],
    results: stepsResult(MEDICATION_STEPS),
  }),
  defineStaffDocument({
    name: ADDITIONAL_COMPETENCY_DOCUMENT,
    title: 'Additional competency check',
    description: 'A skill observed in practice (moving and handling, hoist, PEG feeding…) before the carer does it alone.',
    multiple: true,
    approval: true,
    sections: [
      {
        key: 'observation',
        title: 'The observation',
        fields: [
          { key: 'skill', label: 'Skill assessed', kind: 'choice', options: ADDITIONAL_SKILLS, required: true },
          ...observationFields('Assessed on'),
          { key: 'tasks_observed', label: 'What was observed', kind: 'long-text', required: true },
          {
            key: 'criteria',
            label: 'Criteria',
            kind: 'rows',
            columns: [
              { key: 'criterion', label: 'Criterion', kind: 'text', required: true },
              { key: 'met', label: 'Met', kind: 'yes-no', required: true },
            ],
          },
        ],
      },
      outcomeSection,
    ],
  }),
  defineStaffDocument({
    name: CATHETER_COMPETENCY_DOCUMENT,
    title: 'Catheter care competency',
    description: 'Catheter care observed at a client’s home, each step met or not, before the carer does it alone.',
    multiple: true,
    approval: true,
    sections: [
      {
        key: 'observation',
        title: 'The observation',
        fields: [
          ...observationFields('Assessed on'),
          { key: 'catheter_type', label: 'Catheter', kind: 'choice', options: [{ value: 'urethral', label: 'Urethral (indwelling)' }, { value: 'suprapubic', label: 'Suprapubic' }], required: true },
        ],
      },
      { key: 'steps', title: 'Steps observed', fields: stepFields(CATHETER_STEPS) },
      outcomeSection,
    ],
    results: stepsResult(CATHETER_STEPS),
  }),
];
