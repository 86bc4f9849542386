import { branches, buildResourceTables } from '@hcm/server/schema';
import { EXPENSE_RESOURCES } from '../../contract/expenses.js';

/** The tables of the expense resources (expense categories, expenses), by resource name. */
export const expenseResourceTables = buildResourceTables(EXPENSE_RESOURCES, branches);

// drizzle-kit only sees tables that are named exports: one line per declared resource.
export const expenseCategoriesTable = expenseResourceTables['expense-categories']!;
export const expensesTable = expenseResourceTables['expenses']!;
