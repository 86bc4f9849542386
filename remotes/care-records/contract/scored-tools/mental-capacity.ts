import type { DocumentResult } from '@hcm/contract/documents';

// The Mental Capacity Act 2005 test of capacity for one decision at one time. Stage 1 (s.2(1)): is there an
// impairment of, or a disturbance in the functioning of, the mind or brain? Stage 2 (s.3(1)): is the person
// unable to understand the information relevant to the decision, retain it, use or weigh it, or communicate the
// decision (by any means)? Being unable to do any one of the four is enough; the inability must be because of
// the impairment (the "causative nexus", A Local Authority v JB [2021] UKSC 52), and a person is not treated as
// unable until all practicable steps to help them have failed (s.1(3)). Capacity is presumed (s.1(2)).

export type CapacityOutcome = 'has-capacity' | 'lacks-capacity' | 'not-determined';

export const CAPACITY_OUTCOME_LABELS: Record<CapacityOutcome, string> = {
  'has-capacity': 'has capacity for this decision',
  'lacks-capacity': 'lacks capacity for this decision',
  'not-determined': 'not yet determined',
};

export type CapacityAnswers = {
  /** Stage 1. */
  impairment?: boolean | null;
  /** Stage 2: whether the person is able to… */
  understand?: boolean | null;
  retain?: boolean | null;
  useOrWeigh?: boolean | null;
  communicate?: boolean | null;
  /** The inability is because of the impairment or disturbance. */
  causedByImpairment?: boolean | null;
  /** All practicable steps were taken to help the person decide. */
  practicableStepsTaken?: boolean | null;
};

const ABILITIES = [
  ['understand', 'understand the relevant information'],
  ['retain', 'retain it'],
  ['useOrWeigh', 'use or weigh it'],
  ['communicate', 'communicate the decision'],
] as const;

/** The outcome of the two-stage test, and what is still missing or why. */
export function capacityOutcome(answers: CapacityAnswers): { outcome: CapacityOutcome; reasons: string[] } {
  const unable = ABILITIES.filter(([key]) => answers[key] === false).map(([, words]) => words);
  const unanswered = ABILITIES.filter(([key]) => typeof answers[key] !== 'boolean').map(([, words]) => words);
  if (answers.impairment === false) {
    return { outcome: 'has-capacity', reasons: ['No impairment or disturbance of the mind or brain: capacity is presumed (s.2(1)).'] };
  }
  if (unable.length === 0 && unanswered.length === 0) {
    return { outcome: 'has-capacity', reasons: ['Able to understand, retain, use or weigh the information and communicate the decision (s.3(1)).'] };
  }
  if (answers.impairment !== true) {
    return { outcome: 'not-determined', reasons: ['Stage 1 is not answered: is there an impairment of, or disturbance in the functioning of, the mind or brain?'] };
  }
  if (unable.length === 0) {
    return { outcome: 'not-determined', reasons: [`Stage 2 is not finished: whether the person can ${unanswered.join(', ')}.`] };
  }
  if (answers.causedByImpairment === false) {
    return { outcome: 'has-capacity', reasons: ['The inability is not because of the impairment or disturbance, so the Act does not treat the person as lacking capacity.'] };
  }
  if (answers.causedByImpairment !== true) {
    return { outcome: 'not-determined', reasons: ['Say whether the inability to decide is because of the impairment or disturbance.'] };
  }
  if (answers.practicableStepsTaken !== true) {
    return { outcome: 'not-determined', reasons: ['Not every practicable step to help the person decide has been taken yet (s.1(3)).'] };
  }
  return { outcome: 'lacks-capacity', reasons: [`Because of the impairment, unable to ${unable.join(', ')} (s.2(1), s.3(1)).`] };
}

