import { seizureSafetyResult } from './epilepsy';

describe('seizure safety', () => {
  test('uncontrolled convulsive seizures are high, with the 999 rule, and ask for what is missing', () => {
    const result = seizureSafetyResult({ hasSeizures: true, types: ['tonic-clonic', 'focal-impaired'], frequency: 'monthly', rescueMedication: false, nightSeizures: true, nightMonitoring: 'none' });
    expect(result).toMatchObject({ key: 'seizure_safety', band: 'Convulsive seizures not controlled', level: 'high' });
    expect(result.actions?.join(' ')).toMatch(/Call 999 if a convulsive seizure lasts 5 minutes/);
    expect(result.actions?.join(' ')).toMatch(/whether the person needs it/);
    expect(result.actions?.join(' ')).toMatch(/SUDEP/);
    const covered = seizureSafetyResult({ hasSeizures: true, types: ['tonic-clonic'], frequency: 'monthly', rescueMedication: true, nightMonitoring: 'sensor' });
    expect(covered.actions?.join(' ')).toMatch(/Rescue medication only by carers trained/);
    expect(covered.actions?.join(' ')).not.toMatch(/SUDEP/);
    expect(covered.actions?.join(' ')).toMatch(/night monitoring works/);
    const daytime = seizureSafetyResult({ hasSeizures: true, types: ['tonic-clonic'], frequency: 'monthly', rescueMedication: true, nightSeizures: false, nightMonitoring: 'none' });
    expect(daytime.actions?.join(' ')).not.toMatch(/night/);
  });

  test('seizure-free for a year is low; non-convulsive seizures medium, drops with falls advice', () => {
    expect(seizureSafetyResult({ hasSeizures: true, types: ['tonic-clonic'], frequency: 'seizure-free' })).toMatchObject({ level: 'low' });
    expect(seizureSafetyResult({ hasSeizures: true, types: ['absence'], frequency: 'weekly' })).toMatchObject({ band: 'Non-convulsive seizures', level: 'medium' });
    expect(seizureSafetyResult({ hasSeizures: true, types: ['atonic'], frequency: 'weekly' }).actions?.join(' ')).toMatch(/falls/);
  });

  test('no seizures, or not yet described', () => {
    expect(seizureSafetyResult({ hasSeizures: false, types: [] })).toMatchObject({ level: 'none', band: 'No epilepsy or seizures' });
    expect(seizureSafetyResult({ hasSeizures: true, types: [] })).toMatchObject({ value: null, band: 'Not assessed' });
  });
});
