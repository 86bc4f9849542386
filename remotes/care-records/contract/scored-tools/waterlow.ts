import type { DocumentOption, DocumentResult, ResultLevel } from '@hcm/contract/documents';

// The Waterlow pressure ulcer risk assessment (Judy Waterlow, 1985; the card as revised in 2005, www.judy-waterlow.co.uk).
// Every category of the card, with the card's points; the document's scored questions use these option lists,
// so the form, the score and these golden values share one source. Bands: 10+ at risk, 15+ high risk, 20+ very
// high risk. The actions per band join the card's prevention guidance (mattresses and cushions by score) with
// NICE CG179 (pressure ulcers: prevention and management, 2014): repositioning at least every 6 hours at risk and
// every 4 hours at high risk, and skin assessment.

/** Build/weight for height, from the BMI. */
export const WATERLOW_BUILD: readonly DocumentOption[] = [
  { value: 'average', label: 'Average (BMI 20–24.9)', score: 0 },
  { value: 'above-average', label: 'Above average (BMI 25–29.9)', score: 1 },
  { value: 'obese', label: 'Obese (BMI 30 or over)', score: 2 },
  { value: 'below-average', label: 'Below average (BMI under 20)', score: 3 },
];

/** Skin type and visual risk areas: every one that applies counts. */
export const WATERLOW_SKIN: readonly DocumentOption[] = [
  { value: 'healthy', label: 'Healthy', score: 0 },
  { value: 'tissue-paper', label: 'Tissue paper', score: 1 },
  { value: 'dry', label: 'Dry', score: 1 },
  { value: 'oedematous', label: 'Oedematous', score: 1 },
  { value: 'clammy', label: 'Clammy, pyrexia', score: 1 },
  { value: 'discoloured', label: 'Discoloured (category 1)', score: 2 },
  { value: 'broken', label: 'Broken or spots (category 2–4)', score: 3 },
];

export const WATERLOW_CONTINENCE: readonly DocumentOption[] = [
  { value: 'continent', label: 'Complete or catheterised', score: 0 },
  { value: 'urinary', label: 'Urine incontinence', score: 1 },
  { value: 'faecal', label: 'Faecal incontinence', score: 2 },
  { value: 'doubly', label: 'Urinary and faecal incontinence', score: 3 },
];

export const WATERLOW_MOBILITY: readonly DocumentOption[] = [
  { value: 'fully', label: 'Fully mobile', score: 0 },
  { value: 'restless', label: 'Restless, fidgety', score: 1 },
  { value: 'apathetic', label: 'Apathetic', score: 2 },
  { value: 'restricted', label: 'Restricted', score: 3 },
  { value: 'bedbound', label: 'Bedbound (e.g. traction)', score: 4 },
  { value: 'chairbound', label: 'Chairbound (e.g. wheelchair)', score: 5 },
];

export const WATERLOW_SEX: readonly DocumentOption[] = [
  { value: 'male', label: 'Male', score: 1 },
  { value: 'female', label: 'Female', score: 2 },
];

export const WATERLOW_AGE: readonly DocumentOption[] = [
  { value: '14-49', label: '14–49', score: 1 },
  { value: '50-64', label: '50–64', score: 2 },
  { value: '65-74', label: '65–74', score: 3 },
  { value: '75-80', label: '75–80', score: 4 },
  { value: '81-plus', label: '81 or over', score: 5 },
];

/** The card's malnutrition screening tool (MST, Nutrition 1999;15(6)), A: has the person lost weight recently? */
export const WATERLOW_WEIGHT_LOST: readonly DocumentOption[] = [
  { value: 'no', label: 'No', score: 0 },
  { value: 'yes', label: 'Yes (score the amount)', score: 0 },
  { value: 'unsure', label: 'Unsure', score: 2 },
];

/** MST, B: how much weight (asked only when A is yes). */
export const WATERLOW_WEIGHT_LOSS_AMOUNT: readonly DocumentOption[] = [
  { value: '0.5-5', label: '0.5–5 kg', score: 1 },
  { value: '5-10', label: '5–10 kg', score: 2 },
  { value: '10-15', label: '10–15 kg', score: 3 },
  { value: 'over-15', label: 'More than 15 kg', score: 4 },
  { value: 'unsure', label: 'Unsure', score: 2 },
];

/** MST, C: eating poorly or lack of appetite? */
export const WATERLOW_EATING_POORLY: readonly DocumentOption[] = [
  { value: 'no', label: 'No', score: 0 },
  { value: 'yes', label: 'Yes', score: 1 },
];

