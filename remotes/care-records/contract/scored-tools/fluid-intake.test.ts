import { fluidChartResults, fluidDailyTotals, fluidDayResult, suggestedFluidTargetMl } from './fluid-intake';

// Fluid totals worked by hand.

const entries = [
  { date: '2026-11-17', time: '08:10', drink: 'Tea', ml: 200 },
  { date: '2026-11-17', time: '12:30', drink: 'Orange squash', ml: 250 },
  { date: '2026-11-17', time: '17:00', drink: 'Water', ml: 200 },
  { date: '2026-11-16', time: '08:00', drink: 'Tea', ml: 200 },
  { date: '2026-11-16', time: '10:00', drink: 'Milk', ml: 300 },
  { date: '2026-11-16', time: '12:15', drink: 'Soup', ml: 250 },
  { date: '2026-11-16', time: '15:00', drink: 'Tea', ml: 200 },
  { date: '2026-11-16', time: '17:30', drink: 'Water', ml: 400 },
  { date: '2026-11-16', time: '21:00', drink: 'Hot chocolate', ml: 250 },
  { date: '2026-11-18', time: '08:00', drink: 'Tea', ml: 200 },
  { date: '2026-11-18', time: '12:00', drink: 'Juice', ml: 200 },
  { date: '2026-11-18', time: '17:00', drink: 'Water', ml: 150 },
  { date: '2026-11-18', time: '', drink: 'Not measured', ml: null },
];

describe('fluid intake', () => {
  test('suggests 1,600 ml for women (and when unknown) and 2,000 ml for men', () => {
    expect(suggestedFluidTargetMl('female')).toBe(1600);
    expect(suggestedFluidTargetMl(null)).toBe(1600);
    expect(suggestedFluidTargetMl('male')).toBe(2000);
  });

  test('totals each day, oldest first, against the target, skipping entries without an amount', () => {
    expect(fluidDailyTotals(entries, 1600)).toEqual([
      { date: '2026-11-16', totalMl: 1600, targetMl: 1600, percent: 100, belowTarget: false, overLimit: false, drinks: 6 },
      { date: '2026-11-17', totalMl: 650, targetMl: 1600, percent: 41, belowTarget: true, overLimit: false, drinks: 3 },
      { date: '2026-11-18', totalMl: 550, targetMl: 1600, percent: 34, belowTarget: true, overLimit: false, drinks: 3 },
    ]);
  });

  test('flags a day over a doctor’s fluid limit', () => {
    const [day] = fluidDailyTotals(entries, 1200, 1500);
    expect(day).toMatchObject({ totalMl: 1600, overLimit: true });
    expect(fluidDayResult(day!)).toMatchObject({ band: 'Over the fluid limit', level: 'high' });
  });

  test('bands a day: met, below, far below (under half)', () => {
    const [met, far] = fluidDailyTotals(entries, 1600);
    expect(fluidDayResult(met!)).toMatchObject({ key: 'fluid_2026_11_16', label: 'Fluid intake Mon 16 Nov', value: 1600, unit: 'ml (100% of 1,600 ml)', band: 'Target met', level: 'low' });
    expect(fluidDayResult(far!)).toMatchObject({ value: 650, band: 'Far below target', level: 'high' });
    const [below] = fluidDailyTotals([{ date: '2026-11-19', ml: 1200 }], 1600);
    expect(fluidDayResult(below!)).toMatchObject({ value: 1200, unit: 'ml (75% of 1,600 ml)', band: 'Below target', level: 'medium' });
  });

  test('gives each of the last 7 charted days and how many fell below target', () => {
    const week = Array.from({ length: 9 }, (_, index) => ({ date: `2026-11-${String(10 + index).padStart(2, '0')}`, ml: index % 3 === 0 ? 1000 : 1700 }));
    const results = fluidChartResults(week, 1600);
    expect(results).toHaveLength(8);
    expect(results[0]?.key).toBe('fluid_2026_11_12');
    expect(results.at(-1)).toMatchObject({ key: 'fluid_days_below_target', value: 2, unit: 'of 7 charted', band: 'Below target some days', level: 'medium' });
    expect(fluidChartResults([], 1600)).toEqual([expect.objectContaining({ value: null, band: 'No drinks charted' })]);
  });
});
