import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { api, deleteCookie, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { DailyDetail, DailyReport, SalesReport } from '../../contract/reports';
import { dailySeries } from './DailyCharts';
import ReportScreens from './Screens';

// The reports part's screens (sales report, daily charts, expenses) with the API client as the only fake.

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/app/finance/:section/*', element: <ReportScreens /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
}

const sales: SalesReport = {
  from: '2031-03-01',
  to: '2031-03-31',
  group: 'funder',
  branch_id: null,
  rows: [
    { key: 'funder-7', label: 'London Borough of Camden', invoice_count: 1, invoiced_pence: 10_000, credited_pence: 1500, net_pence: 8500, paid_pence: 5000, outstanding_pence: 3500 },
    { key: 'private', label: 'Private clients', invoice_count: 1, invoiced_pence: 2000, credited_pence: 0, net_pence: 2000, paid_pence: 2000, outstanding_pence: 0 },
  ],
  total: 2,
  page: 1,
  page_size: 25,
  last_page: 1,
  totals: { invoice_count: 2, invoiced_pence: 12_000, credited_pence: 1500, net_pence: 10_500, paid_pence: 7000, outstanding_pence: 3500 },
};

const zero = { invoiced_pence: 0, credited_pence: 0, received_pence: 0, expenses_pence: 0 };
const daily: DailyReport = {
  from: '2031-03-01',
  to: '2031-03-03',
  branch_id: null,
  days: [
    { day: '2031-03-01', ...zero },
    { day: '2031-03-02', ...zero, invoiced_pence: 12_000 },
    { day: '2031-03-03', ...zero, received_pence: 11_000, expenses_pence: 1200 },
  ],
  totals: { invoiced_pence: 12_000, credited_pence: 0, received_pence: 11_000, expenses_pence: 1200 },
};
const detail: DailyDetail = {
  day: '2031-03-03',
  invoices: [],
  credit_notes: [],
  payments: [{ id: 1, payer: 'London Borough of Camden', method: 'bacs', reference: 'LBC REMIT 42', amount_pence: 9000 }],
  expenses: [{ id: 4, supplier: 'Medisafe Supplies Ltd', description: 'Gloves', category: 'PPE', total_pence: 1200 }],
};

beforeEach(() => {
  get.mockReset();
  deleteCookie('finance_date');
  useSession.setState({
    status: 'authenticated',
    user: { userID: 5, userRole: 'finance_officer', userPermissions: ['finance.view', 'finance.expenses.edit'], userUnreadMessageCount: 0, name: 'F', email: 'f@x.test', userType: 'domiciliary', roleLabel: 'Finance officer', branches: [{ id: 1, name: 'Camden Domiciliary' }] },
  });
});

describe('sales report', () => {
  it('shows each group with its figures and the totals, sorts by a header and groups again', async () => {
    get.mockResolvedValue(ok(sales));
    renderAt('/app/finance/sales-report');
    expect(screen.getByRole('heading', { level: 1, name: 'Sales report' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /London Borough of Camden/ });
    expect(within(row).getByText('£100.00')).toBeInTheDocument();
    expect(within(row).getByText('£35.00')).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('£120.00')).toBeInTheDocument();
    expect(within(totals).getByText('£105.00')).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith('api/v1/finance/reports/sales', expect.objectContaining({ group: 'funder', sort: 'label', mode: 'asc' }));

    await userEvent.click(screen.getByRole('button', { name: /Outstanding/ }));
    expect(get).toHaveBeenLastCalledWith('api/v1/finance/reports/sales', expect.objectContaining({ sort: 'outstanding_pence', mode: 'asc' }));
    await userEvent.selectOptions(screen.getByLabelText('Group by'), 'client');
    expect(get).toHaveBeenLastCalledWith('api/v1/finance/reports/sales', expect.objectContaining({ group: 'client', page: 1 }));
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toContain('/api/v1/finance/reports/sales.csv?');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toContain('group=client');
  });

  it('says what is wrong with a backwards period instead of asking', async () => {
    get.mockResolvedValue(ok(sales));
    renderAt('/app/finance/sales-report');
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2099-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('To must be on or after From.');
  });
});

describe('daily finance charts', () => {
  it('draws a day per bar group named with its figures, shows the figures table and a day’s rows on click', async () => {
    get.mockImplementation(async (path: string) => ok(path.endsWith('/daily') ? daily : detail));
    renderAt('/app/finance/daily-finance-charts');
    expect(screen.getByRole('heading', { level: 1, name: 'Daily finance charts' })).toBeInTheDocument();
    const bars = await screen.findByRole('group', { name: /Money in and out per day/ });
    const day = within(bars).getByRole('button', { name: /Mon 3 Mar 2031: Invoiced £0.00, Credited £0.00, Received £110.00, Expenses £12.00/ });
    // The axis is in pounds with round steps (£0, £50, £100, £150), and each day is labelled under its bars.
    expect(within(bars).getByText('£0')).toBeInTheDocument();
    expect(within(bars).getByText('£150')).toBeInTheDocument();
    expect(within(bars).getByText('Mon 3 Mar 2031')).toBeInTheDocument();
    const legend = screen.getAllByRole('list', { name: 'Legend' })[0]!;
    expect(within(legend).getByText('Credited')).toBeInTheDocument();

    const figure = bars.closest('figure')!;
    const toggle = within(figure).getByRole('button', { name: 'Show the figures as a table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const table = screen.getByRole('table', { name: 'Money in and out per day: figures' });
    expect(within(table).getByRole('row', { name: /Sun 2 Mar 2031 £120.00/ })).toBeInTheDocument();
    const running = screen.getByRole('img', { name: 'Running totals to Mon 3 Mar 2031: invoiced less credited £120.00, received £110.00' });
    expect(within(running.closest('figure')!).getByRole('list', { name: 'Legend' })).toHaveTextContent('Invoiced less credited');

    await userEvent.click(day);
    expect(get).toHaveBeenLastCalledWith('api/v1/finance/reports/daily/2031-03-03', { branch_id: '' });
    expect(await screen.findByRole('heading', { name: 'Rows of Monday 3 March 2031' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Payments received' })).getByText('LBC REMIT 42')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Expenses' })).getByText('£12.00')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Invoices raised' })).getByText('No invoice.')).toBeInTheDocument();
    // The day's row in the table opens it too.
    await userEvent.click(within(table).getByRole('button', { name: 'Sun 2 Mar 2031' }));
    expect(get).toHaveBeenLastCalledWith('api/v1/finance/reports/daily/2031-03-02', { branch_id: '' });
  });

  it('opens a day from the keyboard', async () => {
    get.mockImplementation(async (path: string) => ok(path.endsWith('/daily') ? daily : detail));
    renderAt('/app/finance/daily-finance-charts');
    const bars = await screen.findByRole('group', { name: /Money in and out per day/ });
    const day = within(bars).getByRole('button', { name: /^Mon 3 Mar 2031/ });
    day.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(day).toHaveAttribute('aria-pressed', 'true'));
  });
});

describe('daily chart series', () => {
  it('gives each day a short axis label ("Mon 3" within a month, "3 Mar" across months) and sums the running totals', () => {
    const { perDay, running } = dailySeries(daily.days);
    expect(perDay.map((series) => series.label)).toEqual(['Invoiced', 'Credited', 'Received', 'Expenses']);
    expect(perDay[0]!.points[2]).toEqual({ key: '2031-03-03', label: 'Mon 3 Mar 2031', short: 'Mon 3', value: 0 });
    expect(running[0]!.points.map((point) => point.value)).toEqual([0, 12_000, 12_000]);
    expect(running[1]!.points.map((point) => point.value)).toEqual([0, 0, 11_000]);
    const across = dailySeries([{ day: '2031-02-28', ...zero }, { day: '2031-03-01', ...zero }]);
    expect(across.perDay[0]!.points.map((point) => point.short)).toEqual(['28 Feb', '1 Mar']);
  });
});

describe('expenses', () => {
  it('lists the expenses from their declaration with money in pounds', async () => {
    get.mockImplementation(async (path: string) =>
      ok(
        path === 'api/v1/expenses'
          ? { data: [{ id: 3, spent_on: '2031-03-03', category_id: 2, supplier: 'Medisafe Supplies Ltd', description: 'Gloves', net_pence: 1000, vat_pence: 200, total_pence: 1200, payment_method: 'company-card', receipt_reference: '', notes: '', branch_id: 1 }], total: 1, page: 1, page_size: 10, last_page: 1 }
          : { data: [{ id: 2, name: 'PPE' }], total: 1, page: 1, page_size: 100, last_page: 1 },
      ),
    );
    renderAt('/app/finance/expenses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Expenses' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Medisafe Supplies Ltd/ });
    expect(within(row).getByText('Company card')).toBeInTheDocument();
    // Money in the product's one style, right-aligned under its header (a declared money column).
    expect(within(row).getByRole('cell', { name: '£12.00' })).toHaveClass('end');
    expect(screen.getByRole('columnheader', { name: /Total/ })).toHaveClass('end');
  });
});