/** Special risks, tissue malnutrition: every one that applies counts. */
export const WATERLOW_TISSUE_MALNUTRITION: readonly DocumentOption[] = [
  { value: 'terminal-cachexia', label: 'Terminal cachexia', score: 8 },
  { value: 'multiple-organ-failure', label: 'Multiple organ failure', score: 8 },
  { value: 'single-organ-failure', label: 'Single organ failure (respiratory, renal, cardiac)', score: 5 },
  { value: 'peripheral-vascular-disease', label: 'Peripheral vascular disease', score: 5 },
  { value: 'anaemia', label: 'Anaemia (Hb under 8)', score: 2 },
  { value: 'smoking', label: 'Smoking', score: 1 },
];

/** Special risks, neurological deficit (diabetes, MS, stroke, motor or sensory deficit, paraplegia): 4 to 6, at most 6. */
export const WATERLOW_NEUROLOGICAL_DEFICIT: readonly DocumentOption[] = [
  { value: 'none', label: 'None', score: 0 },
  { value: 'mild', label: 'Present, mild', score: 4 },
  { value: 'moderate', label: 'Present, moderate', score: 5 },
  { value: 'severe', label: 'Present, severe (e.g. paraplegia)', score: 6 },
];

/** Special risks, major surgery or trauma. */
export const WATERLOW_MAJOR_SURGERY: readonly DocumentOption[] = [
  { value: 'none', label: 'None', score: 0 },
  { value: 'orthopaedic-spinal', label: 'Orthopaedic or spinal', score: 5 },
];

/** Special risks, time on the operating table (the card: may be discounted after 48 hours if recovering normally). */
export const WATERLOW_THEATRE_TIME: readonly DocumentOption[] = [
  { value: 'none', label: 'None, or over 48 hours ago and recovering normally', score: 0 },
  { value: 'over-2h', label: 'On the table over 2 hours', score: 5 },
  { value: 'over-6h', label: 'On the table over 6 hours', score: 8 },
];

/** Special risks, medication: cytotoxics, long-term or high-dose steroids, anti-inflammatories (at most 4). */
export const WATERLOW_MEDICATION: readonly DocumentOption[] = [
  { value: 'none', label: 'None of these', score: 0 },
  { value: 'any', label: 'Cytotoxics, long-term or high-dose steroids, or anti-inflammatories', score: 4 },
];

/** The build category of a BMI (the exact value: 19.97 is under 20, below average), as the card bands it. */
export function waterlowBuildOf(bmi: number): string {
  if (bmi < 20) return 'below-average';
  if (bmi < 25) return 'average';
  if (bmi < 30) return 'above-average';
  return 'obese';
}

/** The card's age band of an age in whole years (under 14 is outside the card). */
export function waterlowAgeBandOf(age: number): string | null {
  if (age < 14) return null;
  if (age < 50) return '14-49';
  if (age < 65) return '50-64';
  if (age < 75) return '65-74';
  if (age < 81) return '75-80';
  return '81-plus';
}

/** The answers to the card, as option values of the lists above. */
export type WaterlowAnswers = {
  /** The BMI, when the person was weighed and measured; else `build`, judged by eye. */
  bmi?: number | null;
  build?: string;
  skin?: readonly string[];
  continence?: string;
  mobility?: string;
  sex?: string;
  age?: string;
  weightLost?: string;
  weightLossAmount?: string;
  eatingPoorly?: string;
  tissueMalnutrition?: readonly string[];
  neurologicalDeficit?: string;
  majorSurgery?: string;
  theatreTime?: string;
  medication?: string;
};

export type WaterlowPoints = {
  build: number | null;
  skin: number | null;
  continence: number | null;
  mobility: number | null;
  sexAndAge: number | null;
  malnutritionScreen: number | null;
  specialRisks: number;
  /** The sum, once every category of the card has an answer (special risks count 0 when none apply). */
  total: number | null;
};

const pointsOf = (options: readonly DocumentOption[], value: string | undefined): number | null => {
  const option = options.find((candidate) => candidate.value === value);
  return option ? (option.score ?? 0) : null;
};
const sumOf = (options: readonly DocumentOption[], values: readonly string[] | undefined): number =>
  (values ?? []).reduce((total, value) => total + (pointsOf(options, value) ?? 0), 0);

