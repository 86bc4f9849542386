import { bruisesResult, pressureDamageResult } from './skin';

describe('skin: pressure damage by NPIAP/EPUAP category, and bruises', () => {
  test('no open pressure ulcer (healed ones and bruises do not count)', () => {
    const result = pressureDamageResult([
      { type: 'pressure-ulcer', category: 'category-2', status: 'healed', location: 'sacrum' },
      { type: 'bruise', category: 'not-applicable', status: 'new' },
    ]);
    expect(result).toMatchObject({ key: 'pressure_damage', value: 'None open', level: 'low' });
  });

  test('category 1 is medium: tell the district nurse the same day', () => {
    const result = pressureDamageResult([{ type: 'pressure-ulcer', category: 'category-1', status: 'new', location: 'left heel' }]);
    expect(result).toMatchObject({ value: 'Category 1, left heel', level: 'medium' });
    expect(result.actions?.[0]).toMatch(/district nurse the same day/);
  });

  test('category 2 is high; more than one ulcer brings the safeguarding decision guide', () => {
    expect(pressureDamageResult([{ type: 'pressure-ulcer', category: 'category-2', status: 'improving', location: 'sacrum' }])).toMatchObject({ band: 'Category 2 pressure ulcer', level: 'high' });
    const two = pressureDamageResult([
      { type: 'pressure-ulcer', category: 'category-1', status: 'static', location: 'right heel' },
      { type: 'pressure-ulcer', category: 'category-2', status: 'new', location: 'left heel' },
    ]);
    expect(two).toMatchObject({ value: 'Category 2, left heel (2 open)', level: 'high' });
    expect(two.actions?.at(-1)).toMatch(/safeguarding decision guide/);
  });

  test('category 3, 4, unstageable and deep tissue injury are very high: safeguarding guide and CQC question', () => {
    for (const category of ['category-3', 'category-4', 'unstageable', 'deep-tissue-injury']) {
      const result = pressureDamageResult([{ type: 'pressure-ulcer', category, status: 'new' }]);
      expect(result).toMatchObject({ band: 'Serious pressure damage', level: 'very-high' });
      expect(result.actions?.join(' ')).toMatch(/CQC/);
    }
    expect(pressureDamageResult([{ type: 'pressure-ulcer', category: 'category-1' }, { type: 'pressure-ulcer', category: 'category-4' }]).value).toBe('Category 4 (2 open)');
  });

  test('bruises: explained ones are low; unexplained marks are a safeguarding concern', () => {
    const marks = [{ type: 'bruise', status: 'new' }, { type: 'skin-tear', status: 'healed' }];
    expect(bruisesResult(marks, false)).toMatchObject({ value: 1, band: 'Explained', level: 'low' });
    expect(bruisesResult([], false)).toMatchObject({ value: 0, level: 'none' });
    expect(bruisesResult(marks, true)).toMatchObject({ band: 'Unexplained marks', level: 'high' });
  });
});
