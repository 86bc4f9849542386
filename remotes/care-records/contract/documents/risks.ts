import type { DocumentField, DocumentPermissions, DocumentResult, DocumentRowColumn, DocumentSpec, DocumentValues } from '@hcm/contract/documents';
import {
  DIABETES_TREATMENTS,
  FOOT_RISK,
  FRAT_COGNITION,
  FRAT_MEDICATIONS,
  FRAT_PSYCHOLOGICAL,
  FRAT_RECENT_FALLS,
  INSULIN_TREATMENTS,
  PRESSURE_ULCER_CATEGORIES,
  RISK_CONSEQUENCE,
  RISK_LIKELIHOOD,
  SEIZURE_FREQUENCY,
  SEIZURE_TYPES,
  SKIN_MARK_STATUSES,
  SKIN_MARK_TYPES,
  WATERLOW_AGE,
  WATERLOW_BUILD,
  WATERLOW_CONTINENCE,
  WATERLOW_EATING_POORLY,
  WATERLOW_MAJOR_SURGERY,
  WATERLOW_MEDICATION,
  WATERLOW_MOBILITY,
  WATERLOW_NEUROLOGICAL_DEFICIT,
  WATERLOW_SEX,
  WATERLOW_SKIN,
  WATERLOW_THEATRE_TIME,
  WATERLOW_TISSUE_MALNUTRITION,
  WATERLOW_WEIGHT_LOSS_AMOUNT,
  WATERLOW_WEIGHT_LOST,
  bestInterestsResult,
  bmiOf,
  bmiResult,
  bruisesResult,
  capacityResult,
  fallsHistoryResult,
  fallsReferral,
  fluidChartResults,
  footRiskResult,
  fratCognitionOf,
  fratResult,
  highestRiskResult,
  hypoglycaemiaRiskResult,
  mustBand,
  mustResult,
  mustScores,
  mustWeightLossScore,
  oneDecimal,
  pressureDamageResult,
  seizureSafetyResult,
  waterlowResult,
  weightLossPercent,
  type MustInput,
  type MustPoints,
} from '../scored-tools/index.js';
import { clock } from '@hcm/contract/time';

// The record documents of the "risks" group of the client record (../record-tabs.ts) that rest on published
// clinical tools: falls (FRAT and NICE NG249), pressure areas (Waterlow) and skin (NPIAP/EPUAP categories),
// nutrition (BAPEN's MUST), weight, fluids, choking (IDDSI), diabetes, epilepsy, and the Mental Capacity Act
// 2005 with its best-interests record. Their `results` call ../scored-tools, so each score shows its band and
// the actions the band calls for; high and very-high bands raise the record's alerts.

const PERMISSIONS: DocumentPermissions = { view: 'clients.view', edit: 'clients.edit', signOff: 'clients.sign-off' };

// Reading answers: results run on stored content and on the form's answers as typed, so read defensively.
const textOf = (values: DocumentValues, key: string): string => (typeof values[key] === 'string' ? (values[key] as string) : '');
const numberOf = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
};
const numOf = (values: DocumentValues, key: string) => numberOf(values[key]);
const yesNoOf = (values: DocumentValues, key: string): boolean | null => {
  const value = values[key];
  if (value === true || value === 'yes') return true;
  if (value === false || value === 'no') return false;
  return null;
};
const listOf = (values: DocumentValues, key: string): string[] => (Array.isArray(values[key]) ? (values[key] as unknown[]).filter((item): item is string => typeof item === 'string') : []);
const rowsOf = (values: DocumentValues, key: string): DocumentValues[] =>
  Array.isArray(values[key]) ? (values[key] as unknown[]).filter((row): row is DocumentValues => typeof row === 'object' && row !== null) : [];
const rowText = (row: DocumentValues, key: string): string => (typeof row[key] === 'string' ? (row[key] as string) : '');

/** Today in the UK, as YYYY-MM-DD (counting "the past 12 months" of a falls history). */
const todayInLondon = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(clock.now());

const options = (...pairs: [value: string, label: string][]) => pairs.map(([value, label]) => ({ value, label }));
const when = (field: string, ...equals: (string | boolean)[]) => ({ field, equals });
const signature = (key: string, label: string, extra: Partial<DocumentField> = {}): DocumentField => ({ key, label, kind: 'signature', required: true, ...extra });

const IDDSI_FOOD = options(
  ['regular', 'Level 7 Regular'],
  ['easy-to-chew', 'Level 7 Easy to chew'],
  ['soft-bite-sized', 'Level 6 Soft and bite-sized'],
  ['minced-moist', 'Level 5 Minced and moist'],
  ['pureed', 'Level 4 Puréed'],
  ['liquidised', 'Level 3 Liquidised'],
  ['nil-by-mouth', 'Nil by mouth (tube fed)'],
);
const IDDSI_DRINKS = options(
  ['thin', 'Level 0 Thin'],
  ['slightly-thick', 'Level 1 Slightly thick'],
  ['mildly-thick', 'Level 2 Mildly thick'],
  ['moderately-thick', 'Level 3 Moderately thick'],
  ['extremely-thick', 'Level 4 Extremely thick'],
);

// ─── Falls ────────────────────────────────────────────────────────────────────────────────────────────────

/** FRAT's cognition item is banded by the AMTS: say so when the recorded AMTS points to another band. */
function withAmtsCheck(result: DocumentResult, amts: number | null, cognition: string): DocumentResult {
  if (amts === null || cognition === '' || fratCognitionOf(amts) === cognition) return result;
  const expected = FRAT_COGNITION.find((option) => option.value === fratCognitionOf(amts))?.label ?? '';
  return { ...result, actions: [`Check the cognitive status: an AMTS of ${amts} is “${expected}”.`, ...(result.actions ?? [])] };
}

const fallsRiskAssessment: DocumentSpec = {
  name: 'falls-risk-assessment',
  title: 'Falls risk assessment',
  description: 'NICE NG249 case-finding and the FRAT (Falls Risk Assessment Tool): who needs a falls service referral, and the actions the risk calls for.',
  sensitivity: 'clinical',
  reviewEveryMonths: 3,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'case_finding',
      title: 'Falls in the past year (NICE NG249)',
      intro: 'Ask about falls at every assessment and review. Any of these is a reason to refer for a multifactorial falls assessment, whatever the score below.',
      fields: [
        { key: 'falls_past_12_months', label: 'Falls in the past 12 months', kind: 'number', min: 0, max: 365, required: true, hint: 'Include slips and trips that ended on the floor or a lower level.' },
        { key: 'fall_with_injury', label: 'Injured in a fall, or needed medical attention after one, in the past 12 months?', kind: 'yes-no', required: true },
        { key: 'unable_to_get_up', label: 'Unable to get up without help after a fall?', kind: 'yes-no', required: true },
        { key: 'gait_balance_problems', label: 'Walking or balance problems seen or reported?', kind: 'yes-no', required: true, hint: 'Unsteady, holds on to furniture, shuffles, needs a hand to stand.' },
        { key: 'frailty', label: 'Living with frailty?', kind: 'yes-no', required: true, hint: 'On the GP practice’s frailty register, or Clinical Frailty Scale 5 or more.' },
        { key: 'fear_of_falling', label: 'Afraid of falling, so that it limits what they do?', kind: 'yes-no', required: true },
      ],
    },
    {
      key: 'frat',
      title: 'FRAT part 1: falls risk status',
      intro:
        'Falls Risk Assessment Tool, Peninsula Health Falls Prevention Service. Score each item: 5–11 low, 12–15 medium, 16–20 high. The score structures the plan; it does not predict a fall (NICE NG249).',
      fields: [
        { key: 'frat_recent_falls', label: 'Recent falls', kind: 'scored', options: FRAT_RECENT_FALLS, required: true },
        {
          key: 'frat_medications',
          label: 'Medications: sedatives, antidepressants, anti-Parkinson’s, diuretics, antihypertensives, hypnotics',
          kind: 'scored',
          options: FRAT_MEDICATIONS,
          required: true,
        },
        {
          key: 'frat_medication_names',
          label: 'Which of these medicines',
          kind: 'text',
          hint: 'As on the MAR, e.g. “Amlodipine 5 mg (antihypertensive)”.',
          showWhen: when('frat_medications', 'one', 'two', 'more'),
          required: true,
        },
        { key: 'frat_psychological', label: 'Psychological: anxiety, depression, reduced cooperation, insight or judgement (especially about mobility)', kind: 'scored', options: FRAT_PSYCHOLOGICAL, required: true },
        { key: 'amts', label: 'Abbreviated Mental Test Score (AMTS), if done', kind: 'number', min: 0, max: 10, unit: 'of 10' },
        { key: 'frat_cognition', label: 'Cognitive status', kind: 'scored', options: FRAT_COGNITION, required: true },
        { key: 'frat_recent_change', label: 'Recent change in functional status, or in medicines affecting safe mobility (or one expected)?', kind: 'yes-no', required: true, hint: 'Yes makes the risk high automatically.' },
        { key: 'frat_dizziness', label: 'Dizziness or postural hypotension?', kind: 'yes-no', required: true, hint: 'Yes makes the risk high automatically.' },
      ],
    },
    {
      key: 'risk_factors',
      title: 'FRAT part 2: risk factors',
      fields: [
        {
          key: 'risk_factors',
          label: 'Risk factors found',
          kind: 'multi-choice',
          options: options(
            ['vision', 'Vision: reports or seen to have difficulty seeing'],
            ['mobility', 'Mobility: unknown or appears unsafe'],
            ['transfers', 'Transfers: unknown or appear unsafe'],
            ['behaviour', 'Behaviour: agitation, confusion, disorientation, difficulty following advice'],
            ['daily-living', 'Daily living: risk-taking, unsafe use of equipment, unsafe footwear or clothing'],
            ['environment', 'Environment: difficulty finding the way between bed, toilet and kitchen'],
            ['nutrition', 'Nutrition: underweight or low appetite'],
            ['continence', 'Continence: urgency, getting up at night, accidents'],
          ),
        },
        { key: 'risk_factor_notes', label: 'What was seen, and other risk factors', kind: 'long-text', required: true },
      ],
    },
    {
      key: 'plan',
      title: 'FRAT part 3: action plan',
      fields: [
        {
          key: 'mobility_aids',
          label: 'Walking aids used',
          kind: 'multi-choice',
          options: options(['none', 'None'], ['stick', 'Walking stick'], ['frame', 'Walking frame'], ['rollator', 'Wheeled walker (rollator)'], ['wheelchair', 'Wheelchair'], ['hoist', 'Hoist for transfers']),
        },
        {
          key: 'referrals',
          label: 'Referrals made',
          kind: 'multi-choice',
          options: options(
            ['falls-service', 'Community falls service (multifactorial assessment)'],
            ['medication-review', 'GP or pharmacist medication review'],
            ['occupational-therapy', 'Occupational therapy home hazard assessment'],
            ['physiotherapy', 'Physiotherapy: strength and balance'],
            ['optician', 'Optician'],
            ['continence', 'Continence service'],
            ['telecare', 'Telecare: pendant alarm or falls detector'],
          ),
        },
        { key: 'actions_agreed', label: 'Actions agreed with the person', kind: 'long-text', required: true },
        { key: 'person_agrees', label: 'The person (or their representative) took part and agrees with the plan?', kind: 'yes-no', required: true },
        signature('assessed_by', 'Assessed by'),
      ],
    },
  ],
  results: (values) => [
    withAmtsCheck(
      fratResult({
        recentFalls: textOf(values, 'frat_recent_falls'),
        medications: textOf(values, 'frat_medications'),
        psychological: textOf(values, 'frat_psychological'),
        cognition: textOf(values, 'frat_cognition'),
        recentChange: yesNoOf(values, 'frat_recent_change'),
        dizziness: yesNoOf(values, 'frat_dizziness'),
      }),
      numOf(values, 'amts'),
      textOf(values, 'frat_cognition'),
    ),
    fallsReferral({
      fallsInPast12Months: numOf(values, 'falls_past_12_months'),
      fallWithInjury: yesNoOf(values, 'fall_with_injury'),
      unableToGetUp: yesNoOf(values, 'unable_to_get_up'),
      gaitOrBalanceProblems: yesNoOf(values, 'gait_balance_problems'),
      frailty: yesNoOf(values, 'frailty'),
      fearOfFalling: yesNoOf(values, 'fear_of_falling'),
    }),
  ],
};

