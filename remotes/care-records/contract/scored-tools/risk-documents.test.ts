import * as v from 'valibot';
import { documentSchema, emptyValues, type DocumentResult, type DocumentValues } from '@hcm/contract/documents';
import { RISKS_DOCUMENTS } from '../documents/risks';

// The risk documents' results read their answers by key and hand them to the scored tools: a mistyped key would
// leave a score unscored. Each case fills a document as a user would and checks the figure and band shown.

const spec = (name: string) => {
  const found = RISKS_DOCUMENTS.find((document) => document.name === name);
  if (!found) throw new Error(`no ${name} declaration`);
  return found;
};

/** The results of a complete, valid document (it must pass the active schema first). */
function resultsOf(name: string, answers: DocumentValues): DocumentResult[] {
  const document = spec(name);
  const parsed = v.safeParse(documentSchema(document, { complete: true }), { ...emptyValues(document), ...answers });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.issues.map((issue) => issue.message)));
  return document.results?.(parsed.output as DocumentValues) ?? [];
}

const signed = { name: 'Oliver Office', role: 'Care coordinator', signed_at: '2026-11-20T10:30:00.000Z' };
const byKey = (results: DocumentResult[], key: string) => results.find((result) => result.key === key);

test('the Waterlow document scores its card: 20 is very high, with the BMI from height and weight', () => {
  const results = resultsOf('pressure-area-assessment', {
    weighed: true,
    height_cm: 155,
    weight_kg: 43.7, // BMI 18.2: below average, 3
    skin: ['tissue-paper', 'broken'], // 4
    continence: 'urinary', // 1
    mobility: 'restricted', // 3
    sex: 'female', // 2
    age_band: '81-plus', // 5
    weight_lost: 'yes',
    weight_loss_amount: '0.5-5', // 1
    eating_poorly: 'yes', // 1
    neurological_deficit: 'none',
    major_surgery: 'none',
    theatre_time: 'none',
    medication: 'none',
    areas_checked: ['heels'],
    skin_today: 'Category 2 on the left heel.',
    mattress: 'alternating-mattress',
    cushion: 'gel-foam',
    repositioning: 'four-hourly',
    district_nurse_involved: true,
    plan_notes: 'District nurse plan.',
    assessed_by: signed,
  });
  expect(byKey(results, 'waterlow')).toMatchObject({ value: 20, band: 'Very high risk', level: 'very-high' });
  expect(byKey(results, 'bmi')).toMatchObject({ value: 18.2, band: 'Underweight' });
});

test('the nutrition document scores MUST 3 from height, weight and the weight 5 months ago', () => {
  const results = resultsOf('nutrition', {
    height_source: 'recalled',
    height_cm: 155,
    weight_source: 'measured',
    weight_kg: 43.7,
    previous_weight_known: true,
    previous_weight_kg: 47.5,
    previous_weight_date: '2026-06-20',
    acutely_ill_no_intake: false,
    appetite: 'poor',
    help_to_eat: 'set-up',
    food_first: 'Soups.',
    screened_by: signed,
  });
  expect(byKey(results, 'must')).toMatchObject({ value: 3, band: 'High risk', level: 'high' });
  expect(byKey(results, 'weight_loss')).toMatchObject({ value: 8, band: 'MUST step 2 score 1' });
});

test('issue 28: the Waterlow document bands build on the exact BMI (19.96 shows as 20.0 and is below average, 3)', () => {
  const results = resultsOf('pressure-area-assessment', {
    weighed: true,
    height_cm: 160,
    weight_kg: 51.1, // BMI 19.961
    skin: ['tissue-paper', 'broken'],
    continence: 'urinary',
    mobility: 'restricted',
    sex: 'female',
    age_band: '81-plus',
    weight_lost: 'yes',
    weight_loss_amount: '0.5-5',
    eating_poorly: 'yes',
    neurological_deficit: 'none',
    major_surgery: 'none',
    theatre_time: 'none',
    medication: 'none',
    areas_checked: ['heels'],
    skin_today: 'Category 2 on the left heel.',
    mattress: 'alternating-mattress',
    cushion: 'gel-foam',
    repositioning: 'four-hourly',
    district_nurse_involved: true,
    plan_notes: 'District nurse plan.',
    assessed_by: signed,
  });
  expect(byKey(results, 'waterlow')).toMatchObject({ value: 20, band: 'Very high risk' });
  expect(byKey(results, 'bmi')).toMatchObject({ value: 20, band: 'Healthy weight' });
});

