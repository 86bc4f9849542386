import { bmiOf } from './bmi';
import { mustBmiScore, mustResult, mustScores, mustWeightLossScore, weightLossPercent } from './must';

// Golden values from BAPEN's 'MUST' flowchart: step 1 BMI > 20 = 0, 18.5–20 = 1, < 18.5 = 2; step 2 unplanned
// weight loss in 3–6 months < 5 % = 0, 5–10 % = 1, > 10 % = 2; step 3 acute disease effect = 2; step 4 total:
// 0 low, 1 medium, 2 or more high.

describe('MUST', () => {
  test('step 1 scores the BMI at its boundaries (18.5 and 20)', () => {
    expect([25, 20.1, 20, 19.9, 18.5, 18.4, 16].map(mustBmiScore)).toEqual([0, 0, 1, 1, 1, 2, 2]);
  });

  test('step 2 scores the per cent of weight lost at its boundaries (5 and 10)', () => {
    expect([-2, 0, 4.9, 5, 7.5, 10, 10.1, 15].map(mustWeightLossScore)).toEqual([0, 0, 0, 1, 1, 1, 2, 2]);
    expect(weightLossPercent(47.5, 43.7)).toBeCloseTo(8, 9);
    expect(weightLossPercent(60, 57)).toBeCloseTo(5, 9);
    expect(weightLossPercent(60, 62)).toBeCloseTo(-3.333, 3);
  });

  test('issue 28: steps 1 and 2 score the exact BMI and per cent, not the rounded ones shown', () => {
    // BMI 18.477 (47.3 kg at 160 cm) shows as 18.5 but is under 18.5: step 1 scores 2.
    const bmi = bmiOf(47.3, { cm: 160 })!;
    expect(bmi).toBeCloseTo(18.477, 3);
    expect(mustBmiScore(bmi)).toBe(2);
    expect(mustScores({ bmi, weightLossPercent: 0, acutelyIllNoIntake: false }).bmi).toBe(2);
    // 4.96 % lost (62.5 kg to 59.4 kg) shows as 5.0 % but is under 5 %: step 2 scores 0.
    const lost = weightLossPercent(62.5, 59.4);
    expect(lost).toBeCloseTo(4.96, 9);
    expect(mustWeightLossScore(lost)).toBe(0);
    expect(mustScores({ bmi: 22, weightLossPercent: lost, acutelyIllNoIntake: false }).total).toBe(0);
  });

  test('total 0: BMI 22, weight steady, not acutely ill → low risk, routine care', () => {
    const result = mustResult({ bmi: 22, weightLossPercent: 1.2, acutelyIllNoIntake: false });
    expect(result).toMatchObject({ key: 'must', value: 0, band: 'Low risk', level: 'low' });
    expect(result.actions?.[0]).toBe('Routine clinical care.');
  });

  test('total 1: BMI 19.6 (1), 3 % lost (0) → medium risk, observe and record intake', () => {
    const result = mustResult({ bmi: 19.6, weightLossPercent: 3, acutelyIllNoIntake: false });
    expect(result).toMatchObject({ value: 1, band: 'Medium risk', level: 'medium' });
    expect(result.actions?.[0]).toMatch(/^Observe/);
  });

  test('total 2: BMI 18.2 (2), weight steady → high risk, treat and refer to a dietitian', () => {
    const result = mustResult({ bmi: 18.2, weightLossPercent: 0, acutelyIllNoIntake: false });
    expect(result).toMatchObject({ value: 2, band: 'High risk', level: 'high' });
    expect(result.actions?.[0]).toMatch(/^Treat: refer to a dietitian/);
  });

  test('total 3: 155 cm and 43.7 kg (BMI 18.2, 2) after 47.5 kg four months ago (8 % lost, 1) → high risk', () => {
    const bmi = bmiOf(43.7, { cm: 155 });
    expect(mustScores({ bmi, weightLossPercent: weightLossPercent(47.5, 43.7), acutelyIllNoIntake: false })).toEqual({ bmi: 2, weightLoss: 1, acuteDisease: 0, total: 3 });
    expect(mustResult({ bmi, weightLossPercent: 8, acutelyIllNoIntake: false })).toMatchObject({ value: 3, level: 'high' });
  });

  test('step 3 alone makes the risk high', () => {
    expect(mustResult({ bmi: 24, weightLossPercent: 0, acutelyIllNoIntake: true })).toMatchObject({ value: 2, band: 'High risk' });
  });

  test('planned weight loss scores 0; judged scores stand in when there is no measurement', () => {
    expect(mustScores({ bmi: 27, weightLossPercent: 6, weightLossPlanned: true, acutelyIllNoIntake: false }).total).toBe(0);
    expect(mustScores({ judgedBmiScore: 1, judgedWeightLossScore: 1, acutelyIllNoIntake: false }).total).toBe(2);
  });

  test('adds the obesity note over BMI 30', () => {
    expect(mustResult({ bmi: 31.2, weightLossPercent: 0, acutelyIllNoIntake: false }).actions?.at(-1)).toMatch(/^Obesity/);
  });

  test('does not score until every step is answered', () => {
    const result = mustResult({ bmi: 21, acutelyIllNoIntake: false });
    expect(result).toMatchObject({ value: null, level: 'none', band: 'Not scored' });
    expect(result.actions?.[0]).toMatch(/weight loss/);
  });
});
