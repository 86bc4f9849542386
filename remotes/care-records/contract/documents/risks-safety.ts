import { defineDocument, type DocumentField, type DocumentPermissions, type DocumentRowColumn, type DocumentSpec } from '@hcm/contract/documents';
import { LIKELIHOOD_COLUMN, SEVERITY_COLUMN, riskMatrixResults } from './risk-matrix.js';

// The record documents of the "risks" group of the client record (../record-tabs.ts) about safety and behaviour:
// the general and home-environment risk assessments (Management of Health and Safety at Work Regulations 1999,
// reg. 3), hazardous substances (COSHH 2002), food safety, behaviour, self-harm and suicide (NICE NG225: no risk
// scores, a plan built on the person's needs), knives, restrictive physical intervention (MCA 2005 ss.5–6, the
// Restraint Reduction Network Training Standards), injury to staff (RIDDOR 2013) and COVID-19. Where a hazards
// table fits, its rows are rated on the 5 × 5 matrix of ./risk-matrix.ts.

const PERMISSIONS: DocumentPermissions = { view: 'clients.view', edit: 'clients.edit', signOff: 'clients.sign-off' };

const ASSESSMENT_DATE: DocumentField = { key: 'assessment_date', label: 'Date of assessment', kind: 'date', required: true };

const PEOPLE_INVOLVED: DocumentField = {
  key: 'people_involved',
  label: 'Who took part in the assessment',
  kind: 'multi-choice',
  required: true,
  options: [
    { value: 'person', label: 'The person' },
    { value: 'family', label: 'Family or friends' },
    { value: 'attorney', label: 'Attorney or deputy' },
    { value: 'advocate', label: 'Advocate' },
    { value: 'care-staff', label: 'Care staff who know the person' },
    { value: 'professionals', label: 'Social worker or health professionals' },
  ],
};

const ASSESSED_BY: DocumentField = {
  key: 'assessed_by',
  label: 'Assessed by',
  kind: 'signature',
  required: true,
  hint: 'The member of staff who carried out the assessment.',
};

const WHO_AT_RISK: DocumentRowColumn = {
  key: 'who_at_risk',
  label: 'Who might be harmed',
  kind: 'choice',
  required: true,
  options: [
    { value: 'person', label: 'The person' },
    { value: 'staff', label: 'Staff' },
    { value: 'person-and-staff', label: 'The person and staff' },
    { value: 'others', label: 'Family, visitors or the public' },
    { value: 'everyone', label: 'Everyone in the home' },
  ],
};

/** A hazards table rated on the 5 × 5 matrix: what, who, the controls in place, the rating and what more to do. */
function hazardsField(key: string, label: string, { required = true, hint }: { required?: boolean; hint?: string } = {}): DocumentField {
  return {
    key,
    label,
    kind: 'rows',
    required,
    hint,
    columns: [
      { key: 'hazard', label: 'Hazard', kind: 'text', required: true, maxLength: 200 },
      WHO_AT_RISK,
      { key: 'existing_controls', label: 'Controls already in place', kind: 'long-text', required: true, maxLength: 1500 },
      LIKELIHOOD_COLUMN,
      SEVERITY_COLUMN,
      { key: 'further_action', label: 'Further action needed', kind: 'long-text', maxLength: 1500, hint: 'Needed for a medium or high rating.' },
      { key: 'action_by', label: 'Who will do it', kind: 'text', maxLength: 120 },
      { key: 'action_due', label: 'By when', kind: 'date' },
    ],
  };
}

/**
 * The opening of a screened document: whether a risk was found and why. A document that does not apply is still
 * completed, saying so with its reasons; the rest of the form is asked only when a risk is identified.
 */
function screeningFields(subject: string): DocumentField[] {
  return [
    {
      key: 'screening_outcome',
      label: `Outcome of the ${subject} screening`,
      kind: 'choice',
      required: true,
      options: [
        { value: 'no-identified-risk', label: 'No identified risk' },
        { value: 'risk-identified', label: 'Risk identified: full assessment below' },
      ],
    },
    {
      key: 'screening_rationale',
      label: 'What the screening considered and why this outcome',
      kind: 'long-text',
      required: true,
      hint: 'History, what the person and those who know them say, current circumstances, and what would make you look again.',
    },
  ];
}

const WHEN_RISK = { field: 'screening_outcome', equals: ['risk-identified'] } as const;

const CONTACT_COLUMNS: DocumentRowColumn[] = [
  { key: 'service', label: 'Person or service', kind: 'text', required: true, maxLength: 160 },
  { key: 'phone', label: 'Phone', kind: 'text', required: true, maxLength: 60 },
  { key: 'when_to_call', label: 'When to contact them', kind: 'text', required: true, maxLength: 300 },
];

const riskAssessment = defineDocument({
  name: 'risk-assessment',
  title: 'General risk assessment',
  description:
    'The hazards of supporting the person at home, who might be harmed, the controls in place and what more is needed, each rated likelihood × severity on a 5 × 5 matrix.',
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  results: (values) => riskMatrixResults(values, { field: 'hazards', nameColumn: 'hazard', noun: 'Hazard' }),
  sections: [
    {
      key: 'about',
      title: 'About this assessment',
      fields: [
        ASSESSMENT_DATE,
        {
          key: 'reason',
          label: 'Why the assessment is being done',
          kind: 'choice',
          required: true,
          options: [
            { value: 'new-package', label: 'Start of the care package' },
            { value: 'scheduled-review', label: 'Scheduled review' },
            { value: 'change-in-needs', label: 'Change in needs or health' },
            { value: 'after-incident', label: 'After an incident, accident or near miss' },
            { value: 'hospital-discharge', label: 'Return home from hospital' },
          ],
        },
        PEOPLE_INVOLVED,
        { key: 'tasks_covered', label: 'Care tasks this assessment covers', kind: 'long-text', required: true, hint: 'From the support plan: personal care, meals, medication, going out…' },
      ],
    },
    {
      key: 'hazards',
      title: 'Hazards and controls',
      intro:
        'Rate each hazard with the controls already in place: likelihood 1–5 × severity 1–5. A rating of 1–3 is low, 4–6 moderate, 8–12 high, 15–25 extreme (the NPSA matrix). Moderate and higher ratings need further action.',
      fields: [hazardsField('hazards', 'Hazards')],
    },
    {
      key: 'choice_and_capacity',
      title: 'Choice and capacity',
      fields: [
        { key: 'person_views', label: 'What the person thinks about these risks', kind: 'long-text', required: true },
        {
          key: 'positive_risk_taking',
          label: 'Risks the person chooses to take, and how support respects that',
          kind: 'long-text',
          hint: 'A person with capacity may make unwise decisions. Record the conversation and what was agreed.',
        },
        { key: 'capacity_doubt', label: 'Is there reason to doubt the person can make decisions about these risks?', kind: 'yes-no', required: true, sensitivity: 'clinical' },
        {
          key: 'capacity_action',
          label: 'What was done about it',
          kind: 'long-text',
          required: true,
          sensitivity: 'clinical',
          hint: 'A decision-specific capacity assessment on the Mental capacity tab, and who was consulted for a best-interests decision.',
          showWhen: { field: 'capacity_doubt', equals: [true] },
        },
      ],
    },
    {
      key: 'outcome',
      title: 'Outcome',
      fields: [
        { key: 'summary', label: 'Summary for care staff', kind: 'long-text', required: true, hint: 'What every carer must know and do, in a few lines.' },
        {
          key: 'shared_with',
          label: 'Shared with',
          kind: 'multi-choice',
          options: [
            { value: 'person', label: 'The person' },
            { value: 'family', label: 'Family or representative' },
            { value: 'care-team', label: 'The care team' },
            { value: 'social-worker', label: 'Social worker' },
            { value: 'health', label: 'GP, nurse or therapist' },
          ],
        },
        { key: 'person_signature', label: 'Signed by the person or their representative', kind: 'signature', hint: 'Leave empty if they cannot or prefer not to sign.' },
        ASSESSED_BY,
      ],
    },
  ],
});

