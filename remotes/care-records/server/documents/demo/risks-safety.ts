import type { DemoDocument } from './types.js';

// Demo record documents of the demo clients for the declarations in contract/documents/risks-safety.ts.
export const RISKS_SAFETY_DEMO_DOCUMENTS: readonly DemoDocument[] = [];
