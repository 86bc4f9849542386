import type { DemoDocument } from './types.js';

// Demo record documents of the demo clients for the declarations in contract/documents/person.ts.
export const PERSON_DEMO_DOCUMENTS: readonly DemoDocument[] = [];
