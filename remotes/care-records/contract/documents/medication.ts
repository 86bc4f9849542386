import type { DocumentSpec } from '@hcm/contract/documents';

// The record documents of the "medication" group of the client record (../record-tabs.ts).
export const MEDICATION_DOCUMENTS: readonly DocumentSpec[] = [];