const FALL_INJURIES = options(
  ['none', 'No injury'],
  ['bruise', 'Bruise or graze'],
  ['wound', 'Cut or skin tear'],
  ['head-injury', 'Head injury'],
  ['fracture', 'Fracture'],
  ['not-known', 'Not known yet'],
);

const fallsRisk: DocumentSpec = {
  name: 'falls-risk',
  title: 'Falls history and prevention',
  description: 'Every fall with what happened, what makes falls likely, the prevention plan, the pendant alarm and what carers do after a fall.',
  reviewEveryMonths: 3,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'history',
      title: 'Falls history',
      intro: 'Add every fall, including those the person or family tell you about.',
      fields: [
        {
          key: 'falls',
          label: 'Falls',
          kind: 'rows',
          sensitivity: 'clinical',
          columns: [
            { key: 'date', label: 'Date', kind: 'date', required: true },
            { key: 'time', label: 'Time', kind: 'time' },
            { key: 'where', label: 'Where', kind: 'text', required: true, hint: 'Room, and what they were doing.' },
            { key: 'what_happened', label: 'What happened', kind: 'long-text', required: true },
            { key: 'injury', label: 'Injury', kind: 'choice', options: FALL_INJURIES, required: true },
            {
              key: 'got_up',
              label: 'How they got up',
              kind: 'choice',
              options: options(['alone', 'Got up alone'], ['helped', 'Helped by a carer or family'], ['ambulance', 'Ambulance or paramedics'], ['long-lie', 'On the floor an hour or more (long lie)']),
              required: true,
            },
            { key: 'hospital', label: 'Went to hospital', kind: 'yes-no' },
            { key: 'reported_to', label: 'Reported to', kind: 'text', hint: 'Office, family, GP; incident number.' },
          ],
        },
      ],
    },
    {
      key: 'factors',
      title: 'What makes falls more likely',
      fields: [
        {
          key: 'contributing_factors',
          label: 'Contributing factors',
          kind: 'multi-choice',
          required: true,
          options: options(
            ['balance', 'Poor balance or walking'],
            ['weakness', 'Muscle weakness'],
            ['dizziness', 'Dizziness or low blood pressure on standing'],
            ['medicines', 'Medicines that cause drowsiness or dizziness'],
            ['eyesight', 'Poor eyesight'],
            ['cognition', 'Memory problems or confusion'],
            ['continence', 'Rushing to the toilet, getting up at night'],
            ['footwear', 'Unsafe footwear'],
            ['home-hazards', 'Home hazards: rugs, clutter, cables, poor lighting, stairs'],
            ['fear', 'Fear of falling'],
            ['alcohol', 'Alcohol'],
            ['osteoporosis', 'Osteoporosis: a fall is more likely to break a bone'],
            ['anticoagulant', 'Anticoagulant: bleeding after a head injury'],
          ),
        },
        { key: 'factor_notes', label: 'About these factors', kind: 'long-text' },
      ],
    },
    {
      key: 'prevention',
      title: 'Prevention plan',
      fields: [
        { key: 'prevention_plan', label: 'What carers do at each call to prevent falls', kind: 'long-text', required: true },
        {
          key: 'equipment',
          label: 'Equipment in place',
          kind: 'multi-choice',
          options: options(
            ['grab-rails', 'Grab rails'],
            ['stair-rail', 'Second stair rail'],
            ['perching-stool', 'Perching stool'],
            ['raised-toilet-seat', 'Raised toilet seat or frame'],
            ['bed-lever', 'Bed lever'],
            ['night-lights', 'Night lights or sensor lights'],
            ['hip-protectors', 'Hip protectors'],
            ['bed-chair-sensor', 'Bed or chair sensor'],
          ),
        },
        { key: 'footwear_checked', label: 'Footwear checked: fitted, low heel, non-slip sole?', kind: 'yes-no' },
        { key: 'exercise_programme', label: 'Strength and balance programme', kind: 'text', hint: 'E.g. Otago exercises from the falls service, twice a week.' },
        { key: 'home_hazard_check', label: 'Home hazard check last done', kind: 'date' },
      ],
    },
    {
      key: 'alarm',
      title: 'Pendant alarm and telecare',
      fields: [
        { key: 'pendant_alarm', label: 'Has a pendant alarm?', kind: 'yes-no', required: true },
        { key: 'pendant_provider', label: 'Alarm provider and who it calls', kind: 'text', showWhen: when('pendant_alarm', true), required: true },
        {
          key: 'pendant_check',
          label: 'Carers check it is worn',
          kind: 'choice',
          options: options(['every-call', 'At every call'], ['bedtime', 'At the bedtime call'], ['not-checked', 'Not checked']),
          showWhen: when('pendant_alarm', true),
          required: true,
        },
        { key: 'pendant_tested', label: 'Last test call', kind: 'date', showWhen: when('pendant_alarm', true) },
        { key: 'falls_detector', label: 'Automatic falls detector?', kind: 'yes-no' },
        { key: 'lives_alone_long_lie', label: 'Could lie on the floor a long time before anyone came?', kind: 'yes-no', required: true, hint: 'Lives alone, long gaps between calls, alarm not worn.' },
      ],
    },
    {
      key: 'post_fall',
      title: 'If the person falls',
      intro: 'What carers do when they find the person on the floor.',
      fields: [
        { key: 'post_fall_protocol', label: 'Post-fall protocol', kind: 'long-text', required: true },
        {
          key: 'lifting_equipment',
          label: 'Equipment to get the person up',
          kind: 'choice',
          options: options(['none', 'None: call 999 or the response service'], ['lifting-cushion', 'Inflatable lifting cushion (trained carers)'], ['hoist', 'Hoist']),
          required: true,
        },
        { key: 'who_to_tell', label: 'Who to tell after a fall', kind: 'long-text', required: true },
        signature('completed_by', 'Completed by'),
      ],
    },
  ],
  results: (values) => [
    fallsHistoryResult(
      rowsOf(values, 'falls').map((row) => ({ date: rowText(row, 'date'), injury: rowText(row, 'injury'), gotUp: rowText(row, 'got_up') })),
      todayInLondon(),
    ),
  ],
};

// ─── Pressure areas and skin ─────────────────────────────────────────────────────────────────────────────