const environmentalRisk = defineDocument({
  name: 'environmental-risk',
  title: 'Environmental risk',
  description: 'The home as a place to live and to work safely: getting in, lighting, stairs, trip hazards, fire, gas and electrics, water, pets, smoking, oxygen and lone working.',
  reviewEveryMonths: 12,
  permissions: PERMISSIONS,
  results: (values) => riskMatrixResults(values, { field: 'hazards', nameColumn: 'hazard', noun: 'Hazard' }),
  sections: [
    {
      key: 'access',
      title: 'Getting to and into the home',
      fields: [
        ASSESSMENT_DATE,
        {
          key: 'property_type',
          label: 'Type of home',
          kind: 'choice',
          required: true,
          options: [
            { value: 'house', label: 'House' },
            { value: 'bungalow', label: 'Bungalow' },
            { value: 'flat-ground', label: 'Ground-floor flat' },
            { value: 'flat-lift', label: 'Flat above the ground floor, with a lift' },
            { value: 'flat-no-lift', label: 'Flat above the ground floor, stairs only' },
            { value: 'shared-house', label: 'Shared supported-living house' },
          ],
        },
        {
          key: 'entry_method',
          label: 'How staff get in',
          kind: 'choice',
          required: true,
          options: [
            { value: 'person-answers', label: 'The person answers the door' },
            { value: 'key-safe', label: 'Key safe' },
            { value: 'key-holder', label: 'Key held by family or a neighbour' },
            { value: 'staff-present', label: 'Staff are in the home (24-hour support)' },
          ],
        },
        {
          key: 'key_safe_location',
          label: 'Where the key safe is',
          kind: 'text',
          required: true,
          maxLength: 300,
          hint: "Never write the code here: it is kept in the client's access details, shown only to staff allowed to see key-safe codes.",
          showWhen: { field: 'entry_method', equals: ['key-safe'] },
        },
        { key: 'access_notes', label: 'Finding the home and getting in', kind: 'long-text', required: true, hint: 'Which door, bell or entry system, steps and paths, outside lighting after dark.' },
        { key: 'parking', label: 'Parking and travel', kind: 'long-text', hint: 'Permits, restrictions, the nearest safe place to park at night.' },
      ],
    },
    {
      key: 'inside',
      title: 'Inside the home',
      fields: [
        {
          key: 'lighting',
          label: 'Lighting inside',
          kind: 'choice',
          required: true,
          options: [
            { value: 'good', label: 'Good in every room used' },
            { value: 'poor-areas', label: 'Poor in some areas' },
            { value: 'poor', label: 'Poor throughout' },
          ],
        },
        {
          key: 'stairs',
          label: 'Stairs and steps inside',
          kind: 'choice',
          required: true,
          options: [
            { value: 'none', label: 'None used' },
            { value: 'two-rails', label: 'Stairs with a rail on both sides' },
            { value: 'one-rail', label: 'Stairs with one rail' },
            { value: 'no-rail', label: 'Stairs with no rail' },
            { value: 'stairlift', label: 'Stairlift' },
          ],
        },
        {
          key: 'trip_hazards',
          label: 'Trip and slip hazards seen',
          kind: 'multi-choice',
          options: [
            { value: 'rugs', label: 'Loose rugs or mats' },
            { value: 'cables', label: 'Trailing cables' },
            { value: 'clutter', label: 'Clutter on the floor' },
            { value: 'uneven-floor', label: 'Uneven or damaged flooring' },
            { value: 'wet-floors', label: 'Wet bathroom or kitchen floors' },
            { value: 'thresholds', label: 'Raised door thresholds' },
          ],
        },
        { key: 'space_to_work', label: 'There is room to work safely, with any equipment', kind: 'yes-no', required: true },
        { key: 'pets', label: 'Pets in the home', kind: 'yes-no', required: true },
        { key: 'pet_arrangements', label: 'The pets, and where they are kept during visits', kind: 'long-text', required: true, showWhen: { field: 'pets', equals: [true] } },
      ],
    },
    {
      key: 'fire_gas_electric_water',
      title: 'Fire, gas, electrics and water',
      fields: [
        {
          key: 'smoke_alarms',
          label: 'Smoke alarms',
          kind: 'choice',
          required: true,
          options: [
            { value: 'working', label: 'Fitted and tested working' },
            { value: 'linked', label: 'Linked to a telecare service' },
            { value: 'untested', label: 'Fitted, not tested' },
            { value: 'none', label: 'None: refer to the fire service' },
          ],
        },
        {
          key: 'smoking',
          label: 'Smoking in the home',
          kind: 'choice',
          required: true,
          options: [
            { value: 'none', label: 'No one smokes in the home' },
            { value: 'person', label: 'The person smokes' },
            { value: 'others', label: 'Someone else in the home smokes' },
          ],
        },
        {
          key: 'home_oxygen',
          label: 'Home oxygen in use',
          kind: 'yes-no',
          required: true,
          sensitivity: 'clinical',
        },
        {
          key: 'smoking_controls',
          label: 'Fire precautions for smoking',
          kind: 'long-text',
          required: true,
          hint: 'Where people smoke, ashtrays, no smoking in bed; paraffin-based emollients on clothes and bedding catch fire easily; the fire service offers a free home fire safety visit.',
          showWhen: { field: 'smoking', equals: ['person', 'others'] },
        },
        {
          key: 'oxygen_controls',
          label: 'Oxygen safety',
          kind: 'long-text',
          required: true,
          sensitivity: 'clinical',
          hint: 'No smoking, naked flames or e-cigarettes in the home; cylinders and concentrator away from heat; tubing a trip hazard; the supplier and fire service informed; the supplier’s number.',
          showWhen: { field: 'home_oxygen', equals: [true] },
        },
        {
          key: 'gas_safety',
          label: 'Gas appliances',
          kind: 'choice',
          required: true,
          options: [
            { value: 'checked', label: 'Gas safety check within the last year' },
            { value: 'unknown', label: 'No record of a check' },
            { value: 'no-gas', label: 'No gas in the home' },
          ],
        },
        { key: 'carbon_monoxide_alarm', label: 'Carbon monoxide alarm fitted', kind: 'yes-no', required: true },
        { key: 'electrical_concerns', label: 'Electrical concerns', kind: 'long-text', hint: 'Overloaded sockets, damaged plugs or leads, heaters near furnishings. Write "None seen" if there are none.' },
        {
          key: 'water_temperature',
          label: 'Hot water',
          kind: 'choice',
          required: true,
          hint: 'Bath water for personal care should be no hotter than 44 °C: check with a bath thermometer.',
          options: [
            { value: 'valve', label: 'Thermostatic mixing valve fitted' },
            { value: 'thermometer', label: 'No valve: bath thermometer used' },
            { value: 'not-used', label: 'Bath and shower not used in care' },
          ],
        },
      ],
    },
    {
      key: 'lone_working',
      title: 'People and lone working',
      fields: [
        { key: 'others_in_home', label: 'Other people living in or visiting the home', kind: 'long-text', hint: 'Anyone who could put staff or the person at risk, and how to manage it.' },
        { key: 'mobile_signal', label: 'Mobile signal in the home', kind: 'yes-no', required: true },
        { key: 'lone_working', label: 'Lone-working arrangements for this home', kind: 'long-text', required: true, hint: 'Check-in and check-out, visits after dark, what the office does if a carer does not check out.' },
      ],
    },
    {
      key: 'hazards',
      title: 'Hazards found and controls',
      intro: 'Rate each hazard found in the home: likelihood 1–5 × severity 1–5 (low 1–3, moderate 4–6, high 8–12, extreme 15–25).',
      fields: [hazardsField('hazards', 'Hazards in the home', { hint: 'Add every hazard found above that needs a control.' }), ASSESSED_BY],
    },
  ],
});