/** Each category's points; a category without an answer is null, and so is the total then (a partial total understates the risk). */
export function waterlowPoints(answers: WaterlowAnswers): WaterlowPoints {
  const build = typeof answers.bmi === 'number' ? pointsOf(WATERLOW_BUILD, waterlowBuildOf(answers.bmi)) : pointsOf(WATERLOW_BUILD, answers.build);
  const skin = answers.skin && answers.skin.length > 0 ? sumOf(WATERLOW_SKIN, answers.skin) : null;
  const continence = pointsOf(WATERLOW_CONTINENCE, answers.continence);
  const mobility = pointsOf(WATERLOW_MOBILITY, answers.mobility);
  const sex = pointsOf(WATERLOW_SEX, answers.sex);
  const age = pointsOf(WATERLOW_AGE, answers.age);
  const sexAndAge = sex === null || age === null ? null : sex + age;
  const lost = pointsOf(WATERLOW_WEIGHT_LOST, answers.weightLost);
  const amount = answers.weightLost === 'yes' ? pointsOf(WATERLOW_WEIGHT_LOSS_AMOUNT, answers.weightLossAmount) : 0;
  const eating = pointsOf(WATERLOW_EATING_POORLY, answers.eatingPoorly);
  const malnutritionScreen = lost === null || amount === null || eating === null ? null : lost + amount + eating;
  const specialRisks =
    sumOf(WATERLOW_TISSUE_MALNUTRITION, answers.tissueMalnutrition) +
    Math.min(6, pointsOf(WATERLOW_NEUROLOGICAL_DEFICIT, answers.neurologicalDeficit) ?? 0) +
    (pointsOf(WATERLOW_MAJOR_SURGERY, answers.majorSurgery) ?? 0) +
    (pointsOf(WATERLOW_THEATRE_TIME, answers.theatreTime) ?? 0) +
    Math.min(4, pointsOf(WATERLOW_MEDICATION, answers.medication) ?? 0);
  const parts = [build, skin, continence, mobility, sexAndAge, malnutritionScreen];
  const total = parts.some((part) => part === null) ? null : parts.reduce<number>((sum, part) => sum + (part ?? 0), 0) + specialRisks;
  return { build, skin, continence, mobility, sexAndAge, malnutritionScreen, specialRisks, total };
}

export type WaterlowBand = { band: string; level: ResultLevel; actions: readonly string[] };

const EVERY_BAND = 'Reassess monthly, and whenever health, mobility, continence or eating change (and after any hospital stay).';

/** The band of a Waterlow total and what it calls for. */
export function waterlowBand(total: number): WaterlowBand {
  if (total < 10) {
    return {
      band: 'Not at risk',
      level: 'low',
      actions: [
        'Check the skin over bony areas at personal care and report redness or marks that do not fade.',
        'Encourage moving and changing position; keep skin clean and dry.',
        EVERY_BAND,
      ],
    };
  }
  if (total < 15) {
    return {
      band: 'At risk',
      level: 'medium',
      actions: [
        'Encourage or help the person to change position at least every 6 hours (NICE CG179).',
        'Ask the district nurse about a high-specification foam mattress and a 100 mm foam cushion for the chair.',
        'Inspect the pressure areas (sacrum, buttocks, heels, hips, elbows, ears) at each personal-care call and record marks on the body map.',
        'Keep skin clean and dry; barrier cream as prescribed where there is incontinence.',
        'Encourage eating and drinking; screen with MUST.',
        EVERY_BAND,
      ],
    };
  }
  if (total < 20) {
    return {
      band: 'High risk',
      level: 'high',
      actions: [
        'Reposition at least every 4 hours (NICE CG179), recorded on a repositioning chart.',
        'Refer to the district nurse for an alternating-pressure overlay or mattress and a specialist gel or foam cushion.',
        'Inspect the skin at every call; report any redness that does not fade, blistering or broken skin to the district nurse the same day.',
        'Keep heels off the mattress; use pillows so bony areas do not touch.',
        'Nutrition and fluids: MUST screen and a fluid chart.',
        EVERY_BAND,
      ],
    };
  }
  return {
    band: 'Very high risk',
    level: 'very-high',
    actions: [
      'Refer to the district nurse the same day, and through them to the tissue viability nurse.',
      'Dynamic support: an alternating-pressure or low-air-loss mattress system, and a cushion adjustable to the person.',
      'Reposition as the district nurse’s plan says (at least every 4 hours, often every 2), recorded on a repositioning chart at every call.',
      'Inspect the skin at every call and record it on the body map; report any change the same day.',
      'Nutrition and fluids: MUST screen, fluid chart, and a dietitian referral when MUST says so.',
      EVERY_BAND,
    ],
  };
}

/** The Waterlow score as a document result: the total with its band and actions (null until every category is answered). */
export function waterlowResult(answers: WaterlowAnswers): DocumentResult {
  const points = waterlowPoints(answers);
  if (points.total === null) {
    return { key: 'waterlow', label: 'Waterlow score', value: null, band: 'Not scored', level: 'none', actions: ['Answer every category of the card to score it.'] };
  }
  const { band, level, actions } = waterlowBand(points.total);
  // The card's MST: a nutrition score over 2 means a nutrition assessment, whatever the total.
  const nutrition = (points.malnutritionScreen ?? 0) > 2 ? ['Malnutrition screen over 2: refer for a nutrition assessment (MUST, then the GP or dietitian).'] : [];
  return { key: 'waterlow', label: 'Waterlow score', value: points.total, band, level, actions: [...actions, ...nutrition] };
}
