import {
  defineDocument,
  type DocumentField,
  type DocumentOption,
  type DocumentPermissions,
  type DocumentResult,
  type DocumentRowColumn,
  type DocumentSpec,
  type DocumentValues,
  type Sensitivity,
} from '@hcm/contract/documents';

// The record documents of the "plans" group of the client record (../record-tabs.ts), and the exit survey of
// its "documents" group: how a person is supported day to day, the plans for when things go wrong, and the
// assessments and reviews that keep those plans true.

const PERMISSIONS: DocumentPermissions = { view: 'clients.view', edit: 'clients.edit', signOff: 'clients.sign-off' };

const options = (...pairs: readonly [value: string, label: string][]): DocumentOption[] => pairs.map(([value, label]) => ({ value, label }));

const SUPPORT_LEVELS = options(
  ['independent', 'Independent'],
  ['prompt', 'Prompting or supervision'],
  ['some-help', 'Some hands-on help'],
  ['full-help', 'Full help'],
  ['not-applicable', 'Not part of this service'],
);
const NEEDS_HELP = ['prompt', 'some-help', 'full-help'];

const NEED_AREAS = options(
  ['personal-care', 'Personal care'],
  ['continence', 'Continence'],
  ['mobility', 'Mobility'],
  ['nutrition', 'Nutrition and hydration'],
  ['medication', 'Medication'],
  ['skin', 'Skin and pressure care'],
  ['communication', 'Communication'],
  ['emotional', 'Emotional wellbeing'],
  ['social', 'Social life and activities'],
  ['health', 'Health'],
  ['home', 'Home and daily living'],
);

const FUNDERS = options(
  ['local-authority', 'Local authority'],
  ['nhs-chc', 'NHS continuing healthcare'],
  ['direct-payment', 'Direct payment'],
  ['self-funded', 'Self-funded'],
  ['joint', 'Jointly funded'],
);

const CALLS = options(
  ['morning', 'Morning'],
  ['lunch', 'Lunch'],
  ['tea', 'Tea'],
  ['bedtime', 'Bedtime'],
  ['night', 'Night call'],
  ['day-support', 'Daytime support session'],
  ['sleep-in', 'Sleep-in'],
  ['waking-night', 'Waking night'],
  ['other', 'Other'],
);

/** One row per call (or supported-living session): when, how long, what is done, by how many carers. */
const CALL_COLUMNS: DocumentRowColumn[] = [
  { key: 'call', label: 'Call', kind: 'choice', options: CALLS, required: true },
  { key: 'time', label: 'Time', kind: 'time', required: true },
  { key: 'duration', label: 'Duration', kind: 'number', unit: 'minutes', min: 15, max: 720, required: true },
  { key: 'days', label: 'Days', kind: 'text', hint: 'For example: every day, weekdays, Tuesdays and Fridays.' },
  { key: 'tasks', label: 'Tasks', kind: 'long-text', required: true },
  { key: 'carers', label: 'Carers needed', kind: 'number', min: 1, max: 4, required: true },
];

const WEEKDAYS = options(
  ['monday', 'Monday'],
  ['tuesday', 'Tuesday'],
  ['wednesday', 'Wednesday'],
  ['thursday', 'Thursday'],
  ['friday', 'Friday'],
  ['saturday', 'Saturday'],
  ['sunday', 'Sunday'],
);

const RISK_LEVELS = options(['low', 'Low'], ['medium', 'Medium'], ['high', 'High']);

const SATISFACTION = options(
  ['5', 'Very satisfied'],
  ['4', 'Satisfied'],
  ['3', 'Neither satisfied nor dissatisfied'],
  ['2', 'Dissatisfied'],
  ['1', 'Very dissatisfied'],
);

/** A need area of the support plan: how much help, and (when there is help) how to give it. */
function needArea(key: string, label: string, hint: string, sensitivity?: Sensitivity, levels: readonly DocumentOption[] = SUPPORT_LEVELS, helped = NEEDS_HELP): DocumentField[] {
  return [
    { key: `${key}_support`, label: `${label}: support needed`, kind: 'choice', options: levels, required: true },
    {
      key: `${key}_how`,
      label: `${label}: how to support me`,
      kind: 'long-text',
      hint,
      required: true,
      showWhen: { field: `${key}_support`, equals: helped },
      ...(sensitivity ? { sensitivity } : {}),
    },
  ];
}

const rowsOf = (values: DocumentValues, key: string): DocumentValues[] => (Array.isArray(values[key]) ? (values[key] as DocumentValues[]) : []);

export const supportPlan = defineDocument({
  name: 'support-plan',
  title: 'Support plan',
  description: 'The person-centred plan carers follow: what matters to the person, the outcomes they want, how to support each need, and the calls.',
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'about',
      title: 'About this plan',
      fields: [
        { key: 'plan_date', label: 'Date of this plan', kind: 'date', required: true },
        { key: 'funded_by', label: 'Funded by', kind: 'choice', options: FUNDERS, required: true },
        { key: 'contributors', label: 'Who contributed to this plan', kind: 'long-text', required: true, hint: 'The person first, then family, advocate and professionals, and how each took part.' },
        { key: 'what_matters', label: 'What matters most to me', kind: 'long-text', required: true, hint: "In the person's own words where possible." },
        { key: 'health_summary', label: 'My health conditions and how they affect my care', kind: 'long-text', sensitivity: 'clinical' },
      ],
    },
    {
      key: 'outcomes',
      title: 'My outcomes',
      intro: 'What the person wants to achieve or keep, in their words, and how everyone will know it is happening.',
      fields: [
        {
          key: 'outcomes',
          label: 'Outcomes',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'outcome', label: 'Outcome I want', kind: 'text', required: true },
            { key: 'area', label: 'Need area', kind: 'choice', options: NEED_AREAS },
            { key: 'measure', label: 'How we will know', kind: 'text' },
            { key: 'by_when', label: 'By when', kind: 'date' },
          ],
        },
      ],
    },
    {
      key: 'daily-living',
      title: 'Personal care, continence, mobility, eating and drinking',
      fields: [
        ...needArea('personal_care', 'Personal care', 'Washing, bathing, shaving, hair, teeth, dressing: what I do myself, what you do, and how I like it done.'),
        ...needArea('continence', 'Continence', 'Products and sizes, toileting routine, what to watch for (signs of infection).', 'clinical'),
        ...needArea('mobility', 'Mobility', 'Walking aids, transfers, the moving and handling plan, falls precautions.'),
        ...needArea('nutrition', 'Nutrition and hydration', 'Diet, likes and dislikes, texture, how much to drink a day, who shops.'),
      ],
    },
    {
      key: 'health',
      title: 'Medication and skin',
      fields: [
        ...needArea(
          'medication',
          'Medication',
          'Who orders and collects, where it is kept, the MAR chart, time-critical medicines, what to do if a dose is refused.',
          'clinical',
          options(['self-managed', 'Manages my own'], ['family', 'Family manage it'], ['prompt', 'Prompt'], ['assist', 'Assist'], ['administer', 'Administer']),
          ['prompt', 'assist', 'administer'],
        ),
        ...needArea('skin', 'Skin and pressure care', 'Creams, pressure areas to check, repositioning, who to tell about redness or sores.', 'clinical'),
      ],
    },
    {
      key: 'wellbeing',
      title: 'Communication, emotional wellbeing and social life',
      fields: [
        ...needArea('communication', 'Communication', 'Hearing, sight, language, aids, how to ask me things and give me time.'),
        ...needArea('emotional', 'Emotional wellbeing', 'What lifts my mood, what worries me, signs I am low, who to tell.'),
        ...needArea('social', 'Social life and activities', 'People I want to see, places I go, how you help me keep in touch.'),
      ],
    },
    {
      key: 'calls',
      title: 'Calls and tasks',
      fields: [
        { key: 'calls', label: 'Calls', kind: 'rows', required: true, columns: CALL_COLUMNS, hint: 'One row per call, in the order of the day.' },
        { key: 'access', label: 'How carers get in', kind: 'text', required: true, hint: 'Never write the key-safe code here: it is kept in the restricted access details.' },
        { key: 'no_reply', label: 'If I do not answer the door', kind: 'long-text', required: true },
      ],
    },
    {
      key: 'agreement',
      title: 'Agreement',
      fields: [
        { key: 'person_agrees', label: 'I agree with this plan', kind: 'yes-no', required: true },
        { key: 'disagreement', label: 'What I do not agree with, and what we will do about it', kind: 'long-text', required: true, showWhen: { field: 'person_agrees', equals: [false] } },
        { key: 'person_signature', label: 'Signed by the person or their representative', kind: 'signature' },
        { key: 'coordinator_signature', label: 'Signed by the care coordinator', kind: 'signature', required: true },
      ],
    },
  ],
});

