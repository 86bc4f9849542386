import type { StaffDocument } from './types.js';

export const RECRUITMENT_DOCUMENTS: readonly StaffDocument[] = [];
