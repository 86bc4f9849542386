import type { StaffDocument } from './types.js';

export const EMPLOYMENT_DOCUMENTS: readonly StaffDocument[] = [];
