import type { DocumentOption, DocumentResult } from '@hcm/contract/documents';

// Seizure safety at home. Seizure types use the International League Against Epilepsy's 2017 names. Convulsive
// (tonic-clonic) seizures that are not controlled carry the highest risk: prolonged seizures (status epilepticus:
// an emergency at 5 minutes) and sudden unexpected death in epilepsy (SUDEP), higher with seizures at night and
// no one to hear them (NICE NG217, Epilepsies in children, young people and adults, 2022). Bathing is the most
// common place of drowning in epilepsy: showers, not baths.

export const SEIZURE_TYPES: readonly DocumentOption[] = [
  { value: 'tonic-clonic', label: 'Tonic-clonic (convulsive)' },
  { value: 'focal-to-bilateral', label: 'Focal to bilateral tonic-clonic' },
  { value: 'focal-aware', label: 'Focal aware' },
  { value: 'focal-impaired', label: 'Focal impaired awareness' },
  { value: 'absence', label: 'Absence' },
  { value: 'myoclonic', label: 'Myoclonic (jerks)' },
  { value: 'atonic', label: 'Atonic (drop)' },
  { value: 'tonic', label: 'Tonic (stiffening)' },
  { value: 'non-epileptic', label: 'Non-epileptic (dissociative) seizure' },
];

export const SEIZURE_FREQUENCY: readonly DocumentOption[] = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'About monthly' },
  { value: 'few-months', label: 'Every few months' },
  { value: 'yearly', label: 'Once a year or less' },
  { value: 'seizure-free', label: 'Seizure-free for over a year' },
];

const CONVULSIVE = ['tonic-clonic', 'focal-to-bilateral'];
const FALLS_RISK = ['atonic', 'tonic'];

export type SeizureProfile = {
  /** The person has epilepsy or seizures (false: the assessment records none). */
  hasSeizures: boolean | null;
  types: readonly string[];
  frequency?: string;
  rescueMedication?: boolean | null;
  /** Seizures happen at night or in sleep. */
  nightSeizures?: boolean | null;
  nightMonitoring?: string;
};

/** The seizure-safety result: how serious the person's seizures are at home, and what must be in place. */
export function seizureSafetyResult(profile: SeizureProfile): DocumentResult {
  const label = 'Seizure safety';
  if (profile.hasSeizures === false) return { key: 'seizure_safety', label, value: 'No seizures', band: 'No epilepsy or seizures', level: 'none', actions: [] };
  if (profile.hasSeizures === null || profile.types.length === 0) {
    return { key: 'seizure_safety', label, value: null, band: 'Not assessed', level: 'none', actions: ['Describe each type of seizure the person has.'] };
  }
  const convulsive = profile.types.some((type) => CONVULSIVE.includes(type));
  const drops = profile.types.some((type) => FALLS_RISK.includes(type));
  if (profile.frequency === 'seizure-free') {
    return {
      key: 'seizure_safety',
      label,
      value: 'Seizure-free',
      band: 'Seizure-free over a year',
      level: 'low',
      actions: ['Keep medicines on time: a missed dose is the commonest trigger.', 'Keep the seizure plan known to every carer.'],
    };
  }
  if (convulsive) {
    return {
      key: 'seizure_safety',
      label,
      value: 'Convulsive seizures',
      band: 'Convulsive seizures not controlled',
      level: 'high',
      actions: [
        'Every carer knows the seizure plan: time the seizure, protect the head, recovery position after, and when to call 999.',
        'Call 999 if a convulsive seizure lasts 5 minutes (or longer than usual), one follows another without recovery, or the person is injured or struggling to breathe.',
        profile.rescueMedication
          ? 'Rescue medication only by carers trained in it, exactly as the protocol says.'
          : 'No rescue medication: ask the epilepsy nurse or GP whether the person needs it.',
        ...(profile.nightSeizures === false
          ? []
          : profile.nightMonitoring && profile.nightMonitoring !== 'none'
            ? ['Check the night monitoring works at each evening call.']
            : ['Seizures at night with no one to hear them: ask the epilepsy nurse about night monitoring (SUDEP risk).']),
        'Showers, not baths; the bathroom door unlocked.',
      ],
    };
  }
  return {
    key: 'seizure_safety',
    label,
    value: 'Seizures',
    band: drops ? 'Seizures with falls' : 'Non-convulsive seizures',
    level: 'medium',
    actions: [
      'Every carer knows what the person’s seizures look like and what to do.',
      ...(drops ? ['Drop seizures: protect from falls (helmet if prescribed, soft furnishings, no hot drinks carried).'] : []),
      'Record every seizure on the seizure chart and tell the epilepsy nurse of any change.',
    ],
  };
}
