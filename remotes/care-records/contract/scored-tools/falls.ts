import type { DocumentOption, DocumentResult, ResultLevel } from '@hcm/contract/documents';

// Falls. The scored tool is FRAT, the Falls Risk Assessment Tool of the Peninsula Health Falls Prevention
// Service (Victoria, Australia, 1999; validated in Stapleton C. et al., "Four-item fall risk screening tool for
// subacute and residential aged care: The first step in fall prevention", Australasian Journal on Ageing 2009;
// 28(3):139–143), used by UK community teams. Part 1 scores four items: recent falls (2–8), medications (1–4),
// psychological (1–4) and cognitive status (1–4): 5–11 low, 12–15 medium, 16–20 high; a recent change in
// function or medicines affecting safe mobility, or dizziness/postural hypotension, makes the risk high whatever
// the score.
//
// NICE NG249 (Falls: assessment and prevention in older people and in people 50 and over at higher risk, 2025,
// replacing CG161) says not to use a tool to predict whether someone will fall (1.1.1). So FRAT here structures
// the screen and the actions; whether the person is referred for a multifactorial falls assessment follows
// NICE's case-finding (a fall with injury, recurrent falls, being unable to get up, gait or balance problems,
// frailty, fear of falling), which `fallsReferral` gives separately and the FRAT band never overrides.

export const FRAT_RECENT_FALLS: readonly DocumentOption[] = [
  { value: 'none', label: 'None in the last 12 months', score: 2 },
  { value: '3-12-months', label: 'One or more between 3 and 12 months ago', score: 4 },
  { value: 'last-3-months', label: 'One or more in the last 3 months', score: 6 },
  { value: 'last-3-months-in-care', label: 'One or more in the last 3 months while an inpatient or resident', score: 8 },
];

/** Sedatives, antidepressants, anti-Parkinson’s medicines, diuretics, antihypertensives, hypnotics. */
export const FRAT_MEDICATIONS: readonly DocumentOption[] = [
  { value: 'none', label: 'Not taking any of these', score: 1 },
  { value: 'one', label: 'Taking one', score: 2 },
  { value: 'two', label: 'Taking two', score: 3 },
  { value: 'more', label: 'Taking more than two', score: 4 },
];

/** Anxiety, depression, reduced cooperation, insight or judgement, especially about mobility. */
export const FRAT_PSYCHOLOGICAL: readonly DocumentOption[] = [
  { value: 'none', label: 'Does not appear to have any of these', score: 1 },
  { value: 'mild', label: 'Appears mildly affected by one or more', score: 2 },
  { value: 'moderate', label: 'Appears moderately affected by one or more', score: 3 },
  { value: 'severe', label: 'Appears severely affected by one or more', score: 4 },
];

/** Cognitive status by the Abbreviated Mental Test Score (AMTS, Hodkinson 1972). */
export const FRAT_COGNITION: readonly DocumentOption[] = [
  { value: 'intact', label: 'Intact (AMTS 9 or 10)', score: 1 },
  { value: 'mild', label: 'Mildly impaired (AMTS 7–8)', score: 2 },
  { value: 'moderate', label: 'Moderately impaired (AMTS 5–6)', score: 3 },
  { value: 'severe', label: 'Severely impaired (AMTS 4 or less)', score: 4 },
];

/** The FRAT cognitive item of an AMTS out of 10. */
export function fratCognitionOf(amts: number): string {
  if (amts >= 9) return 'intact';
  if (amts >= 7) return 'mild';
  if (amts >= 5) return 'moderate';
  return 'severe';
}

export type FratAnswers = {
  recentFalls?: string;
  medications?: string;
  psychological?: string;
  cognition?: string;
  /** Recent change in functional status or in medicines affecting safe mobility (or one expected). */
  recentChange?: boolean | null;
  /** Dizziness or postural hypotension. */
  dizziness?: boolean | null;
};

const pointsOf = (options: readonly DocumentOption[], value: string | undefined): number | null =>
  options.find((option) => option.value === value)?.score ?? null;

/** The FRAT part 1 score, 5 to 20, or null until all four items are answered. */
export function fratScore(answers: FratAnswers): number | null {
  const items = [
    pointsOf(FRAT_RECENT_FALLS, answers.recentFalls),
    pointsOf(FRAT_MEDICATIONS, answers.medications),
    pointsOf(FRAT_PSYCHOLOGICAL, answers.psychological),
    pointsOf(FRAT_COGNITION, answers.cognition),
  ];
  return items.some((item) => item === null) ? null : items.reduce<number>((total, item) => total + (item ?? 0), 0);
}

export type FratBand = { band: string; level: ResultLevel; actions: readonly string[] };

const AFTER_A_FALL = 'After any fall: follow the post-fall protocol (Falls history and prevention tab) and reassess.';

