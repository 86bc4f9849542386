import {
  WATERLOW_AGE,
  WATERLOW_BUILD,
  WATERLOW_CONTINENCE,
  WATERLOW_MOBILITY,
  WATERLOW_NEUROLOGICAL_DEFICIT,
  WATERLOW_SKIN,
  WATERLOW_TISSUE_MALNUTRITION,
  waterlowAgeBandOf,
  waterlowBand,
  waterlowBuildOf,
  waterlowPoints,
  waterlowResult,
  type WaterlowAnswers,
} from './waterlow';

// Golden values from the Waterlow card (2005 revision): each category's points, and worked examples at the
// band boundaries 9/10, 14/15 and 19/20.

const pointsByValue = (options: readonly { value: string; score?: number }[]) => Object.fromEntries(options.map((option) => [option.value, option.score]));

// An 86-year-old woman of average build, continent, healthy skin, fully mobile, eating well: 2 (female) + 5 (81+) = 7.
const BASE: WaterlowAnswers = {
  bmi: 22.4,
  skin: ['healthy'],
  continence: 'continent',
  mobility: 'fully',
  sex: 'female',
  age: '81-plus',
  weightLost: 'no',
  eatingPoorly: 'no',
  neurologicalDeficit: 'none',
  majorSurgery: 'none',
  theatreTime: 'none',
  medication: 'none',
};