const GHS_HINT = 'As on the label: corrosive, exclamation mark (irritant), flammable, health hazard, toxic, oxidising, environmental hazard.';

const coshhRisk = defineDocument({
  name: 'coshh-risk',
  title: 'COSHH risk',
  description:
    'The hazardous substances staff use or meet in the home, under the Control of Substances Hazardous to Health Regulations 2002: hazards, use, storage, protective equipment and first aid.',
  reviewEveryMonths: 12,
  permissions: PERMISSIONS,
  results: (values) => riskMatrixResults(values, { field: 'substances', nameColumn: 'product', noun: 'Substance' }),
  sections: [
    {
      key: 'substances',
      title: 'Substances',
      intro: 'One row per product: cleaning products, creams and emollients, oxygen, clinical waste. Rate each with its controls in place: likelihood × severity.',
      fields: [
        ASSESSMENT_DATE,
        {
          key: 'substances',
          label: 'Substances used or kept',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'product', label: 'Product', kind: 'text', required: true, maxLength: 160 },
            { key: 'hazard_symbols', label: 'Hazard symbols', kind: 'text', required: true, maxLength: 300, hint: GHS_HINT },
            { key: 'use', label: 'What it is used for, by whom', kind: 'text', required: true, maxLength: 300 },
            { key: 'storage', label: 'Where and how it is stored', kind: 'text', required: true, maxLength: 300 },
            { key: 'ppe', label: 'Protective equipment', kind: 'text', required: true, maxLength: 300 },
            { key: 'first_aid', label: 'First aid', kind: 'long-text', required: true, maxLength: 1000, hint: 'Skin, eyes, swallowed, breathed in: from the label or safety data sheet.' },
            LIKELIHOOD_COLUMN,
            SEVERITY_COLUMN,
          ],
        },
      ],
    },
    {
      key: 'controls',
      title: 'Controls',
      fields: [
        {
          key: 'supplied_by',
          label: 'Products are supplied by',
          kind: 'choice',
          required: true,
          options: [
            { value: 'person', label: 'The person or their family' },
            { value: 'agency', label: 'The agency' },
            { value: 'both', label: 'Both' },
          ],
        },
        { key: 'original_containers', label: 'Every product is in its original, labelled container', kind: 'yes-no', required: true, hint: 'Never decant into unlabelled bottles; never mix products (bleach with others gives toxic gas).' },
        { key: 'stored_safely', label: 'Products are stored away from food and out of reach of anyone at risk', kind: 'yes-no', required: true },
        {
          key: 'ingestion_risk',
          label: 'Someone in the home could drink or misuse a product',
          kind: 'yes-no',
          required: true,
          hint: 'For example a person living with dementia who may mistake a cleaning liquid for a drink.',
        },
        { key: 'ingestion_controls', label: 'How that is prevented', kind: 'long-text', required: true, showWhen: { field: 'ingestion_risk', equals: [true] } },
        {
          key: 'ppe_available',
          label: 'Protective equipment available in the home',
          kind: 'multi-choice',
          required: true,
          options: [
            { value: 'nitrile-gloves', label: 'Nitrile gloves' },
            { value: 'vinyl-gloves', label: 'Vinyl gloves' },
            { value: 'aprons', label: 'Disposable aprons' },
            { value: 'masks', label: 'Fluid-resistant masks' },
            { value: 'eye-protection', label: 'Eye protection' },
          ],
        },
        { key: 'latex_allergy', label: 'The person or a regular carer is allergic to latex', kind: 'yes-no', required: true, sensitivity: 'clinical' },
        { key: 'flammable_emollients', label: 'Paraffin-based or other emollients that soak into fabric are used', kind: 'yes-no', required: true, hint: 'Dried residue on clothes and bedding catches fire easily: keep the person away from flames and heaters.' },
        {
          key: 'waste',
          label: 'Clinical waste and sharps',
          kind: 'choice',
          required: true,
          options: [
            { value: 'household', label: 'Household waste only: gloves and aprons double-bagged' },
            { value: 'clinical-collection', label: 'Clinical waste collected by the council' },
            { value: 'sharps-bin', label: 'Sharps bin in use, returned to the pharmacy or GP' },
          ],
        },
        { key: 'spillage', label: 'What to do after a spill or exposure', kind: 'long-text', required: true, hint: 'Ventilate, contain, clean with the right product, report; NHS 111 or 999 for anyone affected.' },
        { key: 'data_sheets', label: 'Labels or safety data sheets are available to staff', kind: 'yes-no', required: true },
        ASSESSED_BY,
      ],
    },
  ],
});

const FRIDGE_SAFE_MAX = 5; // the Food Standards Agency's advice for a home fridge
const FRIDGE_LEGAL_MAX = 8; // chilled food must be kept at 8 °C or below (Food Safety and Hygiene (England) Regulations 2013)