const pressureAreaAssessment: DocumentSpec = {
  name: 'pressure-area-assessment',
  title: 'Pressure area (Waterlow)',
  description: 'The Waterlow pressure ulcer risk score, card category by category, and the prevention plan its band calls for.',
  sensitivity: 'clinical',
  reviewEveryMonths: 1,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'build',
      title: 'Build and weight for height',
      fields: [
        { key: 'weighed', label: 'Could the person be weighed and measured?', kind: 'yes-no', required: true },
        { key: 'height_cm', label: 'Height', kind: 'number', unit: 'cm', min: 100, max: 230, decimals: 1, showWhen: when('weighed', true), required: true },
        { key: 'weight_kg', label: 'Weight', kind: 'number', unit: 'kg', min: 20, max: 350, decimals: 1, showWhen: when('weighed', true), required: true },
        { key: 'build_judged', label: 'Build, judged by eye', kind: 'scored', options: WATERLOW_BUILD, showWhen: when('weighed', false), required: true },
      ],
    },
    {
      key: 'skin_continence',
      title: 'Skin and continence',
      fields: [
        { key: 'skin', label: 'Skin type and visual risk areas (all that apply)', kind: 'multi-scored', options: WATERLOW_SKIN, required: true },
        { key: 'continence', label: 'Continence', kind: 'scored', options: WATERLOW_CONTINENCE, required: true },
      ],
    },
    {
      key: 'mobility_sex_age',
      title: 'Mobility, sex and age',
      fields: [
        { key: 'mobility', label: 'Mobility', kind: 'scored', options: WATERLOW_MOBILITY, required: true },
        { key: 'sex', label: 'Sex', kind: 'scored', options: WATERLOW_SEX, required: true },
        { key: 'age_band', label: 'Age', kind: 'scored', options: WATERLOW_AGE, required: true },
      ],
    },
    {
      key: 'malnutrition',
      title: 'Malnutrition screening (MST)',
      intro: 'A score over 2 means a nutrition assessment (MUST on the Nutrition tab).',
      fields: [
        { key: 'weight_lost', label: 'Has the person lost weight recently?', kind: 'scored', options: WATERLOW_WEIGHT_LOST, required: true },
        { key: 'weight_loss_amount', label: 'How much weight lost', kind: 'scored', options: WATERLOW_WEIGHT_LOSS_AMOUNT, showWhen: when('weight_lost', 'yes'), required: true },
        { key: 'eating_poorly', label: 'Eating poorly or lack of appetite?', kind: 'scored', options: WATERLOW_EATING_POORLY, required: true },
      ],
    },
    {
      key: 'special_risks',
      title: 'Special risks',
      fields: [
        { key: 'tissue_malnutrition', label: 'Tissue malnutrition (all that apply; leave empty if none)', kind: 'multi-scored', options: WATERLOW_TISSUE_MALNUTRITION },
        {
          key: 'neurological_deficit',
          label: 'Neurological deficit: diabetes, MS, stroke, motor or sensory loss, paraplegia',
          kind: 'scored',
          options: WATERLOW_NEUROLOGICAL_DEFICIT,
          required: true,
        },
        { key: 'neurological_details', label: 'Which condition, and how it affects sensation or movement', kind: 'text', showWhen: when('neurological_deficit', 'mild', 'moderate', 'severe'), required: true },
        { key: 'major_surgery', label: 'Major surgery or trauma', kind: 'scored', options: WATERLOW_MAJOR_SURGERY, required: true },
        { key: 'theatre_time', label: 'Time on the operating table', kind: 'scored', options: WATERLOW_THEATRE_TIME, required: true, hint: 'May be discounted 48 hours after surgery if recovering normally.' },
        { key: 'medication', label: 'Medication', kind: 'scored', options: WATERLOW_MEDICATION, required: true },
      ],
    },
    {
      key: 'plan',
      title: 'Prevention plan',
      fields: [
        {
          key: 'areas_checked',
          label: 'Pressure areas checked today',
          kind: 'multi-choice',
          required: true,
          options: options(
            ['sacrum', 'Sacrum and buttocks'],
            ['heels', 'Heels'],
            ['hips', 'Hips'],
            ['elbows', 'Elbows'],
            ['shoulder-blades', 'Shoulder blades and spine'],
            ['ears', 'Ears and back of the head'],
            ['under-devices', 'Under devices (oxygen tubing, catheter, splints)'],
          ),
        },
        { key: 'skin_today', label: 'Condition of the skin today', kind: 'long-text', required: true },
        {
          key: 'mattress',
          label: 'Mattress',
          kind: 'choice',
          required: true,
          options: options(
            ['standard', 'Standard'],
            ['high-spec-foam', 'High-specification foam'],
            ['alternating-overlay', 'Alternating-pressure overlay'],
            ['alternating-mattress', 'Alternating-pressure mattress'],
            ['low-air-loss', 'Low-air-loss system'],
          ),
        },
        {
          key: 'cushion',
          label: 'Cushion',
          kind: 'choice',
          required: true,
          options: options(['none', 'None'], ['foam-100', '100 mm foam'], ['gel-foam', 'Specialist gel or foam'], ['air-adjustable', 'Adjustable air cushion']),
        },
        {
          key: 'repositioning',
          label: 'Repositioning',
          kind: 'choice',
          required: true,
          options: options(
            ['independent', 'Moves independently'],
            ['six-hourly', 'Encouraged or helped at least every 6 hours'],
            ['four-hourly', 'Helped at least every 4 hours'],
            ['two-hourly', 'Helped every 2 hours (district nurse’s plan)'],
          ),
        },
        { key: 'district_nurse_involved', label: 'District nurse involved?', kind: 'yes-no', required: true },
        { key: 'tissue_viability_referral', label: 'Referred to tissue viability?', kind: 'yes-no' },
        { key: 'plan_notes', label: 'The plan in the person’s words and carers’ tasks', kind: 'long-text', required: true },
        signature('assessed_by', 'Assessed by'),
      ],
    },
  ],
  results: (values) => {
    const weighed = yesNoOf(values, 'weighed') === true;
    const height = numOf(values, 'height_cm');
    const weight = numOf(values, 'weight_kg');
    const bmi = weighed && height !== null ? bmiOf(weight, { cm: height }) : null;
    const waterlow = waterlowResult({
      bmi,
      build: weighed ? undefined : textOf(values, 'build_judged'),
      skin: listOf(values, 'skin'),
      continence: textOf(values, 'continence'),
      mobility: textOf(values, 'mobility'),
      sex: textOf(values, 'sex'),
      age: textOf(values, 'age_band'),
      weightLost: textOf(values, 'weight_lost'),
      weightLossAmount: textOf(values, 'weight_loss_amount'),
      eatingPoorly: textOf(values, 'eating_poorly'),
      tissueMalnutrition: listOf(values, 'tissue_malnutrition'),
      neurologicalDeficit: textOf(values, 'neurological_deficit'),
      majorSurgery: textOf(values, 'major_surgery'),
      theatreTime: textOf(values, 'theatre_time'),
      medication: textOf(values, 'medication'),
    });
    return weighed ? [waterlow, bmiResult(weight, height === null ? null : { cm: height })] : [waterlow];
  },
};

const pressureUlcerBruise: DocumentSpec = {
  name: 'pressure-ulcer-bruise',
  title: 'Pressure ulcers and bruises',
  description: 'The skin check on a body map, every wound, pressure ulcer and bruise with its category and size, who was told, and safeguarding.',
  sensitivity: 'clinical',
  reviewEveryMonths: 1,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'skin_check',
      title: 'Skin check',
      fields: [
        { key: 'checked_on', label: 'Skin checked on', kind: 'date', required: true },
        {
          key: 'skin_overall',
          label: 'Overall',
          kind: 'choice',
          required: true,
          options: options(['intact', 'Skin intact, no marks'], ['marks', 'Marks found (on the body map and below)'], ['declined', 'The person declined a skin check']),
        },
        { key: 'body_map', label: 'Body map', kind: 'body-map', hint: 'Mark each wound, pressure area, bruise or patch of redness where it is.' },
      ],
    },
    {
      key: 'wounds',
      title: 'Wounds, pressure damage and bruises',
      intro: 'Pressure ulcers by NPIAP/EPUAP category. Measure the longest length and the width at right angles to it.',
      fields: [
        {
          key: 'marks',
          label: 'Marks',
          kind: 'rows',
          showWhen: when('skin_overall', 'marks'),
          required: true,
          columns: [
            { key: 'location', label: 'Where', kind: 'text', required: true },
            { key: 'type', label: 'What it is', kind: 'choice', options: SKIN_MARK_TYPES, required: true },
            { key: 'category', label: 'Pressure ulcer category', kind: 'choice', options: PRESSURE_ULCER_CATEGORIES, required: true, hint: '“Not a pressure ulcer” for bruises and other marks.' },
            { key: 'first_noted', label: 'First noted', kind: 'date', required: true },
            { key: 'length_cm', label: 'Length', kind: 'number', unit: 'cm', min: 0, max: 100, decimals: 1 },
            { key: 'width_cm', label: 'Width', kind: 'number', unit: 'cm', min: 0, max: 100, decimals: 1 },
            { key: 'description', label: 'What it looks like, and how it happened', kind: 'long-text', required: true },
            { key: 'status', label: 'Status', kind: 'choice', options: SKIN_MARK_STATUSES, required: true },
            { key: 'nurse_informed', label: 'District nurse informed', kind: 'yes-no' },
            { key: 'photo_taken', label: 'Photo taken', kind: 'yes-no' },
          ],
        },
        { key: 'district_nurse_informed', label: 'District nurse informed of every pressure ulcer and wound?', kind: 'yes-no', showWhen: when('skin_overall', 'marks'), required: true },
        { key: 'district_nurse', label: 'District nurse team and who you spoke to', kind: 'text', showWhen: when('district_nurse_informed', true) },
        { key: 'photo_consent', label: 'Consent to photographs?', kind: 'yes-no' },
        { key: 'photos', label: 'Photographs: where they are (uploads) and when taken', kind: 'text', showWhen: when('photo_consent', true) },
      ],
    },
    {
      key: 'safeguarding',
      title: 'Safeguarding',
      fields: [
        { key: 'unexplained_marks', label: 'Any marks the person or staff cannot explain?', kind: 'yes-no', required: true, sensitivity: 'safeguarding' },
        { key: 'what_the_person_said', label: 'What the person said about them', kind: 'long-text', sensitivity: 'safeguarding', showWhen: when('unexplained_marks', true), required: true },
        { key: 'safeguarding_raised', label: 'Safeguarding concern raised with the manager?', kind: 'yes-no', sensitivity: 'safeguarding', showWhen: when('unexplained_marks', true), required: true },
      ],
    },
    {
      key: 'care',
      title: 'Care',
      fields: [
        { key: 'care_actions', label: 'What carers do (dressings are the nurse’s; repositioning, creams, reporting)', kind: 'long-text', required: true },
        signature('checked_by', 'Recorded by'),
      ],
    },
  ],
  results: (values) => {
    // The marks table applies only when marks were found (it is hidden otherwise).
    const marks = textOf(values, 'skin_overall') === 'marks' ? rowsOf(values, 'marks') : [];
    const asMarks = marks.map((row) => ({ type: rowText(row, 'type'), category: rowText(row, 'category'), status: rowText(row, 'status'), location: rowText(row, 'location') }));
    return [pressureDamageResult(asMarks), bruisesResult(asMarks, yesNoOf(values, 'unexplained_marks'))];
  },
};

// ─── Nutrition, weight, fluids, swallowing ─────────────────────────────────────────────────────────────

