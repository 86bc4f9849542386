import type { DocumentSpec } from '@hcm/contract/documents';

// The record documents of the "money" group of the client record (../record-tabs.ts).
export const MONEY_DOCUMENTS: readonly DocumentSpec[] = [];