export function fratBand(score: number, automaticHigh = false): FratBand {
  if (automaticHigh || score >= 16) {
    return {
      band: automaticHigh && score < 16 ? 'High risk (automatic)' : 'High risk',
      level: 'high',
      actions: [
        'Refer to the community falls service (through the GP) for a multifactorial falls assessment and interventions (NICE NG249).',
        'Ask the GP or pharmacist for a structured medication review of medicines that raise falls risk.',
        'Occupational therapy home hazard assessment and the equipment it recommends.',
        'Strength and balance training (e.g. FaME or Otago) through the falls service or physiotherapy.',
        'Pendant alarm or falls detector: check it is worn and working at every call.',
        'Check sight, footwear and night lighting; keep walking aids within reach.',
        'Review the assessment monthly and after any fall.',
        AFTER_A_FALL,
      ],
    };
  }
  if (score >= 12) {
    return {
      band: 'Medium risk',
      level: 'medium',
      actions: [
        'Ask the GP about a multifactorial falls assessment (NICE NG249), and a medication review.',
        'Home hazard check: rugs, clutter, cables, lighting, stairs and bathroom; ask for an OT assessment where needed.',
        'Encourage strength and balance exercise the person enjoys; ask about a local strength and balance class.',
        'Check sight and hearing are reviewed, and footwear fits.',
        'Review the assessment every 3 months and after any fall.',
        AFTER_A_FALL,
      ],
    };
  }
  return {
    band: 'Low risk',
    level: 'low',
    actions: [
      'Ask about falls, slips and trips at every review (NICE NG249).',
      'Encourage regular activity; keep the home free of trip hazards and well lit.',
      'Review the assessment every 6 months and after any fall.',
      AFTER_A_FALL,
    ],
  };
}

/** The FRAT result: the part 1 score with its band and the actions it calls for. */
export function fratResult(answers: FratAnswers): DocumentResult {
  const score = fratScore(answers);
  const label = 'FRAT score';
  if (score === null) {
    return { key: 'frat', label, value: null, band: 'Not scored', level: 'none', actions: ['Answer the four FRAT items to score it.'] };
  }
  const automaticHigh = answers.recentChange === true || answers.dizziness === true;
  const { band, level, actions } = fratBand(score, automaticHigh);
  return { key: 'frat', label, value: score, band, level, actions };
}

/** NICE NG249's case-finding: what, in the person's history, calls for a multifactorial falls assessment. */
export type FallsCaseFinding = {
  fallsInPast12Months?: number | null;
  fallWithInjury?: boolean | null;
  unableToGetUp?: boolean | null;
  gaitOrBalanceProblems?: boolean | null;
  frailty?: boolean | null;
  fearOfFalling?: boolean | null;
};

export function fallsReferralReasons(history: FallsCaseFinding): string[] {
  return [
    (history.fallsInPast12Months ?? 0) >= 2 && 'two or more falls in the past 12 months',
    history.fallWithInjury === true && 'a fall with injury, or needing medical attention',
    history.unableToGetUp === true && 'unable to get up after a fall',
    history.gaitOrBalanceProblems === true && 'walking or balance problems',
    history.frailty === true && 'frailty',
    history.fearOfFalling === true && 'fear of falling',
  ].filter((reason): reason is string => typeof reason === 'string');
}

/** Whether to refer for a multifactorial falls assessment, with the reasons. */
export function fallsReferral(history: FallsCaseFinding): DocumentResult {
  const reasons = fallsReferralReasons(history);
  const label = 'Multifactorial falls assessment';
  if (reasons.length === 0) {
    return { key: 'falls_referral', label, value: 'Not indicated', band: 'Not indicated now', level: 'low', actions: ['Ask about falls again at the next review.'] };
  }
  return {
    key: 'falls_referral',
    label,
    value: 'Refer',
    band: 'Refer',
    level: 'medium',
    actions: [`Refer through the GP to the community falls service (NICE NG249): ${reasons.join('; ')}.`],
  };
}

/** A fall as the falls history records it. */
export type FallRecord = { date: string; injury?: string; gotUp?: string };

/** The day a year before a YYYY-MM-DD date. */
function yearBefore(day: string): string {
  const [year, month, date] = day.split('-');
  return `${Number(year) - 1}-${month}-${date}`;
}

/**
 * The falls history of the 12 months up to `asOf` (YYYY-MM-DD): how many, and whether any injured the person or
 * left them on the floor (NICE's reasons to refer). A long lie (an hour or more on the floor) is a harm in itself.
 */
export function fallsHistoryResult(falls: readonly FallRecord[], asOf: string): DocumentResult {
  const since = yearBefore(asOf);
  const recent = falls.filter((fall) => fall.date > since && fall.date <= asOf);
  const injured = recent.some((fall) => fall.injury !== undefined && fall.injury !== '' && fall.injury !== 'none');
  const longLie = recent.some((fall) => fall.gotUp === 'long-lie');
  const label = 'Falls in the past 12 months';
  if (recent.length === 0) {
    return { key: 'falls_past_year', label, value: 0, band: 'No falls recorded', level: 'low', actions: ['Keep the prevention plan in place; ask about falls at each review.'] };
  }
  if (recent.length >= 2 || injured || longLie) {
    const why = [recent.length >= 2 && 'recurrent falls', injured && 'injury', longLie && 'a long lie'].filter(Boolean).join(', ');
    return {
      key: 'falls_past_year',
      label,
      value: recent.length,
      band: recent.length >= 2 ? 'Recurrent falls' : injured ? 'Fall with injury' : 'Fall with a long lie',
      level: 'high',
      actions: [
        `Refer through the GP to the community falls service for a multifactorial falls assessment (${why}).`,
        'Review the FRAT (Falls risk assessment tab) and this prevention plan now.',
        'Check the pendant alarm or falls detector is worn and tested; agree how the person gets help if they cannot get up.',
      ],
    };
  }
  return {
    key: 'falls_past_year',
    label,
    value: recent.length,
    band: 'One fall',
    level: 'medium',
    actions: ['Ask the GP whether a falls assessment is needed; review the FRAT and this plan.', 'Look for what led to the fall and put it right (footwear, lighting, clutter, a drink or the toilet at night).'],
  };
}
