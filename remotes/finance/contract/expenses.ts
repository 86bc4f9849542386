import * as v from 'valibot';
import {
  choice,
  code,
  defineResource,
  flag,
  isoDate,
  objectMessage,
  optionalText,
  referenceId,
  requiredText,
  type ResourceSpec,
} from '@hcm/contract/engine';
import { pence } from './money.js';

/** What the agency spends money on, each posted to a nominal (accounting) code, e.g. 7300 for motor expenses. */
export const expenseCategories = defineResource({
  name: 'expense-categories',
  title: 'Expense categories',
  singular: 'expense category',
  schema: v.strictObject(
    {
      name: requiredText('Name', 80),
      nominal_code: code('Nominal code', 8),
      description: optionalText('Description', 500),
      active: flag(true),
    },
    objectMessage('expense category'),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true, unique: true },
    nominal_code: { label: 'Nominal code', kind: 'text', hint: 'The accounts code it is posted to, e.g. 7300', column: true, sortable: true, searchable: true },
    description: { label: 'Description', kind: 'long-text', column: true },
    active: { label: 'Active', kind: 'boolean', hint: 'An inactive category is kept for past expenses only', column: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: { view: 'finance.view', create: 'finance.expenses.edit', edit: 'finance.expenses.edit', delete: 'finance.expenses.edit' },
  deletion: 'soft',
  route: 'finance/categories',
  area: 'finance',
});

export const EXPENSE_PAYMENT_METHODS = [
  { value: 'company-card', label: 'Company card' },
  { value: 'bacs', label: 'Bank transfer' },
  { value: 'direct-debit', label: 'Direct debit' },
  { value: 'cash', label: 'Petty cash' },
  { value: 'cheque', label: 'Cheque' },
  { value: 'staff-claim', label: 'Staff expense claim' },
] as const;

/** A branch's spending: net and VAT in pence, the total checked to be their sum so the books always add up. */
export const expenses = defineResource({
  name: 'expenses',
  title: 'Expenses',
  singular: 'expense',
  schema: v.pipe(
    v.strictObject(
      {
        spent_on: isoDate('Date'),
        category_id: referenceId('Category'),
        supplier: requiredText('Supplier', 120),
        description: requiredText('Description', 500),
        net_pence: pence('Net', 100_000),
        vat_pence: pence('VAT', 20_000),
        total_pence: pence('Total', 120_000),
        payment_method: choice('Payment method', EXPENSE_PAYMENT_METHODS),
        receipt_reference: optionalText('Receipt reference', 60),
        notes: optionalText('Notes', 2000),
      },
      objectMessage('expense'),
    ),
    v.forward(
      v.partialCheck(
        [['net_pence'], ['vat_pence'], ['total_pence']],
        (input) => input.total_pence === input.net_pence + input.vat_pence,
        'The total must be the net plus the VAT.',
      ),
      ['total_pence'],
    ),
  ),
  fields: {
    spent_on: { label: 'Date', kind: 'date', column: true, sortable: true, filterable: true },
    category_id: { label: 'Category', kind: 'reference', references: { resource: 'expense-categories', labelField: 'name' }, column: true, filterable: true },
    supplier: { label: 'Supplier', kind: 'text', column: true, sortable: true, searchable: true },
    description: { label: 'Description', kind: 'text', column: true, searchable: true },
    net_pence: { label: 'Net (£)', kind: 'money', column: true, sortable: true },
    vat_pence: { label: 'VAT (£)', kind: 'money', hint: 'Zero when the supplier charged none', column: true },
    total_pence: { label: 'Total (£)', kind: 'money', hint: 'Net plus VAT', column: true, sortable: true },
    payment_method: { label: 'Payment method', kind: 'choice', choices: EXPENSE_PAYMENT_METHODS, column: true, filterable: true },
    receipt_reference: { label: 'Receipt reference', kind: 'text', searchable: true },
    notes: { label: 'Notes', kind: 'long-text' },
  },
  labelField: 'description',
  defaultSort: { field: 'spent_on', mode: 'desc' },
  permissions: { view: 'finance.view', create: 'finance.expenses.edit', edit: 'finance.expenses.edit', delete: 'finance.expenses.edit' },
  branchScoped: true,
  filterSlot: 'finance_date',
  deletion: 'hard',
  route: 'finance/expenses',
  area: 'finance',
});

/** Expense categories and expenses, served by the resource engine. */
export const EXPENSE_RESOURCES: readonly ResourceSpec[] = [expenseCategories, expenses];
