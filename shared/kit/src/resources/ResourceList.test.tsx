import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import * as v from 'valibot';
import { defineResource, isoDate, moneyPence, requiredText, wholeNumber } from '@hcm/contract/engine';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import { ResourceRoutes } from './ResourceRoutes';

// A declared list shows its values in the product's one style (money "£1,234.50", dates "Mon 2 Mar 2026"), and
// its figures (money, counts) right-aligned under their headers, as ListTable's `align: 'end'` does.

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn() } };
});
const get = api.get as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const expenses = defineResource({
  name: 'expenses',
  title: 'Expenses',
  singular: 'expense',
  schema: v.strictObject({
    description: requiredText('Description', 80),
    spent_on: isoDate('Spent on'),
    receipts: wholeNumber('Receipts', 0, 99),
    total_pence: moneyPence('Total'),
  }),
  fields: {
    description: { label: 'Description', kind: 'text', column: true, sortable: true },
    spent_on: { label: 'Spent on', kind: 'date', column: true, sortable: true },
    receipts: { label: 'Receipts', kind: 'integer', column: true },
    total_pence: { label: 'Total (£)', kind: 'money', column: true, sortable: true },
  },
  labelField: 'description',
  defaultSort: { field: 'spent_on', mode: 'desc' },
  permissions: { view: 'expenses.view', create: 'expenses.create', edit: 'expenses.edit', delete: 'expenses.delete' },
  deletion: 'soft',
});

const rows = [{ id: 3, description: 'Printer paper', spent_on: '2026-03-02', receipts: 2, total_pence: 123_450 }];

beforeEach(() => {
  get.mockReset();
  get.mockResolvedValue(ok({ data: rows, total: 1, page: 1, page_size: 10, last_page: 1 }));
  useSession.setState({
    status: 'authenticated',
    user: { userID: 2, userRole: 'office_staff', userPermissions: ['expenses.view'], userUnreadMessageCount: 0, name: 'O', email: 'o@x.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [] },
  });
});

it('right-aligns declared money and count columns, header and cells, in the product’s formats', async () => {
  const router = createMemoryRouter([{ path: '/app/expenses/*', element: <ResourceRoutes spec={expenses} basePath="/app/expenses" /> }], { initialEntries: ['/app/expenses'] });
  render(withData(<RouterProvider router={router} />));
  const table = await screen.findByRole('table', { name: /Expenses/ });
  await within(table).findByRole('link', { name: 'Printer paper' });
  // CSS modules are identity maps under jest: the class is ListTable's rule (text-align: end, tabular figures).
  expect(within(table).getByRole('columnheader', { name: /Total/ })).toHaveClass('end');
  expect(within(table).getByRole('cell', { name: '£1,234.50' })).toHaveClass('end');
  expect(within(table).getByRole('columnheader', { name: /Receipts/ })).toHaveClass('end');
  expect(within(table).getByRole('cell', { name: '2' })).toHaveClass('end');
  // Text and dates stay at the start.
  expect(within(table).getByRole('columnheader', { name: /Description/ })).not.toHaveClass('end');
  expect(within(table).getByRole('cell', { name: 'Mon 2 Mar 2026' })).not.toHaveClass('end');
});
