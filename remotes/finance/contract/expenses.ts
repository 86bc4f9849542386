import type { ResourceSpec } from '@hcm/contract/engine';

/** Expense categories and expenses: declared by the reports part. */
export const EXPENSE_RESOURCES: readonly ResourceSpec[] = [];
