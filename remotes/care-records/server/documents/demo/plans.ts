import type { DemoDocument } from './types.js';

// Demo record documents of the demo clients for the declarations in contract/documents/plans.ts.
export const PLANS_DEMO_DOCUMENTS: readonly DemoDocument[] = [];