const nutrition = (answers: DocumentValues) =>
  resultsOf('nutrition', {
    height_source: 'recalled',
    height_cm: 160,
    weight_source: 'measured',
    acutely_ill_no_intake: false,
    appetite: 'fair',
    help_to_eat: 'set-up',
    food_first: 'Soups.',
    screened_by: signed,
    ...answers,
  });

test('issue 28: the nutrition document scores MUST on the exact BMI and per cent lost, and shows them rounded', () => {
  // 59.4 kg at 179.3 cm: BMI 18.477, shown 18.5, scores 2; 62.5 kg five months ago: 4.96 % lost, shown 5.0, scores 0.
  const results = nutrition({ height_cm: 179.3, weight_kg: 59.4, previous_weight_known: true, previous_weight_kg: 62.5, previous_weight_date: '2026-06-20', weight_loss_planned: false });
  expect(byKey(results, 'bmi')).toMatchObject({ value: 18.5, band: 'Underweight' });
  expect(byKey(results, 'weight_loss')).toMatchObject({ value: 5, band: 'MUST step 2 score 0' });
  expect(byKey(results, 'must')).toMatchObject({ value: 2, band: 'High risk' });
});

test('issue 28: a planned weight loss shows the step 2 score the total uses (0) and why', () => {
  // 65 kg at 160 cm (BMI 25.4, 0) after 74 kg: 12.2 % lost, which would score 2 unplanned.
  const results = nutrition({ weight_kg: 65, previous_weight_known: true, previous_weight_kg: 74, previous_weight_date: '2026-06-20', weight_loss_planned: true });
  expect(byKey(results, 'must')).toMatchObject({ value: 0, band: 'Low risk' });
  const row = byKey(results, 'weight_loss');
  expect(row).toMatchObject({ value: 12.2 });
  expect(row?.band).toMatch(/^MUST step 2 score 0 \(planned loss/);
  expect(row?.band).not.toMatch(/score 2/);
  // Unplanned, the same loss scores 2 in the row and the total.
  const unplanned = nutrition({ weight_kg: 65, previous_weight_known: true, previous_weight_kg: 74, previous_weight_date: '2026-06-20', weight_loss_planned: false });
  expect(byKey(unplanned, 'weight_loss')?.band).toBe('MUST step 2 score 2');
  expect(byKey(unplanned, 'must')).toMatchObject({ value: 2 });
});

test('the nutrition document uses the judged scores when the person cannot be weighed', () => {
  const results = resultsOf('nutrition', {
    height_source: 'ulna',
    height_cm: 160,
    weight_source: 'not-possible',
    bmi_judged: '1',
    previous_weight_known: false,
    weight_loss_judged: '1',
    acutely_ill_no_intake: false,
    appetite: 'fair',
    help_to_eat: 'prompting',
    food_first: 'Snacks.',
    screened_by: signed,
  });
  expect(results.map((result) => result.key)).toEqual(['must']);
  expect(byKey(results, 'must')).toMatchObject({ value: 2, band: 'High risk' });
});

test('the falls assessment scores FRAT, flags an AMTS that disagrees, and refers on NICE’s reasons', () => {
  const results = resultsOf('falls-risk-assessment', {
    falls_past_12_months: 2,
    fall_with_injury: false,
    unable_to_get_up: false,
    gait_balance_problems: false,
    frailty: false,
    fear_of_falling: false,
    frat_recent_falls: 'last-3-months', // 6
    frat_medications: 'two', // 3
    frat_medication_names: 'Amlodipine, furosemide',
    frat_psychological: 'moderate', // 3
    amts: 5,
    frat_cognition: 'moderate', // 3
    frat_recent_change: false,
    frat_dizziness: false,
    risk_factor_notes: 'Unsteady.',
    actions_agreed: 'Falls service.',
    person_agrees: true,
    assessed_by: signed,
  });
  expect(byKey(results, 'frat')).toMatchObject({ value: 15, band: 'Medium risk' });
  expect(byKey(results, 'falls_referral')).toMatchObject({ value: 'Refer' });
  const mismatch = resultsOf('falls-risk-assessment', {
    ...{ falls_past_12_months: 0, fall_with_injury: false, unable_to_get_up: false, gait_balance_problems: false, frailty: false, fear_of_falling: false },
    ...{ frat_recent_falls: 'none', frat_medications: 'none', frat_psychological: 'none', amts: 4, frat_cognition: 'intact', frat_recent_change: false, frat_dizziness: false },
    ...{ risk_factor_notes: '-', actions_agreed: '-', person_agrees: true, assessed_by: signed },
  });
  expect(byKey(mismatch, 'frat')?.actions?.[0]).toBe('Check the cognitive status: an AMTS of 4 is “Severely impaired (AMTS 4 or less)”.');
  expect(byKey(mismatch, 'falls_referral')).toMatchObject({ value: 'Not indicated' });
});

test('the fluid chart totals each day against the target', () => {
  const results = resultsOf('fluid-intake', {
    daily_target_ml: 1600,
    target_set_by: 'guidance',
    fluid_limit: false,
    preferred_drinks: 'Tea.',
    thickened_fluids: false,
    intake: [
      { date: '2026-11-20', time: '08:00', drink: 'Tea', ml: 900, how: 'prompted', note: '' },
      { date: '2026-11-20', time: '17:00', drink: 'Water', ml: 800, how: 'left', note: '' },
      { date: '2026-11-21', time: '08:00', drink: 'Tea', ml: 700, how: 'prompted', note: '' },
    ],
  });
  expect(results.map((result) => [result.value, result.band])).toEqual([
    [1700, 'Target met'],
    [700, 'Far below target'],
    [1, 'Below target some days'],
  ]);
});

test('the capacity document gives the two-stage outcome and checks the best-interests record', () => {
  const base = {
    decision: 'Medicines in a locked box.',
    why_assess: 'Overdoses.',
    urgency: 'weeks',
    relevant_information: 'Options.',
    support_steps: ['best-time'],
    support_details: 'At home.',
    all_steps_taken: true,
    impairment: true,
    impairment_details: 'Dementia.',
    can_understand: true,
    understand_evidence: '-',
    can_retain: false,
    retain_evidence: '-',
    can_use_weigh: true,
    use_weigh_evidence: '-',
    can_communicate: true,
    communicate_evidence: '-',
    caused_by_impairment: true,
    assessor_reasons: '-',
    person_told: true,
    assessed_on: '2026-11-01',
    assessor: signed,
  };
  const lacks = resultsOf('mental-capacity', { ...base, best_interests_needed: false });
  expect(lacks).toHaveLength(1);
  expect(lacks[0]).toMatchObject({ value: 'lacks capacity for this decision' });
  expect(lacks[0]?.actions?.[0]).toMatch(/record the best-interests decision/);
  const withRecord = resultsOf('mental-capacity', {
    ...base,
    best_interests_needed: true,
    authority: 'welfare-attorney',
    decision_maker: 'Susan Ellison, attorney',
    consulted: [{ name: 'Susan Ellison', relationship: 'attorney', views: 'Agrees.', date: '2026-11-01' }],
    participation: 'Took part.',
    wishes_feelings: 'Stay at home.',
    beliefs_values: 'Independence.',
    regain_capacity: 'Unlikely.',
    options_considered: [{ option: 'Locked box', benefits: 'Safe.', burdens: 'Less control.' }],
    least_restrictive: 'Box for two medicines only.',
    not_on_appearance: true,
    best_interests_decision: 'Locked box.',
    decision_signed: signed,
  });
  expect(byKey(withRecord, 'best_interests')).toMatchObject({ value: 7, band: 'Complete' });
});

test('the skin record shows the worst open pressure ulcer', () => {
  const results = resultsOf('pressure-ulcer-bruise', {
    checked_on: '2026-11-20',
    skin_overall: 'marks',
    marks: [
      { location: 'Sacrum', type: 'pressure-ulcer', category: 'unstageable', first_noted: '2026-11-19', length_cm: 3, width_cm: 2, description: 'Slough.', status: 'new', nurse_informed: true, photo_taken: true },
    ],
    district_nurse_informed: true,
    unexplained_marks: false,
    care_actions: 'District nurse.',
    checked_by: signed,
  });
  expect(byKey(results, 'pressure_damage')).toMatchObject({ value: 'Unstageable, Sacrum', level: 'very-high' });
});
