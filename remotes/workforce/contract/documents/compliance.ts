import type { StaffDocument } from './types.js';

export const COMPLIANCE_DOCUMENTS: readonly StaffDocument[] = [];