const foodPoisoning = defineDocument({
  name: 'food-poisoning',
  title: 'Food safety',
  description: 'How food is bought, stored, prepared and checked in the home, so the person is not made ill by it, with their allergies and special diet.',
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  results: (values) => {
    const temperature = values.fridge_temperature;
    if (typeof temperature !== 'number') return [{ key: 'fridge', label: 'Fridge temperature', value: null, unit: '°C' }];
    if (temperature <= FRIDGE_SAFE_MAX) return [{ key: 'fridge', label: 'Fridge temperature', value: temperature, unit: '°C', band: 'Safe', level: 'low', actions: ['Keep checking it as agreed.'] }];
    if (temperature <= FRIDGE_LEGAL_MAX)
      return [{ key: 'fridge', label: 'Fridge temperature', value: temperature, unit: '°C', band: 'Too warm', level: 'medium', actions: ['Turn the thermostat colder and check again at the next visit.', 'Do not overfill it; keep the door shut.'] }];
    return [
      {
        key: 'fridge',
        label: 'Fridge temperature',
        value: temperature,
        unit: '°C',
        band: 'Unsafe',
        level: 'high',
        actions: ['Throw away high-risk chilled food (meat, fish, dairy, cooked leftovers) with the person’s agreement.', 'Tell the office today: the fridge may need repair or replacing.'],
      },
    ];
  },
  sections: [
    {
      key: 'shopping',
      title: 'Shopping and storage',
      fields: [
        ASSESSMENT_DATE,
        {
          key: 'who_shops',
          label: 'Who does the food shopping',
          kind: 'choice',
          required: true,
          options: [
            { value: 'person', label: 'The person' },
            { value: 'family', label: 'Family or friends' },
            { value: 'carers', label: 'Carers, with the person' },
            { value: 'delivery', label: 'Online delivery' },
            { value: 'mixed', label: 'A mix of these' },
          ],
        },
        {
          key: 'who_prepares',
          label: 'Who prepares meals',
          kind: 'choice',
          required: true,
          options: [
            { value: 'person', label: 'The person' },
            { value: 'person-with-support', label: 'The person, with support' },
            { value: 'carers', label: 'Carers' },
            { value: 'family', label: 'Family' },
            { value: 'ready-meals', label: 'Ready or delivered meals, heated by carers' },
          ],
        },
        { key: 'fridge_temperature', label: 'Fridge temperature at assessment', kind: 'number', required: true, min: -5, max: 25, decimals: 1, unit: '°C', hint: 'Should be 5 °C or below; above 8 °C chilled food is unsafe.' },
        {
          key: 'fridge_checks',
          label: 'How often the fridge temperature is checked',
          kind: 'choice',
          required: true,
          options: [
            { value: 'every-visit', label: 'Every visit' },
            { value: 'daily', label: 'Once a day' },
            { value: 'weekly', label: 'Once a week' },
          ],
        },
        {
          key: 'use_by_checks',
          label: 'Use-by dates are checked by',
          kind: 'choice',
          required: true,
          options: [
            { value: 'carers-every-visit', label: 'Carers, at every visit' },
            { value: 'carers-weekly', label: 'Carers, once a week' },
            { value: 'person', label: 'The person' },
            { value: 'family', label: 'Family' },
          ],
        },
        {
          key: 'out_of_date_food',
          label: 'What happens to food past its use-by date',
          kind: 'long-text',
          required: true,
          hint: 'Agree it with the person: their food is their property. Record what was thrown away.',
        },
        { key: 'storage', label: 'How food is stored', kind: 'long-text', required: true, hint: 'Raw meat covered on the bottom shelf; leftovers cooled, covered, dated and eaten within two days; dry food off the floor.' },
      ],
    },
    {
      key: 'preparing',
      title: 'Preparing food',
      fields: [
        { key: 'handling', label: 'Food handling for staff', kind: 'long-text', required: true, hint: 'Hand washing, separate boards for raw meat, cooking until steaming hot all through, reheating only once.' },
        { key: 'kitchen_hygiene', label: 'Kitchen is clean enough to prepare food safely', kind: 'yes-no', required: true },
        { key: 'kitchen_concerns', label: 'Concerns about the kitchen and what is being done', kind: 'long-text', required: true, showWhen: { field: 'kitchen_hygiene', equals: [false] } },
        { key: 'appliances_safe', label: 'Cooker, microwave and kettle are safe to use', kind: 'yes-no', required: true },
        {
          key: 'unsafe_food_risk',
          label: 'The person may eat food that is out of date or spoiled',
          kind: 'yes-no',
          required: true,
          hint: 'Because of memory, sight or a reduced sense of smell.',
          sensitivity: 'clinical',
        },
        { key: 'unsafe_food_controls', label: 'How that risk is managed', kind: 'long-text', required: true, showWhen: { field: 'unsafe_food_risk', equals: [true] } },
      ],
    },
    {
      key: 'allergies_and_diet',
      title: 'Allergies and special diets',
      fields: [
        { key: 'food_allergies', label: 'The person has food allergies or intolerances', kind: 'yes-no', required: true, sensitivity: 'clinical' },
        {
          key: 'allergy_details',
          label: 'The allergies, the reaction and what to do',
          kind: 'long-text',
          required: true,
          sensitivity: 'clinical',
          hint: 'Where any adrenaline auto-injector is kept; call 999 for anaphylaxis.',
          showWhen: { field: 'food_allergies', equals: [true] },
        },
        {
          key: 'allergy_handling',
          label: 'Keeping allergens out of the person’s food',
          kind: 'long-text',
          required: true,
          sensitivity: 'clinical',
          hint: 'Reading labels for the 14 allergens, separate utensils, what other people in the home may eat.',
          showWhen: { field: 'food_allergies', equals: [true] },
        },
        {
          key: 'special_diet',
          label: 'Special diet',
          kind: 'multi-choice',
          sensitivity: 'clinical',
          options: [
            { value: 'diabetic', label: 'Diabetic: regular meals, carbohydrate awareness' },
            { value: 'texture-modified', label: 'Texture-modified (IDDSI level on the Choking tab)' },
            { value: 'fortified', label: 'Fortified, high-calorie' },
            { value: 'low-salt', label: 'Low salt' },
            { value: 'faith-or-culture', label: 'For faith or culture (halal, kosher, vegetarian…)' },
            { value: 'vegetarian-vegan', label: 'Vegetarian or vegan by choice' },
          ],
        },
        { key: 'food_hygiene_training', label: 'Staff preparing food have food hygiene training', kind: 'yes-no', required: true },
        ASSESSED_BY,
      ],
    },
  ],
});

