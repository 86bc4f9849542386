import { RATE_RESOURCES } from './rates/resources.js';
import { EXPENSE_RESOURCES } from './expenses.js';

/** Every resource finance declares (served by the resource engine): rate cards and their rules, minimum-wage rates, expense categories and expenses. */
export const FINANCE_RESOURCES = [...RATE_RESOURCES, ...EXPENSE_RESOURCES];