const LOWER_BMI_THRESHOLDS: DocumentField = {
  key: 'lower_bmi_thresholds',
  label: 'Family background for which the NHS uses lower BMI thresholds?',
  kind: 'yes-no',
  hint: 'South Asian, Chinese, other Asian, Middle Eastern, Black African or African-Caribbean: overweight from 23, obese from 27.5.',
};

const JUDGED_MUST_SCORE = (label: string, zero: string, one: string, two: string) =>
  [
    { value: '0', label: `${label}: ${zero}`, score: 0 },
    { value: '1', label: `${label}: ${one}`, score: 1 },
    { value: '2', label: `${label}: ${two}`, score: 2 },
  ] as const;

const nutrition: DocumentSpec = {
  name: 'nutrition',
  title: 'Nutrition (MUST)',
  description: 'Malnutrition screening with BAPEN’s MUST, and the eating and drinking plan its risk calls for.',
  sensitivity: 'clinical',
  reviewEveryMonths: 1,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'bmi',
      title: 'Step 1: BMI',
      fields: [
        {
          key: 'height_source',
          label: 'Height',
          kind: 'choice',
          required: true,
          options: options(['measured', 'Measured'], ['recalled', 'Recalled by the person (reliable)'], ['ulna', 'Estimated from ulna length (MUST chart)'], ['knee', 'Estimated from knee height']),
        },
        { key: 'height_cm', label: 'Height', kind: 'number', unit: 'cm', min: 100, max: 230, decimals: 1, required: true },
        {
          key: 'weight_source',
          label: 'Weight',
          kind: 'choice',
          required: true,
          options: options(['measured', 'Weighed today'], ['recalled', 'Recent weight recalled (reliable)'], ['not-possible', 'Cannot be weighed']),
        },
        { key: 'weight_kg', label: 'Weight', kind: 'number', unit: 'kg', min: 20, max: 350, decimals: 1, showWhen: when('weight_source', 'measured', 'recalled'), required: true },
        { key: 'muac_cm', label: 'Mid upper arm circumference (MUAC)', kind: 'number', unit: 'cm', min: 10, max: 60, decimals: 1, showWhen: when('weight_source', 'not-possible'), hint: 'Under 23.5 cm: BMI likely under 20; over 32 cm: likely over 30.' },
        {
          key: 'bmi_judged',
          label: 'BMI score judged',
          kind: 'scored',
          options: JUDGED_MUST_SCORE('BMI', 'likely over 20', 'likely 18.5 to 20', 'likely under 18.5 (thin, MUAC well under 23.5 cm)'),
          showWhen: when('weight_source', 'not-possible'),
          required: true,
        },
        LOWER_BMI_THRESHOLDS,
      ],
    },
    {
      key: 'weight_loss',
      title: 'Step 2: unplanned weight loss in the past 3 to 6 months',
      fields: [
        { key: 'previous_weight_known', label: 'Is a weight from 3 to 6 months ago known?', kind: 'yes-no', required: true },
        { key: 'previous_weight_kg', label: 'Weight then', kind: 'number', unit: 'kg', min: 20, max: 350, decimals: 1, showWhen: when('previous_weight_known', true), required: true },
        { key: 'previous_weight_date', label: 'Weighed on', kind: 'date', showWhen: when('previous_weight_known', true), required: true },
        { key: 'weight_loss_planned', label: 'Was the weight loss planned (a weight-reducing diet)?', kind: 'yes-no', showWhen: when('previous_weight_known', true) },
        {
          key: 'weight_loss_judged',
          label: 'Weight loss judged',
          kind: 'scored',
          options: JUDGED_MUST_SCORE('Loss', 'none or under 5 % (clothes fit as before)', '5 to 10 % (clothes or rings looser)', 'over 10 % (clothes, rings or dentures clearly loose)'),
          showWhen: when('previous_weight_known', false),
          required: true,
        },
      ],
    },
    {
      key: 'acute_disease',
      title: 'Step 3: acute disease effect',
      fields: [
        {
          key: 'acutely_ill_no_intake',
          label: 'Acutely ill, with no nutritional intake for more than 5 days (or likely to be)?',
          kind: 'yes-no',
          required: true,
          hint: 'Rare outside hospital (BAPEN); e.g. unable to eat or drink after a stroke, or with a serious infection.',
        },
      ],
    },
    {
      key: 'plan',
      title: 'Step 5: eating and drinking plan',
      fields: [
        { key: 'appetite', label: 'Appetite', kind: 'choice', required: true, options: options(['good', 'Good'], ['fair', 'Fair: eats about half'], ['poor', 'Poor: eats little']) },
        {
          key: 'diet',
          label: 'Diet',
          kind: 'multi-choice',
          options: options(
            ['usual', 'Usual diet'],
            ['fortified', 'Fortified, food first (extra energy and protein)'],
            ['diabetic', 'Diabetes: regular meals, fewer sugary foods'],
            ['texture-modified', 'Texture modified (see Choking)'],
            ['vegetarian', 'Vegetarian'],
            ['halal', 'Halal'],
            ['kosher', 'Kosher'],
            ['gluten-free', 'Gluten free'],
            ['low-salt', 'Low salt'],
          ),
        },
        { key: 'supplements', label: 'Oral nutritional supplements prescribed', kind: 'text', hint: 'Name, how many a day (they are on the MAR).' },
        {
          key: 'help_to_eat',
          label: 'Help to eat and drink',
          kind: 'choice',
          required: true,
          options: options(['independent', 'Independent'], ['set-up', 'Set up: open packets, cut food'], ['prompting', 'Prompting and encouragement'], ['full', 'Full help to eat']),
        },
        { key: 'food_first', label: 'Food and drinks the person likes, and the food-first plan', kind: 'long-text', required: true },
        { key: 'intake_chart', label: 'Food and fluid chart in use?', kind: 'yes-no' },
        { key: 'dietitian_referral', label: 'Referred to a dietitian?', kind: 'yes-no' },
        signature('screened_by', 'Screened by'),
      ],
    },
  ],
  results: (values) => {
    const height = numOf(values, 'height_cm');
    const weighed = ['measured', 'recalled'].includes(textOf(values, 'weight_source'));
    const weight = weighed ? numOf(values, 'weight_kg') : null;
    const bmi = height === null ? null : bmiOf(weight, { cm: height });
    const previousKnown = yesNoOf(values, 'previous_weight_known');
    const previous = previousKnown ? numOf(values, 'previous_weight_kg') : null;
    const lost = previous !== null && weight !== null ? weightLossPercent(previous, weight) : null;
    const judged = (key: string) => (textOf(values, key) === '' ? null : (Number(textOf(values, key)) as MustPoints));
    const planned = previousKnown ? yesNoOf(values, 'weight_loss_planned') : null;
    const must: MustInput = {
      bmi,
      judgedBmiScore: weighed ? null : judged('bmi_judged'),
      weightLossPercent: lost,
      weightLossPlanned: planned,
      judgedWeightLossScore: previousKnown === false ? judged('weight_loss_judged') : null,
      acutelyIllNoIntake: yesNoOf(values, 'acutely_ill_no_intake'),
    };
    const results: DocumentResult[] = [mustResult(must)];
    if (weighed) results.push(bmiResult(weight, height === null ? null : { cm: height }, { lowerThresholds: yesNoOf(values, 'lower_bmi_thresholds') === true }));
    if (lost !== null) {
      // The step 2 score the total uses, and why when it is not the loss's own (a planned loss scores 0).
      const step2 = mustScores(must).weightLoss;
      const band = planned === true && lost > 0 ? `MUST step 2 score ${step2} (planned loss: a weight-reducing diet scores 0)` : `MUST step 2 score ${step2}`;
      results.push({ key: 'weight_loss', label: 'Weight lost in 3 to 6 months', value: oneDecimal(lost), unit: '%', band, level: 'none' });
    }
    return results;
  },
};

const SIX_MONTHS_DAYS = 183;

/** The weights' trend: the latest against the earliest within the 6 months before it (MUST's window). */
function weightTrendResult(weights: { date: string; kg: number }[], goal: string): DocumentResult | null {
  const sorted = [...weights].sort((a, b) => a.date.localeCompare(b.date));
  const latest = sorted.at(-1);
  if (!latest) return null;
  const windowStart = new Date(Date.parse(`${latest.date}T00:00:00Z`) - SIX_MONTHS_DAYS * 86_400_000).toISOString().slice(0, 10);
  const earliest = sorted.find((weight) => weight.date >= windowStart);
  if (!earliest || earliest === latest) return null;
  // Banded on the exact per cent, shown to one decimal.
  const lost = weightLossPercent(earliest.kg, latest.kg);
  const shown = oneDecimal(lost);
  const change = Math.round((latest.kg - earliest.kg) * 10) / 10;
  const label = `Weight change since ${earliest.date}`;
  const base = { key: 'weight_change', label, value: change, unit: `kg (${shown > 0 ? `${shown} % lost` : shown < 0 ? `${-shown} % gained` : 'no change'})` };
  if (goal === 'lose' && lost > 0) return { ...base, band: 'Planned loss', level: 'low', actions: [] };
  if (lost < 5) return { ...base, band: lost <= -5 ? 'Weight gained' : 'Steady', level: 'low', actions: [] };
  const { band, level, actions } = mustBand(mustWeightLossScore(lost));
  return { ...base, band: `Unplanned loss: MUST ${band.toLowerCase()}`, level, actions: ['Rescreen with MUST (Nutrition tab) now.', ...actions.slice(0, 1)] };
}

