import type { DocumentResult, ResultLevel } from '@hcm/contract/documents';

// Body mass index: weight (kg) divided by the square of height (m), shown to one decimal place as the NHS BMI
// calculator shows it, but banded (here, in MUST and in Waterlow) on the exact value: rounding first would move a
// BMI of 18.48 out of "under 18.5" (issue 28). Adult bands from the NHS ("What is the body mass index (BMI)?", nhs.uk) and NICE CG189
// (updated 2022, now NG246): people of South Asian, Chinese, other Asian, Middle Eastern, Black African or
// African-Caribbean family background have a higher risk at a lower BMI, so overweight starts at 23 and
// obesity at 27.5 for them.

/** A height as measured: in metres or in centimetres. */
export type Height = { m: number } | { cm: number };

const MIN_HEIGHT_M = 0.5;
const MAX_HEIGHT_M = 2.5;
const MIN_WEIGHT_KG = 2;
const MAX_WEIGHT_KG = 500;

/** Rounds to one decimal place (half away from zero, as people do by hand). */
export function oneDecimal(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) * 10 + 1e-9) / 10;
}

/** Height in metres, or null when missing or not a plausible adult or child height. */
export function heightInMetres(height: Height | null | undefined): number | null {
  if (!height) return null;
  const metres = 'm' in height ? height.m : height.cm / 100;
  return Number.isFinite(metres) && metres >= MIN_HEIGHT_M && metres <= MAX_HEIGHT_M ? metres : null;
}

/**
 * The exact BMI (not rounded: every band and score is worked out on it), or null when the height or weight is
 * missing or implausible. Show it with `oneDecimal` (bmiResult does).
 */
export function bmiOf(weightKg: number | null | undefined, height: Height | null | undefined): number | null {
  const metres = heightInMetres(height);
  if (metres === null || typeof weightKg !== 'number' || !Number.isFinite(weightKg) || weightKg < MIN_WEIGHT_KG || weightKg > MAX_WEIGHT_KG) return null;
  return weightKg / (metres * metres);
}

export type BmiBand = { band: string; level: ResultLevel; actions: readonly string[] };

export type BmiOptions = {
  /** The person's family background is one for which the NHS uses the lower thresholds (23 and 27.5). */
  lowerThresholds?: boolean;
};

/** The NHS adult band of a BMI (the exact value, not the rounded one shown), with what it calls for in home care. */
export function bmiBand(bmi: number, { lowerThresholds = false }: BmiOptions = {}): BmiBand {
  const overweightFrom = lowerThresholds ? 23 : 25;
  const obeseFrom = lowerThresholds ? 27.5 : 30;
  if (bmi < 18.5) {
    return {
      band: 'Underweight',
      level: 'medium',
      actions: ['Screen for malnutrition with MUST (Nutrition tab) and follow its plan.', 'Tell the GP if the person is losing weight without trying.'],
    };
  }
  if (bmi < overweightFrom) return { band: 'Healthy weight', level: 'low', actions: ['Keep weighing as the care plan says and record each weight.'] };
  if (bmi < obeseFrom) {
    return { band: 'Overweight', level: 'low', actions: ['Support healthy eating and activity the person chooses; record weights as planned.'] };
  }
  if (bmi < 40) {
    return {
      band: 'Obese',
      level: 'medium',
      actions: ['Agree a weight goal with the person and their GP (Weight management tab).', 'Check that beds, chairs, hoists and slings are rated for the person’s weight.'],
    };
  }
  return {
    band: 'Severely obese',
    level: 'medium',
    actions: [
      'Ask the GP about weight-management support the person wants.',
      'Bariatric moving and handling assessment: equipment rated for the person’s weight, and how many carers each task needs.',
      'Check skin folds for soreness at each personal-care call.',
    ],
  };
}

/**
 * The BMI as a document result: the figure shown to one decimal with the NHS band of the exact value; the value is
 * null until height and weight are known.
 */
export function bmiResult(weightKg: number | null | undefined, height: Height | null | undefined, options: BmiOptions = {}): DocumentResult {
  const bmi = bmiOf(weightKg, height);
  if (bmi === null) {
    return { key: 'bmi', label: 'BMI', value: null, unit: 'kg/m²', band: 'Not worked out', level: 'none', actions: ['Record the height and weight to work out the BMI.'] };
  }
  const { band, level, actions } = bmiBand(bmi, options);
  return { key: 'bmi', label: 'BMI', value: oneDecimal(bmi), unit: 'kg/m²', band, level, actions };
}
