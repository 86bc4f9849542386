import { riskBand, riskMatrixResults, riskRating } from './risk-matrix';

const OPTIONS = { field: 'hazards', nameColumn: 'hazard', noun: 'Hazard' };

test('a rating is likelihood times severity, once both are answered with 1 to 5', () => {
  expect(riskRating('4', '4')).toBe(16);
  expect(riskRating(2, '3')).toBe(6);
  expect(riskRating('1', '1')).toBe(1);
  expect(riskRating('5', '5')).toBe(25);
  expect(riskRating('', '3')).toBeNull();
  expect(riskRating('3', null)).toBeNull();
  expect(riskRating('6', '2')).toBeNull();
  expect(riskRating('0', '2')).toBeNull();
});

test.each([
  [1, 'low'],
  [3, 'low'],
  [4, 'medium'],
  [6, 'medium'],
  [8, 'high'],
  [12, 'high'],
  [15, 'very-high'],
  [25, 'very-high'],
])('a rating of %i is %s risk', (rating, level) => {
  const band = riskBand(rating);
  expect(band.level).toBe(level);
  expect(band.actions.length).toBeGreaterThan(0);
});

test("every row's rating, band and actions, and the highest of the table", () => {
  const results = riskMatrixResults(
    {
      hazards: [
        { hazard: 'Trailing cable by the armchair', likelihood: '2', severity: '2' },
        { hazard: 'Falls on the stairs at night', likelihood: '4', severity: '4' },
        { hazard: 'Hot water from the kitchen tap', likelihood: '2', severity: '3' },
      ],
    },
    OPTIONS,
  );
  expect(results.map(({ key, label, value, level }) => ({ key, label, value, level }))).toEqual([
    { key: 'hazards_1', label: 'Hazard: Trailing cable by the armchair', value: 4, level: 'medium' },
    { key: 'hazards_2', label: 'Hazard: Falls on the stairs at night', value: 16, level: 'very-high' },
    { key: 'hazards_3', label: 'Hazard: Hot water from the kitchen tap', value: 6, level: 'medium' },
    { key: 'hazards_highest', label: 'Highest rating (Falls on the stairs at night)', value: 16, level: 'very-high' },
  ]);
  expect(results[1]!.band).toBe('Extreme risk');
});

test('rows not yet rated give no figure, and an unnamed row is called by its number', () => {
  const results = riskMatrixResults({ hazards: [{ hazard: 'Pets underfoot', likelihood: '3', severity: '' }, { hazard: ' ', likelihood: '1', severity: '3' }] }, OPTIONS);
  expect(results.map(({ key, label, value }) => ({ key, label, value }))).toEqual([
    { key: 'hazards_2', label: 'Hazard: Hazard 2', value: 3 },
    { key: 'hazards_highest', label: 'Highest rating (Hazard 2)', value: 3 },
  ]);
});

test('an empty or missing table has a highest rating of nothing, with no band', () => {
  expect(riskMatrixResults({}, OPTIONS)).toEqual([{ key: 'hazards_highest', label: 'Highest rating', value: null }]);
  expect(riskMatrixResults({ hazards: 'not rows' }, OPTIONS)).toEqual([{ key: 'hazards_highest', label: 'Highest rating', value: null }]);
});