/** The two-stage test as a document result: the outcome in words, with what follows from it. */
export function capacityResult(answers: CapacityAnswers): DocumentResult {
  const { outcome, reasons } = capacityOutcome(answers);
  const label = 'Mental capacity';
  const value = CAPACITY_OUTCOME_LABELS[outcome];
  switch (outcome) {
    case 'has-capacity':
      return {
        key: 'capacity',
        label,
        value,
        band: 'Has capacity',
        level: 'none',
        actions: [
          ...reasons,
          'The person makes this decision; support it and respect it, even if it seems unwise (s.1(4)).',
          'Record any risk the decision carries and how it is managed (Best-interests risk assessment tab).',
        ],
      };
    case 'lacks-capacity':
      return {
        key: 'capacity',
        label,
        value,
        band: 'Lacks capacity',
        level: 'medium',
        actions: [
          ...reasons,
          'If a health and welfare attorney (LPA) or a deputy has authority for this decision, they make it; check the registered LPA or the court order.',
          'Otherwise the decision maker decides in the person’s best interests (s.4): complete the best-interests record.',
          'Instruct an IMCA if there is no one appropriate to consult and the decision is serious medical treatment or a long-term move (s.37–39).',
          'Reassess if capacity may return, and for each new decision.',
        ],
      };
    case 'not-determined':
      return { key: 'capacity', label, value, band: 'Not yet determined', level: 'low', actions: [...reasons, 'Until it is determined, capacity is presumed (s.1(2)).'] };
  }
}

/** The best-interests checklist of s.4 (and s.1(6)): what the record must show was considered. */
export type BestInterestsChecklist = {
  /** s.4(1): not decided on the person's age, appearance, condition or behaviour alone. */
  notOnAppearance?: boolean | null;
  /** s.4(3): whether, and when, the person may regain capacity. */
  mayRegainCapacity?: string;
  /** s.4(4): how the person was helped to take part. */
  participation?: string;
  /** s.4(6)(a): past and present wishes and feelings. */
  wishesAndFeelings?: string;
  /** s.4(6)(b): beliefs and values. */
  beliefsAndValues?: string;
  /** s.4(7): how many people were consulted (carers, family, attorney, deputy, anyone named). */
  peopleConsulted?: number;
  /** s.1(6): the least restrictive option. */
  leastRestrictive?: string;
};

const answered = (text: string | undefined) => typeof text === 'string' && text.trim() !== '';

const CHECKLIST: readonly [string, (checklist: BestInterestsChecklist) => boolean][] = [
  ['not decided on age, appearance, condition or behaviour alone (s.4(1))', (checklist) => checklist.notOnAppearance === true],
  ['whether the person may regain capacity (s.4(3))', (checklist) => answered(checklist.mayRegainCapacity)],
  ['how the person took part (s.4(4))', (checklist) => answered(checklist.participation)],
  ['the person’s wishes and feelings (s.4(6)(a))', (checklist) => answered(checklist.wishesAndFeelings)],
  ['their beliefs and values (s.4(6)(b))', (checklist) => answered(checklist.beliefsAndValues)],
  ['the people consulted (s.4(7))', (checklist) => (checklist.peopleConsulted ?? 0) > 0],
  ['the least restrictive option (s.1(6))', (checklist) => answered(checklist.leastRestrictive)],
];

/** How much of the best-interests checklist the record shows, with what is still missing. */
export function bestInterestsResult(checklist: BestInterestsChecklist): DocumentResult {
  const missing = CHECKLIST.filter(([, done]) => !done(checklist)).map(([item]) => item);
  const considered = CHECKLIST.length - missing.length;
  const label = 'Best-interests checklist';
  if (missing.length === 0) {
    return { key: 'best_interests', label, value: considered, unit: `of ${CHECKLIST.length} considered`, band: 'Complete', level: 'none', actions: ['Review the decision when circumstances change.'] };
  }
  return {
    key: 'best_interests',
    label,
    value: considered,
    unit: `of ${CHECKLIST.length} considered`,
    band: 'Incomplete',
    level: 'medium',
    actions: missing.map((item) => `Record ${item}.`),
  };
}