const behaviourRisks = defineDocument({
  name: 'behaviour-risks',
  title: 'Behaviour risks',
  description:
    'Behaviours that may put the person or others at risk, what triggers them, how to prevent and calm them, and what staff must do, in the least restrictive way. Read with the positive behaviour support plan.',
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  results: (values) => (values.screening_outcome === 'risk-identified' ? riskMatrixResults(values, { field: 'behaviours', nameColumn: 'behaviour', noun: 'Behaviour' }) : []),
  sections: [
    {
      key: 'screening',
      title: 'Screening',
      intro: 'Describe behaviour as communication: what the person may be telling us. Use plain, respectful words; avoid labels such as "challenging" or "attention-seeking".',
      fields: [ASSESSMENT_DATE, ...screeningFields('behaviour')],
    },
    {
      key: 'behaviours',
      title: 'Behaviours and triggers',
      fields: [
        {
          key: 'behaviours',
          label: 'Behaviours',
          kind: 'rows',
          required: true,
          showWhen: WHEN_RISK,
          columns: [
            { key: 'behaviour', label: 'What the behaviour looks like', kind: 'text', required: true, maxLength: 300 },
            { key: 'triggers', label: 'Known triggers', kind: 'long-text', required: true, maxLength: 1000 },
            {
              key: 'risk_to',
              label: 'Risk to',
              kind: 'choice',
              required: true,
              options: [
                { value: 'self', label: 'The person' },
                { value: 'others', label: 'Others' },
                { value: 'self-and-others', label: 'The person and others' },
                { value: 'property', label: 'Property' },
              ],
            },
            {
              key: 'frequency',
              label: 'How often',
              kind: 'choice',
              options: [
                { value: 'daily', label: 'Daily' },
                { value: 'weekly', label: 'Weekly' },
                { value: 'monthly', label: 'Monthly' },
                { value: 'rarely', label: 'Rarely (a few times a year)' },
              ],
            },
            LIKELIHOOD_COLUMN,
            SEVERITY_COLUMN,
          ],
        },
        { key: 'early_signs', label: 'Early signs that the person is becoming distressed', kind: 'long-text', required: true, showWhen: WHEN_RISK },
        { key: 'risk_to_self', label: 'Risks to the person', kind: 'long-text', sensitivity: 'safeguarding', showWhen: WHEN_RISK },
        { key: 'risk_to_others', label: 'Risks to staff and others', kind: 'long-text', sensitivity: 'safeguarding', showWhen: WHEN_RISK },
        { key: 'incidents_12_months', label: 'Incidents recorded in the last 12 months', kind: 'number', min: 0, max: 1000, showWhen: WHEN_RISK },
        { key: 'last_incident', label: 'Date of the last incident', kind: 'date', showWhen: WHEN_RISK },
      ],
    },
    {
      key: 'support',
      title: 'Support and staff guidance',
      fields: [
        { key: 'proactive_strategies', label: 'What keeps the person calm and well (proactive strategies)', kind: 'long-text', required: true, showWhen: WHEN_RISK },
        { key: 'de_escalation', label: 'How to help when the person becomes distressed (de-escalation)', kind: 'long-text', required: true, showWhen: WHEN_RISK },
        { key: 'staff_guidance', label: 'Staff guidance: do and do not', kind: 'long-text', required: true, showWhen: WHEN_RISK },
        { key: 'after_incident', label: 'After an incident: support for the person and staff, recording, debrief', kind: 'long-text', required: true, showWhen: WHEN_RISK },
        { key: 'pbs_plan', label: 'A positive behaviour support plan is in place', kind: 'yes-no', required: true, showWhen: WHEN_RISK },
        { key: 'restrictive_practice', label: 'Any restrictive practice is part of the plan', kind: 'yes-no', required: true, hint: 'If so, it is set out on the Restrictive physical intervention tab.', showWhen: WHEN_RISK },
        {
          key: 'professionals',
          label: 'Professionals involved',
          kind: 'multi-choice',
          showWhen: WHEN_RISK,
          options: [
            { value: 'cldt', label: 'Community learning disability team' },
            { value: 'psychology', label: 'Psychologist or behaviour specialist' },
            { value: 'psychiatry', label: 'Psychiatrist' },
            { value: 'mental-health-team', label: 'Community mental health or older people’s team' },
            { value: 'social-worker', label: 'Social worker' },
            { value: 'gp', label: 'GP' },
          ],
        },
        PEOPLE_INVOLVED,
        ASSESSED_BY,
      ],
    },
  ],
});

const selfHarm = defineDocument({
  name: 'self-harm',
  title: 'Self-harm',
  description:
    'Whether the person may harm themselves and, if so, what they need: their history in their words, triggers, warning signs, what helps, and what staff do. Following NICE NG225, no score predicts self-harm: the plan is built on the person’s needs.',
  reviewEveryMonths: 3,
  sensitivity: 'safeguarding',
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'screening',
      title: 'Screening',
      intro: 'Use calm, non-judgemental words: "harmed themselves", never "attention-seeking" or "manipulative". Record facts, not graphic detail.',
      fields: [ASSESSMENT_DATE, ...screeningFields('self-harm')],
    },
    {
      key: 'understanding',
      title: 'Understanding the person’s self-harm',
      fields: [
        { key: 'history', label: 'What has happened before, and when', kind: 'long-text', required: true, showWhen: WHEN_RISK },
        {
          key: 'forms',
          label: 'Ways the person has harmed themselves',
          kind: 'multi-choice',
          required: true,
          showWhen: WHEN_RISK,
          options: [
            { value: 'cutting-scratching', label: 'Cutting or scratching' },
            { value: 'hitting-self', label: 'Hitting themselves or their head' },
            { value: 'biting', label: 'Biting themselves' },
            { value: 'burning', label: 'Burning' },
            { value: 'overdose', label: 'Taking too much medicine' },
            { value: 'swallowing-objects', label: 'Swallowing objects or substances' },
            { value: 'not-eating-drinking', label: 'Not eating or drinking' },
            { value: 'other', label: 'Other' },
          ],
        },
        { key: 'last_episode', label: 'Date of the most recent episode', kind: 'date', showWhen: WHEN_RISK },
        { key: 'function', label: 'What self-harm does for the person, as far as we understand', kind: 'long-text', hint: 'For example: release from overwhelming feelings, communicating pain or boredom.', showWhen: WHEN_RISK },
        { key: 'triggers', label: 'Triggers', kind: 'long-text', required: true, showWhen: WHEN_RISK },
        { key: 'warning_signs', label: 'Warning signs', kind: 'long-text', required: true, showWhen: WHEN_RISK },
        { key: 'protective_factors', label: 'What keeps the person safe and well (protective factors)', kind: 'long-text', required: true, showWhen: WHEN_RISK },
      ],
    },
    {
      key: 'plan',
      title: 'What staff do',
      fields: [
        { key: 'what_helps', label: 'What helps: the person’s own coping strategies and how staff support them', kind: 'long-text', required: true, showWhen: WHEN_RISK },
        { key: 'staff_actions', label: 'When warning signs appear', kind: 'long-text', required: true, showWhen: WHEN_RISK },
        { key: 'after_injury', label: 'If the person is injured', kind: 'long-text', required: true, hint: 'First aid, when to call 111 or 999, recording on a body map, telling the office.', showWhen: WHEN_RISK },
        { key: 'means', label: 'Access to means: medicines, sharp objects', kind: 'long-text', hint: 'The least restrictive way, agreed with the person.', showWhen: WHEN_RISK },
        { key: 'crisis_contacts', label: 'Who to contact in a crisis', kind: 'rows', required: true, columns: CONTACT_COLUMNS, showWhen: WHEN_RISK },
        { key: 'person_views', label: 'What the person says about this plan', kind: 'long-text', showWhen: WHEN_RISK },
        PEOPLE_INVOLVED,
        ASSESSED_BY,
      ],
    },
  ],
});

