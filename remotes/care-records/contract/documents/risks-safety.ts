import type { DocumentSpec } from '@hcm/contract/documents';

// The record documents of the "risks" group of the client record (../record-tabs.ts) about safety and behaviour.
export const RISKS_SAFETY_DOCUMENTS: readonly DocumentSpec[] = [];
