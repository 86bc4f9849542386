import type { DocumentSpec } from '@hcm/contract/documents';

// The record documents of the "risks" group of the client record (../record-tabs.ts).
export const RISKS_DOCUMENTS: readonly DocumentSpec[] = [];