export const provisionalCarePlan = defineDocument({
  name: 'provisional-careplan',
  title: 'Provisional care plan',
  description: 'The interim plan that starts care safely after a hospital discharge or a first assessment, until the full support plan is agreed.',
  reviewEveryMonths: 1,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'why',
      title: 'Why a provisional plan',
      fields: [
        {
          key: 'reason',
          label: 'Reason',
          kind: 'choice',
          required: true,
          options: options(['hospital-discharge', 'Hospital discharge'], ['emergency-start', 'Emergency start of care'], ['first-assessment', 'First assessment, full plan to follow'], ['change-in-needs', 'Sudden change in needs']),
        },
        { key: 'hospital', label: 'Hospital and ward', kind: 'text', required: true, showWhen: { field: 'reason', equals: ['hospital-discharge'] } },
        { key: 'discharge_date', label: 'Discharge date', kind: 'date', required: true, showWhen: { field: 'reason', equals: ['hospital-discharge'] } },
        {
          key: 'information_from',
          label: 'Information from',
          kind: 'multi-choice',
          required: true,
          options: options(
            ['the-person', 'The person'],
            ['family', 'Family'],
            ['discharge-summary', 'Discharge summary'],
            ['ward-staff', 'Ward nurse or therapist'],
            ['trusted-assessor', 'Trusted assessor'],
            ['social-worker', 'Social worker'],
            ['gp', 'GP or community nurse'],
          ),
        },
        { key: 'care_starts', label: 'Care starts', kind: 'date', required: true },
        { key: 'full_plan_by', label: 'Full assessment and support plan by', kind: 'date', required: true, hint: 'Usually within two weeks of care starting.' },
      ],
    },
    {
      key: 'known',
      title: 'What we know now',
      fields: [
        { key: 'presenting_needs', label: 'Needs now', kind: 'long-text', required: true },
        { key: 'health_on_discharge', label: 'Health now: diagnosis, treatment and what has changed', kind: 'long-text', sensitivity: 'clinical' },
        { key: 'medication_changes', label: 'Medication started, stopped or changed', kind: 'long-text', sensitivity: 'clinical', hint: 'Check against the discharge letter; the MAR chart is updated before the first call.' },
        {
          key: 'mobility_now',
          label: 'Mobility now',
          kind: 'choice',
          required: true,
          options: options(
            ['independent', 'Walks independently'],
            ['aid', 'Walks with an aid'],
            ['one-carer', 'Needs one carer to transfer'],
            ['two-carers', 'Needs two carers to transfer'],
            ['hoist', 'Hoisted by two carers'],
            ['bed-bound', 'Cared for in bed'],
          ),
        },
        { key: 'equipment_in_place', label: 'Equipment in place', kind: 'long-text' },
        { key: 'equipment_awaited', label: 'Equipment awaited', kind: 'long-text' },
        { key: 'known_risks', label: 'Risks known so far and how carers manage them', kind: 'long-text', required: true },
      ],
    },
    {
      key: 'interim-calls',
      title: 'Interim calls',
      fields: [
        { key: 'calls', label: 'Calls', kind: 'rows', required: true, columns: CALL_COLUMNS },
        { key: 'other_services', label: 'Other services involved', kind: 'long-text', hint: 'District nurses, reablement therapists, intermediate care, telecare.' },
        { key: 'contacts', label: 'Who to call about this plan', kind: 'long-text', required: true },
      ],
    },
    {
      key: 'consent',
      title: 'Consent',
      fields: [
        { key: 'consents', label: 'The person consents to care starting on this plan', kind: 'yes-no', required: true },
        { key: 'consent_notes', label: 'How the decision was made', kind: 'long-text', required: true, showWhen: { field: 'consents', equals: [false] }, hint: 'Capacity, best interests, who holds a health and welfare LPA.' },
        { key: 'completed_by', label: 'Completed by', kind: 'signature', required: true },
      ],
    },
  ],
});

export const dailyActivities = defineDocument({
  name: 'daily-activities',
  title: 'Daily activities',
  description: "The person's day as they like it, and the help they need with the activities of daily living.",
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'routine',
      title: 'My day',
      fields: [
        { key: 'wake_time', label: 'I usually get up at', kind: 'time' },
        { key: 'morning', label: 'My morning', kind: 'long-text', required: true },
        { key: 'daytime', label: 'My afternoon', kind: 'long-text', required: true },
        { key: 'evening', label: 'My evening', kind: 'long-text', required: true },
        { key: 'bed_time', label: 'I usually go to bed at', kind: 'time' },
        { key: 'night', label: 'Through the night', kind: 'long-text', hint: 'Sleep, getting up to the toilet, what helps if I wake.' },
      ],
    },
    {
      key: 'daily-living',
      title: 'Activities of daily living',
      fields: [
        {
          key: 'activities',
          label: 'Activities',
          kind: 'rows',
          required: true,
          hint: 'Washing, dressing, drinks, meals, laundry, cleaning, shopping, post and bills.',
          columns: [
            { key: 'activity', label: 'Activity', kind: 'text', required: true },
            { key: 'i_do', label: 'What I do myself', kind: 'long-text' },
            { key: 'support', label: 'Help I need', kind: 'long-text', required: true },
            { key: 'level', label: 'Level of support', kind: 'choice', options: SUPPORT_LEVELS, required: true },
          ],
        },
      ],
    },
    {
      key: 'enjoy',
      title: 'What I enjoy',
      fields: [
        { key: 'interests', label: 'Things I enjoy doing', kind: 'long-text', required: true },
        { key: 'would_like_to_try', label: 'Things I would like to do more of or try', kind: 'long-text' },
        { key: 'dislikes', label: 'Things I do not want to do', kind: 'long-text' },
      ],
    },
  ],
});

export const promotingIndependence = defineDocument({
  name: 'promoting-independence',
  title: 'Promoting independence',
  description: 'What the person can do and wants to do for themselves, the goals towards it, and how staff help without taking over.',
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'abilities',
      title: 'What I can do',
      fields: [
        { key: 'can_do', label: 'Things I do for myself', kind: 'long-text', required: true },
        { key: 'want_to_do', label: 'Things I want to do for myself again', kind: 'long-text', required: true },
        { key: 'barriers', label: 'What gets in the way', kind: 'long-text' },
      ],
    },
    {
      key: 'goals',
      title: 'Goals',
      fields: [
        {
          key: 'goals',
          label: 'Goals',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'goal', label: 'Goal', kind: 'text', required: true },
            { key: 'steps', label: 'Steps and who helps', kind: 'long-text', required: true },
            { key: 'target_date', label: 'Target date', kind: 'date' },
            { key: 'progress', label: 'Progress', kind: 'choice', options: options(['not-started', 'Not started'], ['in-progress', 'In progress'], ['achieved', 'Achieved'], ['stopped', 'Stopped']) },
          ],
        },
      ],
    },
    {
      key: 'approach',
      title: 'How staff promote my independence',
      fields: [
        { key: 'staff_approach', label: 'How staff support me without taking over', kind: 'long-text', required: true },
        {
          key: 'assistive_technology',
          label: 'Assistive technology I use',
          kind: 'multi-choice',
          options: options(
            ['pendant', 'Pendant alarm'],
            ['falls-sensor', 'Falls sensor'],
            ['medication-dispenser', 'Automatic medication dispenser'],
            ['door-sensor', 'Door sensor'],
            ['key-safe', 'Key safe'],
            ['video-calling', 'Video calling'],
            ['smart-speaker', 'Smart speaker or reminders'],
            ['kettle-tipper', 'Kettle tipper'],
            ['none', 'None'],
          ),
        },
        { key: 'positive_risk', label: 'Is there a positive risk-taking agreement?', kind: 'yes-no', required: true },
        {
          key: 'risk_agreement',
          label: 'The risk agreed, with whom, and how it is kept as safe as possible',
          kind: 'long-text',
          required: true,
          showWhen: { field: 'positive_risk', equals: [true] },
        },
      ],
    },
  ],
});

