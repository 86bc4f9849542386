import { highestRiskResult, riskRating } from './risk-matrix';

// The NPSA 5 × 5 matrix: 1–3 low, 4–6 moderate, 8–12 high, 15–25 extreme.

describe('risk matrix', () => {
  test('rates likelihood × consequence into the NPSA bands at their boundaries', () => {
    expect(
      [
        [1, 3],
        [2, 2],
        [2, 3],
        [2, 4],
        [3, 4],
        [3, 5],
        [5, 5],
      ].map(([likelihood, consequence]) => riskRating(likelihood!, consequence!)),
    ).toEqual([
      { rating: 3, band: 'Low', level: 'low' },
      { rating: 4, band: 'Moderate', level: 'medium' },
      { rating: 6, band: 'Moderate', level: 'medium' },
      { rating: 8, band: 'High', level: 'high' },
      { rating: 12, band: 'High', level: 'high' },
      { rating: 15, band: 'Extreme', level: 'very-high' },
      { rating: 25, band: 'Extreme', level: 'very-high' },
    ]);
  });

  test('reports the highest-rated risk, ignoring unrated rows', () => {
    const result = highestRiskResult([
      { risk: 'Scald in the shower', likelihood: '2', consequence: '3' },
      { risk: 'Seizure in the shower', likelihood: '2', consequence: '5' },
      { risk: 'Unrated', likelihood: '', consequence: '4' },
    ]);
    expect(result).toMatchObject({ key: 'highest_risk', value: 10, unit: 'of 25 (Seizure in the shower)', band: 'High', level: 'high' });
    expect(highestRiskResult([])).toMatchObject({ value: null, level: 'none' });
  });
});