const suicide = defineDocument({
  name: 'suicide',
  title: 'Suicide risk',
  description:
    'Whether the person may be thinking of ending their life and, if so, the warning signs, what protects them, a safety plan and who to call. Following NICE NG225, no score predicts suicide: ask, listen and plan with the person.',
  reviewEveryMonths: 3,
  sensitivity: 'safeguarding',
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'screening',
      title: 'Screening',
      intro: 'Asking someone directly about suicide does not put the idea in their head; it can help them talk. Use the person’s words, without judgement.',
      fields: [ASSESSMENT_DATE, ...screeningFields('suicide')],
    },
    {
      key: 'understanding',
      title: 'Understanding the risk',
      fields: [
        {
          key: 'current_thoughts',
          label: 'What the person has said about their thoughts',
          kind: 'choice',
          required: true,
          showWhen: WHEN_RISK,
          options: [
            { value: 'none-expressed', label: 'No thoughts of suicide expressed' },
            { value: 'not-wanting-to-live', label: 'Has said they do not want to go on living' },
            { value: 'thoughts-of-ending-life', label: 'Has spoken of ending their life' },
            { value: 'unable-to-say', label: 'Cannot tell us: concerns come from changes seen' },
          ],
        },
        { key: 'previous_attempts', label: 'The person has tried to end their life before', kind: 'yes-no', required: true, showWhen: WHEN_RISK },
        { key: 'previous_attempts_details', label: 'When, and what support followed', kind: 'long-text', required: true, showWhen: { field: 'previous_attempts', equals: [true] } },
        {
          key: 'circumstances',
          label: 'Circumstances that add to the person’s distress',
          kind: 'multi-choice',
          showWhen: WHEN_RISK,
          options: [
            { value: 'bereavement', label: 'Recent bereavement or loss' },
            { value: 'isolation', label: 'Loneliness or isolation' },
            { value: 'pain-illness', label: 'Long-term pain or illness, or a new diagnosis' },
            { value: 'low-mood', label: 'Depression or low mood' },
            { value: 'alcohol-drugs', label: 'Alcohol or drug use' },
            { value: 'money-housing', label: 'Money or housing worries' },
            { value: 'relationships', label: 'A relationship ending or conflict' },
            { value: 'self-harm', label: 'Self-harm' },
          ],
        },
        { key: 'warning_signs', label: 'Warning signs for this person', kind: 'long-text', required: true, hint: 'Withdrawing, giving things away, saying goodbye, putting affairs in order, saving up medicines.', showWhen: WHEN_RISK },
        { key: 'protective_factors', label: 'What keeps the person going (protective factors)', kind: 'long-text', required: true, showWhen: WHEN_RISK },
      ],
    },
    {
      key: 'safety_plan',
      title: 'Safety plan',
      fields: [
        { key: 'safety_plan', label: 'The person’s safety plan', kind: 'long-text', required: true, hint: 'In their words: what helps, people to talk to, places that feel safe, reasons for living.', showWhen: WHEN_RISK },
        { key: 'staff_actions', label: 'What staff do when they are worried', kind: 'long-text', required: true, showWhen: WHEN_RISK },
        {
          key: 'immediate_danger',
          label: 'If the person is in immediate danger',
          kind: 'long-text',
          required: true,
          hint: 'Call 999. Stay with them if it is safe; remove what they could use to harm themselves if you safely can; then tell the office.',
          showWhen: WHEN_RISK,
        },
        { key: 'means_safety', label: 'Making the means safer: medicines and other items', kind: 'long-text', showWhen: WHEN_RISK },
        {
          key: 'crisis_contacts',
          label: 'Crisis contacts',
          kind: 'rows',
          required: true,
          hint: 'The local crisis team, NHS 111 (mental health option), Samaritans 116 123 (free, any time), the GP.',
          columns: CONTACT_COLUMNS,
          showWhen: WHEN_RISK,
        },
        { key: 'consent_to_share', label: 'The person agrees to this being shared with their GP and family', kind: 'yes-no', showWhen: WHEN_RISK },
        PEOPLE_INVOLVED,
        ASSESSED_BY,
      ],
    },
  ],
});

const knives = defineDocument({
  name: 'knives',
  title: 'Knives and sharp objects',
  description: 'Whether access to knives, razors and other sharp objects puts the person or others at risk and, if so, the least restrictive way of keeping everyone safe.',
  reviewEveryMonths: 6,
  sensitivity: 'safeguarding',
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'screening',
      title: 'Screening',
      fields: [
        ASSESSMENT_DATE,
        ...screeningFields('knives and sharp objects'),
        {
          key: 'items_in_home',
          label: 'Sharp items in the home',
          kind: 'multi-choice',
          required: true,
          options: [
            { value: 'kitchen-knives', label: 'Kitchen knives' },
            { value: 'razors', label: 'Razors or blades' },
            { value: 'scissors', label: 'Scissors' },
            { value: 'tools', label: 'Tools (DIY or garden)' },
            { value: 'glass', label: 'Glass or breakable items' },
            { value: 'needles', label: 'Needles (sewing, insulin or other)' },
          ],
        },
      ],
    },
    {
      key: 'risk',
      title: 'The risk',
      fields: [
        { key: 'history', label: 'History of using sharp objects to harm or threaten', kind: 'long-text', required: true, hint: 'What happened, when, and in what circumstances. Facts, not labels.', showWhen: WHEN_RISK },
        {
          key: 'risk_to',
          label: 'Who may be at risk',
          kind: 'multi-choice',
          required: true,
          showWhen: WHEN_RISK,
          options: [
            { value: 'self', label: 'The person' },
            { value: 'staff', label: 'Staff' },
            { value: 'housemates', label: 'People they live with' },
            { value: 'public', label: 'The public' },
          ],
        },
        { key: 'triggers', label: 'Triggers and warning signs', kind: 'long-text', required: true, showWhen: WHEN_RISK },
      ],
    },
    {
      key: 'controls',
      title: 'Controls',
      fields: [
        {
          key: 'current_access',
          label: 'The person’s access to knives now',
          kind: 'choice',
          required: true,
          showWhen: WHEN_RISK,
          options: [
            { value: 'free', label: 'Free access, with guidance' },
            { value: 'supervised', label: 'Uses them with staff alongside' },
            { value: 'locked-on-request', label: 'Kept locked; available on request' },
            { value: 'removed', label: 'Removed from the home' },
          ],
        },
        { key: 'controls', label: 'What is in place', kind: 'long-text', required: true, showWhen: WHEN_RISK },
        {
          key: 'least_restrictive',
          label: 'Why this is the least restrictive option',
          kind: 'long-text',
          required: true,
          hint: 'What less restrictive options were tried or considered, and how the restriction will be reduced.',
          showWhen: WHEN_RISK,
        },
        { key: 'independence', label: 'How the person is supported to use knives safely (cooking, skills)', kind: 'long-text', showWhen: WHEN_RISK },
        {
          key: 'decision_basis',
          label: 'How the restriction was agreed',
          kind: 'choice',
          required: true,
          showWhen: WHEN_RISK,
          options: [
            { value: 'consent', label: 'The person agreed, with capacity to decide' },
            { value: 'best-interests', label: 'Best-interests decision under the Mental Capacity Act, after a capacity assessment' },
            { value: 'court-or-dols', label: 'Part of a deprivation of liberty authorised by the Court of Protection or DoLS' },
          ],
        },
        { key: 'staff_guidance', label: 'If a sharp object is used to harm or threaten', kind: 'long-text', required: true, hint: 'Keep yourself safe, leave and call 999 if needed; never try to take a knife from someone.', showWhen: WHEN_RISK },
        PEOPLE_INVOLVED,
        ASSESSED_BY,
      ],
    },
  ],
});