describe('Waterlow', () => {
  test('holds the card’s points for each category', () => {
    expect(pointsByValue(WATERLOW_BUILD)).toEqual({ average: 0, 'above-average': 1, obese: 2, 'below-average': 3 });
    expect(pointsByValue(WATERLOW_CONTINENCE)).toEqual({ continent: 0, urinary: 1, faecal: 2, doubly: 3 });
    expect(pointsByValue(WATERLOW_MOBILITY)).toEqual({ fully: 0, restless: 1, apathetic: 2, restricted: 3, bedbound: 4, chairbound: 5 });
    expect(pointsByValue(WATERLOW_AGE)).toEqual({ '14-49': 1, '50-64': 2, '65-74': 3, '75-80': 4, '81-plus': 5 });
    expect(pointsByValue(WATERLOW_SKIN)).toEqual({ healthy: 0, 'tissue-paper': 1, dry: 1, oedematous: 1, clammy: 1, discoloured: 2, broken: 3 });
    expect(pointsByValue(WATERLOW_TISSUE_MALNUTRITION)).toEqual({
      'terminal-cachexia': 8,
      'multiple-organ-failure': 8,
      'single-organ-failure': 5,
      'peripheral-vascular-disease': 5,
      anaemia: 2,
      smoking: 1,
    });
    expect(pointsByValue(WATERLOW_NEUROLOGICAL_DEFICIT)).toEqual({ none: 0, mild: 4, moderate: 5, severe: 6 });
  });

  test('bands build by BMI and age by years, at the card’s boundaries', () => {
    expect([19.9, 20, 24.9, 25, 29.9, 30].map(waterlowBuildOf)).toEqual(['below-average', 'average', 'average', 'above-average', 'above-average', 'obese']);
    // Issue 28: the exact BMI is banded: 19.965 shows as 20.0 but is under 20, below average.
    expect([19.965, 24.96, 29.999].map(waterlowBuildOf)).toEqual(['below-average', 'average', 'above-average']);
    expect([13, 14, 49, 50, 64, 65, 74, 75, 80, 81, 97].map(waterlowAgeBandOf)).toEqual([null, '14-49', '14-49', '50-64', '50-64', '65-74', '65-74', '75-80', '75-80', '81-plus', '81-plus']);
  });

  test('9 → not at risk: base 7 with dry, tissue-paper skin (1 + 1)', () => {
    const result = waterlowResult({ ...BASE, skin: ['dry', 'tissue-paper'] });
    expect(result).toMatchObject({ key: 'waterlow', value: 9, band: 'Not at risk', level: 'low' });
  });

  test('10 → at risk: the same with urine incontinence (1); reposition at least 6-hourly, foam mattress and cushion', () => {
    const result = waterlowResult({ ...BASE, skin: ['dry', 'tissue-paper'], continence: 'urinary' });
    expect(result).toMatchObject({ value: 10, band: 'At risk', level: 'medium' });
    expect(result.actions?.join(' ')).toMatch(/every 6 hours/);
    expect(result.actions?.join(' ')).toMatch(/high-specification foam mattress/);
  });

  test('14 → at risk; 15 → high risk (a smoker): 4-hourly repositioning and district nurse for alternating pressure', () => {
    // 7 + restricted mobility 3 + dry skin 1 + urine incontinence 1 + above average build (BMI 27) 1 + eating poorly 1 = 14.
    const fourteen: WaterlowAnswers = { ...BASE, bmi: 27, mobility: 'restricted', skin: ['dry'], continence: 'urinary', eatingPoorly: 'yes' };
    expect(waterlowResult(fourteen)).toMatchObject({ value: 14, band: 'At risk', level: 'medium' });
    const fifteen = waterlowResult({ ...fourteen, tissueMalnutrition: ['smoking'] });
    expect(fifteen).toMatchObject({ value: 15, band: 'High risk', level: 'high' });
    expect(fifteen.actions?.join(' ')).toMatch(/every 4 hours/);
    expect(fifteen.actions?.join(' ')).toMatch(/district nurse for an alternating-pressure overlay/);
  });

  test('19 → high risk; 20 → very high risk: tissue viability and a dynamic mattress', () => {
    // 7 + below average build (BMI 18.2) 3 + restricted 3 + dry, tissue paper 2 + lost 0.5–5 kg 1 + eating poorly 1 = 17, + anaemia 2 = 19.
    const nineteen: WaterlowAnswers = {
      ...BASE,
      bmi: 18.2,
      mobility: 'restricted',
      skin: ['dry', 'tissue-paper'],
      weightLost: 'yes',
      weightLossAmount: '0.5-5',
      eatingPoorly: 'yes',
      tissueMalnutrition: ['anaemia'],
    };
    expect(waterlowPoints(nineteen)).toMatchObject({ build: 3, skin: 2, continence: 0, mobility: 3, sexAndAge: 7, malnutritionScreen: 2, specialRisks: 2, total: 19 });
    expect(waterlowResult(nineteen)).toMatchObject({ value: 19, band: 'High risk', level: 'high' });
    const twenty = waterlowResult({ ...nineteen, continence: 'urinary' });
    expect(twenty).toMatchObject({ value: 20, band: 'Very high risk', level: 'very-high' });
    expect(twenty.actions?.join(' ')).toMatch(/tissue viability/);
    expect(twenty.actions?.join(' ')).toMatch(/alternating-pressure or low-air-loss/);
  });

  test('the malnutrition screen scores unsure as 2 and asks for a nutrition assessment over 2', () => {
    expect(waterlowPoints({ ...BASE, weightLost: 'unsure' }).malnutritionScreen).toBe(2);
    expect(waterlowPoints({ ...BASE, weightLost: 'yes', weightLossAmount: 'over-15', eatingPoorly: 'yes' }).malnutritionScreen).toBe(5);
    const result = waterlowResult({ ...BASE, weightLost: 'yes', weightLossAmount: '5-10', eatingPoorly: 'yes' });
    expect(result.actions?.at(-1)).toMatch(/refer for a nutrition assessment/);
  });

  test('special risks add up, with neurological deficit at most 6 and medication at most 4', () => {
    const special = waterlowPoints({
      ...BASE,
      tissueMalnutrition: ['terminal-cachexia', 'single-organ-failure'],
      neurologicalDeficit: 'severe',
      majorSurgery: 'orthopaedic-spinal',
      theatreTime: 'over-6h',
      medication: 'any',
    });
    expect(special.specialRisks).toBe(8 + 5 + 6 + 5 + 8 + 4);
    expect(special.total).toBe(7 + 36);
  });

  test('uses the judged build when the person could not be weighed', () => {
    expect(waterlowPoints({ ...BASE, bmi: null, build: 'obese' }).build).toBe(2);
  });

  test('does not total a card with a category unanswered', () => {
    expect(waterlowPoints({ ...BASE, mobility: undefined }).total).toBeNull();
    expect(waterlowPoints({ ...BASE, skin: [] }).total).toBeNull();
    expect(waterlowPoints({ ...BASE, weightLost: 'yes' }).total).toBeNull();
    expect(waterlowResult({ ...BASE, sex: undefined })).toMatchObject({ value: null, level: 'none' });
  });

  test('bands exactly at 10, 15 and 20', () => {
    expect([0, 9, 10, 14, 15, 19, 20, 35].map((total) => waterlowBand(total).band)).toEqual([
      'Not at risk',
      'Not at risk',
      'At risk',
      'At risk',
      'High risk',
      'High risk',
      'Very high risk',
      'Very high risk',
    ]);
  });
});