export const accessingCommunity = defineDocument({
  name: 'accessing-community',
  title: 'Accessing the community',
  description: 'Where the person goes, how they get there, the support they need and how they stay safe when out.',
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'places',
      title: 'Where I go',
      fields: [
        {
          key: 'activities',
          label: 'Places and activities',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'activity', label: 'Place or activity', kind: 'text', required: true },
            { key: 'when', label: 'When', kind: 'text', required: true },
            {
              key: 'transport',
              label: 'Transport',
              kind: 'choice',
              options: options(['walk', 'Walking'], ['bus', 'Bus or train'], ['taxi', 'Taxi'], ['wheelchair-taxi', 'Wheelchair taxi'], ['agency-car', "Staff's car"], ['family', 'Family drive'], ['community-transport', 'Community transport']),
            },
            { key: 'support', label: 'Support needed', kind: 'long-text', required: true },
          ],
        },
        { key: 'would_like', label: 'Places I would like to go', kind: 'long-text' },
      ],
    },
    {
      key: 'travel',
      title: 'Travel and money',
      fields: [
        {
          key: 'travel',
          label: 'How I travel',
          kind: 'choice',
          required: true,
          options: options(['independent', 'Independently'], ['known-routes', 'Independently on routes I know'], ['accompanied', 'Accompanied'], ['not-at-present', 'I do not go out at present']),
        },
        { key: 'bus_pass', label: 'Has a bus pass', kind: 'yes-no' },
        { key: 'blue_badge', label: 'Has a Blue Badge', kind: 'yes-no' },
        { key: 'money_out', label: 'Money when I am out', kind: 'long-text', hint: 'How much I carry, who keeps receipts (record on the money-handled tab).' },
      ],
    },
    {
      key: 'safety',
      title: 'Keeping safe when out',
      fields: [
        { key: 'risks_out', label: 'Risks when out and how they are managed', kind: 'long-text', required: true },
        { key: 'carries', label: 'What I carry', kind: 'multi-choice', options: options(['phone', 'Mobile phone'], ['id-card', 'ID or "about me" card'], ['medication', 'Emergency medication'], ['pendant', 'Pendant alarm that works outside'], ['none', 'Nothing']) },
        { key: 'medication_out', label: 'Medication to take out', kind: 'long-text', sensitivity: 'clinical', showWhen: { field: 'carries', equals: ['medication'] }, required: true },
        { key: 'if_separated', label: 'If I get lost or separated from staff', kind: 'long-text', required: true },
      ],
    },
  ],
});

export const supportedLivingCalendar = defineDocument({
  name: 'supported-living-calendar',
  title: 'Supported-living calendar',
  description: "The person's regular week: what happens when, the support each part needs, and the staffing.",
  reviewEveryMonths: 3,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'about',
      title: 'About this timetable',
      fields: [
        { key: 'effective_from', label: 'Timetable from', kind: 'date', required: true },
        { key: 'commissioned_hours', label: 'Commissioned one-to-one hours a week', kind: 'number', min: 0, max: 168, decimals: 1, unit: 'hours' },
        { key: 'shared_support', label: 'Shared and night support', kind: 'text', hint: 'For example: shared support in the house 08:00–22:00, sleep-in 22:00–08:00.' },
        { key: 'format', label: 'How I see my week', kind: 'multi-choice', options: options(['picture', 'Picture timetable'], ['written', 'Written timetable'], ['phone', 'Phone calendar'], ['whiteboard', 'Whiteboard'], ['verbal', 'Talked through each morning']) },
      ],
    },
    {
      key: 'week',
      title: 'My week',
      fields: [
        {
          key: 'timetable',
          label: 'Timetable',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'day', label: 'Day', kind: 'choice', options: WEEKDAYS, required: true },
            { key: 'start', label: 'From', kind: 'time', required: true },
            { key: 'end', label: 'Until', kind: 'time' },
            { key: 'activity', label: 'Activity', kind: 'text', required: true },
            { key: 'support', label: 'Support needed', kind: 'long-text' },
            {
              key: 'ratio',
              label: 'Staff ratio',
              kind: 'choice',
              required: true,
              options: options(['none', 'No staff'], ['shared', 'Shared staff'], ['1-1', '1:1'], ['2-1', '2:1'], ['family', 'With family'], ['other-service', 'Another service (college, day centre)']),
            },
          ],
        },
      ],
    },
    {
      key: 'changes',
      title: 'When things change',
      fields: [
        { key: 'preparing_for_change', label: 'How to tell me about a change', kind: 'long-text', required: true },
        { key: 'if_cancelled', label: 'If an activity is cancelled', kind: 'long-text', required: true },
        { key: 'holidays', label: 'Term breaks, holidays and special days', kind: 'long-text' },
      ],
    },
  ],
});

export const therapyInterventions = defineDocument({
  name: 'therapy-interventions',
  title: 'Therapy interventions',
  description: 'The therapists involved and the programme they have asked carers to carry out between their visits.',
  reviewEveryMonths: 3,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'therapists',
      title: 'Therapists involved',
      fields: [
        {
          key: 'therapists',
          label: 'Therapists',
          kind: 'rows',
          required: true,
          columns: [
            {
              key: 'discipline',
              label: 'Discipline',
              kind: 'choice',
              required: true,
              options: options(
                ['physiotherapy', 'Physiotherapy'],
                ['occupational-therapy', 'Occupational therapy'],
                ['speech-language', 'Speech and language therapy'],
                ['dietetics', 'Dietetics'],
                ['podiatry', 'Podiatry'],
                ['psychology', 'Psychology'],
                ['memory-service', 'Memory service'],
                ['respiratory', 'Respiratory team'],
                ['other', 'Other'],
              ),
            },
            { key: 'name', label: 'Name', kind: 'text', required: true },
            { key: 'service', label: 'Service and contact', kind: 'text', required: true },
            { key: 'referred', label: 'Referred', kind: 'date' },
            { key: 'active', label: 'Still involved', kind: 'yes-no' },
          ],
        },
      ],
    },
    {
      key: 'programme',
      title: 'The programme',
      intro: 'What the therapist has asked us to do, exactly as they wrote it; carers do nothing beyond it.',
      fields: [
        { key: 'therapy_goals', label: 'What the therapy is for', kind: 'long-text', required: true, sensitivity: 'clinical' },
        {
          key: 'interventions',
          label: 'Interventions carers carry out',
          kind: 'rows',
          required: true,
          sensitivity: 'clinical',
          columns: [
            { key: 'intervention', label: 'Intervention', kind: 'text', required: true },
            { key: 'how', label: 'How', kind: 'long-text', required: true },
            { key: 'when', label: 'When and how often', kind: 'text', required: true },
          ],
        },
        { key: 'stop_if', label: 'Stop and seek advice if', kind: 'long-text', required: true, sensitivity: 'clinical' },
      ],
    },
    {
      key: 'training',
      title: 'Training and recording',
      fields: [
        { key: 'staff_shown', label: 'Carers have been shown the programme by the therapist', kind: 'yes-no', required: true },
        { key: 'shown_details', label: 'Who was shown, and when', kind: 'text', required: true, showWhen: { field: 'staff_shown', equals: [true] } },
        { key: 'recorded_where', label: 'Where carers record it', kind: 'text', required: true },
        { key: 'next_therapy_review', label: "Therapist's next review", kind: 'date' },
      ],
    },
  ],
});

