import { PERSON_DEMO_DOCUMENTS } from './person.js';
import { PLANS_DEMO_DOCUMENTS } from './plans.js';
import { RISKS_DEMO_DOCUMENTS } from './risks.js';
import { RISKS_SAFETY_DEMO_DOCUMENTS } from './risks-safety.js';
import type { DemoDocument } from './types.js';

/** Every demo record document, seeded with its versions by ../demo-seed.ts. */
export const DEMO_DOCUMENTS: readonly DemoDocument[] = [
  ...PERSON_DEMO_DOCUMENTS,
  ...PLANS_DEMO_DOCUMENTS,
  ...RISKS_DEMO_DOCUMENTS,
  ...RISKS_SAFETY_DEMO_DOCUMENTS,
];

export type { DemoDocument } from './types.js';
