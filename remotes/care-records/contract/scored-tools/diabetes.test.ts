import { footRiskResult, hypoglycaemiaRiskResult } from './diabetes';

describe('diabetes', () => {
  test('insulin means a high hypo risk; a sulfonylurea a raised one; other treatments a low one', () => {
    expect(hypoglycaemiaRiskResult(['metformin', 'basal-insulin'])).toMatchObject({ key: 'hypo_risk', value: 'Insulin', level: 'high' });
    expect(hypoglycaemiaRiskResult(['metformin', 'sulfonylurea'])).toMatchObject({ value: 'Sulfonylurea', level: 'medium' });
    expect(hypoglycaemiaRiskResult(['metformin', 'sglt2', 'glp1'])).toMatchObject({ value: 'Low', level: 'low' });
    expect(hypoglycaemiaRiskResult([])).toMatchObject({ value: null, level: 'none' });
  });

  test('foot risk follows NICE NG19’s classes and review intervals', () => {
    expect(footRiskResult('low')).toMatchObject({ level: 'low' });
    expect(footRiskResult('moderate').actions?.[0]).toMatch(/every 3 to 6 months/);
    expect(footRiskResult('high')).toMatchObject({ level: 'high' });
    expect(footRiskResult('high').actions?.[0]).toMatch(/every 1 to 2 months/);
    expect(footRiskResult('active')).toMatchObject({ level: 'very-high' });
    expect(footRiskResult('active').actions?.[0]).toMatch(/within 1 working day/);
    expect(footRiskResult(undefined)).toMatchObject({ value: null, level: 'none' });
  });
});