export const positiveBehaviourSupportPlan = defineDocument({
  name: 'positive-behaviour-support-plan',
  title: 'Positive behaviour support plan',
  description:
    'Following BILD and PBS Academy guidance: the behaviours of concern and what they are for, the proactive (green), secondary (amber) and reactive (red) strategies, support after an incident, and any restrictive practice with its authorisation.',
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'about',
      title: 'About me and this plan',
      fields: [
        { key: 'plan_needed', label: 'Does the person need a positive behaviour support plan?', kind: 'yes-no', required: true, hint: 'Answer no when screening found no behaviours of concern, and say why.' },
        { key: 'screening_notes', label: 'Why no plan is needed', kind: 'long-text', required: true, showWhen: { field: 'plan_needed', equals: [false] } },
        { key: 'about_me', label: 'What people like and admire about me', kind: 'long-text', required: true, showWhen: { field: 'plan_needed', equals: [true] } },
        { key: 'good_life', label: 'What a good life looks like for me', kind: 'long-text', required: true, showWhen: { field: 'plan_needed', equals: [true] } },
        { key: 'written_with', label: 'Written with', kind: 'text', required: true, showWhen: { field: 'plan_needed', equals: [true] }, hint: 'The person, family, advocate, PBS practitioner, staff who know them best.' },
        { key: 'functional_assessment', label: 'Functional assessment by, and when', kind: 'text', showWhen: { field: 'plan_needed', equals: [true] } },
      ],
    },
    {
      key: 'understanding',
      title: 'Behaviours of concern and why they happen',
      fields: [
        {
          key: 'behaviours',
          label: 'Behaviours of concern',
          kind: 'rows',
          required: true,
          showWhen: { field: 'plan_needed', equals: [true] },
          columns: [
            { key: 'behaviour', label: 'What it looks like', kind: 'long-text', required: true },
            { key: 'how_often', label: 'How often', kind: 'text' },
            { key: 'risk', label: 'Risk', kind: 'choice', options: RISK_LEVELS, required: true },
            {
              key: 'function',
              label: 'What it seems to be for',
              kind: 'choice',
              options: options(['social', 'Contact or attention'], ['escape', 'To escape or avoid something'], ['tangible', 'To get something'], ['sensory', 'Sensory'], ['pain', 'Pain or feeling unwell']),
            },
          ],
        },
        { key: 'setting_events', label: 'Setting events: what makes it more likely', kind: 'long-text', required: true, showWhen: { field: 'plan_needed', equals: [true] }, hint: 'Poor sleep, pain, illness, changes of staff or routine, time of day.' },
        { key: 'triggers', label: 'Triggers', kind: 'long-text', required: true, showWhen: { field: 'plan_needed', equals: [true] } },
      ],
    },
    {
      key: 'green',
      title: 'Proactive strategies (green)',
      intro: 'Every day, to give a good life and make the behaviours less likely.',
      fields: [
        { key: 'proactive', label: 'Proactive strategies', kind: 'long-text', required: true, showWhen: { field: 'plan_needed', equals: [true] } },
        { key: 'skills', label: 'Skills we are helping me learn', kind: 'long-text', showWhen: { field: 'plan_needed', equals: [true] } },
      ],
    },
    {
      key: 'amber',
      title: 'Early warning signs and secondary strategies (amber)',
      fields: [
        { key: 'early_signs', label: 'Early warning signs', kind: 'long-text', required: true, showWhen: { field: 'plan_needed', equals: [true] } },
        { key: 'secondary', label: 'What to do when you see them', kind: 'long-text', required: true, showWhen: { field: 'plan_needed', equals: [true] } },
      ],
    },
    {
      key: 'red',
      title: 'Reactive strategies (red) and after an incident',
      fields: [
        { key: 'reactive', label: 'Reactive strategies', kind: 'long-text', required: true, showWhen: { field: 'plan_needed', equals: [true] }, hint: 'The least restrictive response that keeps everyone safe.' },
        { key: 'post_incident_person', label: 'Support for me afterwards', kind: 'long-text', required: true, showWhen: { field: 'plan_needed', equals: [true] } },
        { key: 'post_incident_staff', label: 'Debrief and recording for staff', kind: 'long-text', required: true, showWhen: { field: 'plan_needed', equals: [true] } },
      ],
    },
    {
      key: 'restrictive',
      title: 'Restrictive practices',
      intro: 'Any practice that restricts the person is used only as agreed here, as a last resort, and is recorded every time.',
      fields: [
        { key: 'restrictive_in_use', label: 'Is any restrictive practice in use?', kind: 'yes-no', required: true, sensitivity: 'safeguarding', showWhen: { field: 'plan_needed', equals: [true] } },
        {
          key: 'restrictive_practices',
          label: 'Restrictive practices',
          kind: 'rows',
          required: true,
          sensitivity: 'safeguarding',
          showWhen: { field: 'restrictive_in_use', equals: [true] },
          columns: [
            { key: 'practice', label: 'Practice', kind: 'long-text', required: true },
            {
              key: 'type',
              label: 'Type',
              kind: 'choice',
              required: true,
              options: options(['physical', 'Physical intervention'], ['environmental', 'Environmental'], ['mechanical', 'Mechanical'], ['chemical', 'Medication for behaviour (PRN)'], ['other', 'Other']),
            },
            { key: 'only_when', label: 'Only when', kind: 'long-text', required: true },
            { key: 'authorised_by', label: 'Agreed by (best-interests decision)', kind: 'text', required: true },
          ],
        },
        {
          key: 'liberty',
          label: 'Deprivation of liberty',
          kind: 'choice',
          required: true,
          sensitivity: 'safeguarding',
          showWhen: { field: 'restrictive_in_use', equals: [true] },
          options: options(
            ['not-deprivation', 'Not a deprivation of liberty'],
            ['application-needed', 'Court of Protection application needed'],
            ['applied', 'Applied to the Court of Protection'],
            ['authorised', 'Authorised by the Court of Protection'],
          ),
        },
        { key: 'reduction_plan', label: 'Plan to reduce restrictive practice', kind: 'long-text', required: true, sensitivity: 'safeguarding', showWhen: { field: 'restrictive_in_use', equals: [true] } },
      ],
    },
  ],
});

export const crisisManagementPlan = defineDocument({
  name: 'crisis-management-plan',
  title: 'Crisis management plan',
  description: 'What a crisis looks like for this person, what helps, who does what, and who to call.',
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'crisis',
      title: 'What a crisis looks like for me',
      fields: [
        {
          key: 'crisis_types',
          label: 'Crises this plan covers',
          kind: 'multi-choice',
          required: true,
          options: options(
            ['medical', 'Medical emergency'],
            ['seizure', 'Prolonged or cluster seizures'],
            ['anaphylaxis', 'Anaphylaxis'],
            ['mental-health', 'Mental health crisis'],
            ['behaviour', 'Behaviour that puts people at risk'],
            ['missing', 'Going missing'],
            ['carer-breakdown', 'Family carer unable to continue'],
            ['no-access', 'No access at a call'],
          ),
        },
        { key: 'signs', label: 'Signs a crisis is building', kind: 'long-text', required: true },
        { key: 'what_helps', label: 'What helps me', kind: 'long-text', required: true },
        { key: 'what_does_not_help', label: 'What does not help', kind: 'long-text', required: true },
      ],
    },
    {
      key: 'risks',
      title: 'Risks',
      intro: 'Shared only with staff who need it to keep the person and others safe.',
      fields: [
        { key: 'risk_to_self', label: 'Risk to myself', kind: 'long-text', required: true, sensitivity: 'safeguarding' },
        { key: 'risk_to_others', label: 'Risk to others', kind: 'long-text', required: true, sensitivity: 'safeguarding' },
        { key: 'risk_from_others', label: 'Risk from others (exploitation, abuse)', kind: 'long-text', sensitivity: 'safeguarding' },
      ],
    },
    {
      key: 'actions',
      title: 'What to do',
      fields: [
        {
          key: 'steps',
          label: 'Steps',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'situation', label: 'If', kind: 'text', required: true },
            { key: 'action', label: 'Do this', kind: 'long-text', required: true },
            { key: 'who', label: 'Who', kind: 'text' },
          ],
        },
        { key: 'emergency_medication', label: 'Emergency medication', kind: 'long-text', sensitivity: 'clinical' },
        { key: 'call_999', label: 'When to call 999', kind: 'long-text', required: true },
        { key: 'missing_plan', label: 'If I go missing', kind: 'long-text', required: true, showWhen: { field: 'crisis_types', equals: ['missing'] }, hint: 'Where to look first, when to call the police, the Herbert Protocol form if there is one.' },
      ],
    },
    {
      key: 'contacts',
      title: 'Who to call',
      fields: [
        {
          key: 'contacts',
          label: 'Contacts',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'name', label: 'Name', kind: 'text', required: true },
            { key: 'role', label: 'Role or relationship', kind: 'text', required: true },
            { key: 'phone', label: 'Phone', kind: 'text', required: true },
            { key: 'when', label: 'When to call', kind: 'text' },
          ],
        },
        { key: 'on_call', label: 'Out-of-hours on-call', kind: 'text', required: true },
        { key: 'grab_sheet', label: 'Where the hospital passport and medication list are kept', kind: 'text', required: true },
      ],
    },
    {
      key: 'after',
      title: 'After a crisis',
      fields: [
        { key: 'debrief', label: 'Support and debrief afterwards', kind: 'long-text', required: true },
        {
          key: 'notify',
          label: 'Who must be told',
          kind: 'multi-choice',
          required: true,
          options: options(['family', 'Family or LPA'], ['social-worker', 'Social worker'], ['gp', 'GP'], ['safeguarding', 'Safeguarding team'], ['commissioner', 'Commissioner'], ['cqc', 'CQC (statutory notification)'], ['manager', 'Registered manager']),
        },
      ],
    },
  ],
});

