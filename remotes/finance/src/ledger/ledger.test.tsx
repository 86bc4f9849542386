import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { InvoiceDetail } from '../../contract/invoicing';
import type { AuditDetail, AuditRow, PaymentDetail, PayerChoice, Statement } from '../../contract/ledger';
import Screens from './Screens';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const del = api.delete as jest.Mock;

const ok = (data: unknown, httpStatus = 200) => ({ data, error: false, message: 'OK', errors: null, httpStatus });
const page = (rows: unknown[]) => ({ data: rows, total: rows.length, page: 1, page_size: 25, last_page: 1, sort: 'changed_at', mode: 'desc' });

function signIn(permissions: string[]) {
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 9, userRole: 'finance_officer', userPermissions: permissions, userUnreadMessageCount: 0,
      name: 'Fiona Finance', email: 'finance@homecare.test', userType: 'domiciliary', roleLabel: 'Finance officer', branches: [{ id: 1, name: 'Camden Domiciliary' }],
    } as CurrentUser,
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/app/finance/*', element: <Screens /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

const payers: PayerChoice[] = [{ payer_kind: 'funder', funder_code_id: 3, client_id: null, name: 'Camden Council' }];

const payment: PaymentDetail = {
  id: 7, branch_id: 1, branch: 'Camden Domiciliary', payer_kind: 'funder', funder_code_id: 3, client_id: null, payer_name: 'Camden Council',
  received_on: '2026-03-10', amount_pence: 10000, allocated_pence: 0, unallocated_pence: 10000, method: 'bacs', reference: 'REMIT-1', notes: '', created_by_name: 'Fiona Finance', version: 1,
  allocations: [],
  outstanding_invoices: [
    { id: 1, number: 'INV-2025-26-000001', issue_date: '2026-02-01', due_date: '2026-03-01', total_pence: 7000, credited_pence: 1500, paid_pence: 0, outstanding_pence: 5500, status: 'sent', version: 2 },
    { id: 2, number: 'INV-2025-26-000002', issue_date: '2026-03-01', due_date: '2026-03-31', total_pence: 6000, credited_pence: 0, paid_pence: 0, outstanding_pence: 6000, status: 'sent', version: 1 },
  ],
};

const invoice: InvoiceDetail = {
  id: 1, number: 'INV-2025-26-000001', run_id: 1, branch_id: 1, branch: 'Camden Domiciliary', payer_kind: 'funder', funder_code_id: 3, funder: 'Camden Council', client_id: null, payer_name: 'Camden Council',
  period_from: '2026-01-01', period_to: '2026-01-31', issue_date: '2026-02-01', due_date: '2026-03-01', total_pence: 7000, credited_pence: 0, paid_pence: 0, outstanding_pence: 7000, status: 'sent', sent_at: '2026-02-01T10:00:00Z',
  payer_address: '', payer_email: 'accounts@camden.test', purchase_order: '', template: 'default', client_identifier: 'name', subtotal_pence: 7000,
  lines: [1, 2].map((n) => ({
    id: n, visit_id: 100 + n, client_id: 5, client_label: n === 1 ? 'Alice Able' : 'Bob Brook', visit_date: `2026-01-0${n + 4}`, planned_start: '', planned_end: '', actual_start: null, actual_end: null, day_kind: 'weekday',
    rate_card_id: 1, billed_minutes: 60, rate_pence: 3500, rate_label: 'Weekday', carers_charged: 1, care_pence: 3500, mileage_pence: 0, call_out_pence: 0, amount_pence: 3500, cancellation: '', warnings: [],
    explanation: '60 min at £35.00 an hour', state: 'live' as const,
  })),
  credit_notes: [],
  allocations: [],
} as unknown as InvoiceDetail;

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  del.mockReset();
  signIn(['finance.view', 'finance.payments', 'finance.invoices.credit', 'finance.invoices.generate']);
});

test('a payment prefills its allocation oldest first, sends it with the version and shows what stays on account', async () => {
  get.mockImplementation((path: string) => Promise.resolve(ok(path.endsWith('/payers') ? payers : payment)));
  post.mockResolvedValue(ok({ ...payment, allocated_pence: 10000, unallocated_pence: 0 }));
  renderAt('/app/finance/allocation/7');
  expect(await screen.findByRole('heading', { level: 1, name: 'Payment from Camden Council' })).toBeInTheDocument();
  expect(screen.getByLabelText('Allocate to INV-2025-26-000001')).toHaveValue('55.00');
  expect(screen.getByLabelText('Allocate to INV-2025-26-000002')).toHaveValue('45.00');
  await userEvent.clear(screen.getByLabelText('Allocate to INV-2025-26-000002'));
  await userEvent.type(screen.getByLabelText('Allocate to INV-2025-26-000002'), '20');
  expect(screen.getByText(/£25\.00 would stay on account/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Allocate' }));
  await waitFor(() =>
    expect(post).toHaveBeenCalledWith('api/v1/finance/payments/7/allocations', {
      allocations: [
        { invoice_id: 1, amount_pence: 5500 },
        { invoice_id: 2, amount_pence: 2000 },
      ],
      version: 1,
    }),
  );
});

test('recording a payment sends the amount typed in pounds as integer pence; a bad amount stays on its field', async () => {
  get.mockImplementation((path: string) => Promise.resolve(ok(path.endsWith('/payers') ? payers : page([]))));
  post.mockResolvedValue(ok({ ...payment, id: 8 }, 201));
  const router = renderAt('/app/finance/allocation');
  const form = await screen.findByRole('form', { name: 'Record a payment' });
  await userEvent.selectOptions(within(form).getByLabelText('Branch'), '1');
  await waitFor(() => expect(within(form).getByRole('option', { name: 'Funder: Camden Council' })).toBeInTheDocument());
  await userEvent.selectOptions(within(form).getByLabelText('Paid by'), 'funder:3');
  // A fraction of a penny is refused on the field, before anything is sent.
  await userEvent.type(within(form).getByLabelText('Amount (£)'), '4.505');
  await userEvent.click(within(form).getByRole('button', { name: 'Record the payment' }));
  expect(await within(form).findByText('Amount must be an amount in pounds like 24.10.')).toBeInTheDocument();
  expect(within(form).getByLabelText('Amount (£)')).toHaveAttribute('aria-invalid', 'true');
  expect(post).not.toHaveBeenCalled();

  await userEvent.clear(within(form).getByLabelText('Amount (£)'));
  await userEvent.type(within(form).getByLabelText('Amount (£)'), '4.5');
  await userEvent.click(within(form).getByRole('button', { name: 'Record the payment' }));
  // "4.5" is £4.50: sent as 450, a number (the API refuses money sent as text).
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/finance/payments', expect.objectContaining({ amount_pence: 450, payer_kind: 'funder', funder_code_id: 3 })));
  await waitFor(() => expect(router.state.location.pathname).toBe('/app/finance/allocation/8'));
});

test('a refused allocation shows the server’s message on the invoice it concerns', async () => {
  get.mockImplementation((path: string) => Promise.resolve(ok(path.endsWith('/payers') ? payers : payment)));
  post.mockResolvedValue({ data: null, error: true, message: 'The given data was invalid.', errors: { 'allocations.1.amount_pence': ['At most £60.00 is outstanding on invoice INV-2025-26-000002.'] }, httpStatus: 422 });
  renderAt('/app/finance/allocation/7');
  await userEvent.click(await screen.findByRole('button', { name: 'Allocate' }));
  expect(await screen.findByText('At most £60.00 is outstanding on invoice INV-2025-26-000002.')).toBeInTheDocument();
  expect(screen.getByLabelText('Allocate to INV-2025-26-000002')).toHaveAttribute('aria-invalid', 'true');
});

test('the invoice page credits the selected line with a reason, and links to print', async () => {
  get.mockResolvedValue(ok(invoice));
  post.mockResolvedValue(ok({ id: 4, number: 'CN-2025-26-000001' }, 201));
  renderAt('/app/finance/invoices/1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-2025-26-000001' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Print the invoice' })).toHaveAttribute('href', '/app/scheduler/invoice/INV-2025-26-000001');
  const lines = screen.getByRole('table', { name: 'Lines (2)' });
  expect(within(lines).getAllByText('60 min at £35.00 an hour')).toHaveLength(2);
  await userEvent.click(screen.getByRole('checkbox', { name: 'Credit Bob Brook on Tue 6 Jan 2026' }));
  await userEvent.type(screen.getByLabelText('Reason for the credit'), 'Visit did not happen');
  await userEvent.click(screen.getByRole('button', { name: 'Credit 1 selected line' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/finance/credit-notes', { invoice_id: 1, line_ids: [2], reason: 'Visit did not happen' }));
});

test('a viewer without credit permission sees no credit controls', async () => {
  signIn(['finance.view']);
  get.mockResolvedValue(ok(invoice));
  renderAt('/app/finance/invoices/1');
  await screen.findByRole('heading', { level: 1, name: 'Invoice INV-2025-26-000001' });
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Credit the whole invoice' })).not.toBeInTheDocument();
});

test('the statement shows opening, running and closing balances for the chosen payer', async () => {
  const statement: Statement = {
    payer_kind: 'funder', funder_code_id: 3, client_id: null, payer_name: 'Camden Council', branch_id: null, from: '2026-01-01', to: '2026-03-31',
    opening_balance_pence: 1000, total_debit_pence: 7000, total_credit_pence: 10000, closing_balance_pence: -2000, on_account_pence: 4500,
    lines: [
      { kind: 'invoice', id: 1, date: '2026-02-01', reference: 'INV-2025-26-000001', description: 'Invoice', debit_pence: 7000, credit_pence: 0, balance_pence: 8000 },
      { kind: 'payment', id: 7, date: '2026-03-10', reference: 'REMIT-1', description: 'Payment received (bacs)', debit_pence: 0, credit_pence: 10000, balance_pence: -2000 },
    ],
  };
  get.mockImplementation((path: string) => Promise.resolve(ok(path.endsWith('/payers') ? payers : statement)));
  renderAt('/app/finance/statements');
  expect(screen.getByRole('heading', { level: 1, name: 'Statements' })).toBeInTheDocument();
  await userEvent.selectOptions(screen.getByLabelText('Payer'), await screen.findByRole('option', { name: 'Funder: Camden Council' }));
  const table = await screen.findByRole('table', { name: /Statement of Camden Council/ });
  const rows = within(table).getAllByRole('row');
  expect(within(rows[1]!).getByText('Opening balance')).toBeInTheDocument();
  expect(within(rows[3]!).getByText('−£20.00')).toBeInTheDocument();
  expect(screen.getByText('−£20.00 (in credit)')).toBeInTheDocument();
});

test('a change shows its record before and after, side by side', async () => {
  const change: AuditDetail = {
    id: 12, entity: 'invoice', entity_id: 1, action: 'credited', summary: 'Credit note CN-2025-26-000001 of £35.00', reason: 'Visit did not happen', branch_id: 1, branch: 'Camden', changed_by: 9, changed_by_name: 'Fiona Finance',
    changed_at: '2026-03-10T10:00:00Z', before: { invoice: { credited_pence: 0, status: 'sent' } }, after: { invoice: { credited_pence: 3500, status: 'sent' } },
  };
  get.mockResolvedValue(ok(change));
  renderAt('/app/finance/1/audit/12');
  expect(await screen.findByRole('heading', { level: 1, name: 'Change to invoice 1' })).toBeInTheDocument();
  const row = screen.getByRole('rowheader', { name: /invoice\.credited_pence \(changed\)/ }).closest('tr')!;
  expect(within(row).getByText('0')).toBeInTheDocument();
  expect(within(row).getByText('3500')).toBeInTheDocument();
  expect(screen.getByRole('rowheader', { name: 'invoice.status' })).toBeInTheDocument();
});

test('the audit trail lists changes with links to each, sorted by the API on a header click', async () => {
  const row: AuditRow = { id: 12, entity: 'invoice', entity_id: 1, action: 'credited', summary: 'Credit note of £35.00', reason: '', branch_id: 1, branch: 'Camden', changed_by: 9, changed_by_name: 'Fiona Finance', changed_at: '2026-03-10T10:00:00Z' };
  get.mockResolvedValue(ok({ ...page([row]), vocabulary: { entities: ['invoice'], actions: ['credited'] } }));
  renderAt('/app/finance/audit-trail');
  expect(screen.getByRole('heading', { level: 1, name: 'Finance audit trail' })).toBeInTheDocument();
  expect(await screen.findByText('Credit note of £35.00')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Tue 10 Mar 2026/ })).toHaveAttribute('href', '/app/finance/1/audit/12');
  await userEvent.click(screen.getByRole('button', { name: /^By/ }));
  await waitFor(() => expect(get).toHaveBeenLastCalledWith('api/v1/finance/audit-trail', expect.objectContaining({ sort: 'changed_by_name', mode: 'asc' })));
});

test('undoing an allocation calls the API for that allocation', async () => {
  const allocated = { ...payment, allocated_pence: 5500, unallocated_pence: 4500, allocations: [{ id: 31, payment_id: 7, invoice_id: 1, invoice_number: 'INV-2025-26-000001', invoice_issue_date: '2026-02-01', received_on: '2026-03-10', payment_reference: 'REMIT-1', amount_pence: 5500, allocated_by_name: 'Fiona Finance', allocated_at: '2026-03-10T10:00:00Z' }] };
  get.mockImplementation((path: string) => Promise.resolve(ok(path.endsWith('/payers') ? payers : allocated)));
  del.mockResolvedValue(ok(null));
  renderAt('/app/finance/allocation/7');
  await userEvent.click(await screen.findByRole('button', { name: 'Undo the allocation to INV-2025-26-000001' }));
  await waitFor(() => expect(del).toHaveBeenCalledWith('api/v1/finance/allocations/31'));
});
