import type { DocumentSpec } from '@hcm/contract/documents';

// The record documents of the "person" group of the client record (../record-tabs.ts).
export const PERSON_DOCUMENTS: readonly DocumentSpec[] = [];