const weightManagement: DocumentSpec = {
  name: 'weight-management',
  title: 'Weight management',
  description: 'Weights over time, the BMI, and the goal agreed with the person.',
  sensitivity: 'clinical',
  reviewEveryMonths: 1,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'measures',
      title: 'Height and weights',
      fields: [
        { key: 'height_cm', label: 'Height', kind: 'number', unit: 'cm', min: 100, max: 230, decimals: 1, required: true },
        LOWER_BMI_THRESHOLDS,
        {
          key: 'weights',
          label: 'Weights',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'date', label: 'Date', kind: 'date', required: true },
            { key: 'weight_kg', label: 'Weight', kind: 'number', unit: 'kg', min: 20, max: 350, decimals: 1, required: true },
            { key: 'scales', label: 'Scales', kind: 'choice', options: options(['standing', 'Standing scales'], ['chair', 'Chair scales'], ['hoist', 'Hoist scales'], ['clinic', 'At the GP or clinic'], ['recalled', 'Told by the person']) },
            { key: 'clothing', label: 'Clothing', kind: 'choice', options: options(['light', 'Light indoor clothes, no shoes'], ['dressed', 'Dressed with shoes']) },
            { key: 'note', label: 'Note', kind: 'text' },
          ],
        },
        { key: 'weigh_every', label: 'Weigh', kind: 'choice', required: true, options: options(['weekly', 'Weekly'], ['fortnightly', 'Every 2 weeks'], ['monthly', 'Monthly']), hint: 'Same scales, same time of day, similar clothes.' },
      ],
    },
    {
      key: 'goal',
      title: 'Goal',
      fields: [
        { key: 'goal', label: 'Goal', kind: 'choice', required: true, options: options(['maintain', 'Keep weight steady'], ['gain', 'Gain weight'], ['lose', 'Lose weight (planned)'], ['slow-loss', 'Slow the loss (end of life: comfort first)']) },
        { key: 'goal_weight_kg', label: 'Goal weight', kind: 'number', unit: 'kg', min: 20, max: 350, decimals: 1 },
        { key: 'goal_plan', label: 'How the goal is met day to day, in the person’s words', kind: 'long-text', required: true },
        { key: 'report_when', label: 'Tell the office when', kind: 'text', required: true, hint: 'E.g. a loss of 2 kg in a month, or clothes suddenly loose.' },
        {
          key: 'involved',
          label: 'Professionals involved',
          kind: 'multi-choice',
          options: options(['gp', 'GP'], ['dietitian', 'Dietitian'], ['district-nurse', 'District nurse'], ['diabetes-nurse', 'Diabetes nurse'], ['salt', 'Speech and language therapist']),
        },
        { key: 'person_agrees', label: 'The person agrees with the goal?', kind: 'yes-no', required: true },
        signature('reviewed_by', 'Reviewed by'),
      ],
    },
  ],
  results: (values) => {
    const weights = rowsOf(values, 'weights')
      .map((row) => ({ date: rowText(row, 'date'), kg: numberOf(row.weight_kg) }))
      .filter((weight): weight is { date: string; kg: number } => weight.date !== '' && weight.kg !== null);
    const latest = [...weights].sort((a, b) => a.date.localeCompare(b.date)).at(-1);
    const height = numOf(values, 'height_cm');
    const bmi = bmiResult(latest?.kg, height === null ? null : { cm: height }, { lowerThresholds: yesNoOf(values, 'lower_bmi_thresholds') === true });
    const results: DocumentResult[] = [latest ? { ...bmi, label: `BMI on ${latest.date}` } : bmi];
    const trend = weightTrendResult(weights, textOf(values, 'goal'));
    if (trend) results.push(trend);
    return results;
  },
};

const fluidIntake: DocumentSpec = {
  name: 'fluid-intake',
  title: 'Fluid intake',
  description: 'The daily fluid target, thickened fluids, and the fluid chart with each day’s total against the target.',
  sensitivity: 'clinical',
  reviewEveryMonths: 1,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'target',
      title: 'Target',
      fields: [
        {
          key: 'daily_target_ml',
          label: 'Daily target',
          kind: 'number',
          unit: 'ml',
          min: 500,
          max: 4000,
          required: true,
          hint: 'About 1,600 ml a day for women and 2,000 ml for men (BDA, NHS), unless a doctor has set another target or a limit.',
        },
        {
          key: 'target_set_by',
          label: 'Target set by',
          kind: 'choice',
          required: true,
          options: options(['guidance', 'Agency, from NHS/BDA guidance'], ['gp', 'GP'], ['dietitian', 'Dietitian'], ['heart-failure-nurse', 'Heart failure nurse'], ['renal-team', 'Kidney team']),
        },
        { key: 'fluid_limit', label: 'Is fluid limited by a doctor?', kind: 'yes-no', required: true },
        { key: 'fluid_limit_ml', label: 'Limit a day', kind: 'number', unit: 'ml', min: 500, max: 4000, showWhen: when('fluid_limit', true), required: true },
        { key: 'preferred_drinks', label: 'Drinks the person likes, and how', kind: 'text', required: true },
      ],
    },
    {
      key: 'thickened',
      title: 'Thickened fluids',
      fields: [
        { key: 'thickened_fluids', label: 'Drinks thickened (speech and language therapist’s plan)?', kind: 'yes-no', required: true },
        {
          key: 'iddsi_drink_level',
          label: 'IDDSI drink level',
          kind: 'choice',
          options: IDDSI_DRINKS.filter((level) => level.value !== 'thin'),
          showWhen: when('thickened_fluids', true),
          required: true,
        },
        { key: 'thickener', label: 'Thickener and scoops per 200 ml', kind: 'text', showWhen: when('thickened_fluids', true), required: true },
      ],
    },
    {
      key: 'chart',
      title: 'Fluid chart',
      intro: 'Record every drink with the time and the amount in ml; a standard mug is about 250 ml, a cup 200 ml.',
      fields: [
        {
          key: 'intake',
          label: 'Drinks',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'date', label: 'Date', kind: 'date', required: true },
            { key: 'time', label: 'Time', kind: 'time', required: true },
            { key: 'drink', label: 'Drink', kind: 'text', required: true },
            { key: 'ml', label: 'Amount', kind: 'number', unit: 'ml', min: 0, max: 2000, required: true },
            { key: 'how', label: 'How', kind: 'choice', options: options(['independent', 'Drank independently'], ['prompted', 'Prompted'], ['assisted', 'Helped to drink'], ['left', 'Left within reach, drunk by next call']) },
            { key: 'note', label: 'Note', kind: 'text' },
          ],
        },
        {
          key: 'dehydration_signs',
          label: 'Signs of dehydration seen',
          kind: 'multi-choice',
          options: options(
            ['dark-urine', 'Dark or strong-smelling urine'],
            ['little-urine', 'Passing little urine'],
            ['dry-mouth', 'Dry mouth or lips'],
            ['headache', 'Headache'],
            ['dizziness', 'Dizziness'],
            ['confusion', 'More confused than usual'],
            ['constipation', 'Constipation'],
          ),
        },
        { key: 'chart_notes', label: 'Notes for the week', kind: 'long-text' },
      ],
    },
  ],
  results: (values) => {
    const target = numOf(values, 'daily_target_ml');
    if (target === null) return [];
    const entries = rowsOf(values, 'intake').map((row) => ({ date: rowText(row, 'date'), time: rowText(row, 'time'), drink: rowText(row, 'drink'), ml: numberOf(row.ml) }));
    return fluidChartResults(entries, target, { limitMl: yesNoOf(values, 'fluid_limit') ? numOf(values, 'fluid_limit_ml') : null });
  },
};

const choking: DocumentSpec = {
  name: 'choking',
  title: 'Choking',
  description: 'Swallowing: the IDDSI food and drink levels, the speech and language therapist’s plan, positioning, warning signs and what to do if the person chokes.',
  sensitivity: 'clinical',
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'swallowing',
      title: 'Swallowing',
      fields: [
        { key: 'swallowing_difficulty', label: 'Known difficulty swallowing (dysphagia)?', kind: 'yes-no', required: true },
        { key: 'salt_involved', label: 'Assessed by a speech and language therapist (SALT)?', kind: 'yes-no', required: true },
        { key: 'salt_name', label: 'Therapist and team', kind: 'text', showWhen: when('salt_involved', true), required: true },
        { key: 'salt_date', label: 'Date of the SALT assessment', kind: 'date', showWhen: when('salt_involved', true), required: true },
        { key: 'iddsi_food', label: 'IDDSI food level', kind: 'choice', options: IDDSI_FOOD, required: true },
        { key: 'iddsi_drink', label: 'IDDSI drink level', kind: 'choice', options: IDDSI_DRINKS, required: true },
        { key: 'thickener', label: 'Thickener and how much', kind: 'text', showWhen: when('iddsi_drink', 'slightly-thick', 'mildly-thick', 'moderately-thick', 'extremely-thick'), required: true },
      ],
    },
    {
      key: 'risks',
      title: 'Risks',
      fields: [
        {
          key: 'risk_factors',
          label: 'What raises the risk',
          kind: 'multi-choice',
          options: options(
            ['dentition', 'Few teeth or loose dentures'],
            ['rushing', 'Eats quickly or overfills the mouth'],
            ['drowsy', 'Drowsy or less alert at times'],
            ['dementia', 'Dementia'],
            ['stroke', 'Stroke'],
            ['parkinsons', 'Parkinson’s disease'],
            ['learning-disability', 'Learning disability'],
            ['breathless', 'Breathless when eating (COPD, heart failure)'],
            ['dry-mouth', 'Dry mouth from medicines'],
            ['posture', 'Cannot sit upright'],
            ['eats-alone', 'Eats alone'],
          ),
        },
        { key: 'foods_to_avoid', label: 'Foods to avoid', kind: 'long-text', hint: 'E.g. dry bread, tough meat, mixed textures like cereal in milk, boiled sweets.' },
        {
          key: 'warning_signs',
          label: 'Warning signs to report',
          kind: 'multi-choice',
          required: true,
          options: options(
            ['coughing', 'Coughing or throat-clearing when eating or drinking'],
            ['wet-voice', 'Wet, gurgly voice after swallowing'],
            ['watery-eyes', 'Watery eyes or red face at meals'],
            ['pocketing', 'Food left in the mouth'],
            ['chest-infections', 'Chest infections'],
            ['slow-meals', 'Meals taking much longer'],
            ['weight-loss', 'Losing weight'],
          ),
        },
        { key: 'chest_infections_past_year', label: 'Chest infections in the past year', kind: 'number', min: 0, max: 50 },
      ],
    },
    {
      key: 'plan',
      title: 'At meals',
      fields: [
        { key: 'positioning', label: 'Position for eating and drinking, and after', kind: 'long-text', required: true },
        {
          key: 'support',
          label: 'Support at meals',
          kind: 'choice',
          required: true,
          options: options(['independent', 'Independent'], ['supervised', 'Someone present'], ['pacing', 'Prompting to slow down, small mouthfuls'], ['full', 'Full help to eat and drink']),
        },
        { key: 'mouth_care', label: 'Mouth care', kind: 'text', hint: 'Clean teeth or dentures twice a day: a dirty mouth raises the chest-infection risk.' },
        {
          key: 'if_choking',
          label: 'If the person chokes',
          kind: 'long-text',
          required: true,
          hint: 'Resuscitation Council UK: encourage coughing; up to 5 back blows; up to 5 abdominal thrusts; call 999 if it does not clear; CPR if they become unresponsive.',
        },
        { key: 'staff_trained', label: 'Carers on these calls trained in choking first aid?', kind: 'yes-no', required: true },
        signature('assessed_by', 'Assessed by'),
      ],
    },
  ],
  results: (values) => {
    const food = IDDSI_FOOD.find((level) => level.value === textOf(values, 'iddsi_food'));
    const drink = IDDSI_DRINKS.find((level) => level.value === textOf(values, 'iddsi_drink'));
    if (!food || !drink) return [];
    const modified = food.value !== 'regular' || drink.value !== 'thin';
    const difficulty = yesNoOf(values, 'swallowing_difficulty') === true;
    const salt = yesNoOf(values, 'salt_involved') === true;
    const actions: string[] = [];
    if (difficulty && !salt) actions.push('Ask the GP to refer to a speech and language therapist: do not change textures without one.');
    if (modified) actions.push(`Every meal ${food.label.toLowerCase()}, every drink ${drink.label.toLowerCase()}: check at each call.`);
    if (difficulty) actions.push('Report coughing at meals, a wet voice or a chest infection to the office the same day.');
    return [
      {
        key: 'choking_risk',
        label: 'Food and drink',
        value: `${food.label}; drinks ${drink.label}`,
        band: difficulty ? (salt ? 'Swallowing difficulty: SALT plan in place' : 'Swallowing difficulty: no SALT assessment') : 'No known swallowing difficulty',
        level: difficulty ? (salt ? 'medium' : 'high') : 'low',
        actions,
      },
    ];
  },
};