const restrictivePhysicalIntervention = defineDocument({
  name: 'restrictive-physical-intervention',
  title: 'Restrictive physical intervention',
  description:
    'Any physical intervention staff are authorised to use: only as a last resort to prevent harm, proportionate, for the shortest time, by trained staff, with its legal basis, recording, debrief and a plan to reduce it.',
  reviewEveryMonths: 6,
  sensitivity: 'safeguarding',
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'screening',
      title: 'Is any physical intervention authorised?',
      fields: [
        ASSESSMENT_DATE,
        {
          key: 'authorisation',
          label: 'Restrictive physical intervention',
          kind: 'choice',
          required: true,
          options: [
            { value: 'not-authorised', label: 'None authorised: staff must not use it' },
            { value: 'authorised', label: 'Authorised as set out below' },
          ],
        },
        {
          key: 'rationale',
          label: 'Why',
          kind: 'long-text',
          required: true,
          hint: 'When none is authorised: why it is not needed. Staff may still act to prevent immediate serious harm in an emergency; report it at once.',
        },
      ],
    },
    {
      key: 'intervention',
      title: 'What is authorised, and when',
      fields: [
        { key: 'circumstances', label: 'The only circumstances in which it may be used', kind: 'long-text', required: true, showWhen: { field: 'authorisation', equals: ['authorised'] } },
        { key: 'alternatives_first', label: 'What must be tried first', kind: 'long-text', required: true, hint: 'The proactive and de-escalation strategies of the behaviour support plan.', showWhen: { field: 'authorisation', equals: ['authorised'] } },
        {
          key: 'techniques',
          label: 'Authorised techniques',
          kind: 'rows',
          required: true,
          showWhen: { field: 'authorisation', equals: ['authorised'] },
          columns: [
            { key: 'technique', label: 'Technique (as named in the training)', kind: 'text', required: true, maxLength: 200 },
            { key: 'when', label: 'When it may be used', kind: 'long-text', required: true, maxLength: 1000 },
            { key: 'staff_needed', label: 'Staff needed', kind: 'number', required: true, min: 1, max: 4 },
            { key: 'longest_minutes', label: 'Longest it may last (minutes)', kind: 'number', required: true, min: 1, max: 30 },
          ],
        },
        {
          key: 'never_used',
          label: 'Never used with this person',
          kind: 'long-text',
          required: true,
          hint: 'Prone (face-down) holds, pressure on the neck, chest, abdomen or back, pain compliance, and anything the person’s health rules out.',
          showWhen: { field: 'authorisation', equals: ['authorised'] },
        },
        { key: 'health_risks', label: 'Health conditions that raise the risk of harm during a hold', kind: 'long-text', required: true, hint: 'Epilepsy, heart or breathing conditions, brittle bones, recent injury.', showWhen: { field: 'authorisation', equals: ['authorised'] } },
      ],
    },
    {
      key: 'legal_and_training',
      title: 'Legal basis and training',
      fields: [
        {
          key: 'legal_basis',
          label: 'Legal basis',
          kind: 'multi-choice',
          required: true,
          showWhen: { field: 'authorisation', equals: ['authorised'] },
          options: [
            { value: 'mca-s6', label: 'Mental Capacity Act 2005 ss.5–6: lacks capacity, necessary to prevent harm and proportionate' },
            { value: 'court-of-protection', label: 'Deprivation of liberty authorised by the Court of Protection (supported living and own home)' },
            { value: 'dols', label: 'DoLS authorisation (care homes and hospitals only)' },
            { value: 'consent', label: 'The person’s own advance agreement, with capacity' },
          ],
        },
        { key: 'capacity_assessment_date', label: 'Date of the capacity assessment', kind: 'date', showWhen: { field: 'authorisation', equals: ['authorised'] } },
        { key: 'best_interests', label: 'Best-interests decision: who was consulted and what was decided', kind: 'long-text', required: true, showWhen: { field: 'authorisation', equals: ['authorised'] } },
        {
          key: 'training',
          label: 'Training staff must hold',
          kind: 'choice',
          required: true,
          showWhen: { field: 'authorisation', equals: ['authorised'] },
          options: [
            { value: 'rrn-certified', label: 'A course certified as meeting the Restraint Reduction Network Training Standards (e.g. through the BILD Act certification scheme)' },
            { value: 'breakaway-only', label: 'Certified breakaway and disengagement only: no holds' },
          ],
        },
        { key: 'training_programme', label: 'Training programme and refresher interval', kind: 'text', required: true, maxLength: 300, showWhen: { field: 'authorisation', equals: ['authorised'] } },
      ],
    },
    {
      key: 'after',
      title: 'Recording, debrief and reduction',
      fields: [
        { key: 'recording', label: 'Recording and reporting after each use', kind: 'long-text', required: true, hint: 'Incident form and body map the same day; who is told (manager, family or attorney, social worker); safeguarding referral if harm.', showWhen: { field: 'authorisation', equals: ['authorised'] } },
        { key: 'debrief', label: 'Debrief for the person and for staff', kind: 'long-text', required: true, showWhen: { field: 'authorisation', equals: ['authorised'] } },
        { key: 'reduction_plan', label: 'Plan to reduce and stop its use', kind: 'long-text', required: true, showWhen: { field: 'authorisation', equals: ['authorised'] } },
        { key: 'uses_last_6_months', label: 'Times used in the last six months', kind: 'number', min: 0, max: 1000, showWhen: { field: 'authorisation', equals: ['authorised'] } },
        PEOPLE_INVOLVED,
        ASSESSED_BY,
        { key: 'authorised_by', label: 'Authorised by the registered manager', kind: 'signature', required: true, showWhen: { field: 'authorisation', equals: ['authorised'] } },
      ],
    },
  ],
});