export const personalEvacuationPlan = defineDocument({
  name: 'personal-evacuation-plan',
  title: 'Personal emergency evacuation plan',
  description: 'How the person gets out of their home in a fire, the help and equipment they need, and what the fire service should know.',
  reviewEveryMonths: 12,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'home',
      title: 'The home',
      fields: [
        {
          key: 'property',
          label: 'Type of home',
          kind: 'choice',
          required: true,
          options: options(['house', 'House'], ['bungalow', 'Bungalow'], ['ground-flat', 'Ground-floor flat'], ['upper-flat-lift', 'Upper-floor flat with a lift'], ['upper-flat', 'Upper-floor flat, no lift'], ['shared-house', 'Shared supported-living house']),
        },
        { key: 'where_sleeps', label: 'Where I sleep and spend the day', kind: 'text', required: true },
        { key: 'smoke_alarms', label: 'Working smoke alarms, tested', kind: 'yes-no', required: true },
        { key: 'alarm_linked', label: 'Alarm linked to a telecare or monitoring centre', kind: 'yes-no' },
        { key: 'safe_and_well', label: 'The fire service has made a Safe and Well visit', kind: 'yes-no' },
        { key: 'safe_and_well_date', label: 'Date of the visit', kind: 'date', showWhen: { field: 'safe_and_well', equals: [true] } },
        {
          key: 'fire_risks',
          label: 'Fire risks in the home',
          kind: 'multi-choice',
          options: options(['smoker', 'Smokes'], ['oxygen', 'Home oxygen'], ['emollients', 'Paraffin-based emollients'], ['hoarding', 'Hoarding'], ['heaters', 'Portable heaters or electric blanket'], ['cooking', 'Unsafe cooking'], ['none', 'None known']),
        },
      ],
    },
    {
      key: 'person',
      title: 'What affects my escape',
      fields: [
        {
          key: 'mobility',
          label: 'Mobility',
          kind: 'choice',
          required: true,
          options: options(['unaided', 'Walks unaided'], ['walking-aid', 'Walks with an aid, slowly'], ['wheelchair-self', 'Wheelchair, self-propelled'], ['wheelchair-pushed', 'Wheelchair, pushed'], ['bed-hoist', 'In bed, needs a hoist']),
        },
        {
          key: 'awareness',
          label: 'Awareness of danger',
          kind: 'choice',
          required: true,
          options: options(['aware', 'Would understand the alarm and act'], ['prompting', 'Would need prompting and reassurance'], ['unaware', 'Would not recognise the danger']),
        },
        {
          key: 'hearing',
          label: 'Hearing',
          kind: 'choice',
          required: true,
          options: options(['hears', 'Hears the alarm'], ['hard-of-hearing', 'Hard of hearing'], ['needs-visual', 'Needs a flashing or vibrating alarm']),
        },
        { key: 'sight', label: 'Sight', kind: 'choice', required: true, options: options(['good', 'No difficulty'], ['impaired', 'Partially sighted'], ['blind', 'Blind']) },
        { key: 'at_night', label: 'At night', kind: 'long-text', hint: 'Sleeping tablets, confusion on waking, oxygen, where glasses and aids are kept.' },
      ],
    },
    {
      key: 'escape',
      title: 'Getting out',
      fields: [
        {
          key: 'assistance',
          label: 'Assistance needed',
          kind: 'choice',
          required: true,
          options: options(['none', 'None: gets out alone'], ['prompting', 'Prompting and guidance'], ['one-person', 'One person to help'], ['two-people', 'Two people to help'], ['equipment', 'Evacuation equipment and trained people']),
        },
        { key: 'assistance_how', label: 'How to help me out, step by step', kind: 'long-text', required: true },
        { key: 'equipment', label: 'Evacuation equipment and where it is kept', kind: 'text' },
        { key: 'route', label: 'Escape route', kind: 'long-text', required: true },
        { key: 'alternative_route', label: 'Alternative route', kind: 'long-text' },
        { key: 'stay_put', label: 'The building has a stay-put policy', kind: 'yes-no' },
        { key: 'assembly_point', label: 'Where to wait once out', kind: 'text' },
      ],
    },
    {
      key: 'fire-service',
      title: 'Key holders and the fire service',
      fields: [
        { key: 'key_holder', label: 'Key holder', kind: 'text', required: true, hint: 'Name, relationship and phone.' },
        { key: 'fire_service_info', label: 'What the fire service needs to know', kind: 'long-text', required: true, hint: 'Where I am likely to be, how I move, oxygen, how to get in.' },
        { key: 'shared_with', label: 'Plan shared with', kind: 'text' },
        { key: 'completed_by', label: 'Completed by', kind: 'signature', required: true },
      ],
    },
  ],
});

export const equipment = defineDocument({
  name: 'equipment',
  title: 'Equipment',
  description: 'The equipment in the home, who supplied and maintains it, and when each item was last serviced or examined under LOLER.',
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'items',
      title: 'Equipment in the home',
      fields: [
        {
          key: 'items',
          label: 'Equipment',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'item', label: 'Item', kind: 'text', required: true },
            { key: 'supplier', label: 'Supplier', kind: 'text', required: true },
            { key: 'serial', label: 'Serial number or ID', kind: 'text' },
            { key: 'issued', label: 'Date issued', kind: 'date' },
            { key: 'last_check', label: 'Last service or LOLER examination', kind: 'date' },
            { key: 'next_due', label: 'Next due', kind: 'date' },
            { key: 'condition', label: 'Condition', kind: 'choice', options: options(['good', 'Good'], ['worn', 'Worn: report it'], ['faulty', 'Faulty: do not use']) },
          ],
        },
      ],
    },
    {
      key: 'maintenance',
      title: 'Maintenance and checks',
      fields: [
        { key: 'lifting_equipment', label: 'Is there lifting equipment (hoist, sling, stand aid)?', kind: 'yes-no', required: true, hint: 'LOLER: a thorough examination every six months for equipment lifting people.' },
        { key: 'sling_individual', label: 'Slings are for this person only', kind: 'yes-no', required: true, showWhen: { field: 'lifting_equipment', equals: [true] } },
        { key: 'maintained_by', label: 'Who maintains the equipment', kind: 'text', required: true },
        { key: 'fault_reporting', label: 'To report a fault', kind: 'text', required: true },
        { key: 'carer_checks', label: 'Checks carers make before each use', kind: 'long-text', required: true },
      ],
    },
    {
      key: 'needed',
      title: 'Equipment needed',
      fields: [
        { key: 'awaited', label: 'Equipment requested or awaited', kind: 'long-text' },
        { key: 'referred_to', label: 'Referred to', kind: 'text', hint: 'OT, community equipment service, wheelchair service.' },
        { key: 'declined', label: 'Equipment the person has declined', kind: 'long-text' },
      ],
    },
  ],
});

