import { bmiBand, bmiOf, bmiResult, heightInMetres, oneDecimal } from './bmi';

// Worked examples checked by hand (weight ÷ height²) and against the NHS adult bands.

describe('BMI', () => {
  test('works out weight over height squared, exactly, from metres or centimetres; the result shows it to one decimal', () => {
    expect(bmiOf(70, { m: 1.75 })).toBeCloseTo(22.857, 3); // 70 / 3.0625
    expect(bmiOf(70, { cm: 175 })).toBeCloseTo(22.857, 3);
    expect(bmiOf(43.7, { cm: 155 })).toBeCloseTo(18.189, 3); // 43.7 / 2.4025
    expect(bmiOf(88.2, { cm: 178 })).toBeCloseTo(27.837, 3); // 88.2 / 3.1684
    expect([bmiResult(70, { cm: 175 }), bmiResult(43.7, { cm: 155 }), bmiResult(88.2, { cm: 178 }), bmiResult(54.6, { m: 1.58 })].map((result) => result.value)).toEqual([22.9, 18.2, 27.8, 21.9]);
  });

  test('issue 28: bands the exact BMI, shows it rounded (18.48 is underweight though shown as 18.5)', () => {
    // 53.3 kg at 169.8 cm: 53.3 / 2.883204 = 18.486.
    expect(bmiOf(53.3, { cm: 169.8 })).toBeCloseTo(18.486, 3);
    expect(bmiResult(53.3, { cm: 169.8 })).toMatchObject({ value: 18.5, band: 'Underweight', level: 'medium' });
    // 62.4 kg at 158 cm: 62.4 / 2.4964 = 24.996: shown as 25.0, still a healthy weight.
    expect(bmiResult(62.4, { cm: 158 })).toMatchObject({ value: 25, band: 'Healthy weight' });
  });

  test('rounds half up, as by hand', () => {
    expect(oneDecimal(18.45)).toBe(18.5);
    expect(oneDecimal(19.95)).toBe(20);
    expect(oneDecimal(24.94)).toBe(24.9);
  });

  test('gives no BMI for a missing or implausible height or weight', () => {
    expect(bmiOf(null, { cm: 170 })).toBeNull();
    expect(bmiOf(70, null)).toBeNull();
    expect(bmiOf(70, { cm: 1.7 })).toBeNull(); // metres typed as centimetres
    expect(bmiOf(70, { m: 170 })).toBeNull(); // centimetres typed as metres
    expect(bmiOf(0, { cm: 170 })).toBeNull();
    expect(heightInMetres({ cm: 162 })).toBeCloseTo(1.62);
  });

  test('bands a BMI by the NHS adult bands, boundaries included', () => {
    expect([18.4, 18.5, 24.9, 25, 29.9, 30, 39.9, 40].map((bmi) => bmiBand(bmi).band)).toEqual([
      'Underweight',
      'Healthy weight',
      'Healthy weight',
      'Overweight',
      'Overweight',
      'Obese',
      'Obese',
      'Severely obese',
    ]);
  });

  test('uses the lower thresholds (23 and 27.5) for the family backgrounds NICE names', () => {
    expect([22.9, 23, 27.4, 27.5].map((bmi) => bmiBand(bmi, { lowerThresholds: true }).band)).toEqual(['Healthy weight', 'Overweight', 'Overweight', 'Obese']);
    expect(bmiBand(27.8).band).toBe('Overweight');
    expect(bmiBand(27.8, { lowerThresholds: true }).band).toBe('Obese');
  });

  test('returns a document result with the unit, band and actions', () => {
    expect(bmiResult(43.7, { cm: 155 })).toMatchObject({ key: 'bmi', value: 18.2, unit: 'kg/m²', band: 'Underweight', level: 'medium' });
    expect(bmiResult(43.7, { cm: 155 }).actions?.[0]).toMatch(/MUST/);
    expect(bmiResult(null, { cm: 155 })).toMatchObject({ value: null, level: 'none' });
  });
});