// ─── Long-term conditions ────────────────────────────────────────────────────────────────────────────────

const HAS_DIABETES = ['type-1', 'type-2', 'other'];
const diabetes = (field: Omit<DocumentField, 'showWhen'>): DocumentField => ({ ...field, showWhen: when('diabetes_status', ...HAS_DIABETES) });

const diabetesAssessment: DocumentSpec = {
  name: 'diabetes-assessment',
  title: 'Diabetes',
  description: 'How the diabetes is treated and monitored, the target range, what to do for a hypo or a high reading, and foot and eye checks.',
  sensitivity: 'clinical',
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'diagnosis',
      title: 'Diabetes',
      fields: [
        {
          key: 'diabetes_status',
          label: 'Diabetes',
          kind: 'choice',
          required: true,
          options: options(['type-1', 'Type 1'], ['type-2', 'Type 2'], ['other', 'Other type (e.g. after pancreatitis, steroid-induced)'], ['pre-diabetes', 'Non-diabetic hyperglycaemia (pre-diabetes)'], ['none', 'No diabetes']),
        },
        { key: 'status_notes', label: 'How this is known', kind: 'text', required: true, hint: 'E.g. GP summary, latest HbA1c.' },
        diabetes({ key: 'treatment', label: 'Treatment', kind: 'multi-choice', options: DIABETES_TREATMENTS, required: true }),
        {
          key: 'insulin_given_by',
          label: 'Insulin given by',
          kind: 'choice',
          options: options(['self', 'The person'], ['district-nurse', 'District nurse'], ['carers', 'Carers, trained and delegated by the nurse'], ['family', 'Family']),
          showWhen: when('treatment', ...INSULIN_TREATMENTS),
          required: true,
        },
        diabetes({ key: 'diabetes_team', label: 'Diabetes nurse or clinic', kind: 'text' }),
      ],
    },
    {
      key: 'monitoring',
      title: 'Blood glucose',
      fields: [
        diabetes({
          key: 'glucose_monitored_by',
          label: 'Glucose checked by',
          kind: 'choice',
          required: true,
          options: options(['self', 'The person'], ['carers', 'Carers (trained), recorded in the care notes'], ['district-nurse', 'District nurse'], ['family', 'Family'], ['not-monitored', 'Not checked at home']),
        }),
        diabetes({ key: 'monitoring_method', label: 'Method', kind: 'choice', options: options(['finger-prick', 'Finger-prick meter'], ['sensor', 'Sensor (continuous or flash)'], ['none', 'None']) }),
        diabetes({ key: 'monitoring_times', label: 'When', kind: 'text' }),
        diabetes({ key: 'target_low', label: 'Target range from', kind: 'number', unit: 'mmol/L', min: 3, max: 15, decimals: 1, required: true }),
        diabetes({ key: 'target_high', label: 'Target range to', kind: 'number', unit: 'mmol/L', min: 5, max: 25, decimals: 1, required: true }),
        diabetes({ key: 'hba1c', label: 'Latest HbA1c', kind: 'number', unit: 'mmol/mol', min: 20, max: 200 }),
        diabetes({ key: 'hba1c_date', label: 'HbA1c taken on', kind: 'date' }),
      ],
    },
    {
      key: 'hypo_hyper',
      title: 'Hypos and high readings',
      fields: [
        diabetes({
          key: 'hypo_signs',
          label: 'This person’s hypo signs',
          kind: 'multi-choice',
          required: true,
          options: options(
            ['sweating', 'Sweating'],
            ['shaking', 'Shaking'],
            ['hunger', 'Hunger'],
            ['pale', 'Pale'],
            ['confused', 'Confused or unusual behaviour'],
            ['irritable', 'Irritable or tearful'],
            ['drowsy', 'Drowsy'],
            ['blurred-vision', 'Blurred vision'],
          ),
        }),
        diabetes({ key: 'hypo_action', label: 'What to do for a hypo (below 4 mmol/L)', kind: 'long-text', required: true }),
        diabetes({ key: 'hypo_treatment_kept', label: 'Where the hypo treatment is kept', kind: 'text', required: true }),
        diabetes({
          key: 'hyper_signs',
          label: 'High-glucose signs',
          kind: 'multi-choice',
          options: options(['thirst', 'Thirst'], ['passing-urine', 'Passing urine often'], ['tired', 'Tiredness'], ['blurred-vision', 'Blurred vision'], ['infections', 'Infections, slow healing'], ['vomiting', 'Vomiting, fast breathing (emergency)']),
        }),
        diabetes({ key: 'hyper_action', label: 'What to do for a high reading', kind: 'long-text', required: true }),
        diabetes({ key: 'sick_day_rules', label: 'Sick-day rules', kind: 'long-text', hint: 'What the GP says to do with each medicine when the person is unwell or not eating.' }),
      ],
    },
    {
      key: 'feet_eyes',
      title: 'Feet and eyes',
      fields: [
        diabetes({ key: 'foot_risk', label: 'Foot risk (annual foot review, NICE NG19)', kind: 'choice', options: FOOT_RISK, required: true }),
        diabetes({
          key: 'foot_checks',
          label: 'Feet checked by',
          kind: 'choice',
          required: true,
          options: options(['carers-daily', 'Carers, every day'], ['self', 'The person'], ['family', 'Family'], ['podiatry-only', 'Podiatrist only']),
        }),
        diabetes({ key: 'podiatry', label: 'Podiatry', kind: 'text' }),
        diabetes({ key: 'eye_screening', label: 'Last diabetic eye screening', kind: 'date', required: true }),
        diabetes({ key: 'eye_screening_result', label: 'Eye screening result', kind: 'text' }),
        diabetes({ key: 'diet_notes', label: 'Eating', kind: 'long-text' }),
      ],
    },
    { key: 'sign', title: 'Assessment', fields: [signature('assessed_by', 'Assessed by')] },
  ],
  results: (values) => {
    if (!HAS_DIABETES.includes(textOf(values, 'diabetes_status'))) return [];
    return [hypoglycaemiaRiskResult(listOf(values, 'treatment')), footRiskResult(textOf(values, 'foot_risk') || undefined)];
  },
};

const SEIZURE_STATUS = ['epilepsy', 'under-investigation'];
const seizures = (field: Omit<DocumentField, 'showWhen'>): DocumentField => ({ ...field, showWhen: when('seizure_status', ...SEIZURE_STATUS) });