export const movingAndHandlingChecklist = defineDocument({
  name: 'checklist-handling',
  title: 'Moving and handling checklist',
  description: 'The moving and handling assessment by TILE (task, individual, load, environment), with the equipment, slings and number of carers for each move.',
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'task',
      title: 'Task',
      fields: [
        {
          key: 'tasks',
          label: 'Moves assessed',
          kind: 'multi-choice',
          required: true,
          options: options(
            ['bed-mobility', 'In bed and repositioning'],
            ['sit-stand', 'Sitting to standing'],
            ['bed-chair', 'Bed to chair'],
            ['toilet', 'On and off the toilet or commode'],
            ['bathing', 'In and out of the bath or shower'],
            ['walking', 'Walking'],
            ['car', 'In and out of a car'],
            ['stairs', 'Stairs'],
          ),
        },
        { key: 'method', label: 'Method for each move, step by step', kind: 'long-text', required: true },
        { key: 'carers_needed', label: 'Carers needed', kind: 'number', min: 1, max: 4, required: true },
      ],
    },
    {
      key: 'individual',
      title: 'Individual: the carers',
      fields: [
        { key: 'carer_training', label: 'Training or competence the carers need', kind: 'text', required: true },
        { key: 'carer_restrictions', label: 'Carers who should not do these moves', kind: 'text', hint: 'For example: pregnant workers, back injury, not yet observed on the hoist.' },
      ],
    },
    {
      key: 'load',
      title: 'Load: the person',
      fields: [
        { key: 'weight', label: 'Weight', kind: 'number', min: 20, max: 300, decimals: 1, unit: 'kg' },
        { key: 'weight_bearing', label: 'Weight bearing', kind: 'choice', required: true, options: options(['full', 'Fully'], ['partial', 'Partly'], ['none', 'Not at all']) },
        { key: 'understanding', label: 'Understanding and cooperation', kind: 'choice', required: true, options: options(['follows', 'Follows instructions'], ['prompting', 'Needs prompting and time'], ['unpredictable', 'Unpredictable or may resist']) },
        { key: 'conditions', label: 'Conditions affecting handling', kind: 'long-text', required: true, sensitivity: 'clinical', hint: 'Pain, fragile skin, osteoporosis, tone, breathlessness, fractures, catheter.' },
        { key: 'falls_history', label: 'Fallen in the last 12 months', kind: 'yes-no', required: true },
      ],
    },
    {
      key: 'environment',
      title: 'Environment',
      fields: [
        { key: 'space', label: 'Space to move and use equipment', kind: 'choice', required: true, options: options(['adequate', 'Adequate'], ['restricted', 'Restricted'], ['inadequate', 'Inadequate: action needed']) },
        { key: 'profiling_bed', label: 'Height-adjustable bed', kind: 'yes-no' },
        { key: 'environment_notes', label: 'Floors, lighting, furniture, stairs, temperature', kind: 'long-text', required: true },
      ],
    },
    {
      key: 'equipment',
      title: 'Equipment',
      fields: [
        { key: 'hoist_used', label: 'Is a hoist used?', kind: 'yes-no', required: true },
        { key: 'hoist_type', label: 'Hoist', kind: 'choice', required: true, showWhen: { field: 'hoist_used', equals: [true] }, options: options(['mobile', 'Mobile hoist'], ['ceiling', 'Ceiling track hoist'], ['stand-aid', 'Stand aid']) },
        { key: 'hoist_model', label: 'Hoist make, model and safe working load', kind: 'text', required: true, showWhen: { field: 'hoist_used', equals: [true] } },
        {
          key: 'sling_type',
          label: 'Sling',
          kind: 'choice',
          required: true,
          showWhen: { field: 'hoist_used', equals: [true] },
          options: options(['full-body', 'Full-body (universal)'], ['toileting', 'Toileting or access'], ['hammock', 'Hammock'], ['in-situ', 'In-situ'], ['stand-aid-belt', 'Stand-aid belt']),
        },
        { key: 'sling_size', label: 'Sling size', kind: 'choice', required: true, showWhen: { field: 'hoist_used', equals: [true] }, options: options(['xs', 'Extra small'], ['s', 'Small'], ['m', 'Medium'], ['l', 'Large'], ['xl', 'Extra large']) },
        { key: 'sling_loops', label: 'Loop settings', kind: 'text', showWhen: { field: 'hoist_used', equals: [true] }, hint: 'Which loops at the shoulders and legs.' },
        {
          key: 'other_aids',
          label: 'Other aids',
          kind: 'multi-choice',
          options: options(
            ['slide-sheets', 'Slide sheets'],
            ['turner', 'Rotating turner'],
            ['transfer-board', 'Transfer board'],
            ['frame', 'Walking frame'],
            ['stick', 'Walking stick'],
            ['bed-lever', 'Bed lever'],
            ['riser-chair', 'Riser-recliner chair'],
            ['raised-toilet-seat', 'Raised toilet seat or frame'],
            ['perching-stool', 'Perching stool'],
            ['bath-board', 'Bath board or bath seat'],
            ['grab-rails', 'Grab rails'],
            ['none', 'None'],
          ),
        },
      ],
    },
    {
      key: 'outcome',
      title: 'Outcome',
      fields: [
        { key: 'residual_risk', label: 'Risk with these measures in place', kind: 'choice', required: true, options: RISK_LEVELS },
        { key: 'falls_response', label: 'If I fall', kind: 'long-text', required: true, hint: 'Never lift from the floor by hand: check for injury, call for help, use the agreed equipment or 999.' },
        { key: 'assessor', label: 'Assessed by', kind: 'signature', required: true },
      ],
    },
  ],
});

const WEEK_GOAL_PROGRESS = options(['achieved', 'Achieved'], ['progressing', 'Progressing'], ['not-progressing', 'Not progressing']);
const GOAL_STATUSES = options(['working', 'Working on it'], ['achieved', 'Achieved'], ['partly', 'Partly achieved'], ['not-achieved', 'Not achieved']);

