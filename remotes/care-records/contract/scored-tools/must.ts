import type { DocumentResult, ResultLevel } from '@hcm/contract/documents';

// 'MUST', the Malnutrition Universal Screening Tool of BAPEN (the British Association for Parenteral and
// Enteral Nutrition, Malnutrition Advisory Group, 2003; the 'MUST' explanatory booklet and flowchart):
// step 1 BMI score, step 2 weight-loss score, step 3 acute disease effect score, step 4 overall risk (their
// sum), step 5 management guidelines. The community wording of the management steps is used: this product is
// for care at home.

export type MustPoints = 0 | 1 | 2;

/** Step 1: BMI over 20 scores 0, 18.5 to 20 scores 1, under 18.5 scores 2 (the exact BMI, never the rounded one shown). */
export function mustBmiScore(bmi: number): MustPoints {
  if (bmi > 20) return 0;
  if (bmi >= 18.5) return 1;
  return 2;
}

/**
 * Per cent of the earlier weight lost, exact (negative when weight was gained): scored on this value, shown to one
 * decimal (`oneDecimal`). 4.96 % is under 5 % and scores 0, though it shows as 5.0 %.
 */
export function weightLossPercent(previousKg: number, currentKg: number): number {
  return ((previousKg - currentKg) / previousKg) * 100;
}

/** Step 2: unplanned weight loss in the past 3 to 6 months: under 5 % scores 0, 5 to 10 % scores 1, over 10 % scores 2 (on the exact per cent). */
export function mustWeightLossScore(percentLost: number): MustPoints {
  if (percentLost > 10) return 2;
  if (percentLost >= 5) return 1;
  return 0;
}

/** Step 3: acutely ill with no nutritional intake, or likely none, for more than 5 days scores 2. */
export function mustAcuteDiseaseScore(acutelyIllNoIntake: boolean): MustPoints {
  return acutelyIllNoIntake ? 2 : 0;
}

export type MustInput = {
  /** Step 1 from a measured or recalled BMI... */
  bmi?: number | null;
  /** ...or, when the person cannot be weighed or measured, the assessor's judged BMI score (from MUAC and how they look). */
  judgedBmiScore?: MustPoints | null;
  /** Step 2 from per cent of weight lost... */
  weightLossPercent?: number | null;
  /** ...unless the loss was planned (a weight-reducing diet), which scores 0... */
  weightLossPlanned?: boolean | null;
  /** ...or, without an earlier weight, the judged score (clothes, rings or dentures loose; what the person says). */
  judgedWeightLossScore?: MustPoints | null;
  /** Step 3. */
  acutelyIllNoIntake?: boolean | null;
};

export type MustBand = { band: string; level: ResultLevel; actions: readonly string[] };

// Step 5, BAPEN's management guidelines for each overall risk (community column).
const ALL_RISK_CATEGORIES = [
  'Treat the underlying condition; help and advise on food choices, eating and drinking when needed.',
  'Record the malnutrition risk category, and any special diet, in the care plan.',
];

export function mustBand(total: number): MustBand {
  if (total <= 0) {
    return {
      band: 'Low risk',
      level: 'low',
      actions: ['Routine clinical care.', 'Repeat screening: BAPEN asks at least yearly in the community for groups such as people over 75; rescreen sooner if weight, appetite or health change.', ...ALL_RISK_CATEGORIES],
    };
  }
  if (total === 1) {
    return {
      band: 'Medium risk',
      level: 'medium',
      actions: [
        'Observe: record what the person eats and drinks for 3 days (food and fluid chart).',
        'If intake is adequate, repeat screening at least every 2 to 3 months.',
        'If intake is inadequate, it is a clinical concern: follow the local policy, set goals, improve and increase overall intake, and review the care plan regularly.',
        ...ALL_RISK_CATEGORIES,
      ],
    };
  }
  return {
    band: 'High risk',
    level: 'high',
    actions: [
      'Treat: refer to a dietitian through the GP (or the local nutrition support team), unless no benefit is expected from nutritional support, e.g. imminent death.',
      'Set goals, improve and increase overall nutritional intake (food first: fortified meals, snacks between meals, nourishing drinks).',
      'Monitor and review the care plan monthly; rescreen with MUST at least monthly.',
      ...ALL_RISK_CATEGORIES,
    ],
  };
}

export type MustScores = { bmi: MustPoints | null; weightLoss: MustPoints | null; acuteDisease: MustPoints | null; total: number | null };

/** Each step's score, and the total once all three are known. */
export function mustScores(input: MustInput): MustScores {
  const bmi = typeof input.bmi === 'number' ? mustBmiScore(input.bmi) : (input.judgedBmiScore ?? null);
  const weightLoss =
    input.weightLossPlanned === true
      ? 0
      : typeof input.weightLossPercent === 'number'
        ? mustWeightLossScore(input.weightLossPercent)
        : (input.judgedWeightLossScore ?? null);
  const acuteDisease = typeof input.acutelyIllNoIntake === 'boolean' ? mustAcuteDiseaseScore(input.acutelyIllNoIntake) : null;
  const total = bmi === null || weightLoss === null || acuteDisease === null ? null : bmi + weightLoss + acuteDisease;
  return { bmi, weightLoss, acuteDisease, total };
}

/** The overall MUST risk as a document result: the total, its band and BAPEN's actions for it. */
export function mustResult(input: MustInput): DocumentResult {
  const scores = mustScores(input);
  const label = 'MUST score';
  if (scores.total === null) {
    const missing = [
      scores.bmi === null && 'the BMI (height and weight, or a judged score)',
      scores.weightLoss === null && 'the weight loss in the past 3 to 6 months',
      scores.acuteDisease === null && 'the acute disease effect',
    ].filter(Boolean);
    return { key: 'must', label, value: null, band: 'Not scored', level: 'none', actions: [`Answer ${missing.join(', ')} to score MUST.`] };
  }
  const { band, level, actions } = mustBand(scores.total);
  const obese = typeof input.bmi === 'number' && input.bmi > 30;
  return {
    key: 'must',
    label,
    value: scores.total,
    band,
    level,
    actions: obese ? [...actions, 'Obesity: record it; underlying conditions are generally controlled before obesity is treated.'] : actions,
  };
}
