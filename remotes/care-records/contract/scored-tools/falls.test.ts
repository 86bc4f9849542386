import { FRAT_COGNITION, FRAT_MEDICATIONS, FRAT_PSYCHOLOGICAL, FRAT_RECENT_FALLS, fallsHistoryResult, fallsReferral, fratBand, fratCognitionOf, fratResult, fratScore } from './falls';

// Golden values from FRAT part 1 (Peninsula Health): recent falls 2/4/6/8, medications 1–4, psychological 1–4,
// cognition 1–4; 5–11 low, 12–15 medium, 16–20 high; automatic high for a recent change or dizziness.

const scores = (options: readonly { score?: number }[]) => options.map((option) => option.score);

describe('FRAT', () => {
  test('holds the tool’s points', () => {
    expect(scores(FRAT_RECENT_FALLS)).toEqual([2, 4, 6, 8]);
    expect(scores(FRAT_MEDICATIONS)).toEqual([1, 2, 3, 4]);
    expect(scores(FRAT_PSYCHOLOGICAL)).toEqual([1, 2, 3, 4]);
    expect(scores(FRAT_COGNITION)).toEqual([1, 2, 3, 4]);
  });

  test('maps the AMTS to the cognition item', () => {
    expect([10, 9, 8, 7, 6, 5, 4, 0].map(fratCognitionOf)).toEqual(['intact', 'intact', 'mild', 'mild', 'moderate', 'moderate', 'severe', 'severe']);
  });

  test('scores 5 (the least) as low risk and 20 (the most) as high', () => {
    expect(fratResult({ recentFalls: 'none', medications: 'none', psychological: 'none', cognition: 'intact' })).toMatchObject({ key: 'frat', value: 5, band: 'Low risk', level: 'low' });
    expect(fratResult({ recentFalls: 'last-3-months-in-care', medications: 'more', psychological: 'severe', cognition: 'severe' })).toMatchObject({ value: 20, band: 'High risk', level: 'high' });
  });

  test('11 low / 12 medium: a fall 4 months ago, two medicines, mild anxiety, AMTS 8 = 4 + 3 + 2 + 2 = 11; a fall last month = 13', () => {
    const answers = { recentFalls: '3-12-months', medications: 'two', psychological: 'mild', cognition: 'mild' };
    expect(fratScore(answers)).toBe(11);
    expect(fratResult(answers)).toMatchObject({ band: 'Low risk', level: 'low' });
    expect(fratResult({ ...answers, recentFalls: 'last-3-months' })).toMatchObject({ value: 13, band: 'Medium risk', level: 'medium' });
  });

  test('15 medium / 16 high: a fall in the last 3 months (6), more than two medicines (4), moderate anxiety (3), AMTS 8 (2) = 15; AMTS 6 (3) = 16', () => {
    const fifteen = { recentFalls: 'last-3-months', medications: 'more', psychological: 'moderate', cognition: 'mild' };
    expect(fratResult({ ...fifteen, cognition: 'intact' })).toMatchObject({ value: 14, band: 'Medium risk' });
    expect(fratResult(fifteen)).toMatchObject({ value: 15, band: 'Medium risk', level: 'medium' });
    const sixteen = fratResult({ ...fifteen, cognition: 'moderate' });
    expect(sixteen).toMatchObject({ value: 16, band: 'High risk', level: 'high' });
    expect(sixteen.actions?.join(' ')).toMatch(/community falls service/);
    expect(sixteen.actions?.join(' ')).toMatch(/medication review/);
    expect(sixteen.actions?.join(' ')).toMatch(/home hazard assessment/);
    expect(sixteen.actions?.join(' ')).toMatch(/Strength and balance/);
  });

  test('dizziness or a recent change makes any score high', () => {
    const answers = { recentFalls: 'none', medications: 'one', psychological: 'none', cognition: 'intact' };
    expect(fratResult({ ...answers, dizziness: true })).toMatchObject({ value: 6, band: 'High risk (automatic)', level: 'high' });
    expect(fratResult({ ...answers, recentChange: true }).level).toBe('high');
    expect(fratResult({ ...answers, recentChange: false, dizziness: false }).level).toBe('low');
    expect(fratBand(18, true).band).toBe('High risk');
  });

  test('does not score until the four items are answered', () => {
    expect(fratResult({ recentFalls: 'none', medications: 'one', psychological: 'none' })).toMatchObject({ value: null, level: 'none' });
  });
});

describe('falls case-finding (NICE NG249) and history', () => {
  test('refers for a multifactorial assessment on any of NICE’s reasons, never on the score', () => {
    expect(fallsReferral({ fallsInPast12Months: 1, fallWithInjury: false, gaitOrBalanceProblems: false })).toMatchObject({ value: 'Not indicated', level: 'low' });
    const refer = fallsReferral({ fallsInPast12Months: 2, fallWithInjury: true, frailty: true });
    expect(refer).toMatchObject({ value: 'Refer', level: 'medium' });
    expect(refer.actions?.[0]).toMatch(/two or more falls.*a fall with injury.*frailty/);
  });

  test('counts falls in the 12 months up to a day, and flags recurrent or injurious falls or a long lie', () => {
    const asOf = '2026-11-24';
    expect(fallsHistoryResult([], asOf)).toMatchObject({ value: 0, level: 'low' });
    expect(fallsHistoryResult([{ date: '2025-11-24', injury: 'fracture' }], asOf)).toMatchObject({ value: 0 });
    expect(fallsHistoryResult([{ date: '2025-11-25', injury: 'none' }], asOf)).toMatchObject({ value: 1, band: 'One fall', level: 'medium' });
    expect(fallsHistoryResult([{ date: '2026-10-02', injury: 'fracture' }], asOf)).toMatchObject({ value: 1, band: 'Fall with injury', level: 'high' });
    expect(fallsHistoryResult([{ date: '2026-10-02', injury: 'none', gotUp: 'long-lie' }], asOf)).toMatchObject({ value: 1, band: 'Fall with a long lie', level: 'high' });
    const recurrent = fallsHistoryResult([{ date: '2026-03-01', injury: 'none' }, { date: '2026-09-12', injury: 'none' }, { date: '2026-12-01', injury: 'none' }], asOf);
    expect(recurrent).toMatchObject({ value: 2, band: 'Recurrent falls', level: 'high' });
    expect(recurrent.actions?.[0]).toMatch(/recurrent falls/);
  });
});
