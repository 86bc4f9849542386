import type { StaffDocument } from './types.js';

export const COMPETENCE_DOCUMENTS: readonly StaffDocument[] = [];
