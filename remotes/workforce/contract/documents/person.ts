import type { StaffDocument } from './types.js';

export const PERSON_DOCUMENTS: readonly StaffDocument[] = [];
