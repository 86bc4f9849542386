import { bestInterestsResult, capacityOutcome, capacityResult } from './mental-capacity';

// The Mental Capacity Act 2005 two-stage test: worked outcomes.

const ABLE = { understand: true, retain: true, useOrWeigh: true, communicate: true };

describe('Mental Capacity Act two-stage test', () => {
  test('no impairment or disturbance: capacity is presumed, whatever stage 2 would say', () => {
    expect(capacityOutcome({ impairment: false }).outcome).toBe('has-capacity');
    expect(capacityResult({ impairment: false, understand: false })).toMatchObject({ key: 'capacity', value: 'has capacity for this decision', level: 'none' });
  });

  test('impairment but able to do all four: has capacity, and an unwise decision is still theirs', () => {
    const result = capacityResult({ impairment: true, ...ABLE });
    expect(result.value).toBe('has capacity for this decision');
    expect(result.actions?.join(' ')).toMatch(/unwise \(s\.1\(4\)\)/);
  });

  test('unable to retain, because of the impairment, every practicable step taken: lacks capacity', () => {
    const answers = { impairment: true, ...ABLE, retain: false, causedByImpairment: true, practicableStepsTaken: true };
    const result = capacityResult(answers);
    expect(result).toMatchObject({ value: 'lacks capacity for this decision', band: 'Lacks capacity', level: 'medium' });
    expect(result.actions?.[0]).toMatch(/unable to retain it/);
    expect(result.actions?.join(' ')).toMatch(/best interests \(s\.4\)/);
  });

  test('one inability is enough even if the others are not yet assessed', () => {
    expect(capacityOutcome({ impairment: true, understand: false, causedByImpairment: true, practicableStepsTaken: true }).outcome).toBe('lacks-capacity');
  });

  test('not yet determined while stage 1, stage 2, the causal link or the support steps are missing', () => {
    expect(capacityResult({}).value).toBe('not yet determined');
    expect(capacityOutcome({ impairment: true, understand: true, retain: true }).outcome).toBe('not-determined');
    expect(capacityOutcome({ impairment: null, understand: false }).outcome).toBe('not-determined');
    expect(capacityOutcome({ impairment: true, ...ABLE, communicate: false, practicableStepsTaken: true }).outcome).toBe('not-determined');
    const steps = capacityOutcome({ impairment: true, ...ABLE, communicate: false, causedByImpairment: true, practicableStepsTaken: false });
    expect(steps.outcome).toBe('not-determined');
    expect(steps.reasons[0]).toMatch(/practicable step/);
  });

  test('an inability not caused by the impairment is not a lack of capacity under the Act', () => {
    expect(capacityOutcome({ impairment: true, ...ABLE, useOrWeigh: false, causedByImpairment: false }).outcome).toBe('has-capacity');
  });
});

describe('best-interests checklist (s.4)', () => {
  const complete = {
    notOnAppearance: true,
    mayRegainCapacity: 'Unlikely: dementia is progressing.',
    participation: 'Talked it through at her kitchen table in the morning, her best time.',
    wishesAndFeelings: 'Wants to stay at home.',
    beliefsAndValues: 'Independence matters to her; Catholic.',
    peopleConsulted: 2,
    leastRestrictive: 'A locked box for warfarin only.',
  };

  test('complete when all seven items are recorded', () => {
    expect(bestInterestsResult(complete)).toMatchObject({ key: 'best_interests', value: 7, unit: 'of 7 considered', band: 'Complete', level: 'none' });
  });

  test('lists what is missing', () => {
    const result = bestInterestsResult({ ...complete, peopleConsulted: 0, beliefsAndValues: '  ', notOnAppearance: false });
    expect(result).toMatchObject({ value: 4, band: 'Incomplete', level: 'medium' });
    expect(result.actions).toEqual([
      'Record not decided on age, appearance, condition or behaviour alone (s.4(1)).',
      'Record their beliefs and values (s.4(6)(b)).',
      'Record the people consulted (s.4(7)).',
    ]);
  });
});
