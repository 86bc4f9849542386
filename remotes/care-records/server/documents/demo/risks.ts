import type { DemoDocument } from './types.js';

// Demo record documents of the demo clients for the declarations in contract/documents/risks.ts.
export const RISKS_DEMO_DOCUMENTS: readonly DemoDocument[] = [];