export const reablement = defineDocument({
  name: 'reablement',
  title: 'Reablement',
  description: 'Up to six weeks of goal-focused support to regain skills and confidence, set and reviewed with the therapist.',
  reviewEveryMonths: 1,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'period',
      title: 'The reablement period',
      fields: [
        { key: 'referral_reason', label: 'Why reablement', kind: 'long-text', required: true },
        { key: 'start_date', label: 'Start', kind: 'date', required: true },
        { key: 'planned_end', label: 'Planned end', kind: 'date', required: true, hint: 'Reablement is free for up to six weeks.' },
        { key: 'therapist', label: 'Therapist', kind: 'text', required: true, hint: 'Name, discipline and team.' },
        { key: 'therapist_contact', label: "Therapist's phone or email", kind: 'text' },
      ],
    },
    {
      key: 'goals',
      title: 'Goals',
      fields: [
        {
          key: 'goals',
          label: 'Goals',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'goal', label: 'Goal, in my words', kind: 'text', required: true },
            { key: 'baseline', label: 'Where I am now', kind: 'long-text', required: true },
            { key: 'target', label: 'Target', kind: 'long-text', required: true },
            { key: 'week_achieved', label: 'Week achieved', kind: 'number', min: 1, max: 6 },
            { key: 'status', label: 'Status', kind: 'choice', options: GOAL_STATUSES, required: true },
          ],
        },
      ],
    },
    {
      key: 'progress',
      title: 'Weekly progress',
      fields: [
        {
          key: 'weekly',
          label: 'Weekly reviews',
          kind: 'rows',
          columns: [
            { key: 'week', label: 'Week', kind: 'number', min: 1, max: 6, required: true },
            { key: 'date', label: 'Reviewed on', kind: 'date', required: true },
            { key: 'progress', label: 'Progress', kind: 'long-text', required: true },
            { key: 'calls_change', label: 'Change to calls', kind: 'text' },
            { key: 'visits', label: 'Visits this week', kind: 'number', min: 0, max: 100 },
            { key: 'support_hours', label: 'Support hours this week', kind: 'number', min: 0, max: 168, decimals: 2, unit: 'hours' },
            { key: 'therapist_notes', label: "Therapist's notes", kind: 'long-text' },
            { key: 'equipment', label: 'Equipment in use', kind: 'text', hint: 'From the reablement equipment list, separated by semicolons.' },
            { key: 'next_steps', label: 'Next steps', kind: 'long-text' },
          ],
        },
        {
          key: 'goal_reviews',
          label: 'Progress per goal',
          kind: 'rows',
          hint: 'One row per goal and week, written by the weekly review.',
          columns: [
            { key: 'week', label: 'Week', kind: 'number', min: 1, max: 6, required: true },
            { key: 'goal', label: 'Goal (its number in the goals)', kind: 'number', min: 1, max: 50, required: true },
            { key: 'progress', label: 'Progress', kind: 'choice', options: WEEK_GOAL_PROGRESS, required: true },
            { key: 'note', label: 'Note', kind: 'text' },
          ],
        },
      ],
    },
    {
      key: 'outcome',
      title: 'Outcome',
      fields: [
        {
          key: 'outcome',
          label: 'Outcome',
          kind: 'choice',
          required: true,
          options: options(
            ['in-progress', 'Still in progress'],
            ['independent', 'Independent: no ongoing care'],
            ['reduced', 'Ongoing care, less than at the start'],
            ['same', 'Ongoing care at the same level'],
            ['increased', 'Ongoing care, more than at the start'],
            ['readmitted', 'Readmitted to hospital'],
            ['residential', 'Moved to residential or nursing care'],
          ),
        },
        { key: 'ended_on', label: 'Ended on', kind: 'date', required: true, showWhen: { field: 'outcome', equals: ['independent', 'reduced', 'same', 'increased', 'readmitted', 'residential'] } },
        { key: 'handover', label: 'Handover to ongoing care', kind: 'long-text', required: true, showWhen: { field: 'outcome', equals: ['reduced', 'same', 'increased'] } },
      ],
    },
  ],
  results: (values: DocumentValues): DocumentResult[] => {
    const goals = rowsOf(values, 'goals');
    if (goals.length === 0) return [];
    const achieved = goals.filter((goal) => goal.status === 'achieved').length;
    return [{ key: 'goals_achieved', label: 'Goals achieved', value: `${achieved} of ${goals.length}`, band: achieved === goals.length ? 'All goals achieved' : undefined, level: 'none' }];
  },
});

export const assessmentReport = defineDocument({
  name: 'assessment-report',
  title: 'Assessment report',
  description: 'A needs assessment: who assessed, where and with whom, the needs across each domain, the risks found and what is recommended.',
  multiple: true,
  reviewEveryMonths: 12,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'assessment',
      title: 'The assessment',
      fields: [
        {
          key: 'assessment_type',
          label: 'Type',
          kind: 'choice',
          required: true,
          options: options(['initial', 'Initial assessment'], ['hospital-discharge', 'Hospital discharge assessment'], ['reassessment', 'Reassessment'], ['change-in-needs', 'Change in needs']),
        },
        { key: 'assessment_date', label: 'Date', kind: 'date', required: true },
        { key: 'assessor', label: 'Assessed by (name and role)', kind: 'text', required: true },
        { key: 'location', label: 'Where', kind: 'choice', required: true, options: options(['home', 'At home'], ['hospital', 'In hospital'], ['care-home', 'In a care home'], ['remote', 'By phone or video'], ['office', 'At the office']) },
        { key: 'present', label: 'Who was present', kind: 'long-text', required: true },
        {
          key: 'referral_source',
          label: 'Source of referral',
          kind: 'choice',
          required: true,
          options: options(['local-authority', 'Local authority'], ['hospital', 'Hospital discharge team'], ['gp', 'GP or community health'], ['chc', 'NHS continuing healthcare'], ['self', 'Self-referral'], ['family', 'Family']),
        },
        { key: 'referrer', label: 'Referrer (name and contact)', kind: 'text' },
        { key: 'funder', label: 'Funder', kind: 'choice', required: true, options: FUNDERS },
      ],
    },
    {
      key: 'needs',
      title: 'Needs',
      intro: 'What the person can do, what they need help with, and what they want, domain by domain.',
      fields: [
        { key: 'personal_care', label: 'Personal care and continence', kind: 'long-text', required: true },
        { key: 'mobility', label: 'Mobility, transfers and falls', kind: 'long-text', required: true },
        { key: 'nutrition', label: 'Eating, drinking and meal preparation', kind: 'long-text', required: true },
        { key: 'medication', label: 'Medication', kind: 'long-text', required: true, sensitivity: 'clinical' },
        { key: 'health', label: 'Health conditions', kind: 'long-text', required: true, sensitivity: 'clinical' },
        { key: 'cognition_communication', label: 'Memory, understanding and communication', kind: 'long-text', required: true },
        { key: 'wellbeing_social', label: 'Emotional wellbeing and social life', kind: 'long-text', required: true },
        { key: 'home_environment', label: 'Home and environment', kind: 'long-text', required: true },
        { key: 'unpaid_carers', label: 'Family and unpaid carers', kind: 'long-text', hint: 'Who helps, how much, and whether they have been offered a carer\'s assessment.' },
      ],
    },
    {
      key: 'risks',
      title: 'Risks identified',
      fields: [
        {
          key: 'risks',
          label: 'Risks',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'risk', label: 'Risk', kind: 'text', required: true },
            { key: 'level', label: 'Level', kind: 'choice', options: RISK_LEVELS, required: true },
            { key: 'action', label: 'What is needed', kind: 'long-text', required: true },
          ],
        },
      ],
    },
    {
      key: 'outcome',
      title: 'Outcome',
      fields: [
        { key: 'person_wants', label: 'What the person wants from the service', kind: 'long-text', required: true },
        { key: 'capacity_doubt', label: 'Is there doubt about their capacity to consent to care?', kind: 'yes-no', required: true },
        { key: 'capacity_notes', label: 'What was done about it', kind: 'long-text', required: true, sensitivity: 'clinical', showWhen: { field: 'capacity_doubt', equals: [true] } },
        {
          key: 'recommendation',
          label: 'Recommendation',
          kind: 'choice',
          required: true,
          options: options(
            ['start', 'Start care'],
            ['start-provisional', 'Start care on a provisional plan'],
            ['increase', 'Increase the package'],
            ['reduce', 'Reduce the package'],
            ['no-change', 'No change'],
            ['reablement', 'Refer for reablement'],
            ['not-suitable', 'We cannot meet the needs: signposted elsewhere'],
          ),
        },
        { key: 'recommended_calls', label: 'Recommended calls and hours', kind: 'long-text', required: true, showWhen: { field: 'recommendation', equals: ['start', 'start-provisional', 'increase', 'reduce', 'reablement'] } },
        { key: 'signposted_to', label: 'Signposted to', kind: 'text', required: true, showWhen: { field: 'recommendation', equals: ['not-suitable'] } },
        { key: 'assessor_signature', label: "Assessor's signature", kind: 'signature', required: true },
      ],
    },
  ],
});