const epilepsyRiskAssessment: DocumentSpec = {
  name: 'epilepsy-risk-assessment',
  title: 'Epilepsy',
  description: 'The person’s seizures, triggers, rescue medication and its protocol, bathing and night safety, and when to call 999.',
  sensitivity: 'clinical',
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'seizures',
      title: 'Seizures',
      fields: [
        {
          key: 'seizure_status',
          label: 'Epilepsy or seizures',
          kind: 'choice',
          required: true,
          options: options(['epilepsy', 'Epilepsy diagnosed'], ['under-investigation', 'Seizures under investigation'], ['none', 'No epilepsy or seizures']),
        },
        { key: 'diagnosis', label: 'Diagnosis or history, as the GP or neurologist recorded it', kind: 'text', required: true },
        seizures({
          key: 'seizure_types',
          label: 'Seizure types',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'type', label: 'Type', kind: 'choice', options: SEIZURE_TYPES, required: true },
            { key: 'looks_like', label: 'What it looks like', kind: 'long-text', required: true },
            { key: 'usual_length', label: 'Usual length', kind: 'text', required: true },
            { key: 'recovery', label: 'Afterwards', kind: 'long-text' },
          ],
        }),
        seizures({ key: 'frequency', label: 'How often', kind: 'choice', options: SEIZURE_FREQUENCY, required: true }),
        seizures({ key: 'last_seizure', label: 'Last seizure', kind: 'date' }),
        seizures({ key: 'night_seizures', label: 'Seizures at night or in sleep?', kind: 'yes-no', required: true }),
        seizures({
          key: 'triggers',
          label: 'Triggers',
          kind: 'multi-choice',
          options: options(
            ['missed-medicine', 'Missed medicine'],
            ['sleep', 'Lack of sleep'],
            ['illness', 'Illness or high temperature'],
            ['alcohol', 'Alcohol'],
            ['stress', 'Stress or excitement'],
            ['lights', 'Flashing lights'],
            ['hormones', 'Periods or hormones'],
            ['missed-meals', 'Missed meals'],
            ['heat', 'Heat, hot baths'],
          ),
        }),
        seizures({ key: 'warning_signs', label: 'Warning signs before a seizure', kind: 'long-text' }),
        seizures({ key: 'antiseizure_medicines', label: 'Regular antiseizure medicines (on the MAR)', kind: 'text', required: true }),
      ],
    },
    {
      key: 'rescue',
      title: 'Rescue medication',
      fields: [
        seizures({ key: 'rescue_medication', label: 'Prescribed rescue medication?', kind: 'yes-no', required: true }),
        {
          key: 'rescue_medicine',
          label: 'Rescue medicine and dose',
          kind: 'text',
          hint: 'E.g. buccal midazolam 10 mg (Buccolam prefilled syringe).',
          showWhen: when('rescue_medication', true),
          required: true,
        },
        { key: 'rescue_protocol', label: 'Protocol: when to give it, a second dose or not, and after', kind: 'long-text', showWhen: when('rescue_medication', true), required: true },
        { key: 'rescue_protocol_by', label: 'Protocol written by, and date', kind: 'text', showWhen: when('rescue_medication', true), required: true },
        { key: 'rescue_kept', label: 'Where it is kept, and it goes out with the person', kind: 'text', showWhen: when('rescue_medication', true), required: true },
        { key: 'rescue_trained_only', label: 'Only carers trained in rescue medication give it?', kind: 'yes-no', showWhen: when('rescue_medication', true), required: true },
      ],
    },
    {
      key: 'safety',
      title: 'Safety',
      fields: [
        seizures({ key: 'bathing', label: 'Bathing and showering', kind: 'long-text', required: true, hint: 'Shower rather than bath; seat; door unlocked; someone within earshot; thermostatic valve.' }),
        seizures({
          key: 'night_monitoring',
          label: 'Night monitoring',
          kind: 'choice',
          required: true,
          options: options(['none', 'None'], ['listening', 'Listening monitor'], ['sensor', 'Bed or seizure sensor alarm'], ['waking-night', 'Waking night staff']),
        }),
        seizures({
          key: 'other_risks',
          label: 'Other risks planned for',
          kind: 'multi-choice',
          options: options(['cooking', 'Cooking: back rings, microwave'], ['hot-drinks', 'Carrying hot drinks'], ['heights', 'Heights and ladders'], ['swimming', 'Swimming: one-to-one'], ['roads', 'Roads'], ['going-out', 'Going out alone'], ['injury', 'Injury in a fall']),
        }),
        seizures({ key: 'risk_plan', label: 'How those risks are managed', kind: 'long-text', required: true }),
      ],
    },
    {
      key: 'response',
      title: 'During and after a seizure',
      fields: [
        seizures({ key: 'during', label: 'During a seizure', kind: 'long-text', required: true }),
        seizures({
          key: 'call_999',
          label: 'Call 999 when',
          kind: 'long-text',
          required: true,
          hint: 'A convulsive seizure over 5 minutes or longer than usual; one seizure after another without recovering; rescue medicine not working; injured; breathing difficulty; in water.',
        }),
        seizures({ key: 'after', label: 'After a seizure: recovery, recording, who to tell', kind: 'long-text', required: true }),
        seizures({ key: 'epilepsy_nurse', label: 'Epilepsy specialist nurse or neurologist', kind: 'text' }),
        signature('assessed_by', 'Assessed by'),
      ],
    },
  ],
  results: (values) => {
    const status = textOf(values, 'seizure_status');
    if (status === '') return [];
    const types = rowsOf(values, 'seizure_types').map((row) => rowText(row, 'type')).filter(Boolean);
    return [
      seizureSafetyResult({
        hasSeizures: SEIZURE_STATUS.includes(status),
        types,
        frequency: textOf(values, 'frequency'),
        rescueMedication: yesNoOf(values, 'rescue_medication'),
        nightSeizures: yesNoOf(values, 'night_seizures'),
        nightMonitoring: textOf(values, 'night_monitoring'),
      }),
    ];
  },
};

// ─── Mental capacity ─────────────────────────────────────────────────────────────────────────────────────

const bestInterests = (field: Omit<DocumentField, 'showWhen'>): DocumentField => ({ ...field, showWhen: when('best_interests_needed', true) });
const evidence = (key: string, label: string): DocumentField => ({ key, label, kind: 'long-text', required: true, hint: 'What the person said or did that shows it, in their words where possible.' });

const CONSULTED_COLUMNS: DocumentRowColumn[] = [
  { key: 'name', label: 'Name', kind: 'text', required: true },
  {
    key: 'relationship',
    label: 'Who they are',
    kind: 'choice',
    required: true,
    options: options(
      ['family', 'Family'],
      ['friend', 'Friend'],
      ['attorney', 'Attorney (LPA)'],
      ['deputy', 'Deputy'],
      ['gp', 'GP'],
      ['nurse', 'Nurse'],
      ['social-worker', 'Social worker'],
      ['advocate', 'Advocate or IMCA'],
      ['carer', 'Carer'],
      ['other', 'Other'],
    ),
  },
  { key: 'views', label: 'Their views', kind: 'long-text', required: true },
  { key: 'date', label: 'Date', kind: 'date', required: true },
];

const mentalCapacity: DocumentSpec = {
  name: 'mental-capacity',
  title: 'Mental capacity',
  description: 'A Mental Capacity Act 2005 assessment for one decision: the two-stage test, the help given, the outcome and, when the person lacks capacity, the best-interests record.',
  sensitivity: 'clinical',
  multiple: true,
  reviewEveryMonths: 6,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'decision',
      title: 'The decision',
      intro: 'Capacity is presumed (s.1(2)) and is about one decision at one time.',
      fields: [
        { key: 'decision', label: 'The decision to be made', kind: 'long-text', required: true },
        { key: 'why_assess', label: 'Why capacity is in doubt for this decision', kind: 'long-text', required: true },
        {
          key: 'urgency',
          label: 'When the decision is needed',
          kind: 'choice',
          required: true,
          options: options(['can-wait', 'It can wait until the person is at their best'], ['weeks', 'Within weeks'], ['urgent', 'Urgently']),
        },
        { key: 'relevant_information', label: 'The information relevant to the decision: the options and the likely consequences of each, and of not deciding', kind: 'long-text', required: true },
      ],
    },
    {
      key: 'support',
      title: 'Helping the person decide (s.1(3))',
      fields: [
        {
          key: 'support_steps',
          label: 'Steps taken',
          kind: 'multi-choice',
          required: true,
          options: options(
            ['best-time', 'At the person’s best time of day'],
            ['familiar-place', 'In a familiar place'],
            ['interpreter', 'Interpreter for their language'],
            ['communication-aids', 'Pictures, objects, Makaton or other aids'],
            ['glasses-hearing', 'Glasses and hearing aids in'],
            ['trusted-person', 'Someone they trust present'],
            ['easy-read', 'Easy-read information'],
            ['more-than-once', 'More than one conversation'],
            ['reversible-causes', 'Treatable causes looked for (infection, pain, medicines)'],
            ['one-option-at-a-time', 'Options explained one at a time'],
          ),
        },
        { key: 'support_details', label: 'What was done, and how the person responded', kind: 'long-text', required: true },
        { key: 'all_steps_taken', label: 'Have all practicable steps been taken to help the person decide?', kind: 'yes-no', required: true },
      ],
    },
    {
      key: 'stage_one',
      title: 'Stage 1: impairment or disturbance',
      fields: [
        { key: 'impairment', label: 'Is there an impairment of, or disturbance in the functioning of, the mind or brain?', kind: 'yes-no', required: true },
        { key: 'impairment_details', label: 'What it is, and the evidence', kind: 'long-text', showWhen: when('impairment', true), required: true },
      ],
    },
    {
      key: 'stage_two',
      title: 'Stage 2: can the person make the decision? (s.3)',
      intro: 'Unable to do any one of these is enough.',
      fields: [
        { key: 'can_understand', label: 'Can the person understand the information relevant to the decision?', kind: 'yes-no', required: true },
        evidence('understand_evidence', 'Evidence: understanding'),
        { key: 'can_retain', label: 'Can they retain it long enough to make the decision?', kind: 'yes-no', required: true },
        evidence('retain_evidence', 'Evidence: retaining'),
        { key: 'can_use_weigh', label: 'Can they use or weigh it as part of deciding?', kind: 'yes-no', required: true },
        evidence('use_weigh_evidence', 'Evidence: using or weighing'),
        { key: 'can_communicate', label: 'Can they communicate their decision, by any means?', kind: 'yes-no', required: true },
        evidence('communicate_evidence', 'Evidence: communicating'),
        { key: 'caused_by_impairment', label: 'If unable to do any of these: is it because of the impairment or disturbance?', kind: 'yes-no' },
        { key: 'fluctuates', label: 'Does the person’s capacity fluctuate?', kind: 'yes-no' },
      ],
    },
    {
      key: 'outcome',
      title: 'Outcome',
      fields: [
        { key: 'assessor_reasons', label: 'The assessor’s reasons for the outcome', kind: 'long-text', required: true },
        { key: 'person_told', label: 'Has the person been told the outcome, in a way they understand?', kind: 'yes-no', required: true },
        { key: 'assessed_on', label: 'Assessed on', kind: 'date', required: true },
        signature('assessor', 'Assessor'),
      ],
    },
    {
      key: 'best_interests',
      title: 'Best-interests decision (s.4)',
      intro: 'Only when the person lacks capacity for this decision.',
      fields: [
        { key: 'best_interests_needed', label: 'Is a best-interests decision needed?', kind: 'yes-no', required: true },
        bestInterests({
          key: 'authority',
          label: 'Who has authority for this decision',
          kind: 'choice',
          required: true,
          options: options(
            ['decision-maker', 'No attorney or deputy: the person proposing the care or treatment decides'],
            ['welfare-attorney', 'Health and welfare attorney (LPA)'],
            ['finance-attorney', 'Property and financial affairs attorney (LPA)'],
            ['deputy', 'Deputy appointed by the Court of Protection'],
            ['advance-decision', 'A valid advance decision to refuse treatment applies'],
          ),
        }),
        bestInterests({ key: 'decision_maker', label: 'Decision maker (name and role)', kind: 'text', required: true }),
        bestInterests({ key: 'consulted', label: 'People consulted (s.4(7))', kind: 'rows', columns: CONSULTED_COLUMNS, required: true }),
        bestInterests({ key: 'imca', label: 'No one appropriate to consult, for serious medical treatment or a long-term move: IMCA instructed?', kind: 'yes-no' }),
        bestInterests({ key: 'participation', label: 'How the person took part (s.4(4))', kind: 'long-text', required: true }),
        bestInterests({ key: 'wishes_feelings', label: 'The person’s past and present wishes and feelings (s.4(6)(a))', kind: 'long-text', required: true }),
        bestInterests({ key: 'beliefs_values', label: 'Their beliefs and values (s.4(6)(b))', kind: 'long-text', required: true }),
        bestInterests({ key: 'regain_capacity', label: 'Could the person regain capacity for this, and can the decision wait? (s.4(3))', kind: 'long-text', required: true }),
        bestInterests({
          key: 'options_considered',
          label: 'Options considered',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'option', label: 'Option', kind: 'text', required: true },
            { key: 'benefits', label: 'Benefits to the person', kind: 'long-text', required: true },
            { key: 'burdens', label: 'Burdens and risks', kind: 'long-text', required: true },
          ],
        }),
        bestInterests({ key: 'least_restrictive', label: 'The least restrictive option, and why (s.1(6))', kind: 'long-text', required: true }),
        bestInterests({ key: 'not_on_appearance', label: 'Not decided on the person’s age, appearance, condition or behaviour alone (s.4(1))?', kind: 'yes-no', required: true }),
        bestInterests({ key: 'best_interests_decision', label: 'The decision made in the person’s best interests', kind: 'long-text', required: true }),
        bestInterests({ key: 'decision_signed', label: 'Decision maker’s signature', kind: 'signature', required: true }),
      ],
    },
  ],
  results: (values) => {
    const capacity = capacityResult({
      impairment: yesNoOf(values, 'impairment'),
      understand: yesNoOf(values, 'can_understand'),
      retain: yesNoOf(values, 'can_retain'),
      useOrWeigh: yesNoOf(values, 'can_use_weigh'),
      communicate: yesNoOf(values, 'can_communicate'),
      causedByImpairment: yesNoOf(values, 'caused_by_impairment'),
      practicableStepsTaken: yesNoOf(values, 'all_steps_taken'),
    });
    const lacks = capacity.value === 'lacks capacity for this decision';
    const needed = yesNoOf(values, 'best_interests_needed') === true;
    if (!lacks && !needed) return [capacity];
    if (needed && capacity.value === 'has capacity for this decision') {
      return [{ ...capacity, actions: ['The person has capacity for this decision, so they make it: a best-interests decision does not apply.', ...(capacity.actions ?? [])] }];
    }
    if (lacks && !needed) return [{ ...capacity, actions: ['The person lacks capacity for this decision: record the best-interests decision below.', ...(capacity.actions ?? [])] }];
    return [
      capacity,
      bestInterestsResult({
        notOnAppearance: yesNoOf(values, 'not_on_appearance'),
        mayRegainCapacity: textOf(values, 'regain_capacity'),
        participation: textOf(values, 'participation'),
        wishesAndFeelings: textOf(values, 'wishes_feelings'),
        beliefsAndValues: textOf(values, 'beliefs_values'),
        peopleConsulted: rowsOf(values, 'consulted').length,
        leastRestrictive: textOf(values, 'least_restrictive'),
      }),
    ];
  },
};