const injuryToStaff = defineDocument({
  name: 'injury-to-staff',
  title: 'Injury to staff',
  description: 'The risks to staff working with the person and in the home, the controls and lone-working arrangements, and the incidents so far, reported under RIDDOR 2013 where they must be.',
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  results: (values) => riskMatrixResults(values, { field: 'staff_risks', nameColumn: 'hazard', noun: 'Risk to staff' }),
  sections: [
    {
      key: 'risks',
      title: 'Risks to staff',
      fields: [
        ASSESSMENT_DATE,
        {
          key: 'risk_types',
          label: 'Risks staff face at this home',
          kind: 'multi-choice',
          required: true,
          options: [
            { value: 'moving-handling', label: 'Moving and handling' },
            { value: 'verbal-aggression', label: 'Verbal aggression' },
            { value: 'physical-aggression', label: 'Physical aggression' },
            { value: 'sharps', label: 'Needles and sharps' },
            { value: 'infection', label: 'Infection' },
            { value: 'animals', label: 'Animals' },
            { value: 'environment', label: 'The home or its surroundings' },
            { value: 'lone-working', label: 'Lone working, late or early visits' },
          ],
        },
        hazardsField('staff_risks', 'Risks and controls', { hint: 'Rate each with its controls in place: likelihood × severity (low 1–3, moderate 4–6, high 8–12, extreme 15–25).' }),
      ],
    },
    {
      key: 'working_safely',
      title: 'Working safely',
      fields: [
        { key: 'two_staff_needed', label: 'Two staff are needed for some or all visits', kind: 'yes-no', required: true },
        { key: 'two_staff_when', label: 'When, and why', kind: 'long-text', required: true, showWhen: { field: 'two_staff_needed', equals: [true] } },
        { key: 'lone_working', label: 'Lone-working arrangements', kind: 'long-text', required: true, hint: 'Check-in and check-out on the app, the office calling a carer who has not checked out, a code word, the on-call number.' },
        {
          key: 'training_needed',
          label: 'Training staff need before working here',
          kind: 'multi-choice',
          options: [
            { value: 'moving-handling', label: 'Moving and handling, with the equipment used' },
            { value: 'conflict-resolution', label: 'Conflict resolution and de-escalation' },
            { value: 'breakaway', label: 'Breakaway techniques' },
            { value: 'infection-control', label: 'Infection prevention and control' },
            { value: 'epilepsy', label: 'Epilepsy and emergency medicine' },
            { value: 'lone-working', label: 'Lone working' },
          ],
        },
        { key: 'ppe', label: 'Protective equipment', kind: 'text', maxLength: 300 },
      ],
    },
    {
      key: 'incidents',
      title: 'Incidents and reporting',
      intro:
        'Report to the HSE under RIDDOR: a death or specified injury at once, an injury keeping a worker off normal duties for more than seven days within 15 days, and reportable dangerous occurrences and occupational diseases. Every incident goes on an incident form.',
      fields: [
        {
          key: 'incidents',
          label: 'Incidents involving staff',
          kind: 'rows',
          columns: [
            { key: 'date', label: 'Date', kind: 'date', required: true },
            { key: 'what_happened', label: 'What happened', kind: 'long-text', required: true, maxLength: 1500 },
            { key: 'injury', label: 'Injury', kind: 'text', maxLength: 300 },
            { key: 'days_off', label: 'Days off normal duties', kind: 'number', min: 0, max: 365 },
            { key: 'riddor_reportable', label: 'RIDDOR reportable', kind: 'yes-no', required: true },
            { key: 'reported_on', label: 'Reported to the HSE on', kind: 'date' },
          ],
        },
        { key: 'staff_support', label: 'Support for staff after an incident', kind: 'long-text', required: true, hint: 'Debrief, time off, occupational health, the employee assistance line.' },
        { key: 'staff_informed', label: 'Every member of staff visiting has read this assessment', kind: 'yes-no', required: true },
        ASSESSED_BY,
      ],
    },
  ],
});

const covidRiskAssessment = defineDocument({
  name: 'covid-risk-assessment',
  title: 'COVID-19 risk',
  description:
    'How vulnerable the person is to COVID-19, their vaccination, the infection prevention and control staff follow, and what happens if the person, a carer or a visitor has symptoms. It follows the UKHSA guidance current on the day it is reviewed.',
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'vulnerability',
      title: 'Vulnerability and vaccination',
      fields: [
        ASSESSMENT_DATE,
        {
          key: 'clinical_vulnerability',
          label: 'Risk from COVID-19',
          kind: 'choice',
          required: true,
          sensitivity: 'clinical',
          options: [
            { value: 'highest-risk', label: 'Higher risk: eligible for COVID-19 treatments if they test positive' },
            { value: 'raised', label: 'Raised risk by age or health conditions' },
            { value: 'not-raised', label: 'Not at raised risk' },
          ],
        },
        { key: 'conditions', label: 'Conditions or treatments that raise the risk', kind: 'long-text', sensitivity: 'clinical' },
        {
          key: 'vaccination_status',
          label: 'Vaccination',
          kind: 'choice',
          required: true,
          sensitivity: 'clinical',
          options: [
            { value: 'current', label: 'Has had the vaccine of the latest campaign offered to them' },
            { value: 'not-eligible', label: 'Not eligible for the latest campaign' },
            { value: 'declined', label: 'Chose not to have it' },
            { value: 'not-known', label: 'Not known' },
          ],
        },
        { key: 'last_vaccination', label: 'Date of the last COVID-19 vaccination', kind: 'date', sensitivity: 'clinical' },
      ],
    },
    {
      key: 'prevention',
      title: 'Preventing infection',
      fields: [
        {
          key: 'ppe',
          label: 'Protective equipment for visits',
          kind: 'multi-choice',
          required: true,
          hint: 'Standard infection control precautions for every visit; add more when the guidance or the person’s symptoms call for it.',
          options: [
            { value: 'gloves-aprons', label: 'Gloves and aprons for personal care' },
            { value: 'mask-when-symptoms', label: 'Fluid-resistant surgical mask when the person or carer has respiratory symptoms' },
            { value: 'mask-every-visit', label: 'Fluid-resistant surgical mask every visit (the person’s wish or clinical advice)' },
            { value: 'eye-protection', label: 'Eye protection when there is a risk of splashes' },
          ],
        },
        { key: 'person_wishes', label: 'What the person wants about masks and precautions', kind: 'long-text', required: true },
        { key: 'ventilation', label: 'Fresh air and ventilation', kind: 'long-text', hint: 'Windows open during visits where the person is comfortable with it.' },
        { key: 'visitors', label: 'Visitors and family', kind: 'long-text', hint: 'Who visits, and what is asked of them when they are unwell.' },
      ],
    },
    {
      key: 'symptoms',
      title: 'Symptoms and testing',
      fields: [
        { key: 'tests_at_home', label: 'The person keeps COVID-19 tests at home, to start treatment quickly if positive', kind: 'yes-no', required: true, sensitivity: 'clinical' },
        { key: 'testing', label: 'Testing arrangements', kind: 'long-text', required: true, hint: 'Where the tests are kept, who helps, and who to call with a positive result (GP or NHS 111) so treatment can start quickly.', showWhen: { field: 'tests_at_home', equals: [true] } },
        { key: 'person_symptoms', label: 'If the person has symptoms', kind: 'long-text', required: true },
        { key: 'staff_symptoms', label: 'If a carer has symptoms or tests positive', kind: 'long-text', required: true },
        { key: 'contingency', label: 'If visits must change (outbreak, staff shortage)', kind: 'long-text', required: true, hint: 'Essential visits first, family who can help, who the office calls.' },
        ASSESSED_BY,
      ],
    },
  ],
});

export const RISKS_SAFETY_DOCUMENTS: readonly DocumentSpec[] = [
  riskAssessment,
  environmentalRisk,
  coshhRisk,
  foodPoisoning,
  behaviourRisks,
  selfHarm,
  suicide,
  knives,
  restrictivePhysicalIntervention,
  injuryToStaff,
  covidRiskAssessment,
];