export const reviewForm = defineDocument({
  name: 'review-form',
  title: 'Reviews',
  description: 'A review of the care: who took part, what is working and what is not, changed needs, satisfaction, and the actions agreed.',
  multiple: true,
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'review',
      title: 'The review',
      fields: [
        { key: 'review_date', label: 'Date of review', kind: 'date', required: true },
        {
          key: 'review_type',
          label: 'Type',
          kind: 'choice',
          required: true,
          options: options(['scheduled', 'Scheduled review'], ['six-week', 'Six-week review of a new package'], ['unscheduled', 'Unscheduled: change in needs'], ['after-incident', 'After an incident'], ['after-hospital', 'After a hospital stay'], ['requested', 'Asked for by the person or family']),
        },
        { key: 'reason', label: 'What prompted it', kind: 'long-text', required: true, showWhen: { field: 'review_type', equals: ['unscheduled', 'after-incident', 'after-hospital', 'requested'] } },
        { key: 'location', label: 'Where', kind: 'choice', required: true, options: options(['home', 'At home'], ['remote', 'By phone or video'], ['hospital', 'In hospital'], ['office', 'At the office']) },
        { key: 'reviewer', label: 'Reviewed by (name and role)', kind: 'text', required: true },
      ],
    },
    {
      key: 'who',
      title: 'Who took part',
      fields: [
        {
          key: 'attendees',
          label: 'Attendees',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'name', label: 'Name', kind: 'text', required: true },
            { key: 'role', label: 'Role or relationship', kind: 'text', required: true },
            { key: 'how', label: 'Took part', kind: 'choice', options: options(['in-person', 'In person'], ['remote', 'By phone or video'], ['written', 'Sent their views']) },
          ],
        },
        {
          key: 'person_involvement',
          label: 'How the person took part',
          kind: 'choice',
          required: true,
          options: options(['fully', 'Fully'], ['partly', 'Partly'], ['through-others', 'Through family or an advocate'], ['unable', 'Not able to take part']),
        },
      ],
    },
    {
      key: 'how-going',
      title: 'How it is going',
      fields: [
        { key: 'working', label: 'What is working', kind: 'long-text', required: true },
        { key: 'not_working', label: 'What is not working', kind: 'long-text', required: true },
        { key: 'needs_changed', label: 'Have the needs changed?', kind: 'yes-no', required: true },
        { key: 'changes', label: 'What has changed', kind: 'long-text', required: true, showWhen: { field: 'needs_changed', equals: [true] } },
        { key: 'health_changes', label: 'Health changes since the last review', kind: 'long-text', sensitivity: 'clinical' },
        { key: 'events', label: 'Falls, incidents, admissions or complaints since the last review', kind: 'long-text' },
      ],
    },
    {
      key: 'satisfaction',
      title: 'Satisfaction',
      fields: [
        { key: 'satisfaction', label: 'Overall satisfaction with the service', kind: 'choice', required: true, options: SATISFACTION },
        { key: 'regular_carers', label: 'Sees regular carers', kind: 'yes-no' },
        { key: 'times_suit', label: 'Call times suit', kind: 'yes-no' },
        { key: 'comments', label: "The person's and family's comments", kind: 'long-text' },
      ],
    },
    {
      key: 'actions',
      title: 'Actions and next review',
      fields: [
        {
          key: 'actions',
          label: 'Actions',
          kind: 'rows',
          columns: [
            { key: 'action', label: 'Action', kind: 'text', required: true },
            { key: 'owner', label: 'Owner', kind: 'text', required: true },
            { key: 'due', label: 'Due', kind: 'date', required: true },
            { key: 'done', label: 'Done', kind: 'yes-no' },
          ],
        },
        { key: 'plan_updated', label: 'Support plan updated after this review', kind: 'yes-no', required: true },
        { key: 'next_review', label: 'Next review', kind: 'date', required: true },
        { key: 'person_signature', label: 'Signed by the person or their representative', kind: 'signature' },
        { key: 'reviewer_signature', label: "Reviewer's signature", kind: 'signature', required: true },
      ],
    },
  ],
  results: (values: DocumentValues): DocumentResult[] => {
    const actions = rowsOf(values, 'actions');
    const open = actions.filter((action) => action.done !== true).length;
    return [{ key: 'open_actions', label: 'Open actions', value: open, band: open === 0 ? 'None open' : `${open} of ${actions.length} open`, level: open === 0 ? 'none' : 'low' }];
  },
});

const SATISFACTION_QUESTIONS = [
  ['overall', 'Overall, how satisfied were you with the care?'],
  ['dignity', 'Carers treated you with kindness, dignity and respect'],
  ['punctuality', 'Carers arrived on time and stayed the agreed time'],
  ['continuity', 'You saw carers you knew'],
  ['plan_followed', 'Carers knew and followed your care plan'],
  ['office', 'The office kept you informed and dealt with concerns'],
] as const;

export const exitSurvey = defineDocument({
  name: 'exit-survey',
  title: 'Exit survey',
  description: 'Feedback when a service ends: why it ended, how satisfied the person and family were, and what we should learn.',
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'ending',
      title: 'The service ending',
      fields: [
        { key: 'service_ended', label: 'Service ended on', kind: 'date', required: true },
        { key: 'service', label: 'Service the survey is about', kind: 'text', required: true, hint: 'For example: reablement, four calls a day, night sitting.' },
        {
          key: 'reason',
          label: 'Reason the service ended',
          kind: 'choice',
          required: true,
          options: options(
            ['no-longer-needed', 'No longer needs care'],
            ['moved-service', 'Moved to another of our services'],
            ['residential', 'Moved to residential or nursing care'],
            ['moved-away', 'Moved away'],
            ['other-provider', 'Changed to another provider'],
            ['funding', 'Funding ended or changed'],
            ['unhappy', 'Unhappy with the service'],
            ['died', 'Died'],
            ['other', 'Other'],
          ),
        },
        { key: 'reason_detail', label: 'About the reason', kind: 'long-text' },
        {
          key: 'completed_by',
          label: 'Completed by',
          kind: 'choice',
          required: true,
          options: options(['person', 'The person'], ['family', 'A family member'], ['representative', 'An advocate or representative'], ['with-staff', 'The person, with a member of staff writing']),
        },
        { key: 'completed_how', label: 'How', kind: 'choice', options: options(['in-person', 'In person'], ['phone', 'By phone'], ['post', 'By post'], ['email', 'By email']) },
      ],
    },
    {
      key: 'ratings',
      title: 'How satisfied',
      fields: SATISFACTION_QUESTIONS.map(([key, label]) => ({ key, label, kind: 'choice' as const, required: key === 'overall', options: SATISFACTION })),
    },
    {
      key: 'comments',
      title: 'Comments',
      fields: [
        { key: 'went_well', label: 'What we did well', kind: 'long-text' },
        { key: 'do_better', label: 'What we could have done better', kind: 'long-text' },
        { key: 'would_recommend', label: 'Would you recommend us to family or friends?', kind: 'yes-no', required: true },
        { key: 'why_not', label: 'Why not?', kind: 'long-text', required: true, showWhen: { field: 'would_recommend', equals: [false] } },
        { key: 'complaint', label: 'Is there a complaint you want us to look into?', kind: 'yes-no', required: true },
        { key: 'complaint_detail', label: 'The complaint', kind: 'long-text', required: true, showWhen: { field: 'complaint', equals: [true] } },
        { key: 'contact_ok', label: 'The manager may contact you about these answers', kind: 'yes-no' },
        { key: 'completed_on', label: 'Completed on', kind: 'date', required: true },
      ],
    },
  ],
  results: (values: DocumentValues): DocumentResult[] => {
    const scores = SATISFACTION_QUESTIONS.map(([key]) => Number(values[key])).filter((score) => score >= 1 && score <= 5);
    if (scores.length === 0) return [];
    const average = Math.round((scores.reduce((total, score) => total + score, 0) / scores.length) * 10) / 10;
    const band = average >= 4 ? 'Satisfied' : average >= 3 ? 'Mixed' : 'Dissatisfied';
    return [
      {
        key: 'satisfaction',
        label: 'Average satisfaction',
        value: average,
        unit: 'out of 5',
        band,
        level: average >= 4 ? 'none' : average >= 3 ? 'low' : 'medium',
        actions: average < 3 ? ['The registered manager contacts the family to understand what went wrong and records the learning.'] : [],
      },
    ];
  },
});

/** The plans group's documents, in the order of their tabs, and the exit survey. */
export const PLANS_DOCUMENTS: readonly DocumentSpec[] = [
  supportPlan,
  provisionalCarePlan,
  dailyActivities,
  promotingIndependence,
  accessingCommunity,
  supportedLivingCalendar,
  therapyInterventions,
  positiveBehaviourSupportPlan,
  crisisManagementPlan,
  personalEvacuationPlan,
  equipment,
  movingAndHandlingChecklist,
  reablement,
  assessmentReport,
  reviewForm,
  exitSurvey,
];