const mentalCapacityRiskAssessment: DocumentSpec = {
  name: 'mental-capacity-risk-assessment',
  title: 'Best-interests risk assessment',
  description: 'The risks of a decision made in the person’s best interests (or a risky decision they made themselves), the restrictions it brings, and whether it deprives them of their liberty.',
  sensitivity: 'clinical',
  multiple: true,
  reviewEveryMonths: 3,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'decision',
      title: 'The decision',
      fields: [
        { key: 'decision', label: 'The decision this assessment is about', kind: 'long-text', required: true },
        {
          key: 'basis',
          label: 'Who made it',
          kind: 'choice',
          required: true,
          options: options(
            ['best-interests', 'Made in the person’s best interests: they lack capacity for it'],
            ['attorney-deputy', 'Made by their attorney or deputy'],
            ['own-decision', 'The person’s own decision: they have capacity (positive risk-taking)'],
          ),
        },
        {
          key: 'capacity_assessed_on',
          label: 'Capacity assessment for this decision dated',
          kind: 'date',
          hint: 'On the Mental capacity tab. Capacity is presumed: an assessment is needed only when there is reason to doubt it.',
        },
        { key: 'decision_maker', label: 'Decision maker', kind: 'text', required: true },
        { key: 'what_was_decided', label: 'What was decided and why', kind: 'long-text', required: true },
      ],
    },
    {
      key: 'risks',
      title: 'Risks',
      intro: 'Rate each risk as it stands with its controls: likelihood × consequence (NPSA 5 × 5 matrix).',
      fields: [
        {
          key: 'risks',
          label: 'Risks',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'risk', label: 'Risk', kind: 'text', required: true },
            { key: 'to_whom', label: 'To whom', kind: 'text' },
            { key: 'controls', label: 'Controls in place', kind: 'long-text', required: true },
            { key: 'likelihood', label: 'Likelihood', kind: 'choice', options: RISK_LIKELIHOOD, required: true },
            { key: 'consequence', label: 'Consequence', kind: 'choice', options: RISK_CONSEQUENCE, required: true },
          ],
        },
        { key: 'restrictions', label: 'Restrictions this brings for the person', kind: 'long-text', required: true },
        { key: 'less_restrictive_tried', label: 'Less restrictive ways tried or considered', kind: 'long-text', required: true },
      ],
    },
    {
      key: 'liberty',
      title: 'Deprivation of liberty',
      intro:
        'The acid test (Cheshire West, 2014): a person who lacks capacity to consent to their care arrangements, under continuous supervision and control and not free to leave, is deprived of their liberty. In their own home or supported living that needs the Court of Protection’s authorisation, applied for by the commissioner; DoLS cover only hospitals and care homes, and the Liberty Protection Safeguards are not in force.',
      fields: [
        { key: 'continuous_supervision', label: 'Is the person under continuous supervision and control?', kind: 'yes-no', required: true },
        { key: 'not_free_to_leave', label: 'Would staff stop the person leaving, or bring them back, if they tried to go for good?', kind: 'yes-no', required: true },
        {
          key: 'authorisation',
          label: 'Authorisation',
          kind: 'choice',
          required: true,
          options: options(
            ['not-needed', 'Not needed: not deprived of liberty, or able to consent'],
            ['commissioner-told', 'Commissioner told; application not yet made'],
            ['applied', 'Application made to the Court of Protection'],
            ['court-order', 'Court of Protection order in place'],
          ),
        },
        { key: 'authorisation_details', label: 'Commissioner, court reference and expiry', kind: 'text', showWhen: when('authorisation', 'commissioner-told', 'applied', 'court-order'), required: true },
      ],
    },
    {
      key: 'review',
      title: 'Review',
      fields: [
        { key: 'review_triggers', label: 'Review sooner if', kind: 'long-text', required: true },
        { key: 'shared_with', label: 'Shared with', kind: 'text', hint: 'The person, family, attorney, advocate, commissioner.' },
        signature('assessed_by', 'Assessed by'),
      ],
    },
  ],
  results: (values) => {
    const results: DocumentResult[] = [
      highestRiskResult(rowsOf(values, 'risks').map((row) => ({ risk: rowText(row, 'risk'), likelihood: rowText(row, 'likelihood'), consequence: rowText(row, 'consequence') }))),
    ];
    const lacksCapacity = ['best-interests', 'attorney-deputy'].includes(textOf(values, 'basis'));
    const supervised = yesNoOf(values, 'continuous_supervision');
    const notFree = yesNoOf(values, 'not_free_to_leave');
    if (supervised === null || notFree === null || textOf(values, 'basis') === '') return results;
    const deprived = lacksCapacity && supervised && notFree;
    const authorisation = textOf(values, 'authorisation');
    if (!deprived) {
      results.push({ key: 'deprivation_of_liberty', label: 'Deprivation of liberty', value: 'No', band: 'Acid test not met', level: 'none', actions: ['Ask the acid-test questions again if the restrictions increase.'] });
    } else {
      const authorised = authorisation === 'court-order';
      results.push({
        key: 'deprivation_of_liberty',
        label: 'Deprivation of liberty',
        value: 'Yes',
        band: authorised ? 'Authorised by the Court of Protection' : 'Not yet authorised',
        level: authorised ? 'medium' : 'high',
        actions: authorised
          ? ['Keep to the order’s conditions; tell the commissioner of any change before the order’s review.']
          : ['Ask the commissioner (local authority or ICB) to apply to the Court of Protection now; keep restrictions to the least needed meanwhile.', 'Manager: check whether a CQC notification is due for the application and its outcome (Registration Regulation 18).'],
      });
    }
    return results;
  },
};

export const RISKS_DOCUMENTS: readonly DocumentSpec[] = [
  fallsRiskAssessment,
  fallsRisk,
  pressureAreaAssessment,
  pressureUlcerBruise,
  nutrition,
  weightManagement,
  fluidIntake,
  choking,
  diabetesAssessment,
  epilepsyRiskAssessment,
  mentalCapacity,
  mentalCapacityRiskAssessment,
];
