import type { DocumentSpec } from '@hcm/contract/documents';

// The record documents of the "plans" group of the client record (../record-tabs.ts).
export const PLANS_DOCUMENTS: readonly DocumentSpec[] = [];
